import { createRandom, knownKeys, NotFittedError, plainObject, ShapeMismatchError } from '@dt/errors';
import { sampleOrder, TreeBuilder, type ClassificationData, type RegressionData } from '../build/builder.js';
import type { FitKit } from './fit-kit.js';
import { checkSquarable, rejectMissing, rescaleWeights, toRowMajorView, type FeatureArray, type FeatureInput } from '../data/input.js';
import { checkFeatureNames } from '../tree/leaf-values.js';
import { optionParams, type OptionTable } from './option-table.js';
import { resolveCounts, resolveTreeOptionsWith, type ResolvedTreeOptions, type TreeOptions } from './options.js';
import { OPTION_TABLE, RESTORE, type RestoreState } from '../model-file/restore.js';
import { composeSearch } from '../search/compose-search.js';
import type { HistogramParallel, HistogramWorkers } from '../search/hist/histogram-parallel.js';
import type { FitWorkers } from '../threads/threads.js';
import type { Tree } from '../tree/tree.js';

/** Per-call options of `fit` (the estimator options go to the constructor); every field is optional. */
export interface FitOptions {
  /** Non-negative weight per training row. */
  sampleWeight?: ArrayLike<number> | null;
  /** Names of the features, used by exportText/exportDot and saved with the model. */
  featureNames?: readonly string[] | null;
  /**
   * Worker threads for splitter 'hist' (or 'auto' when it bins): they and this thread grow whole
   * subtrees, and split large nodes by feature (`createHistogramWorkers` / `fitTree` in
   * @dt/core/node). The tree is identical with or without them. Without: this thread only, whatever
   * nJobs says.
   */
  workers?: HistogramWorkers | null;
}

const FIT_OPTION_KEYS: readonly (keyof FitOptions)[] = ['sampleWeight', 'featureNames', 'workers'];

/** Checks fit()'s options object: unknown keys (a misspelt `sampleWeights`) are errors, never ignored. */
export function checkFitOptions(fitOptions: unknown): FitOptions {
  if (fitOptions === undefined) return {};
  const o = plainObject('fitOptions', fitOptions);
  knownKeys('fitOptions', o, FIT_OPTION_KEYS);
  return o as FitOptions;
}

/** The values an estimator class composes its fits from: its kit and the option table over it. */
export interface EstimatorKit {
  kit: FitKit;
  table: OptionTable<ResolvedTreeOptions>;
}

/**
 * What the estimators share: options, the fitted Tree, structure queries and raw prediction — and
 * the fit's composition root (grow): criterion → split search (composeSearch, from the kit's table
 * or the values given) → TreeBuilder(search, growth parameters) → pruning.
 */
export abstract class DecisionTree {
  readonly options: ResolvedTreeOptions;
  protected fitted: Tree | null = null;
  protected names: string[] | null = null;
  /** What the estimator predicts (the model file's estimator kind follows it). */
  readonly task: 'classification' | 'regression';
  private readonly kit: EstimatorKit;

  protected constructor(options: TreeOptions | undefined, task: 'classification' | 'regression', kit: EstimatorKit) {
    this.options = resolveTreeOptionsWith(kit.table, options, task);
    this.task = task;
    this.kit = kit;
  }

  /** The option table of this estimator's kit (the model file's writer saves options through it). */
  get [OPTION_TABLE](): OptionTable<ResolvedTreeOptions> {
    return this.kit.table;
  }

  /**
   * Every constructor option of this estimator with its value (defaults filled in), as scikit-learn's
   * get_params(): `new Estimator(model.getParams())` builds the same unfitted model.
   */
  getParams(): TreeOptions {
    const p = optionParams(this.kit.table, this.options, this.task) as TreeOptions;
    // A built-in splitter by its name (as given, and as model files and the command line spell it).
    const s = this.options.splitter;
    if (this.kit.kit.splitters[s.name] === s) p.splitter = s.name as TreeOptions['splitter'];
    return p;
  }

  /**
   * Changes options (validated as the constructor does; unknown keys are errors) and returns this,
   * unfitted: a fitted tree would no longer match its recorded options, so fit again.
   */
  setParams(params: TreeOptions): this {
    const o = plainObject('params', params);
    (this as { options: ResolvedTreeOptions }).options = resolveTreeOptionsWith(this.kit.table, { ...this.getParams(), ...o }, this.task);
    this.fitted = null;
    this.names = null;
    return this;
  }

  /** An unfitted copy with the same options (scikit-learn's clone). */
  clone(): this {
    const Ctor = this.constructor as new (options: TreeOptions) => this;
    return new Ctor(this.getParams());
  }

  /** The fitted flat tree (throws before fit). */
  get tree(): Tree {
    if (this.fitted === null) throw new NotFittedError(this.constructor.name);
    return this.fitted;
  }

  get isFitted(): boolean {
    return this.fitted !== null;
  }

  get nFeatures(): number {
    return this.tree.nFeatures;
  }
  get nodeCount(): number {
    return this.tree.nodeCount;
  }
  get nLeaves(): number {
    return this.tree.nLeaves;
  }
  get depth(): number {
    return this.tree.maxDepth;
  }
  get featureNames(): string[] | null {
    return this.names;
  }
  /** Impurity-based feature importances, normalised to sum 1 (all zero for a single-leaf tree). */
  get featureImportances(): Float64Array {
    return this.tree.featureImportances();
  }

  /** Index of the leaf each row lands in. */
  apply(X: FeatureInput): Int32Array {
    const x = this.checkPredictInput(X);
    return this.tree.apply(x.data, x.rows);
  }

  /** Nodes visited by each row, as CSR arrays (row r visits indices[indptr[r]..indptr[r+1])). */
  decisionPath(X: FeatureInput): { indptr: Int32Array; indices: Int32Array } {
    const x = this.checkPredictInput(X);
    return this.tree.decisionPath(x.data, x.rows);
  }

  /** X as rows to predict (not copied when dense); ShapeMismatchError unless it has the fitted feature count. */
  protected checkPredictInput(X: FeatureInput): { data: FeatureArray; rows: number } {
    const tree = this.tree;
    // Prediction reads only the features on each row's path: a NaN follows an axis node's learnt side
    // and is rejected by name where no side exists (oblique splits, categorical maps), so a full
    // scan of X (which would cost more than the traversal for wide data) is skipped.
    const x = toRowMajorView(X, 'X', false);
    if (x.cols !== tree.nFeatures) {
      throw new ShapeMismatchError(`X has ${x.cols} features but the model was fitted with ${tree.nFeatures}`);
    }
    return x;
  }

  /** Records the fit's feature names (ShapeMismatchError unless null or `d` strings). */
  protected setFeatureNames(names: readonly string[] | null | undefined, d: number): void {
    this.names = checkFeatureNames(names, d);
  }

  /** Indices of the categorical features (the constructor option), or null. */
  get categoricalFeatures(): number[] | null {
    return this.options.categoricalFeatures === null ? null : [...this.options.categoricalFeatures];
  }

  /** Grows the tree on validated, encoded data. */
  protected grow(data: ClassificationData | RegressionData, workers: HistogramWorkers | null = null): Tree {
    const n = data.X.rows;
    const d = data.X.cols;
    const o = this.options;
    const counts = resolveCounts(o, data.samples ? data.samples.length : n, d);
    const noMissingRule = noRuleForMissing(o);
    if (noMissingRule !== null) rejectMissing(data.X, noMissingRule);
    if (o.projection !== null || o.scale) {
      // Covariances and variances square the features: refuse values that would overflow (a typed
      // error naming the cell, never a NaN or a crash inside the eigen-solver).
      const why = o.projection !== null ? `projection "${o.projection.name}" squares features; rescale X` : 'scale squares features; rescale X';
      const rm = data.X.rowMajor;
      if (rm) checkSquarable(rm, (i) => `X[${Math.floor(i / d)}][${i % d}]`, why);
      else checkSquarable(data.X.data, (i) => `X[${i % n}][${Math.floor(i / n)}]`, why);
    }
    // Rows outside data.samples weigh 0 (shared-rows.ts), which leaves the sum unchanged.
    let totalWeight = data.samples ? data.samples.length : n;
    if (data.weights) {
      rescaleWeights(data.weights);
      totalWeight = 0;
      for (let i = 0; i < n; i++) totalWeight += data.weights[i]!;
    }
    // nJobs > 1 without given workers: the fit starts its own (threads.ts; clamped to the cores).
    const threads = o.splitter.threads;
    const own: FitWorkers | null = workers === null && o.nJobs !== 1 && threads !== undefined ? threads.start(o.nJobs) : null;
    const pool = own?.workers ?? workers;
    const parallel = pool !== null && pool.threads > 0 && threads ? threads.parallel(pool) : null;
    let tree: Tree;
    try {
      tree = this.growWith(data, parallel, totalWeight, counts);
    } finally {
      parallel?.end(); // reports the workers' stats (onFitEnd)
      own?.close();
    }
    // Workers started for the fit but never used (a criterion they cannot resolve): one thread ran.
    const ran = parallel !== null && (own === null || own.stats !== null);
    this.threads = { requested: o.nJobs, threads: ran ? pool!.threads + 1 : 1, stats: own?.stats ?? null };
    return tree;
  }

  /**
   * Threads the last fit ran on: nJobs as given, the threads that ran (the fitting thread and its
   * workers; nJobs above the cores available is clamped to them, and splitters without threads —
   * 'best', 'random', oblique — run on one) and, when the fit started its own workers, what they did.
   */
  get threadReport(): { requested: number; threads: number; stats: FitWorkers['stats'] } | null {
    return this.threads;
  }

  private threads: { requested: number; threads: number; stats: FitWorkers['stats'] } | null = null;

  private growWith(data: ClassificationData | RegressionData, parallel: HistogramParallel | null, totalWeight: number, counts: ReturnType<typeof resolveCounts>): Tree {
    const o = this.options;
    const kit = this.kit.kit;
    // The option table refused categoricalFeatures, projections, scale and ccpAlpha without their capability.
    const cat = o.categoricalFeatures === null ? null : kit.oblique!.categorical(o.categoricalFeatures, data.X, o.projection);
    const rng = createRandom(o.seed);
    // The sample order is shared with the worker threads when there are any (they partition their subtrees' ranges).
    const m = data.samples ? data.samples.length : data.X.rows;
    const samples = sampleOrder(data, parallel ? new Int32Array(parallel.alloc(4 * Math.max(1, m)), 0, m) : new Int32Array(m));
    const minWeightLeaf = o.minWeightFractionLeaf * totalWeight;
    const search = composeSearch(data, {
      minSamplesLeaf: counts.minSamplesLeaf,
      minWeightLeaf,
      maxFeatures: counts.maxFeatures,
      rng,
      splitter: o.splitter,
      projection: cat ? cat.projection : o.projection,
      scaling: o.scale ? kit.scaling : null,
      categorical: cat ? cat.categorical : null,
      oblique: kit.oblique,
      maxBins: o.maxBins,
      parallel,
    });
    const builder = new TreeBuilder(
      data,
      search,
      {
        maxDepth: o.maxDepth ?? Number.POSITIVE_INFINITY,
        // MinParent (HHCART): split only when n > minParent, i.e. n >= minParent + 1.
        minSamplesSplit: o.minParent === null ? counts.minSamplesSplit : Math.max(counts.minSamplesSplit, o.minParent + 1),
        minSamplesLeaf: counts.minSamplesLeaf,
        minWeightLeaf,
        minImpurityDecrease: o.minImpurityDecrease,
        maxLeafNodes: o.maxLeafNodes,
        misRate: o.misRate,
      },
      samples,
    );
    const tree = builder.build();
    return o.ccpAlpha > 0 ? kit.prune!(tree, o.ccpAlpha) : tree;
  }

  /** Puts a fitted tree in (model loader, pruning); the key is exported by @dt/core/internal only. */
  [RESTORE](state: RestoreState<Tree>): void {
    this.fitted = state.fitted;
    this.names = state.featureNames;
  }
}

/**
 * What, in these options, has no rule for NaN (null: axis splits learn where NaN goes). Oblique
 * directions, standardisation and CRIMCOORD would need every coordinate of a row; Max-Cut scores
 * distances between values, which a missing value does not have.
 */
export function noRuleForMissing(o: ResolvedTreeOptions): string | null {
  if (o.projection !== null) return `projection "${o.projection.name}"`;
  if (o.categoricalFeatures !== null) return 'categoricalFeatures (CRIMCOORD)';
  if (o.scale) return 'scale';
  if (o.criterion.valueScored === true) return `the ${o.criterion.name} criterion`;
  return null;
}

