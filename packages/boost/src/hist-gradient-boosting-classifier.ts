/**
 * HistGradientBoostingClassifier: scikit-learn 1.9.1's estimator of the same name (log_loss: one
 * tree per iteration for two classes, one per class and iteration for more), growing ordinary dt
 * Trees of raw values (log-odds, or softmax logits).
 */
import { encodeLabels } from '@dt/core';
import type { ClassLabel } from '@dt/core';
import { accuracyScore, constructLoaded, loadParams } from '@dt/core/internal';
import type { Task } from '@dt/core/internal';
import { boostFromJson } from './model-format.js';
import { InvalidArgumentError } from '@dt/errors';
import { HistGradientBoosting } from './hist-gradient-boosting.js';
import type { BoostingFitOptions } from './hist-gradient-boosting.js';
import { rawToProba } from './losses.js';
import type { BoostingOptions } from './options.js';

/**
 * scikit-learn's HistGradientBoostingClassifier (log_loss; one tree per iteration for two classes, one per class
 * for more), growing ordinary dt Trees of raw scores. Options are validated once by the constructor (InvalidArgumentError).
 */
export class HistGradientBoostingClassifier extends HistGradientBoosting {
  protected readonly task: Task = 'classification';
  protected readonly estimatorName = 'HistGradientBoostingClassifier' as const;
  private labels: ClassLabel[] = [];

  /** Reads a model file written by toJSON (a string or the parsed object), validating it. */
  static fromJSON(input: string | unknown): HistGradientBoostingClassifier {
    const s = boostFromJson(input, 'HistGradientBoostingClassifier');
    const m = constructLoaded(() => new HistGradientBoostingClassifier(loadParams(s.params, 'classification') as BoostingOptions));
    m.labels = s.classes!;
    return m.restore(s);
  }

  protected override classLabels(): ClassLabel[] | null {
    return [...this.labels];
  }

  constructor(options?: BoostingOptions) {
    super(options, 'classification');
  }

  /** The class labels, sorted (numbers ascending, then strings). */
  get classes(): ClassLabel[] {
    this.checkFitted();
    return [...this.labels];
  }

  /** Fits the trees to X (rows × features; NaN is a missing value) and class labels y. */
  fit(X: unknown, y: ArrayLike<ClassLabel> | readonly ClassLabel[], fitOptions?: BoostingFitOptions): this {
    return this.fitBoosting(X, y, fitOptions);
  }

  /** Raw predictions: rows of the log-odds of the second class (two classes) or one logit per class. */
  decisionFunction(X: unknown): Float64Array[] {
    const { raw, n } = this.raw(X);
    return rowsOf(raw, n, this.baseline.length);
  }

  /** Class probabilities per row (expit for two classes, softmax for more). */
  predictProba(X: unknown): Float64Array[] {
    const { raw, n } = this.raw(X);
    return rowsOf(rawToProba(raw, n, this.baseline.length), n, this.labels.length);
  }

  /** Class probabilities as one row-major array (rows × classes), as dt's other classifiers give them. */
  predictProbaFlat(X: unknown): Float64Array {
    const { raw, n } = this.raw(X);
    const C = this.labels.length;
    const p = rawToProba(raw, n, this.baseline.length);
    const out = new Float64Array(n * C);
    for (let i = 0; i < n; i++) for (let c = 0; c < C; c++) out[i * C + c] = p[c * n + i]!;
    return out;
  }

  /** The most probable class of each row (the first on a tie). */
  predict(X: unknown): ClassLabel[] {
    const { raw, n } = this.raw(X);
    return this.labelsOf(raw, n);
  }

  /** The raw scores per row after each iteration (scikit-learn's staged_decision_function). */
  *stagedDecisionFunction(X: unknown): Generator<Float64Array[]> {
    for (const { raw, n } of this.stagedRaw(X)) yield rowsOf(raw, n, this.baseline.length);
  }

  /** Class probabilities per row after each iteration (scikit-learn's staged_predict_proba). */
  *stagedPredictProba(X: unknown): Generator<Float64Array[]> {
    for (const { raw, n } of this.stagedRaw(X)) yield rowsOf(rawToProba(raw, n, this.baseline.length), n, this.labels.length);
  }

  /** The predicted classes after each iteration (scikit-learn's staged_predict). */
  *stagedPredict(X: unknown): Generator<ClassLabel[]> {
    for (const { raw, n } of this.stagedRaw(X)) yield this.labelsOf(raw, n);
  }

  /** Accuracy (weighted when sampleWeight is given). */
  score(X: unknown, y: ArrayLike<ClassLabel> | readonly ClassLabel[], sampleWeight?: ArrayLike<number> | null): number {
    return accuracyScore(this.predict(X), y, sampleWeight);
  }


  /** A new unfitted classifier with the same options. */
  clone(): HistGradientBoostingClassifier {
    return new HistGradientBoostingClassifier(this.getParams());
  }

  private labelsOf(raw: Float64Array, n: number): ClassLabel[] {
    const codes = argmaxCodes(raw, n, this.baseline.length);
    return Array.from(codes, (c) => this.labels[c]!);
  }

  protected encodeTargets(y: unknown, rows: number, name: string, refit: boolean): { y: Float64Array; nClasses: number } {
    if (refit) {
      const { codes, classes } = encodeLabels(y, rows);
      if (classes.length < 2) throw new InvalidArgumentError(name, 'labels of at least two classes', classes);
      this.labels = classes;
      return { y: Float64Array.from(codes), nClasses: classes.length };
    }
    const arr = y as ArrayLike<ClassLabel>;
    if (arr === null || typeof arr !== 'object' || arr.length !== rows) throw new InvalidArgumentError(name, `${rows} class labels`, y);
    const index = new Map(this.labels.map((c, k) => [c, k]));
    const out = new Float64Array(rows);
    for (let i = 0; i < rows; i++) {
      const k = index.get(arr[i]!);
      if (k === undefined) throw new InvalidArgumentError(`${name}[${i}]`, `one of the classes seen in fit (${this.labels.join(', ')})`, arr[i]);
      out[i] = k;
    }
    return { y: out, nClasses: this.labels.length };
  }

  protected override finalizeWeights(w: Float64Array | null, y: Float64Array): Float64Array | null {
    const cw = this.options.classWeight;
    if (cw === null) return w;
    const K = this.labels.length;
    const perClass = new Float64Array(K).fill(1);
    if (cw === 'balanced') {
      const counts = new Float64Array(K);
      for (const c of y) counts[c]!++;
      for (let k = 0; k < K; k++) perClass[k] = y.length / (K * counts[k]!);
    } else {
      for (const [label, weight] of Object.entries(cw)) {
        const k = this.labels.findIndex((c) => String(c) === label);
        if (k < 0) throw new InvalidArgumentError(`classWeight.${label}`, `a class seen in fit (${this.labels.join(', ')})`, weight);
        perClass[k] = weight;
      }
    }
    const out = new Float64Array(y.length);
    for (let i = 0; i < y.length; i++) out[i] = (w === null ? 1 : w[i]!) * perClass[y[i]!]!;
    return out;
  }

  protected override stratifyBy(y: Float64Array): Float64Array | null {
    return y;
  }

  protected scoreRaw(raw: Float64Array, y: Float64Array, w: Float64Array | null, n: number): number {
    const codes = argmaxCodes(raw, n, this.baseline.length);
    let ok = 0;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const wi = w === null ? 1 : w[i]!;
      total += wi;
      if (codes[i] === y[i]) ok += wi;
    }
    return ok / total;
  }
}

/** Per row, the index of the largest raw value (two classes: 1 when the log-odds are positive). */
function argmaxCodes(raw: Float64Array, n: number, K: number): Int32Array {
  const out = new Int32Array(n);
  if (K === 1) {
    for (let i = 0; i < n; i++) out[i] = raw[i]! > 0 ? 1 : 0;
    return out;
  }
  for (let i = 0; i < n; i++) {
    let best = 0;
    for (let k = 1; k < K; k++) if (raw[k * n + i]! > raw[best * n + i]!) best = k;
    out[i] = best;
  }
  return out;
}

/** Rows of a k·n + i array. */
function rowsOf(a: Float64Array, n: number, K: number): Float64Array[] {
  const out: Float64Array[] = [];
  for (let i = 0; i < n; i++) {
    const r = new Float64Array(K);
    for (let k = 0; k < K; k++) r[k] = a[k * n + i]!;
    out.push(r);
  }
  return out;
}
