/**
 * Options tables: every estimator option declared once — name (the key), validator, default, how
 * the model file saves it, and its command-line flag and help text (in the entry, or in a CliTable of
 * the same keys beside the table); how a model file's value is read back, where it is not the saved
 * value itself, sits beside the table too (OptionLoaders). The estimator (resolveOptions), the model
 * file (saveParams/loadParams) and the CLI (cliText parsers, help) all read the table, so adding an
 * option is one entry. @dt/core's trees and @dt/stream's streams each
 * have a table; this module is the one mechanism both use.
 */
import { InvalidArgumentError, knownKeys, oneOf, plainObject } from '@dt/errors';

export type Task = 'classification' | 'regression';

/** How the command line spells an option; `parse` turns the text into the option's value. */
export interface CliSpec {
  readonly flag: string;
  readonly arg: string;
  /** Help text without the default, or a function (for lists read from registries at help time). */
  readonly help: string | (() => string);
  /** Shown as "(default: ...)"; omitted when undefined. */
  readonly defaultText?: string;
  /** Text to value (numbers, "none", on/off, ...); the option's validator checks the value after. */
  parse(text: string, name: string): unknown;
}

/** One option: R is the resolved (validated, defaulted) type. */
export interface OptionSpec<R> {
  /** The value used when the option is absent (a function for per-task defaults). */
  readonly default: unknown;
  /** Per-task default when set (wins over `default`). */
  readonly defaultFor?: (task: Task) => unknown;
  /**
   * Validates the given (or default) value, naming `name` in errors; returns the resolved value.
   * `task` is undefined when it is not known yet (the CLI checks a flag's value as it parses it).
   */
  validate(value: unknown, name: string, task: Task | undefined): R;
  /** Tasks that take the option (default: both). */
  readonly tasks?: readonly Task[];
  /** The model file's JSON value for the resolved value (default: the value itself; reading it back: OptionLoaders). */
  save?(value: R): unknown;
  /**
   * Null: not a command-line option. Omitted in tables whose flags live in a CliTable beside them
   * (TREE_OPTIONS_CLI), so that bundles of the estimators do not carry the command line's help.
   */
  readonly cli?: CliSpec | null;
}

/** The command line's spec of each option of a table typed against R (null: not a command-line option). */
export type CliTable<R> = { readonly [K in keyof R]-?: CliSpec | null };

/**
 * `true` when A and B have the same keys, else `never`: `const ok: SameKeys<Required<Options>, Resolved> = true`
 * makes the user-facing options interface and the resolved one (the table's type) agree at compile time.
 */
export type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : never;

/** A table typed against the resolved options interface R: one entry per key, validators returning R's types. */
export type OptionTable<R> = { readonly [K in keyof R]-?: OptionSpec<R[K]> };

/**
 * The constructor's value for a model file's saved value, for the options of R whose saved form is
 * not the constructor's (default: the saved value itself). Beside the table rather than in it, like
 * CliTable: only model readers use it, so bundles that never read a model file leave it out.
 */
export type OptionLoaders<R> = { readonly [K in keyof R]?: (saved: unknown, task: Task) => unknown };

function appliesTo(spec: OptionSpec<unknown>, task: Task): boolean {
  return spec.tasks === undefined || spec.tasks.includes(task);
}

/** Option keys the task accepts. */
export function optionKeys<R>(table: OptionTable<R>, task: Task): (keyof R & string)[] {
  return (Object.keys(table) as (keyof R & string)[]).filter((k) => appliesTo(table[k] as OptionSpec<unknown>, task));
}

/** Validates an options object once at the boundary and fills in defaults. */
export function resolveOptions<R>(table: OptionTable<R>, raw: unknown, task: Task): R {
  const o = raw === undefined || raw === null ? {} : plainObject('options', raw);
  const keys = optionKeys(table, task);
  knownKeys('options', o, keys);
  const out: Partial<R> = {};
  // Options of the other task hold their default, so the resolved type is the same for both tasks.
  for (const k of Object.keys(table) as (keyof R & string)[]) {
    const spec = table[k] as OptionSpec<R[typeof k]>;
    const v = o[k] === undefined ? (spec.defaultFor ? spec.defaultFor(task) : spec.default) : o[k];
    out[k] = spec.validate(v, k, task);
  }
  return out as R;
}

/**
 * Constructor options from resolved ones (getParams): each option of the task with its value, arrays
 * copied; the constructor accepts what it resolved, so `new Estimator(getParams())` is the same model.
 */
export function optionParams<R>(table: OptionTable<R>, options: R, task: Task): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of optionKeys(table, task)) {
    const v = options[k];
    out[k] = Array.isArray(v) ? [...(v as unknown[])] : v;
  }
  return out;
}

/** The model file's `params`: each option of the task as its table saves it. */
export function saveParams<R>(table: OptionTable<R>, options: R, task: Task): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const k of optionKeys(table, task)) {
    const spec = table[k] as OptionSpec<R[typeof k]>;
    params[k] = spec.save ? spec.save(options[k]) : options[k];
  }
  return params;
}

/**
 * Constructor options from a model file's `params`, each read back by its entry of `loaders` when it
 * has one (unknown keys are left for the constructor to reject).
 */
export function loadParams<R>(params: Record<string, unknown>, task: Task, loaders: OptionLoaders<R> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    const load = Object.prototype.hasOwnProperty.call(loaders, k) ? loaders[k as keyof R] : undefined;
    out[k] = load && v !== null ? load(v, task) : v;
  }
  return out;
}

/** "help (default: x)" for an option's command-line help. */
export function cliHelp(cli: CliSpec): string {
  const help = typeof cli.help === 'function' ? cli.help() : cli.help;
  return cli.defaultText === undefined ? help : `${help} (default: ${cli.defaultText})`;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Parses a number strictly (no "", "3abc" or hex), naming `name` on error. */
export function parseNumber(raw: string, name: string): number {
  const s = raw.trim();
  if (!NUMBER.test(s)) throw new InvalidArgumentError(name, 'a number', raw);
  return Number(s);
}

const isNone = (raw: string): boolean => ['none', 'null'].includes(raw.trim().toLowerCase());

/** Command-line text parsers for the CliSpec.parse of table entries. */
// Pure: only the command line reads these parsers, and bundles of the estimators drop them.
export const cliText = /* @__PURE__ */ Object.freeze({
  number: (raw: string, name: string): number => parseNumber(raw, name),
  numberOrNone: (raw: string, name: string): number | null => (isNone(raw) ? null : parseNumber(raw, name)),
  name: (what: string) => (raw: string, name: string): string => {
    if (raw.trim() === '') throw new InvalidArgumentError(name, `a ${what} name`, raw);
    return raw.trim();
  },
  onOff: (raw: string, name: string): boolean => {
    const v = oneOf(name, raw.trim().toLowerCase(), ['on', 'off', 'true', 'false', 'yes', 'no']);
    return v === 'on' || v === 'true' || v === 'yes';
  },
  choice: <T extends string>(allowed: readonly T[]) => (raw: string, name: string): T => oneOf(name, raw.trim().toLowerCase(), allowed),
  maxFeatures: (raw: string, name: string): number | string | null => {
    const s = raw.trim().toLowerCase();
    if (s === 'sqrt' || s === 'log2') return s;
    if (s === 'all' || isNone(s)) return null;
    return parseNumber(raw, name);
  },
});
