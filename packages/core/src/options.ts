import { getCriterion, type Criterion } from '@dt/criteria';
import { getProjection, type Projection } from '@dt/projections';
import {
  InvalidArgumentError,
  positiveInt,
  knownKeys,
  nonNegativeNumber,
  numberInRange,
  plainObject,
  seedValue,
} from '@dt/errors';

export type MaxFeatures = number | 'sqrt' | 'log2' | null;

/** Options shared by the tree estimators (scikit-learn's names in camelCase). */
export interface TreeOptions {
  /** Criterion name from the @dt/criteria registry, or an instance. */
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
   */
  projection?: string | Projection;
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
}

export interface ClassifierOptions extends TreeOptions {
  /** 'balanced' (n / (C·count_c)) or weights per class label. */
  classWeight?: 'balanced' | Record<string, number> | Map<string | number, number> | null;
  /**
   * HHCART's MisRate: a node whose misclassification rate (1 − largest class share, weighted) is at
   * or below this becomes a leaf. Null (default) = no such rule (purity still stops growth).
   */
  misRate?: number | null;
}

export type RegressorOptions = TreeOptions;

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
  classWeight: ClassifierOptions['classWeight'];
  /** null = axis splits. */
  projection: Projection | null;
  scale: boolean;
  ccpAlpha: number;
  minParent: number | null;
  misRate: number | null;
  categoricalFeatures: number[] | null;
}

const TREE_KEYS = [
  'criterion',
  'maxDepth',
  'minSamplesSplit',
  'minSamplesLeaf',
  'minWeightFractionLeaf',
  'minImpurityDecrease',
  'maxFeatures',
  'maxLeafNodes',
  'seed',
  'projection',
  'scale',
  'ccpAlpha',
  'minParent',
  'categoricalFeatures',
];

function countOrFraction(name: string, v: unknown, minCount: number, maxFraction: number): number {
  if (typeof v === 'number' && Number.isInteger(v) && v >= minCount) return v;
  if (typeof v === 'number' && Number.isFinite(v) && v > 0 && v < 1 && v <= maxFraction) return v;
  throw new InvalidArgumentError(
    name,
    `an integer >= ${minCount} or a fraction in (0, ${maxFraction === 1 ? '1)' : `${maxFraction}]`}`,
    v,
  );
}

/** Validates options once at the estimator boundary and fills in defaults. */
export function resolveTreeOptions(
  raw: unknown,
  task: 'classification' | 'regression',
): ResolvedTreeOptions {
  const o = raw === undefined ? {} : plainObject('options', raw);
  knownKeys('options', o, task === 'classification' ? [...TREE_KEYS, 'classWeight', 'misRate'] : TREE_KEYS);
  const criterion = getCriterion(
    (o.criterion ?? (task === 'classification' ? 'gini' : 'mse')) as string | Criterion,
    task,
  );
  const maxDepth = o.maxDepth ?? null;
  if (maxDepth !== null && (typeof maxDepth !== 'number' || !Number.isInteger(maxDepth) || maxDepth < 1)) {
    throw new InvalidArgumentError('maxDepth', 'a positive integer or null', maxDepth);
  }
  const minSamplesSplit = countOrFraction('minSamplesSplit', o.minSamplesSplit ?? 2, 2, 1);
  const minSamplesLeaf = countOrFraction('minSamplesLeaf', o.minSamplesLeaf ?? 1, 1, 0.5);
  const minWeightFractionLeaf = numberInRange('minWeightFractionLeaf', o.minWeightFractionLeaf ?? 0, 0, 0.5, {
    loInclusive: true,
    hiInclusive: true,
  });
  const minImpurityDecrease = nonNegativeNumber('minImpurityDecrease', o.minImpurityDecrease ?? 0);
  const maxFeatures = (o.maxFeatures ?? null) as MaxFeatures;
  if (
    maxFeatures !== null &&
    maxFeatures !== 'sqrt' &&
    maxFeatures !== 'log2' &&
    !(typeof maxFeatures === 'number' && Number.isFinite(maxFeatures) && maxFeatures > 0 && (Number.isInteger(maxFeatures) || maxFeatures < 1))
  ) {
    throw new InvalidArgumentError('maxFeatures', "a positive integer, a fraction in (0, 1), 'sqrt', 'log2' or null", maxFeatures);
  }
  const maxLeafNodes = o.maxLeafNodes ?? null;
  if (maxLeafNodes !== null && (typeof maxLeafNodes !== 'number' || !Number.isInteger(maxLeafNodes) || maxLeafNodes < 2)) {
    throw new InvalidArgumentError('maxLeafNodes', 'an integer >= 2 or null', maxLeafNodes);
  }
  const seed = seedValue('seed', o.seed ?? 0);
  const classWeight = (o.classWeight ?? null) as ClassifierOptions['classWeight'];
  if (classWeight !== null && classWeight !== 'balanced' && !(classWeight instanceof Map) && typeof classWeight !== 'object') {
    throw new InvalidArgumentError('classWeight', "'balanced', an object or Map of weights per class, or null", classWeight);
  }
  const projection = resolveProjection(o.projection ?? 'axis');
  const scale = o.scale ?? false;
  if (typeof scale !== 'boolean') throw new InvalidArgumentError('scale', 'a boolean', scale);
  const ccpAlpha = nonNegativeNumber('ccpAlpha', o.ccpAlpha ?? 0);
  const minParent = o.minParent === undefined || o.minParent === null ? null : positiveInt('minParent', o.minParent);
  const misRate =
    o.misRate === undefined || o.misRate === null
      ? null
      : numberInRange('misRate', o.misRate, 0, 1, { loInclusive: true });
  const categoricalFeatures = resolveCategorical(o.categoricalFeatures);
  if (categoricalFeatures && projection && projection.name === 'global-pca') {
    throw new InvalidArgumentError('categoricalFeatures', 'used with axis or per-node projections, not global-pca', categoricalFeatures);
  }
  return {
    criterion,
    maxDepth,
    minSamplesSplit,
    minSamplesLeaf,
    minWeightFractionLeaf,
    minImpurityDecrease,
    maxFeatures,
    maxLeafNodes,
    seed,
    classWeight,
    projection,
    scale,
    ccpAlpha,
    minParent,
    misRate,
    categoricalFeatures,
  };
}

function resolveCategorical(v: unknown): number[] | null {
  if (v === undefined || v === null) return null;
  if (!Array.isArray(v)) throw new InvalidArgumentError('categoricalFeatures', 'an array of feature indices or null', v);
  const seen = new Set<number>();
  v.forEach((f, i) => {
    if (typeof f !== 'number' || !Number.isInteger(f) || f < 0) {
      throw new InvalidArgumentError(`categoricalFeatures[${i}]`, 'a non-negative integer feature index', f);
    }
    if (seen.has(f)) throw new InvalidArgumentError(`categoricalFeatures[${i}]`, 'a feature index listed once', f);
    seen.add(f);
  });
  return v.length === 0 ? null : [...seen].sort((a, b) => a - b);
}

function resolveProjection(p: unknown): Projection | null {
  if (typeof p !== 'string' && (typeof p !== 'object' || p === null)) {
    throw new InvalidArgumentError('projection', "a projection name ('axis', 'global-pca', ...) or a projection object", p);
  }
  const q = getProjection(p as string | Projection);
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
  let maxFeatures: number;
  const mf = o.maxFeatures;
  if (mf === null) maxFeatures = d;
  else if (mf === 'sqrt') maxFeatures = Math.max(1, Math.floor(Math.sqrt(d)));
  else if (mf === 'log2') maxFeatures = Math.max(1, Math.floor(Math.log2(d)));
  else if (Number.isInteger(mf)) maxFeatures = mf;
  else maxFeatures = Math.max(1, Math.floor(mf * d));
  if (maxFeatures > d) throw new InvalidArgumentError('maxFeatures', `at most the number of features (${d})`, mf);
  return { minSamplesSplit, minSamplesLeaf, maxFeatures };
}
