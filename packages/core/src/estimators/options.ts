import type { Criterion } from '@dt/criteria';
import { resolveCriterion } from '@dt/criteria/registry-store';
import { resolveProjection as projectionIn, type Projection } from '@dt/projections/registry';
import {
  InvalidArgumentError,
  nonNegativeNumber,
  numberInRange,
  oneOf,
  positiveInt,
  seedValue,
} from '@dt/errors';
import { resolveMaxFeatures, validateMaxFeatures, type MaxFeatures } from './max-features.js';
import { resolveOptions, type OptionTable, type SameKeys, type Task } from './option-table.js';
import type { FitKit } from './fit-kit.js';
import { checkSplitter, type SplitStrategy } from '../search/split-strategy.js';

export type { MaxFeatures } from './max-features.js';

/** Options shared by the tree estimators (scikit-learn's names in camelCase). */
export interface TreeOptions {
  /** A built-in criterion's name (or one added with registerCriterion), or a criterion object. */
  criterion?: string | Criterion;
  /** Maximum depth; null grows until the other rules stop. */
  maxDepth?: number | null;
  /** Integer >= 2, or a fraction in (0, 1) of the training rows (rounded up). */
  minSamplesSplit?: number;
  /** Integer >= 1, or a fraction in (0, 0.5] of the training rows (rounded up). */
  minSamplesLeaf?: number;
  /** Minimum fraction of the total sample weight in each leaf, in [0, 0.5]. */
  minWeightFractionLeaf?: number;
  /** A split must decrease weighted impurity by at least this (scikit-learn's formula). */
  minImpurityDecrease?: number;
  /** Features drawn per node: integer count, fraction in (0, 1), 'sqrt', 'log2' or null (all). */
  maxFeatures?: MaxFeatures;
  /** Grow best-first up to this many leaves (integer >= 2); null grows depth-first. */
  maxLeafNodes?: number | null;
  /** Seed for feature sampling and randomised projections. */
  seed?: number;
  /**
   * Candidate split directions: 'axis' (default; the original features), a registered projection
   * name ('global-pca', 'node-features-pca', 'node-means-pca', ...) or a projection object from
   * @dt/projections. Non-axis projections give oblique splits, stored as weights on raw features.
   * null is 'axis' (as in the resolved options).
   */
  projection?: string | Projection | null;
  /**
   * Standardise features (weighted mean and standard deviation of the training data) before the
   * criterion and the projection see them; folded into split thresholds/weights, so the model still
   * predicts from raw features. Matters for Max-Cut and every PCA variant, not for Gini on axis splits.
   */
  scale?: boolean;
  /**
   * Minimal cost-complexity pruning after growth (scikit-learn's ccp_alpha): cut the weakest links
   * while their effective alpha is <= ccpAlpha. 0 (default) does not prune.
   */
  ccpAlpha?: number;
  /**
   * HHCART's MinParent: only nodes with more than this many samples are split (so minParent = k is
   * minSamplesSplit = k + 1). Null (default) = no such rule.
   */
  minParent?: number | null;
  /**
   * Indices of unordered categorical features, whose values are level codes 0, 1, 2, ... At every node
   * each is replaced by its CRIMCOORD (QUEST's first discriminant coordinate of the level dummies;
   * the level's standardised mean target for regression), so it joins axis and oblique splits like a
   * numeric feature; the level → value map is stored in the node. Not available with global
   * projections. An unseen level at prediction counts as the node's mean value (0).
   */
  categoricalFeatures?: readonly number[] | null;
  /**
   * Split search: 'auto' (default) is 'hist' when every feature has at most `maxBins` distinct values
   * and every feature is searched (the same tree as 'best', faster), and 'best' otherwise (also with
   * `maxFeatures` sampling, as in forests, where binning each fit costs more than it saves). 'best' sorts each feature's values in the node; 'hist' searches per-feature
   * histogram bins (codes computed once per fit), much faster on large data. With at most `maxBins`
   * distinct values per feature every value is its own bin and 'hist' grows the same tree as 'best';
   * otherwise bin edges sit at weighted quantiles. 'random' draws one threshold per candidate feature
   * uniformly between its minimum and maximum in the node and keeps the best of those (scikit-learn's
   * splitter='random', Extremely Randomized Trees; partition-only criteria, not Max-Cut). Axis splits
   * and global projections only. Or a split strategy value (`histSplitter`, `randomSplitter`, ...).
   */
  splitter?: Splitter | SplitStrategy;
  /** Bins per feature for splitter 'hist', 2..65536 (default 256; above 256 codes take 16 bits). */
  maxBins?: number;
  /**
   * Threads for splitter 'hist' (and 'auto' when it bins): 1 (default), or -1 for every core. Large
   * nodes' histograms, split searches and code moves are split by feature across worker threads;
   * the tree is identical for every nJobs. In Node, `fit` starts nJobs − 1 worker threads itself
   * (at most the cores available: a larger request is clamped, and `fitReport.threads` says how many
   * ran); in a browser, nJobs > 1 is refused with a pointer to `fitTree`'s async form unless `workers`
   * are passed to fit.
   */
  nJobs?: number;
}

/**
 * 'auto' bins (as 'hist') exactly when binning is exact — every feature has at most maxBins
 * distinct values, so 'hist' grows the same tree as 'best' — and no feature sampling is asked for
 * (maxFeatures below the feature count), and searches as 'best' otherwise.
 */
export type Splitter = 'best' | 'hist' | 'random' | 'auto';

/** Class weights: `'balanced'` (n / (C·count_c)), a weight per class label (absent labels weigh 1), or null (all 1). */
export type ClassWeight = 'balanced' | Record<string, number> | Map<string | number, number> | null;

/**
 * Options of a classification tree (DecisionTreeClassifier, TreeClassifier): the tree options plus class weights and MisRate.
 * Validated once by the constructor; a bad value throws InvalidArgumentError naming the option.
 */
export interface ClassifierOptions extends TreeOptions {
  /** 'balanced' (n / (C·count_c)) or weights per class label. */
  classWeight?: ClassWeight;
  /**
   * HHCART's MisRate: a node whose misclassification rate (1 − largest class share, weighted) is at
   * or below this becomes a leaf. Null (default) = no such rule (purity still stops growth).
   */
  misRate?: number | null;
}

/** Options of a regression tree (DecisionTreeRegressor, TreeRegressor): the tree options, no class options. */
export type RegressorOptions = TreeOptions;

/**
 * Tree options after validation: every option present, defaults filled in, names resolved to their
 * criterion, projection and splitter values.
 */
export interface ResolvedTreeOptions {
  criterion: Criterion;
  maxDepth: number | null;
  minSamplesSplit: number;
  minSamplesLeaf: number;
  minWeightFractionLeaf: number;
  minImpurityDecrease: number;
  maxFeatures: MaxFeatures;
  maxLeafNodes: number | null;
  seed: number;
  /** null = axis splits. */
  projection: Projection | null;
  scale: boolean;
  ccpAlpha: number;
  minParent: number | null;
  categoricalFeatures: number[] | null;
  splitter: SplitStrategy;
  maxBins: number;
  nJobs: number;
  classWeight: ClassWeight;
  misRate: number | null;
}

// Compile-time check: the resolved options have exactly the keys of ClassifierOptions.
const _keysMatch: SameKeys<Required<ClassifierOptions>, ResolvedTreeOptions> = true;
void _keysMatch;

function countOrFraction(minCount: number, maxFraction: number) {
  return (v: unknown, name: string): number => {
    if (typeof v === 'number' && Number.isInteger(v) && v >= minCount) return v;
    if (typeof v === 'number' && Number.isFinite(v) && v > 0 && v < 1 && v <= maxFraction) return v;
    throw new InvalidArgumentError(
      name,
      `an integer >= ${minCount} or a fraction in (0, ${maxFraction === 1 ? '1)' : `${maxFraction}]`}`,
      v,
    );
  };
}

const nullable =
  <T>(check: (v: unknown, name: string) => T) =>
  (v: unknown, name: string): T | null =>
    v === null ? null : check(v, name);

/**
 * The tree estimators' options, each declared once: validator, default and model-file codec (the
 * command line's flags and help: TREE_OPTIONS_CLI in tree-options-cli.ts, which only the CLI
 * imports, so browser bundles do not carry them). Typed against ResolvedTreeOptions, so a key
 * missing here or a validator of the wrong type does not compile. Names resolve through `kit`'s
 * tables, and an option needing a capability the kit lacks is refused (BUILT_INS: TREE_OPTIONS).
 */
export function treeOptionTable(kit: FitKit): OptionTable<ResolvedTreeOptions> {
  return {
  criterion: {
    default: 'gini',
    defaultFor: (task) => (task === 'classification' ? 'gini' : 'mse'),
    validate: (v, _name, task) => resolveCriterion(v as string | Criterion, task, kit.criteria),
    save: (c) => c.name,
  },
  maxDepth: {
    default: null,
    validate: (v, name) => {
      if (v !== null && !(typeof v === 'number' && Number.isInteger(v) && v >= 1)) throw new InvalidArgumentError(name, 'a positive integer or null', v);
      return v;
    },
  },
  minSamplesSplit: { default: 2, validate: countOrFraction(2, 1) },
  minSamplesLeaf: { default: 1, validate: countOrFraction(1, 0.5) },
  minWeightFractionLeaf: { default: 0, validate: (v, name) => numberInRange(name, v, 0, 0.5, { loInclusive: true, hiInclusive: true }) },
  minImpurityDecrease: { default: 0, validate: (v, name) => nonNegativeNumber(name, v) },
  maxFeatures: { default: null, validate: validateMaxFeatures },
  maxLeafNodes: {
    default: null,
    validate: (v, name) => {
      if (v !== null && !(typeof v === 'number' && Number.isInteger(v) && v >= 2)) throw new InvalidArgumentError(name, 'an integer >= 2 or null', v);
      return v;
    },
  },
  seed: { default: 0, validate: (v, name) => seedValue(name, v) },
  projection: {
    default: 'axis',
    validate: (v, name) => needs(kit.oblique, name, resolveProjection(v, name, kit), 'oblique splits'),
    save: (p) => (p === null ? 'axis' : p.options && Object.keys(p.options).length > 0 ? { name: p.name, options: { ...p.options } } : p.name),
  },
  scale: {
    default: false,
    validate: (v, name) => {
      if (typeof v !== 'boolean') throw new InvalidArgumentError(name, 'a boolean', v);
      return needs(kit.scaling, name, v || null, 'feature scaling') !== null;
    },
  },
  ccpAlpha: { default: 0, validate: (v, name) => needs(kit.prune, name, nonNegativeNumber(name, v) || null, 'cost-complexity pruning') ?? 0 },
  minParent: { default: null, validate: nullable((v, name) => positiveInt(name, v)) },
  categoricalFeatures: { default: null, validate: (v, name) => needs(kit.oblique, name, resolveCategorical(v, name), 'CRIMCOORD') },
  splitter: { default: kit.defaultSplitter.name, validate: (v, name) => resolveSplitter(v, name, kit), save: (s) => s.name },
  maxBins: {
    default: 256,
    validate: (v, name) => {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 2 || v > 65536) throw new InvalidArgumentError(name, 'an integer in [2, 65536]', v);
      return v;
    },
  },
  nJobs: { default: 1, validate: (v, name) => jobsValue(name, v) },
  classWeight: {
    default: null,
    tasks: ['classification'],
    validate: (v, name) => {
      if (v !== null && v !== 'balanced' && !(v instanceof Map) && typeof v !== 'object') {
        throw new InvalidArgumentError(name, "'balanced', an object or Map of weights per class, or null", v);
      }
      return v as ClassWeight;
    },
    save: (cw) => (cw instanceof Map ? Object.fromEntries(cw) : cw),
  },
  misRate: {
    default: null,
    tasks: ['classification'],
    validate: nullable((v, name) => numberInRange(name, v, 0, 1, { loInclusive: true })),
  },
  };
}

/** Validates options once at the estimator boundary (the table of one kit) and fills in defaults. */
export function resolveTreeOptionsWith(table: OptionTable<ResolvedTreeOptions>, raw: unknown, task: Task): ResolvedTreeOptions {
  const o = resolveOptions(table, raw, task);
  checkSplitter(o.splitter, o.criterion, o.categoricalFeatures, null);
  return o;
}

/** `value` when the capability is there (or nothing is asked: null); else a typed error naming the option. */
function needs<T>(capability: unknown, name: string, value: T, what: string): T {
  if (value === null || capability !== null) return value;
  throw new InvalidArgumentError(name, `left at its default here: this estimator takes values and has no ${what} (@dt/core's DecisionTreeClassifier/DecisionTreeRegressor have every option)`, value);
}

const SPLITTER_NAMES = ['best', 'hist', 'random', 'auto'] as const;

function resolveSplitter(v: unknown, name: string, kit: FitKit): SplitStrategy {
  if (typeof v === 'object' && v !== null) {
    const s = v as Partial<SplitStrategy>;
    if (typeof s.name !== 'string' || typeof s.axisSearch !== 'function' || typeof s.limits !== 'object' || s.limits === null) {
      throw new InvalidArgumentError(name, "a splitter name ('best', 'hist', 'random', 'auto') or a split strategy object", v);
    }
    return v as SplitStrategy;
  }
  const n = oneOf(name, v, SPLITTER_NAMES);
  const found = Object.prototype.hasOwnProperty.call(kit.splitters, n) ? kit.splitters[n] : undefined;
  if (found === undefined) {
    throw new InvalidArgumentError(name, `a split strategy value here (\`import { ${n}Splitter } from '@dt/core'\`): this estimator takes values, not splitter names other than ${Object.keys(kit.splitters).map((k) => `'${k}'`).join(', ')}`, v);
  }
  return found;
}

function resolveCategorical(v: unknown, name: string): number[] | null {
  if (v === null) return null;
  if (!Array.isArray(v)) throw new InvalidArgumentError(name, 'an array of feature indices or null', v);
  const seen = new Set<number>();
  v.forEach((f, i) => {
    if (typeof f !== 'number' || !Number.isInteger(f) || f < 0) {
      throw new InvalidArgumentError(`${name}[${i}]`, 'a non-negative integer feature index', f);
    }
    if (seen.has(f)) throw new InvalidArgumentError(`${name}[${i}]`, 'a feature index listed once', f);
    seen.add(f);
  });
  return v.length === 0 ? null : [...seen].sort((a, b) => a - b);
}

function resolveProjection(p: unknown, name: string, kit: FitKit): Projection | null {
  if (p === null) return null;
  if (typeof p !== 'string' && (typeof p !== 'object' || p === null)) {
    throw new InvalidArgumentError(name, "a projection name ('axis', 'global-pca', ...) or a projection object", p);
  }
  // A saved model's { name, options } of a built-in (tree-option-loaders.ts) resolves with its options.
  const spec = p as { name?: unknown; options?: unknown; prepare?: unknown };
  const saved = typeof p === 'object' && typeof spec.name === 'string' && spec.prepare === undefined && typeof spec.options === 'object' && spec.options !== null;
  const q = saved ? projectionIn(spec.name as string, spec.options as Record<string, unknown>, kit.projections) : projectionIn(p as string | Projection, {}, kit.projections);
  return q.name === 'axis' ? null : q;
}

/** Turns count-or-fraction options into counts for n rows and d features (scikit-learn's rounding). */
export function resolveCounts(
  o: ResolvedTreeOptions,
  n: number,
  d: number,
): { minSamplesSplit: number; minSamplesLeaf: number; maxFeatures: number } {
  const minSamplesLeaf = Number.isInteger(o.minSamplesLeaf) ? o.minSamplesLeaf : Math.ceil(o.minSamplesLeaf * n);
  let minSamplesSplit = Number.isInteger(o.minSamplesSplit)
    ? o.minSamplesSplit
    : Math.max(2, Math.ceil(o.minSamplesSplit * n));
  minSamplesSplit = Math.max(minSamplesSplit, 2 * minSamplesLeaf);
  return { minSamplesSplit, minSamplesLeaf, maxFeatures: resolveMaxFeatures(o.maxFeatures, d) };
}

/** A thread count: an integer >= 1, or -1 for every core (resolveJobs in @dt/core/node). Trees and forests share it. */
export function jobsValue(name: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || (v < 1 && v !== -1)) throw new InvalidArgumentError(name, 'an integer >= 1, or -1 for every core', v);
  return v;
}
