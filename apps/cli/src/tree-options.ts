/**
 * The one place where command-line settings become estimator options. `dt train` reads them from
 * flags (--max-depth 3), `dt eval` from config strings ("maxDepth=3"); both end up in a TreeConfig
 * that buildEstimator turns into a model through the algorithm registry. A new option is one entry
 * in PARAMS; a new algorithm is one entry in algorithms.ts.
 */
import { Option, type Command } from 'commander';
import type { ClassifierOptions } from '@dt/core';
import type { AnyModel } from './any-model.js';
import {
  DtError,
  InvalidArgumentError,
  intAtLeast,
  nonNegativeNumber,
  numberInRange,
  oneOf,
  positiveInt,
  seedValue,
} from '@dt/errors';
import { DEFAULT_ALGORITHM, getAlgorithm, listAlgorithms, type Task } from './algorithms.js';

export type ParamKey =
  | 'criterion'
  | 'maxDepth'
  | 'minSamplesSplit'
  | 'minSamplesLeaf'
  | 'minWeightFractionLeaf'
  | 'minImpurityDecrease'
  | 'maxFeatures'
  | 'maxLeafNodes'
  | 'classWeight'
  | 'seed'
  | 'projection'
  | 'scale'
  | 'ccpAlpha'
  | 'prune'
  | 'pruneFraction'
  | 'ccpCv'
  | 'ccpRule'
  | 'crimcoord'
  | 'alpha'
  | 'test'
  | 'candidates'
  | 'merge'
  | 'maxRounds'
  | 'mode';

interface ParamSpec {
  /** The TreeOptions key; commander also stores `--max-depth` under `maxDepth`. */
  readonly key: ParamKey;
  readonly flag: string;
  readonly arg: string;
  readonly help: string;
  /** Turns the text into the option value, naming `name` (the flag or config key) on error. */
  parse(raw: string, name: string): unknown;
  readonly classificationOnly?: boolean;
  /** A setting of the fitting procedure (pruning), not an estimator option. */
  readonly fitOnly?: boolean;
  /** 'stream': only Decision Stream takes it; 'both': trees and streams; default: trees only. */
  readonly scope?: 'stream' | 'both';
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Parses a number argument strictly (no "", "3abc" or hex), naming `name` on error. */
export function num(raw: string, name: string): number {
  const s = raw.trim();
  if (!NUMBER.test(s)) throw new InvalidArgumentError(name, 'a number', raw);
  return Number(s);
}

const isNone = (raw: string): boolean => ['none', 'null'].includes(raw.trim().toLowerCase());

function countOrFraction(minCount: number, maxFraction: number) {
  return (raw: string, name: string): number => {
    const v = num(raw, name);
    if (Number.isInteger(v) && v >= minCount) return v;
    if (v > 0 && v < 1 && v <= maxFraction) return v;
    const frac = maxFraction === 1 ? '(0, 1)' : `(0, ${maxFraction}]`;
    throw new InvalidArgumentError(name, `an integer >= ${minCount} or a fraction in ${frac}`, v);
  };
}

const PARAMS: readonly ParamSpec[] = [
  {
    key: 'criterion',
    flag: '--criterion',
    arg: '<name>',
    help: 'split criterion, e.g. gini, entropy (classification), mse, mae (regression) (default: gini / mse)',
    parse: (raw, name) => {
      if (raw.trim() === '') throw new InvalidArgumentError(name, 'a criterion name', raw);
      return raw.trim();
    },
  },
  {
    key: 'maxDepth',
    flag: '--max-depth',
    arg: '<n>',
    help: 'maximum depth, or "none" (default: none)',
    parse: (raw, name) => (isNone(raw) ? null : positiveInt(name, num(raw, name))),
  },
  {
    key: 'minSamplesSplit',
    flag: '--min-samples-split',
    arg: '<n>',
    help: 'rows needed to split a node: integer >= 2 or a fraction in (0, 1) (default: 2)',
    parse: countOrFraction(2, 1),
  },
  {
    key: 'minSamplesLeaf',
    flag: '--min-samples-leaf',
    arg: '<n>',
    help: 'rows needed in each leaf: integer >= 1 or a fraction in (0, 0.5] (default: 1)',
    parse: countOrFraction(1, 0.5),
  },
  {
    key: 'minWeightFractionLeaf',
    flag: '--min-weight-fraction-leaf',
    arg: '<x>',
    help: 'fraction of the total weight needed in each leaf, in [0, 0.5] (default: 0)',
    parse: (raw, name) => numberInRange(name, num(raw, name), 0, 0.5, { loInclusive: true, hiInclusive: true }),
  },
  {
    key: 'minImpurityDecrease',
    flag: '--min-impurity-decrease',
    arg: '<x>',
    help: 'a split must decrease weighted impurity by at least this (default: 0)',
    parse: (raw, name) => nonNegativeNumber(name, num(raw, name)),
  },
  {
    key: 'maxFeatures',
    flag: '--max-features',
    arg: '<v>',
    help: 'features tried per node: integer, fraction in (0, 1), sqrt, log2 or all (default: all)',
    parse: (raw, name) => {
      const s = raw.trim().toLowerCase();
      if (s === 'sqrt' || s === 'log2') return s;
      if (s === 'all' || isNone(s)) return null;
      const v = num(raw, name);
      if ((Number.isInteger(v) && v >= 1) || (v > 0 && v < 1)) return v;
      throw new InvalidArgumentError(name, 'a positive integer, a fraction in (0, 1), sqrt, log2 or all', v);
    },
  },
  {
    key: 'maxLeafNodes',
    flag: '--max-leaf-nodes',
    arg: '<n>',
    help: 'grow best-first up to this many leaves (integer >= 2), or "none" (default: none)',
    parse: (raw, name) => (isNone(raw) ? null : intAtLeast(name, num(raw, name), 2)),
  },
  {
    key: 'classWeight',
    flag: '--class-weight',
    arg: '<w>',
    help: 'class weights: balanced or none (default: none; classification only)',
    parse: (raw, name) => {
      const v = oneOf(name, raw.trim().toLowerCase(), ['balanced', 'none']);
      return v === 'none' ? null : v;
    },
    classificationOnly: true,
  },
  {
    key: 'seed',
    flag: '--seed',
    arg: '<n>',
    help: 'seed for feature sampling (default: 0)',
    parse: (raw, name) => seedValue(name, num(raw, name)),
  },
  {
    key: 'projection',
    flag: '--projection',
    arg: '<name>',
    help: 'candidate split directions for cart: axis, global-pca, node-features-pca, node-means-pca (default: axis)',
    parse: (raw, name) => {
      if (raw.trim() === '') throw new InvalidArgumentError(name, 'a projection name', raw);
      return raw.trim();
    },
  },
  {
    key: 'scale',
    flag: '--scale',
    arg: '<on|off>',
    help: 'standardise features before criteria and projections see them (folded into the model) (default: off)',
    parse: (raw, name) => {
      const v = oneOf(name, raw.trim().toLowerCase(), ['on', 'off', 'true', 'false', 'yes', 'no']);
      return v === 'on' || v === 'true' || v === 'yes';
    },
  },
  {
    key: 'ccpAlpha',
    flag: '--ccp-alpha',
    arg: '<x>',
    help: 'cost-complexity pruning strength (scikit-learn ccp_alpha) (default: 0)',
    parse: (raw, name) => nonNegativeNumber(name, num(raw, name)),
  },
  {
    key: 'prune',
    flag: '--prune',
    arg: '<method>',
    help: 'pruning: none, rep (reduced-error on a held-out part) or ccp (cost-complexity; with --ccp-alpha or --ccp-cv) (default: none)',
    parse: (raw, name) => oneOf(name, raw.trim().toLowerCase(), ['none', 'rep', 'ccp']),
    fitOnly: true,
  },
  {
    key: 'pruneFraction',
    flag: '--prune-fraction',
    arg: '<x>',
    help: 'share of the training rows held out for --prune rep, in (0, 1) (default: 0.2)',
    parse: (raw, name) => numberInRange(name, num(raw, name), 0, 1),
    fitOnly: true,
  },
  {
    key: 'ccpCv',
    flag: '--ccp-cv',
    arg: '<k>',
    help: 'choose the cost-complexity alpha by k-fold cross-validation (with --prune ccp)',
    parse: (raw, name) => intAtLeast(name, num(raw, name), 2),
    fitOnly: true,
  },
  {
    key: 'ccpRule',
    flag: '--ccp-rule',
    arg: '<rule>',
    help: "how --ccp-cv picks alpha: min (best mean score, the zero-SE rule) or one-se (Breiman's 1-SE rule) (default: min)",
    parse: (raw, name) => oneOf(name, raw.trim().toLowerCase(), ['min', 'one-se']),
    fitOnly: true,
  },
  {
    key: 'crimcoord',
    flag: '--crimcoord',
    arg: '<on|off>',
    help: "split the data's categorical columns by CRIMCOORD (per-node level scores, as QUEST and HHCART) instead of by level codes (default: off)",
    parse: (raw, name) => {
      const v = oneOf(name, raw.trim().toLowerCase(), ['on', 'off', 'true', 'false', 'yes', 'no']);
      return v === 'on' || v === 'true' || v === 'yes';
    },
    fitOnly: true,
  },
  {
    key: 'alpha',
    flag: '--alpha',
    arg: '<p>',
    help: 'Decision Stream significance level for splits and merges, in (0, 1) (default: 0.02)',
    parse: (raw, name) => numberInRange(name, num(raw, name), 0, 1),
    scope: 'stream',
  },
  {
    key: 'test',
    flag: '--test',
    arg: '<family>',
    help: 'Decision Stream tests: nonparametric (KS / Mann-Whitney) or parametric (Z / t) (default: nonparametric)',
    parse: (raw, name) => oneOf(name, raw.trim().toLowerCase(), ['nonparametric', 'parametric']),
    scope: 'stream',
  },
  {
    key: 'candidates',
    flag: '--candidates',
    arg: '<mode>',
    help: 'Decision Stream thresholds: sections (sqrt(n) equal-width) or exhaustive (default: sections)',
    parse: (raw, name) => oneOf(name, raw.trim().toLowerCase(), ['sections', 'exhaustive']),
    scope: 'stream',
  },
  {
    key: 'merge',
    flag: '--merge',
    arg: '<on|off>',
    help: 'Decision Stream: merge statistically indistinguishable leaves (off = DS without merging) (default: on)',
    parse: (raw, name) => {
      const v = oneOf(name, raw.trim().toLowerCase(), ['on', 'off', 'true', 'false', 'yes', 'no']);
      return v === 'on' || v === 'true' || v === 'yes';
    },
    scope: 'stream',
  },
  {
    key: 'maxRounds',
    flag: '--max-rounds',
    arg: '<n>',
    help: 'Decision Stream: stop after this many split/merge rounds (default: none)',
    parse: (raw, name) => (isNone(raw) ? null : positiveInt(name, num(raw, name))),
    scope: 'stream',
  },
  {
    key: 'mode',
    flag: '--mode',
    arg: '<mode>',
    help: "Decision Stream: standard, or large (the paper's Algorithm 4 for big data) (default: standard)",
    parse: (raw, name) => oneOf(name, raw.trim().toLowerCase(), ['standard', 'large']),
    scope: 'stream',
  },
];

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
  for (const p of PARAMS) cmd.option(`${p.flag} ${p.arg}`, p.help);
  return cmd;
}

/** Help text listing the keys a --config string may set. */
export function configKeysHelp(): string {
  const w = Math.max(...PARAMS.map((p) => p.key.length), 'algorithm'.length);
  const lines = [`  ${'algorithm'.padEnd(w)}  ${listAlgorithms().map((a) => a.name).join(', ')} (default: ${DEFAULT_ALGORITHM})`];
  for (const p of PARAMS) lines.push(`  ${p.key.padEnd(w)}  ${p.help}`);
  return `\n--config keys (camelCase, kebab-case or snake_case):\n${lines.join('\n')}\n`;
}

/** Help text listing the algorithms with their descriptions. */
export function algorithmsHelp(): string {
  const algos = listAlgorithms();
  const w = Math.max(...algos.map((a) => a.name.length));
  return `\nAlgorithms:\n${algos.map((a) => `  ${a.name.padEnd(w)}  ${a.description}`).join('\n')}\n`;
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
    const raw = opts[p.key];
    if (raw === undefined) continue;
    params[p.key] = p.parse(String(raw), p.flag);
    names[p.key] = p.flag;
  }
  return { label: labelOf(algorithm, params), algorithm, params, names };
}

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
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const eq = part.indexOf('=');
    if (eq <= 0) throw new InvalidArgumentError(where, 'key=value pairs separated by commas, e.g. "criterion=gini,maxDepth=3"', text);
    const key = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim();
    if (normalizeKey(key) === 'algorithm') {
      algorithm = getAlgorithm(raw).name;
      continue;
    }
    const spec = PARAMS.find((p) => normalizeKey(p.key) === normalizeKey(key));
    if (spec === undefined) {
      throw new DtError('UNKNOWN_NAME', `unknown key ${JSON.stringify(key)} in ${where}; known: ${known.join(', ')}`);
    }
    if (spec.key in params) throw new InvalidArgumentError(where, `each key at most once`, key);
    const name = `${key} (in ${where})`;
    params[spec.key] = spec.parse(raw, name);
    names[spec.key] = name;
  }
  return { label: text.trim() === '' ? 'defaults' : text.trim(), algorithm, params, names };
}

/** The estimator options for `task`: the params as TreeOptions, checked against the task. */
export function toTreeOptions(config: TreeConfig, task: Task, featureTypes?: readonly string[]): ClassifierOptions {
  const out: Record<string, unknown> = {};
  const streamAlgo = getAlgorithm(config.algorithm).streamOptions === true;
  for (const p of PARAMS) {
    if (config.params[p.key] === undefined || p.fitOnly) continue;
    const forStream = p.scope === 'stream' || p.scope === 'both' || p.key === 'seed' || p.key === 'maxFeatures';
    const forTrees = p.scope !== 'stream';
    if (streamAlgo ? !forStream : !forTrees) {
      throw new InvalidArgumentError(config.names[p.key] ?? p.key, `used with ${streamAlgo ? 'tree algorithms, not stream' : '--algorithm stream'}`, show(config.params[p.key]));
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
