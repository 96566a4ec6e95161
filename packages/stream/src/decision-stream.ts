import { buildFeatureIndex, toColumnMajor, toRowMajor, type FeatureInput } from '@dt/core';
import { InvalidArgumentError, NotFittedError, ShapeMismatchError } from '@dt/errors';
import type { FitData } from './fit-data.js';
import { growStream, type RoundInfo, type StopReason } from './grow.js';
import { resolveStreamOptions, type ResolvedStreamOptions, type StreamOptions } from './options.js';
import type { StreamGraph } from './stream-graph.js';

export interface StreamFitOptions {
  /** Names of the features, used by exportDot and saved with the model. */
  featureNames?: readonly string[] | null;
  /**
   * Feature indices the large-data mode splits by category (one child range per level) and
   * associates by the correlation ratio. Values are the level codes. Standard mode treats every
   * feature as ordered numbers.
   */
  categoricalFeatures?: readonly number[] | null;
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

  protected constructor(options: StreamOptions | undefined) {
    this.options = resolveStreamOptions(options);
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
  get leafCount(): number {
    return this.graph.nLeaves;
  }
  /** Same as leafCount (the name @dt/core's trees use). */
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
  /** One entry per split+merge round of the last fit (empty for a loaded model). */
  get history(): readonly RoundInfo[] {
    return this.rounds;
  }
  /** Why the last fit stopped (null for a loaded model). */
  get stopReason(): StopReason | null {
    return this.stop;
  }

  /** Index of the leaf each row reaches. */
  apply(X: FeatureInput): Int32Array {
    const x = this.checkPredictInput(X);
    return this.graph.apply(x.data, x.rows);
  }

  protected checkPredictInput(X: FeatureInput): { data: Float64Array; rows: number } {
    const g = this.graph;
    // Routing reads only the features on each row's path and rejects a NaN it reads.
    const x = toRowMajor(X, 'X', false);
    if (x.cols !== g.nFeatures) throw new ShapeMismatchError(`X has ${x.cols} features but the model was fitted with ${g.nFeatures}`);
    return x;
  }

  protected prepare(X: FeatureInput, fitOptions: StreamFitOptions): Pick<FitData, 'X' | 'index' | 'categorical'> {
    const cm = toColumnMajor(X, 'X');
    const names = fitOptions.featureNames;
    if (names === undefined || names === null) this.names = null;
    else {
      if (!Array.isArray(names) || names.length !== cm.cols || names.some((s) => typeof s !== 'string')) {
        throw new ShapeMismatchError(`featureNames must be ${cm.cols} strings, got ${JSON.stringify(names).slice(0, 80)}`);
      }
      this.names = [...names];
    }
    const categorical = new Uint8Array(cm.cols);
    for (const [i, f] of (fitOptions.categoricalFeatures ?? []).entries()) {
      if (!Number.isInteger(f) || f < 0 || f >= cm.cols) {
        throw new InvalidArgumentError(`categoricalFeatures[${i}]`, `a feature index in [0, ${cm.cols})`, f);
      }
      categorical[f] = 1;
    }
    return { X: cm, index: buildFeatureIndex(cm), categorical };
  }

  protected grow(data: FitData): void {
    const r = growStream(data, this.options);
    this.fitted = r.graph;
    this.rounds = r.history;
    this.stop = r.stopReason;
    this.trainLeaf = r.trainLeaf;
  }

  /** @internal used by the model loader */
  restore(graph: StreamGraph, featureNames: string[] | null): void {
    this.fitted = graph;
    this.names = featureNames;
    this.rounds = [];
    this.stop = null;
    this.trainLeaf = null;
  }
}
