/**
 * The one place where command-line settings become estimator options. `dt train` reads them from
 * flags (--max-depth 3), `dt eval` from config strings ("maxDepth=3"); both end up in a TreeConfig
 * that buildEstimator turns into a model through the algorithm registry. An estimator option is one
 * entry in its options table (TREE_OPTIONS in @dt/core, STREAM_OPTIONS in @dt/stream: flag, help,
 * parsing and validation); a fitting setting is one entry in FIT_PARAMS; a new algorithm is one entry
 * in algorithms.ts.
 */
import { Option, type Command } from 'commander';
import { TREE_OPTIONS, TREE_OPTIONS_CLI, type ClassifierOptions, type ResolvedTreeOptions } from '@dt/core';
import { cliHelp, cliText, parseNumber, type OptionSpec } from '@dt/core/internal';
import { STREAM_OPTIONS, type ResolvedStreamOptions } from '@dt/stream';
import { ENSEMBLE_OPTIONS, type ResolvedEnsembleOptions } from '@dt/ensemble';
import { BOOSTING_OPTIONS, type ResolvedBoostingOptions } from '@dt/boost';
import type { AnyModel } from './any-model.js';
import { DtError, InvalidArgumentError, intAtLeast, numberInRange, oneOf } from '@dt/errors';
import { DEFAULT_ALGORITHM, getAlgorithm, listAlgorithms, parseBase, type Task } from './algorithms.js';

/** Settings of the fitting procedure (pruning, CRIMCOORD of the data's categorical columns), not estimator options. */
type FitOnlyKey = 'prune' | 'pruneFraction' | 'ccpCv' | 'ccpRule' | 'crimcoord';

/** `--base`: the members' algorithm of `--algorithm bagging` (forest.ts). */
type ForestOnlyKey = 'base';

export type ParamKey = keyof ResolvedTreeOptions | keyof ResolvedStreamOptions | keyof ResolvedEnsembleOptions | keyof ResolvedBoostingOptions | FitOnlyKey | ForestOnlyKey;

interface ParamSpec {
  /** The option key; commander also stores `--max-depth` under `maxDepth`. */
  readonly key: ParamKey;
  readonly flag: string;
  readonly arg: string;
  help(): string;
  /** Turns the text into the option value, naming `name` (the flag or config key) on error. */
  parse(raw: string, name: string): unknown;
  readonly classificationOnly?: boolean;
  /** A setting of the fitting procedure (pruning), not an estimator option. */
  readonly fitOnly?: boolean;
  /** 'tree': tree algorithms only; 'stream': only Decision Stream; 'both'; 'forest': forest algorithms only (ENSEMBLE_OPTIONS, --base); 'boost': boosting only. */
  readonly scope: 'tree' | 'stream' | 'both' | 'forest' | 'boost';
  /**
   * How `--algorithm hist-gradient-boosting` reads this flag (@dt/boost's BOOSTING_OPTIONS entry:
   * its text parser and validator); undefined when boosting has no such option (the flag is refused).
   */
  boost?: (raw: string, name: string) => unknown;
}

/** Parses a number argument strictly (no "", "3abc" or hex), naming `name` on error. */
export const num = parseNumber;

/**
 * The command-line params of the estimators' option tables (@dt/core's TREE_OPTIONS with its
 * TREE_OPTIONS_CLI, @dt/stream's STREAM_OPTIONS): flag, help and text parsing come from the table entry, and the value is checked
 * by the entry's own validator, so a new option is one entry there.
 */
function tableParams(): ParamSpec[] {
  const out: ParamSpec[] = [];
  const inTree = new Set(Object.keys(TREE_OPTIONS));
  const inStream = new Set(Object.keys(STREAM_OPTIONS));
  const inEnsemble = new Set(Object.keys(ENSEMBLE_OPTIONS).filter((k) => !inTree.has(k) && !inStream.has(k)));
  const entries = [
    ...Object.entries(TREE_OPTIONS),
    ...Object.entries(STREAM_OPTIONS).filter(([k]) => !inTree.has(k)),
    ...Object.entries(ENSEMBLE_OPTIONS).filter(([k]) => inEnsemble.has(k)),
  ] as [ParamKey, OptionSpec<unknown>][];
  for (const [key, spec] of entries) {
    // Tree options keep their flags in TREE_OPTIONS_CLI (out of browser bundles); the other tables in their entries.
    const cli = inTree.has(key) ? TREE_OPTIONS_CLI[key as keyof ResolvedTreeOptions] : (spec.cli ?? null);
    if (cli === null) continue;
    out.push({
      key,
      flag: cli.flag,
      arg: cli.arg,
      help: () => cliHelp(cli),
      parse: (raw, name) => {
        const v = cli.parse(raw, name);
        spec.validate(v, name, undefined);
        return v;
      },
      classificationOnly: spec.tasks !== undefined && !spec.tasks.includes('regression'),
      scope: inEnsemble.has(key) ? 'forest' : inTree.has(key) && inStream.has(key) ? 'both' : inTree.has(key) ? 'tree' : 'stream',
    });
  }
  return withBoostingParams(out);
}

/**
 * @dt/boost's options (BOOSTING_OPTIONS): a flag the trees already have (--max-depth, --seed, --jobs,
 * ...) is read by boosting's own parser and validator when the algorithm is boosting, and its help
 * names boosting's default; the others (--learning-rate, --max-iter, ...) are boosting's own flags.
 */
function withBoostingParams(out: ParamSpec[]): ParamSpec[] {
  for (const [key, spec] of Object.entries(BOOSTING_OPTIONS) as [ParamKey, OptionSpec<unknown>][]) {
    const cli = spec.cli;
    if (cli === undefined || cli === null) continue;
    const boost = (raw: string, name: string): unknown => {
      const v = cli.parse(raw, name);
      spec.validate(v, name, undefined);
      return v;
    };
    const i = out.findIndex((p) => p.flag === cli.flag);
    const shared = out[i];
    if (shared !== undefined) {
      out[i] = { ...shared, help: () => `${shared.help()} (hist-gradient-boosting: default ${cli.defaultText ?? 'none'})`, boost };
      continue;
    }
    out.push({
      key,
      flag: cli.flag,
      arg: cli.arg,
      help: () => cliHelp(cli),
      parse: boost,
      boost,
      classificationOnly: spec.tasks !== undefined && !spec.tasks.includes('regression'),
      scope: 'boost',
    });
  }
  return out;
}

const fitOnly = (key: FitOnlyKey, flag: string, arg: string, help: string, parse: (raw: string, name: string) => unknown): ParamSpec => ({
  key,
  flag,
  arg,
  help: () => help,
  parse,
  fitOnly: true,
  scope: 'tree',
});

const FIT_PARAMS: readonly ParamSpec[] = [
  fitOnly(
    'prune',
    '--prune',
    '<method>',
    'pruning: none, rep (reduced-error on a held-out part) or ccp (cost-complexity; with --ccp-alpha or --ccp-cv) (default: none)',
    cliText.choice(['none', 'rep', 'ccp']),
  ),
  fitOnly('pruneFraction', '--prune-fraction', '<x>', 'share of the training rows held out for --prune rep, in (0, 1) (default: 0.2)', (raw, name) =>
    numberInRange(name, num(raw, name), 0, 1),
  ),
  fitOnly('ccpCv', '--ccp-cv', '<k>', 'choose the cost-complexity alpha by k-fold cross-validation (with --prune ccp)', (raw, name) =>
    intAtLeast(name, num(raw, name), 2),
  ),
  fitOnly(
    'ccpRule',
    '--ccp-rule',
    '<rule>',
    "how --ccp-cv picks alpha: min (best mean score, the zero-SE rule) or one-se (Breiman's 1-SE rule) (default: min)",
    (raw, name) => oneOf(name, raw.trim().toLowerCase(), ['min', 'one-se']),
  ),
  fitOnly(
    'crimcoord',
    '--crimcoord',
    '<on|off>',
    "split the data's categorical columns by CRIMCOORD (per-node level scores, as QUEST and HHCART) instead of by level codes (default: off)",
    cliText.onOff,
  ),
];

const BASE_PARAM: ParamSpec = {
  key: 'base',
  flag: '--base',
  arg: '<algorithm>',
  help: () => 'members of --algorithm bagging: cart, stream (also spelt decision-stream) or an algorithm name (hhcart-d, maxcut-node-means-pca, ...) (default: cart)',
  parse: (raw, name) => parseBase(raw, name),
  scope: 'forest',
};

const tableSpecs = tableParams();
// Pruning flags after --ccp-alpha, stream flags, then forest flags (the order of `dt train --help`).
const PARAMS: readonly ParamSpec[] = [
  ...tableSpecs.filter((p) => p.scope === 'tree' || p.scope === 'both'),
  ...FIT_PARAMS,
  ...tableSpecs.filter((p) => p.scope === 'stream'),
  ...tableSpecs.filter((p) => p.scope === 'forest'),
  BASE_PARAM,
  ...tableSpecs.filter((p) => p.scope === 'boost'),
];

/** True for `--algorithm hist-gradient-boosting` (boosting reads the flags with its own table). */
const boostingAlgorithm = (algorithm: string): boolean => getAlgorithm(algorithm).boosting === true;

/** A flag's value as `algorithm` reads it; boosting refuses the flags it has no option for. */
function parseFor(p: ParamSpec, algorithm: string, raw: string, name: string): unknown {
  if (!boostingAlgorithm(algorithm)) return p.parse(raw, name);
  if (p.boost === undefined) throw new InvalidArgumentError(name, `omitted with --algorithm ${algorithm} (boosting has no such option; dt train --help lists its flags)`, raw);
  return p.boost(raw, name);
}

/** A learner and its settings, as the user wrote them. */
export interface TreeConfig {
  /** Shown in tables and summaries: "criterion=gini,maxDepth=3" or "defaults". */
  readonly label: string;
  readonly algorithm: string;
  readonly params: Partial<Record<ParamKey, unknown>>;
  /** How each param was named on the command line (flag or config key), for error messages. */
  readonly names: Partial<Record<ParamKey, string>>;
}

/** Adds --algorithm and one flag per tree option to a command. */
export function addTreeOptions(cmd: Command): Command {
  const names = listAlgorithms().map((a) => a.name);
  cmd.addOption(
    new Option('--algorithm <name>', `learning algorithm: ${names.join(', ')}`).default(DEFAULT_ALGORITHM),
  );
  for (const p of PARAMS) cmd.option(`${p.flag} ${p.arg}`, p.help());
  return cmd;
}

/** Help text listing the keys a --config string may set. */
/** Help text naming flags (--max-bins) as --config keys (maxBins): eval takes keys, not those flags. */
function asConfigKeys(help: string): string {
  return help.replace(/--([a-z][a-z-]*)/g, (_, flag: string) => flag.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase()));
}

export function configKeysHelp(): string {
  const w = Math.max(...PARAMS.map((p) => p.key.length), 'algorithm'.length);
  const lines = [`  ${'algorithm'.padEnd(w)}  ${listAlgorithms().map((a) => a.name).join(', ')} (default: ${DEFAULT_ALGORITHM})`];
  for (const p of PARAMS) lines.push(`  ${p.key.padEnd(w)}  ${asConfigKeys(p.help())}`);
  return `\n--config keys (camelCase, kebab-case or snake_case):\n${lines.join('\n')}\n`;
}

/** Help text listing the algorithms with their descriptions (flags named as --config keys for `config`). */
export function algorithmsHelp(spelling: 'flags' | 'config' = 'flags'): string {
  const algos = listAlgorithms();
  const w = Math.max(...algos.map((a) => a.name.length));
  const text = (d: string): string => (spelling === 'config' ? asConfigKeys(d) : d);
  return `\nAlgorithms:\n${algos.map((a) => `  ${a.name.padEnd(w)}  ${text(a.description)}`).join('\n')}\n`;
}

function show(v: unknown): string {
  return v === null ? 'none' : String(v);
}

function labelOf(algorithm: string, params: Partial<Record<ParamKey, unknown>>): string {
  const parts = Object.entries(params).map(([k, v]) => `${k}=${show(v)}`);
  if (algorithm !== DEFAULT_ALGORITHM) parts.unshift(`algorithm=${algorithm}`);
  return parts.length === 0 ? 'defaults' : parts.join(',');
}

/** Reads the tree flags that commander parsed (all strings) into a TreeConfig. */
export function configFromFlags(opts: Record<string, unknown>): TreeConfig {
  const algorithm = String(opts.algorithm ?? DEFAULT_ALGORITHM);
  getAlgorithm(algorithm);
  const params: Partial<Record<ParamKey, unknown>> = {};
  const names: Partial<Record<ParamKey, string>> = {};
  for (const p of PARAMS) {
    // commander names a flag's value after the flag (--oob → oob, --jobs → jobs), which may differ from the key (oobScore, nJobs).
    const raw = opts[flagAttribute(p.flag)] ?? opts[p.key];
    if (raw === undefined) continue;
    params[p.key] = parseFor(p, algorithm, String(raw), p.flag);
    names[p.key] = p.flag;
  }
  return { label: labelOf(algorithm, params), algorithm, params, names };
}

/** commander's attribute for a long flag: --max-bins → maxBins. */
const flagAttribute = (flag: string): string => flag.replace(/^--/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

const normalizeKey = (k: string): string => k.toLowerCase().replace(/[-_]/g, '');

/**
 * Parses "criterion=gini,maxDepth=3" (keys in camelCase, kebab-case or snake_case, as in the flags;
 * `algorithm=NAME` picks the learner).
 */
export function configFromString(text: string): TreeConfig {
  const where = `--config ${JSON.stringify(text)}`;
  let algorithm = DEFAULT_ALGORITHM;
  const params: Partial<Record<ParamKey, unknown>> = {};
  const names: Partial<Record<ParamKey, string>> = {};
  const known = ['algorithm', ...PARAMS.map((p) => p.key)];
  // The algorithm first: it decides how the other keys are read (boosting has its own table).
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0 && normalizeKey(part.slice(0, eq).trim()) === 'algorithm') algorithm = getAlgorithm(part.slice(eq + 1).trim()).name;
  }
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const eq = part.indexOf('=');
    if (eq <= 0) throw new InvalidArgumentError(where, 'key=value pairs separated by commas, e.g. "criterion=gini,maxDepth=3"', text);
    const key = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim();
    if (normalizeKey(key) === 'algorithm') continue;
    // A key is the option's name or its flag's (oobScore or oob, nJobs or jobs).
    const spec = PARAMS.find((p) => normalizeKey(p.key) === normalizeKey(key) || normalizeKey(p.flag) === normalizeKey(key));
    if (spec === undefined) {
      throw new DtError('UNKNOWN_NAME', `unknown key ${JSON.stringify(key)} in ${where}; known: ${known.join(', ')}`);
    }
    if (spec.key in params) throw new InvalidArgumentError(where, `each key at most once`, key);
    const name = `${key} (in ${where})`;
    params[spec.key] = parseFor(spec, algorithm, raw, name);
    names[spec.key] = name;
  }
  return { label: text.trim() === '' ? 'defaults' : text.trim(), algorithm, params, names };
}

/** The estimator options for `task`: the params as TreeOptions, checked against the task. */
export function toTreeOptions(config: TreeConfig, task: Task, featureTypes?: readonly string[]): ClassifierOptions {
  const out: Record<string, unknown> = {};
  const algorithm = getAlgorithm(config.algorithm);
  const forest = algorithm.forest === true;
  // A bagged forest of Decision Streams takes the stream options.
  const streamAlgo = algorithm.streamOptions === true || (forest && config.params.base === 'stream');
  for (const p of PARAMS) {
    if (config.params[p.key] === undefined || p.fitOnly) continue;
    const name = config.names[p.key] ?? p.key;
    if (p.scope === 'boost') throw new InvalidArgumentError(name, 'used with --algorithm hist-gradient-boosting', show(config.params[p.key]));
    if (p.scope === 'forest') {
      if (!forest) throw new InvalidArgumentError(name, 'used with a forest (--algorithm random-forest, extra-trees or bagging)', show(config.params[p.key]));
      continue;
    }
    // The ensemble's own options (--jobs, --seed, ...) go to any forest, whatever its members are.
    if (forest && p.key in ENSEMBLE_OPTIONS) continue;
    const forStream = p.scope !== 'tree';
    const forTrees = p.scope !== 'stream';
    if (streamAlgo ? !forStream : !forTrees) {
      throw new InvalidArgumentError(name, `used with ${streamAlgo ? 'tree algorithms, not stream' : '--algorithm stream'}`, show(config.params[p.key]));
    }
  }
  if (config.params.crimcoord === true && featureTypes) {
    const cats = featureTypes.flatMap((t, i) => (t === 'categorical' ? [i] : []));
    if (cats.length > 0) out.categoricalFeatures = cats;
  }
  for (const p of PARAMS) {
    const v = config.params[p.key];
    if (v === undefined || p.fitOnly) continue;
    if (p.classificationOnly && task === 'regression') {
      throw new InvalidArgumentError(config.names[p.key] ?? p.key, 'omitted for a regression task', show(v));
    }
    out[p.key] = v;
  }
  return out as ClassifierOptions;
}

/**
 * A fresh unfitted model for `config` and `task`. The estimator validates the values again (ranges
 * that depend on the data, criterion names); its errors are renamed to the flag the user typed.
 */
export function buildEstimator(config: TreeConfig, task: Task, featureTypes?: readonly string[]): AnyModel {
  const algorithm = getAlgorithm(config.algorithm);
  if (algorithm.create === undefined) throw new InvalidArgumentError('--algorithm', 'a single-tree algorithm here (forests are built by forest.ts)', algorithm.name);
  if (!algorithm.tasks.includes(task)) {
    throw new InvalidArgumentError('--algorithm', `one that supports ${task} (${algorithm.name} does not)`, algorithm.name);
  }
  const options = toTreeOptions(config, task, featureTypes);
  try {
    return algorithm.create(task, options);
  } catch (e) {
    throw renamedError(e, config);
  }
}

/**
 * An InvalidArgumentError about a tree option (from construction or from fit, e.g. maxFeatures
 * larger than the data's feature count) reworded to name the flag or config key the user typed.
 */
export function renamedError(e: unknown, config: TreeConfig): unknown {
  if (e instanceof InvalidArgumentError) {
    const key = PARAMS.find((p) => e.argument === p.key || e.argument.startsWith(`${p.key}[`))?.key;
    const name = key === undefined ? undefined : config.names[key];
    if (key !== undefined && name !== undefined) {
      return new DtError('INVALID_ARGUMENT', name + e.message.slice(key.length), { cause: e });
    }
  }
  return e;
}
