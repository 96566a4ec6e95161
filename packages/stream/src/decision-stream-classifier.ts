import { encodeLabels, type ClassLabel, type FeatureInput, type LabelInput } from '@dt/core';
import { accuracyScore, leafArgmax, leafProba, logProba, RESTORE, splitRows, type RestoreState } from '@dt/core/internal';
import { parseStreamModel, streamModelToJson, type StreamModelJson } from './model-format.js';
import { DecisionStream, type StreamFitOptions } from './decision-stream.js';
import type { StreamOptions } from './options.js';
import type { StreamGraph } from './stream-graph.js';

/**
 * Decision Stream classifier (Ignatov & Ignatov): a deep DAG grown by splitting leaves where a
 * two-sample test on their labels is significant (p < alpha) and merging leaves whose labels are
 * indistinguishable (p > alpha). Labels may be any strings or numbers.
 */
export class DecisionStreamClassifier extends DecisionStream {
  private labelSet: ClassLabel[] = [];

  constructor(options?: StreamOptions) {
    super(options, 'classification');
  }

  /** Distinct training labels, in the order of predictProba's columns. */
  get classes(): ClassLabel[] {
    void this.graph;
    return [...this.labelSet];
  }

  get nClasses(): number {
    return this.labelSet.length;
  }

  /** Grows the stream on X and the class labels y (errors name the argument and the bad value). */
  fit(X: FeatureInput, y: LabelInput, fitOptions: StreamFitOptions = {}): this {
    const base = this.prepare(X, fitOptions);
    const { codes, classes } = encodeLabels(y, base.X.rows);
    this.labelSet = classes;
    this.grow({ ...base, task: 'classification', codes, nClasses: classes.length, y: null });
    return this;
  }

  /** Class probabilities per row: the class frequencies of the leaf it reaches. */
  predictProba(X: FeatureInput): number[][] {
    return splitRows(this.predictProbaFlat(X), this.labelSet.length);
  }

  /** predictProba as one row-major Float64Array (rows × classes). */
  predictProbaFlat(X: FeatureInput): Float64Array {
    return leafProba(this.graph.value, this.apply(X), this.labelSet.length);
  }

  /** Predicted class codes (indices into `classes`); ties go to the first class. */
  predictCodes(X: FeatureInput): Int32Array {
    return leafArgmax(this.graph.value, this.apply(X), this.labelSet.length);
  }

  /** Most frequent class of the leaf each row reaches. */
  predict(X: FeatureInput): ClassLabel[] {
    const codes = this.predictCodes(X);
    return Array.from(codes, (c) => this.labelSet[c]!);
  }

  /** Natural log of predictProba (log 0 = -Infinity, as scikit-learn). */
  predictLogProba(X: FeatureInput): number[][] {
    return logProba(this.predictProba(X));
  }

  /** Accuracy on (X, y), weighted by sampleWeight when given. */
  score(X: FeatureInput, y: LabelInput, sampleWeight?: ArrayLike<number> | null): number {
    return accuracyScore(this.predict(X), y, sampleWeight);
  }

  /** The model file as an object: `JSON.stringify(model)` writes what loadStreamModel/fromJSON read (throws before fit). */
  toJSON(): StreamModelJson {
    return streamModelToJson(this);
  }

  /** A classifier from a dt-stream model file (JSON text or parsed object). */
  static fromJSON(json: string | unknown): DecisionStreamClassifier {
    return parseStreamModel(json, 'DecisionStreamClassifier', (_, params) => new DecisionStreamClassifier(params));
  }

  /** Same as fromJSON (ml-cart's spelling). */
  static load(json: string | unknown): DecisionStreamClassifier {
    return DecisionStreamClassifier.fromJSON(json);
  }

  override [RESTORE](state: RestoreState<StreamGraph>): void {
    super[RESTORE](state);
    this.labelSet = [...(state.classes ?? [])];
  }
}
