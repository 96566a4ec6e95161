/**
 * The seam between the estimator (the composition root) and a split strategy: a strategy is a value
 * — `bestSplitter` (axis-search.ts), `randomSplitter` (random-axis-search.ts), `histSplitter`
 * (hist-splitter.ts), `autoSplitter` (auto-splitter.ts) — that builds the search over axis columns
 * (the raw features, or global projections of them: the oblique layer composes over it) and declares
 * what it cannot be combined with. checkSplitter reads those declarations, in this one place.
 *
 * A new strategy is one file exporting such a value, plus one line in the estimators' table of
 * built-ins (built-ins.ts) if it should be known by name.
 */
import type { ClassificationCriterion, Criterion, RegressionCriterion } from '@dt/criteria';
import { InvalidArgumentError, type Random } from '@dt/errors';
import type { FeatureIndex } from '../data/feature-index.js';
import type { ColumnMajor } from '../data/input.js';
import type { HistogramParallel, HistogramWorkers } from './hist/histogram-parallel.js';
import type { SplitSearch } from './split-record.js';
import type { FitWorkers } from '../threads/threads.js';

/** The criterion-facing part every strategy's configuration shares. */
export interface ScanConfig {
  /** Class codes (classification) or null. */
  labels: Int32Array | null;
  nClasses: number;
  /** Regression targets or null. */
  targets: Float64Array | null;
  /** Combined sample × class weights, or null for unit weights. */
  weights: Float64Array | null;
  classification: ClassificationCriterion | null;
  regression: RegressionCriterion | null;
  minSamplesLeaf: number;
  minWeightLeaf: number;
}

/** Columns an axis search runs over. */
export interface AxisColumns {
  /** The training matrix, or the global projections of it. */
  X: ColumnMajor;
  /** Scan values are (x − mean) / scale (standardisation, or the projections' centring); null: raw. */
  shift: { mean: Float64Array; scale: Float64Array } | null;
  /** The columns' sorted index with shifted scan values, built on demand (binned searches never need it). */
  index(): FeatureIndex;
  /** Columns skipped at the root (CRIMCOORD's categorical ones, searched beside the axis). */
  rootConstants?: Int32Array;
  /** False when columns are rewritten per node (CRIMCOORD): they cannot be binned once. */
  binnable: boolean;
}

/** What a search needs besides its columns. */
export interface SearchSettings {
  scan: ScanConfig;
  maxFeatures: number;
  /** maxFeatures is below the raw feature count (forests): features are sampled per node. */
  sampling: boolean;
  rng: Random;
  /** Bins per column for binned strategies. */
  maxBins: number;
  /** Worker threads of this fit (from the strategy's own `threads`), or null. */
  parallel: HistogramParallel | null;
}

/** Why a strategy cannot take part of a fit; absent: it can. */
export interface StrategyLimits {
  /** Per-node projections (the strategy searches fixed columns). */
  nodeProjections?: string;
  /** Categorical features (CRIMCOORD rewrites their columns per node). */
  categorical?: string;
  /** Criteria whose score reads the values, not only the partition (flag `valueScored`). */
  valueScored?: string;
}

/**
 * A split-search strategy as a value ('best', 'hist', 'random', 'auto'): builds the search over axis
 * columns and declares, in `limits`, the options it cannot be combined with.
 */
export interface SplitStrategy {
  /** Its name in model files and on the command line ('best', 'hist', 'random', 'auto'). */
  readonly name: string;
  /** The search over `columns` (exact, binned or randomised). */
  axisSearch(columns: AxisColumns, settings: SearchSettings): SplitSearch;
  readonly limits: StrategyLimits;
  /**
   * Worker threads for large nodes and subtree tasks (splitters that use them); absent: this thread
   * only. `start`: the threads a fit with nJobs > 1 starts itself (threads.ts), or null when it runs
   * on one thread.
   */
  readonly threads?: {
    /** The large-node driver over a pool of histogram workers. */
    parallel(workers: HistogramWorkers): HistogramParallel;
    /** Threads a fit with `nJobs` > 1 starts itself, or null to run on this thread. */
    start(nJobs: number): FitWorkers | null;
  };
}

/**
 * The one check of what a splitter combines with: at construction (projectionKind unknown) and again
 * once the projection is fitted (its kind known). Throws a typed error naming the option.
 */
export function checkSplitter(splitter: SplitStrategy, criterion: Criterion, categorical: readonly number[] | null, projectionKind: 'axis' | 'node' | 'global' | null): void {
  const why = splitter.limits;
  const name = splitter.name;
  if (categorical !== null && why.categorical !== undefined) {
    throw new InvalidArgumentError('categoricalFeatures', `used with splitter 'best' (${why.categorical}), not '${name}'`, categorical);
  }
  if (criterion.valueScored === true && why.valueScored !== undefined) {
    throw new InvalidArgumentError('splitter', `'best' with the ${criterion.name} criterion (${why.valueScored})`, name);
  }
  if (projectionKind === 'node' && why.nodeProjections !== undefined) {
    throw new InvalidArgumentError('splitter', `'best' with a per-node projection (${why.nodeProjections})`, name);
  }
}
