import { InvalidArgumentError, oneOf } from '@dt/errors';
import { checkLabelPair, checkLabels, checkOptions, checkSampleWeight } from './check.js';
import type { LabelKind } from './check.js';
import { classTotals, encodeLabels } from './encode-labels.js';
import type { Label, Labels } from './types.js';

/** How per-class scores are combined: 'binary' (the positive class only), 'macro' (plain mean), 'weighted' (by support) or 'micro' (global counts), as sklearn's `average`. */
export type Average = 'binary' | 'macro' | 'weighted' | 'micro';
export const AVERAGES: readonly Average[] = ['binary', 'macro', 'weighted', 'micro'];

/** Options of precision, recall and f1: averaging, positive class, labels and sample weights. */
export interface PrecisionRecallOptions {
  /**
   * How per-class scores combine (default `'binary'`, as in sklearn):
   * - `'binary'`: the score of the positive class `posLabel` only; at most 2 distinct labels allowed.
   * - `'macro'`: unweighted mean over classes.
   * - `'weighted'`: mean weighted by each class's (weighted) true count.
   * - `'micro'`: from the summed true-positive / predicted / true totals.
   */
  average?: Average;
  /**
   * The positive class for `average: 'binary'`. Default `1` for numeric labels, exactly like
   * sklearn's `pos_label=1`; string labels have no default and must name it. It must be one of the
   * labels present when two labels are present. Not allowed with other averages.
   */
  posLabel?: Label;
  /**
   * For non-binary averages: the classes to score, in this order (absent classes count with zero
   * totals; classes left out are ignored in the average), like sklearn's `labels`.
   */
  labels?: readonly Label[];
  /** Per-sample weights (finite, >= 0, positive sum). */
  sampleWeight?: ArrayLike<number>;
}

/** Options of fBeta: those of precision/recall plus `beta` (recall is beta times as important as precision). */
export interface FBetaOptions extends PrecisionRecallOptions {
  /** Recall weight: F_beta = (1 + β²)·P·R / (β²·P + R). Finite, >= 0 (0 gives precision). */
  beta: number;
}

/** Per-class scores for the selected classes, in selection order. */
export interface PerClassScores {
  readonly labels: Label[];
  readonly precision: Float64Array;
  readonly recall: Float64Array;
  readonly f: Float64Array;
  /** (Weighted) count of true samples of each class. */
  readonly support: Float64Array;
  /** (Weighted) count of predicted samples of each class. */
  readonly predicted: Float64Array;
  readonly truePositive: Float64Array;
}

const PR_KEYS = ['average', 'posLabel', 'labels', 'sampleWeight'];

// zero_division=0: a ratio with a zero denominator is 0, never NaN (sklearn's default value).
function ratio(num: number, den: number): number {
  return den === 0 ? 0 : num / den;
}

function fScore(p: number, r: number, beta2: number): number {
  // sklearn's formula and operation order, so results agree to the last bits.
  const denom = beta2 * p + r;
  return ((1 + beta2) * p * r) / (denom === 0 ? 1 : denom);
}

function checkLabelList(name: string, labels: unknown, kind: LabelKind): Label[] {
  const k = checkLabels(name, labels);
  if (k !== kind) throw new InvalidArgumentError(name, `${kind} labels like yTrue`, labels);
  const list = Array.from(labels as ArrayLike<Label>);
  const seen = new Set<Label>();
  for (let i = 0; i < list.length; i++) {
    if (seen.has(list[i]!)) throw new InvalidArgumentError(`${name}[${i}]`, 'a label not already listed', list[i]);
    seen.add(list[i]!);
  }
  return list;
}

interface Prepared {
  readonly scores: PerClassScores;
  readonly average: Average;
}

/** Shared core: validates, encodes and computes per-class scores for the selected classes. */
export function prepareScores(
  yTrue: Labels,
  yPred: Labels,
  options: unknown,
  beta: number,
  extraKeys: readonly string[] = [],
): Prepared {
  const kind = checkLabelPair(yTrue, yPred);
  const o = checkOptions('options', options, [...PR_KEYS, ...extraKeys]);
  const average = oneOf('options.average', o.average ?? 'binary', AVERAGES);
  const w = o.sampleWeight === undefined ? undefined : checkSampleWeight(o.sampleWeight, yTrue.length);
  let labelList: Label[] | undefined;
  if (o.labels !== undefined) {
    if (average === 'binary') {
      throw new InvalidArgumentError('options.labels', 'omitted when average is "binary" (use posLabel)', o.labels);
    }
    labelList = checkLabelList('options.labels', o.labels, kind);
  }
  const enc = encodeLabels(labelList === undefined ? [yTrue, yPred] : [yTrue, yPred, labelList]);
  const [t, p] = enc.codes as [Int32Array, Int32Array];
  const totals = classTotals(t, p, enc.classes.length, w);

  let selected: Label[];
  if (average === 'binary') {
    selected = [binaryPositive(kind, o.posLabel, enc.classes)];
  } else {
    if (o.posLabel !== undefined) {
      throw new InvalidArgumentError('options.posLabel', 'omitted unless average is "binary"', o.posLabel);
    }
    selected = labelList ?? enc.classes;
  }
  const m = selected.length;
  const precision = new Float64Array(m);
  const recall = new Float64Array(m);
  const f = new Float64Array(m);
  const support = new Float64Array(m);
  const predicted = new Float64Array(m);
  const truePositive = new Float64Array(m);
  const beta2 = beta * beta;
  for (let j = 0; j < m; j++) {
    const c = enc.index.get(selected[j]!);
    // A positive label absent from both arrays: all totals are zero.
    const tp = c === undefined ? 0 : totals.tp[c]!;
    const pr = c === undefined ? 0 : totals.pred[c]!;
    const tr = c === undefined ? 0 : totals.true[c]!;
    truePositive[j] = tp;
    predicted[j] = pr;
    support[j] = tr;
    precision[j] = ratio(tp, pr);
    recall[j] = ratio(tp, tr);
    f[j] = fScore(precision[j]!, recall[j]!, beta2);
  }
  return { scores: { labels: selected, precision, recall, f, support, predicted, truePositive }, average };
}

function binaryPositive(kind: LabelKind, posLabel: unknown, present: readonly Label[]): Label {
  if (present.length > 2) {
    throw new InvalidArgumentError(
      'options.average',
      `"macro", "weighted" or "micro" for ${present.length} classes ("binary" needs at most 2)`,
      'binary',
    );
  }
  let pos: Label;
  if (posLabel === undefined) {
    if (kind === 'string') {
      throw new InvalidArgumentError(
        'options.posLabel',
        `given for string labels with average "binary" (one of ${present.map((l) => JSON.stringify(l)).join(', ')})`,
        posLabel,
      );
    }
    pos = 1;
  } else if ((typeof posLabel === 'string' && kind === 'string') || (typeof posLabel === 'number' && Number.isFinite(posLabel) && kind === 'number')) {
    pos = posLabel;
  } else {
    throw new InvalidArgumentError('options.posLabel', `a ${kind} label like yTrue`, posLabel);
  }
  if (present.length === 2 && !present.includes(pos)) {
    throw new InvalidArgumentError(
      'options.posLabel',
      `one of the labels present (${present.map((l) => JSON.stringify(l)).join(', ')})`,
      pos,
    );
  }
  return pos;
}

export interface Averaged {
  readonly precision: number;
  readonly recall: number;
  readonly f: number;
}

/** Combines per-class scores by `average` (sklearn's rules, zero_division=0). */
export function averageScores(s: PerClassScores, average: Average, beta: number): Averaged {
  const m = s.labels.length;
  if (average === 'binary') return { precision: s.precision[0]!, recall: s.recall[0]!, f: s.f[0]! };
  if (average === 'micro') {
    let tp = 0;
    let pr = 0;
    let tr = 0;
    for (let j = 0; j < m; j++) {
      tp += s.truePositive[j]!;
      pr += s.predicted[j]!;
      tr += s.support[j]!;
    }
    const p = ratio(tp, pr);
    const r = ratio(tp, tr);
    return { precision: p, recall: r, f: fScore(p, r, beta * beta) };
  }
  if (average === 'weighted') {
    let total = 0;
    for (let j = 0; j < m; j++) total += s.support[j]!;
    // No true samples in the selected classes: sklearn's zero_division value for all three.
    if (total === 0) return { precision: 0, recall: 0, f: 0 };
    let p = 0;
    let r = 0;
    let f = 0;
    for (let j = 0; j < m; j++) {
      const wj = s.support[j]!;
      p += wj * s.precision[j]!;
      r += wj * s.recall[j]!;
      f += wj * s.f[j]!;
    }
    return { precision: p / total, recall: r / total, f: f / total };
  }
  let p = 0;
  let r = 0;
  let f = 0;
  for (let j = 0; j < m; j++) {
    p += s.precision[j]!;
    r += s.recall[j]!;
    f += s.f[j]!;
  }
  return { precision: p / m, recall: r / m, f: f / m };
}

function checkBeta(beta: unknown): number {
  if (typeof beta !== 'number' || !Number.isFinite(beta) || beta < 0) {
    throw new InvalidArgumentError('options.beta', 'a finite number >= 0', beta);
  }
  return beta;
}

/**
 * Precision tp / (tp + fp). With no predicted samples of a class the ratio is 0 (sklearn's
 * `zero_division=0`), never NaN.
 */
export function precision(yTrue: Labels, yPred: Labels, options?: PrecisionRecallOptions): number {
  const { scores, average } = prepareScores(yTrue, yPred, options, 1);
  return averageScores(scores, average, 1).precision;
}

/** Recall tp / (tp + fn); 0 for a class with no true samples (`zero_division=0`). */
export function recall(yTrue: Labels, yPred: Labels, options?: PrecisionRecallOptions): number {
  const { scores, average } = prepareScores(yTrue, yPred, options, 1);
  return averageScores(scores, average, 1).recall;
}

/** F-beta score; 0 when precision and recall are both 0. `options.beta` is required. */
export function fBeta(yTrue: Labels, yPred: Labels, options: FBetaOptions): number {
  if (options === undefined || options === null || typeof options !== 'object') {
    throw new InvalidArgumentError('options', 'an options object with beta', options);
  }
  const beta = checkBeta(options.beta);
  const { scores, average } = prepareScores(yTrue, yPred, options, beta, ['beta']);
  return averageScores(scores, average, beta).f;
}

/** F1 score: the harmonic mean of precision and recall (fBeta with β = 1). */
export function f1(yTrue: Labels, yPred: Labels, options?: PrecisionRecallOptions): number {
  const { scores, average } = prepareScores(yTrue, yPred, options, 1);
  return averageScores(scores, average, 1).f;
}
