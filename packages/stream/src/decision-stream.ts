import { buildFeatureIndex, type FeatureInput } from '@dt/core';
import { checkFeatureNames, checkLevelCodes, FIT_CELLS_WITH_MISSING, optionParams, rejectMissing, RESTORE, toColumnMajor, toRowMajor, type RestoreState, type Task } from '@dt/core/internal';
import { InvalidArgumentError, knownKeys, NotFittedError, plainObject, ShapeMismatchError } from '@dt/errors';
import type { FitData } from './fit-data.js';
import { growStream, type RoundInfo, type StopReason } from './grow.js';
import { resolveStreamOptions, STREAM_OPTIONS, type ResolvedStreamOptions, type StreamOptions } from './options.js';
import type { StreamGraph } from './stream-graph.js';

/** Options of fit for Decision Stream: feature names (sample weights are refused). */
export interface StreamFitOptions {
  /** Names of the features, used by exportDot and saved with the model. */
  featureNames?: readonly string[] | null;
}

/** Checks fit()'s options: unknown keys are errors; sample weights are refused (the tests count rows). */
function checkStreamFitOptions(raw: unknown): StreamFitOptions {
  if (raw === undefined) return {};
  const o = plainObject('fitOptions', raw);
  if (o.sampleWeight !== undefined && o.sampleWeight !== null) {
    throw new InvalidArgumentError(
      'fitOptions.sampleWeight',
      'absent: Decision Stream does not support sample weights (its two-sample tests count rows)',
      o.sampleWeight,
    );
  }
  const { sampleWeight: _ignored, ...rest } = o;
  void _ignored;
  knownKeys('fitOptions', rest, ['featureNames']);
  return rest as StreamFitOptions;
}

/** What the two estimators share: options, the fitted graph, structure queries and routing. */
export abstract class DecisionStream {
  readonly options: ResolvedStreamOptions;
  protected fitted: StreamGraph | null = null;
  protected names: string[] | null = null;
  protected rounds: RoundInfo[] = [];
  protected stop: StopReason | null = null;
  /** @internal final leaf of each training row (for tests). */
  trainLeaf: Int32Array | null = null;

  /** 'classification' or 'regression': what the model file records and the loader rebuilds. */
  readonly task: Task;

  protected constructor(options: StreamOptions | undefined, task: Task) {
    this.options = resolveStreamOptions(options, task);
    this.task = task;
  }

  /** Every constructor option with its value (defaults filled in): `new Estimator(model.getParams())` is the same unfitted model. */
  getParams(): StreamOptions {
    return optionParams(STREAM_OPTIONS, this.options, this.task) as StreamOptions;
  }

  /** Changes options (validated as the constructor does) and returns this, unfitted: fit again. */
  setParams(params: StreamOptions): this {
    const o = plainObject('params', params);
    (this as { options: ResolvedStreamOptions }).options = resolveStreamOptions({ ...this.getParams(), ...o }, this.task);
    this.fitted = null;
    this.names = null;
    this.rounds = [];
    this.stop = null;
    this.trainLeaf = null;
    return this;
  }

  /** An unfitted copy with the same options (scikit-learn's clone). */
  clone(): this {
    const Ctor = this.constructor as new (options: StreamOptions) => this;
    return new Ctor(this.getParams());
  }

  /** The fitted DAG (throws before fit). */
  get graph(): StreamGraph {
    if (this.fitted === null) throw new NotFittedError(this.constructor.name);
    return this.fitted;
  }

  get isFitted(): boolean {
    return this.fitted !== null;
  }
  get nFeatures(): number {
    return this.graph.nFeatures;
  }
  get nodeCount(): number {
    return this.graph.nodeCount;
  }
  get nLeaves(): number {
    return this.graph.nLeaves;
  }
  /** Nodes with more than one parent: where merges joined branches. */
  get nMergedNodes(): number {
    return this.graph.nMergedNodes;
  }
  /** Longest root-to-leaf path, in edges. */
  get depth(): number {
    return this.graph.depth;
  }
  get featureNames(): string[] | null {
    return this.names;
  }
  /** Indices of the categorical features (the constructor option), or null. */
  get categoricalFeatures(): number[] | null {
    return this.options.categoricalFeatures === null ? null : [...this.options.categoricalFeatures];
  }
  /** One entry per split+merge round of the last fit (empty for a loaded model). */
  get history(): readonly RoundInfo[] {
    return this.rounds;
  }
  /** Why the last fit stopped (null for a loaded model). */
  get stopReason(): StopReason | null {
    return this.stop;
  }

  /**
   * Impurity-based feature importances, normalised to sum to 1 (scikit-learn's
   * `feature_importances_` over the DAG): each split's impurity decrease when it was made, summed per
   * feature; merges are not counted (see StreamGraph.featureImportances). Throws for a model loaded
   * from a file written before the gains were saved.
   */
  get featureImportances(): Float64Array {
    const imp = this.graph.featureImportances();
    if (imp === null) {
      throw new InvalidArgumentError('model', 'a model fitted or saved with split gains (refit it: this file predates them)', 'a model file without gains');
    }
    return imp;
  }

  /** Index of the leaf each row reaches. */
  apply(X: FeatureInput): Int32Array {
    const x = this.checkPredictInput(X);
    return this.graph.apply(x.data, x.rows);
  }

  /** X as rows to predict; ShapeMismatchError unless it has the fitted feature count. */
  protected checkPredictInput(X: FeatureInput): { data: Float64Array; rows: number } {
    const g = this.graph;
    // Routing reads only the features on each row's path and rejects a NaN it reads.
    const x = toRowMajor(X, 'X', false);
    if (x.cols !== g.nFeatures) throw new ShapeMismatchError(`X has ${x.cols} features but the model was fitted with ${g.nFeatures}`);
    return x;
  }

  /** Validates the fit options and X once, and builds the feature index the stream grows from. */
  protected prepare(X: FeatureInput, raw: StreamFitOptions): Pick<FitData, 'X' | 'index' | 'categorical'> {
    const fitOptions = checkStreamFitOptions(raw);
    const cm = toColumnMajor(X, 'X', FIT_CELLS_WITH_MISSING);
    // Merging by statistical tests has no rule for missing values: refuse them, suggesting imputation.
    rejectMissing(cm, 'Decision Stream');
    this.names = checkFeatureNames(fitOptions.featureNames, cm.cols);
    const categorical = new Uint8Array(cm.cols);
    for (const f of checkLevelCodes(this.options.categoricalFeatures, cm) ?? []) categorical[f] = 1;
    return { X: cm, index: buildFeatureIndex(cm), categorical };
  }

  /** Grows the stream graph from validated fit data and stores it. */
  protected grow(data: FitData): void {
    const r = growStream(data, this.options);
    this.fitted = r.graph;
    this.rounds = r.history;
    this.stop = r.stopReason;
    this.trainLeaf = r.trainLeaf;
  }

  /** Puts a fitted graph in (model loader); the key is exported by @dt/core/internal only. */
  [RESTORE](state: RestoreState<StreamGraph>): void {
    this.fitted = state.fitted;
    this.names = state.featureNames;
    this.rounds = [];
    this.stop = null;
    this.trainLeaf = null;
  }
}
