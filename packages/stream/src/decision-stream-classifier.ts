import { encodeLabels, type ClassLabel, type FeatureInput, type LabelInput } from '@dt/core';
import { ShapeMismatchError } from '@dt/errors';
import { DecisionStream, type StreamFitOptions } from './decision-stream.js';
import type { StreamOptions } from './options.js';

/**
 * Decision Stream classifier (Ignatov & Ignatov): a deep DAG grown by splitting leaves where a
 * two-sample test on their labels is significant (p < alpha) and merging leaves whose labels are
 * indistinguishable (p > alpha). Labels may be any strings or numbers.
 */
export class DecisionStreamClassifier extends DecisionStream {
  private labelSet: ClassLabel[] = [];

  constructor(options?: StreamOptions) {
    super(options);
  }

  /** Distinct training labels, in the order of predictProba's columns. */
  get classes(): ClassLabel[] {
    void this.graph;
    return [...this.labelSet];
  }

  get nClasses(): number {
    return this.labelSet.length;
  }

  fit(X: FeatureInput, y: LabelInput, fitOptions: StreamFitOptions = {}): this {
    const base = this.prepare(X, fitOptions);
    const { codes, classes } = encodeLabels(y, base.X.rows);
    this.labelSet = classes;
    this.grow({ ...base, task: 'classification', codes, nClasses: classes.length, y: null });
    return this;
  }

  /** Class probabilities per row: the class frequencies of the leaf it reaches. */
  predictProba(X: FeatureInput): number[][] {
    const flat = this.predictProbaFlat(X);
    const C = this.labelSet.length;
    const out: number[][] = new Array(flat.length / C);
    for (let r = 0; r < out.length; r++) out[r] = Array.from(flat.subarray(r * C, r * C + C));
    return out;
  }

  /** predictProba as one row-major Float64Array (rows × classes). */
  predictProbaFlat(X: FeatureInput): Float64Array {
    const leaves = this.apply(X);
    const g = this.graph;
    const C = this.labelSet.length;
    const out = new Float64Array(leaves.length * C);
    for (let r = 0; r < leaves.length; r++) {
      const base = leaves[r]! * C;
      let sum = 0;
      for (let c = 0; c < C; c++) sum += g.value[base + c]!;
      for (let c = 0; c < C; c++) out[r * C + c] = g.value[base + c]! / sum;
    }
    return out;
  }

  /** Predicted class codes (indices into `classes`); ties go to the first class. */
  predictCodes(X: FeatureInput): Int32Array {
    const leaves = this.apply(X);
    const g = this.graph;
    const C = this.labelSet.length;
    const out = new Int32Array(leaves.length);
    for (let r = 0; r < leaves.length; r++) {
      const base = leaves[r]! * C;
      let best = 0;
      for (let c = 1; c < C; c++) if (g.value[base + c]! > g.value[base + best]!) best = c;
      out[r] = best;
    }
    return out;
  }

  /** Most frequent class of the leaf each row reaches. */
  predict(X: FeatureInput): ClassLabel[] {
    const codes = this.predictCodes(X);
    return Array.from(codes, (c) => this.labelSet[c]!);
  }

  /** Accuracy on (X, y). */
  score(X: FeatureInput, y: LabelInput): number {
    const pred = this.predict(X);
    const arr = y as ArrayLike<ClassLabel>;
    if (arr.length !== pred.length) throw new ShapeMismatchError(`y has ${arr.length} labels but X has ${pred.length} rows`);
    let ok = 0;
    for (let i = 0; i < pred.length; i++) if (pred[i] === arr[i]) ok++;
    return ok / pred.length;
  }

  /** @internal used by the model loader */
  restoreClasses(classes: ClassLabel[]): void {
    this.labelSet = [...classes];
  }
}
