import { InvalidArgumentError, oneOf } from '@dt/errors';
import { checkLabels, checkOptions, checkSampleWeight } from './check.js';
import { checkProbabilityRows, checkScoreMatrix, resolveClasses } from './score-matrix.js';
import type { ScoreMatrix } from './score-matrix.js';
import type { Label, Labels, NumberArray } from './types.js';

/** Options of rocAuc (scikit-learn roc_auc_score). */
export interface RocAucOptions {
  /** Multiclass strategy (required with more than two classes, as sklearn's `multi_class`). */
  multiClass?: 'ovr' | 'ovo';
  /** How per-class (ovr) or per-pair (ovo) AUCs are averaged: 'macro' (default) or by prevalence. */
  average?: 'macro' | 'weighted';
  /** The classes of yScore's columns, ascending (multiclass only; default: yTrue's sorted labels). */
  labels?: readonly Label[];
  /** Per-sample weights (finite, >= 0, positive sum); not with 'ovo', as sklearn. */
  sampleWeight?: ArrayLike<number>;
}

/**
 * Area under the ROC curve of one binary problem, ties exact: samples sorted by score, each group of
 * equal scores is one step of the curve, so a tied positive–negative pair counts ½ — the trapezoid
 * of sklearn's `roc_curve`, equal to the (weighted) Mann–Whitney U / (P·N). `positive[i]` marks the
 * positive samples; `col`/`stride` pick the score column from the row-major matrix. Rows with
 * `member[i] === 0` are left out (ovo pairs). Throws when either class has no weight.
 */
function binaryAuc(
  positive: Uint8Array,
  member: Uint8Array | null,
  m: ScoreMatrix,
  col: number,
  w: Float64Array | undefined,
  what: string,
): number {
  const n = positive.length;
  const order: number[] = [];
  for (let i = 0; i < n; i++) if (member === null || member[i] === 1) order.push(i);
  const s = (i: number): number => m.data[i * m.cols + col]!;
  order.sort((a, b) => s(b) - s(a));
  let tp = 0;
  let fp = 0;
  let area = 0;
  for (let g = 0; g < order.length; ) {
    const v = s(order[g]!);
    let dtp = 0;
    let dfp = 0;
    for (; g < order.length && s(order[g]!) === v; g++) {
      const i = order[g]!;
      const wi = w === undefined ? 1 : w[i]!;
      if (positive[i] === 1) dtp += wi;
      else dfp += wi;
    }
    area += dfp * (tp + dtp / 2);
    tp += dtp;
    fp += dfp;
  }
  if (!(tp > 0) || !(fp > 0)) {
    throw new InvalidArgumentError('yTrue', `both classes of ${what} present with positive weight (ROC AUC is undefined with one; sklearn returns NaN)`, tp > 0 ? 'only negatives' : 'only positives');
  }
  return area / (tp * fp);
}

/**
 * scikit-learn's `roc_auc_score`. Binary: `yScore` is the score of the greater label (1-D), or
 * predictProba's two columns (column 1 is used, as sklearn's `roc_auc` scorer does); the positive
 * class is the greater of yTrue's two labels. Multiclass (2-D scores with one probability column per
 * class, rows summing to 1): `multiClass: 'ovr'` averages each class against the rest, `'ovo'`
 * (Hand & Till) averages each pair's two one-against-one AUCs over the pairs; `average: 'weighted'`
 * weights by class prevalence (ovr, with sample weights) or by the pair's share of samples (ovo).
 * Tied scores count ½ exactly (see binaryAuc). An AUC without both classes present is an error,
 * where sklearn 1.9 returns NaN with a warning.
 */
export function rocAuc(yTrue: Labels, yScore: NumberArray | readonly (readonly number[])[], options?: RocAucOptions): number {
  const kind = checkLabels('yTrue', yTrue);
  const n = yTrue.length;
  const o = checkOptions('options', options, ['multiClass', 'average', 'labels', 'sampleWeight']);
  const w = o.sampleWeight === undefined ? undefined : checkSampleWeight(o.sampleWeight, n);
  const average = o.average === undefined ? 'macro' : oneOf('options.average', o.average, ['macro', 'weighted'] as const);
  const m = checkScoreMatrix('yScore', yScore, n);

  if (m.cols <= 2) {
    // Binary: yTrue's two labels (sklearn decides binary from y_true and a score of <= 2 columns).
    for (const key of ['labels', 'multiClass'] as const) {
      if (o[key] !== undefined) throw new InvalidArgumentError(`options.${key}`, 'omitted for binary scores (the positive class is the greater label)', o[key]);
    }
    const { classes, codes } = resolveClasses(yTrue, kind, undefined);
    if (classes.length !== 2) {
      throw new InvalidArgumentError('yTrue', `two classes for binary scores (${classes.length === 1 ? 'one class: ROC AUC is undefined' : `${classes.length} classes need one probability column per class and options.multiClass`})`, classes.length);
    }
    const positive = new Uint8Array(n);
    for (let i = 0; i < n; i++) positive[i] = codes[i]!;
    return binaryAuc(positive, null, m, m.cols - 1, w, 'yTrue');
  }

  if (o.multiClass === undefined) throw new InvalidArgumentError('options.multiClass', "'ovr' or 'ovo' for multiclass scores (as sklearn's multi_class)", undefined);
  const strategy = oneOf('options.multiClass', o.multiClass, ['ovr', 'ovo'] as const);
  if (strategy === 'ovo' && w !== undefined) throw new InvalidArgumentError('options.sampleWeight', "omitted with multiClass 'ovo' (sklearn does not support it)", 'given');
  checkProbabilityRows('yScore', m, n);
  const { classes, codes } = resolveClasses(yTrue, kind, o.labels);
  if (classes.length !== m.cols) {
    throw new InvalidArgumentError('yScore', `one column per class (${classes.length}: ${classes.map((c) => JSON.stringify(c)).join(', ')})${o.labels === undefined ? '; pass options.labels when yTrue lacks a class' : ''}`, `${m.cols} columns`);
  }
  const C = classes.length;
  const positive = new Uint8Array(n);
  if (strategy === 'ovr') {
    let sum = 0;
    let total = 0;
    for (let c = 0; c < C; c++) {
      let prevalence = 0;
      for (let i = 0; i < n; i++) {
        positive[i] = codes[i] === c ? 1 : 0;
        if (positive[i] === 1) prevalence += w === undefined ? 1 : w[i]!;
      }
      const weight = average === 'macro' ? 1 : prevalence;
      sum += weight * binaryAuc(positive, null, m, c, w, `class ${JSON.stringify(classes[c])} against the rest`);
      total += weight;
    }
    return sum / total;
  }
  const member = new Uint8Array(n);
  let sum = 0;
  let total = 0;
  for (let a = 0; a < C; a++) {
    for (let b = a + 1; b < C; b++) {
      let size = 0;
      for (let i = 0; i < n; i++) {
        member[i] = codes[i] === a || codes[i] === b ? 1 : 0;
        size += member[i]!;
      }
      const what = `the pair ${JSON.stringify(classes[a])}, ${JSON.stringify(classes[b])}`;
      for (let i = 0; i < n; i++) positive[i] = codes[i] === a ? 1 : 0;
      const aucA = binaryAuc(positive, member, m, a, undefined, what);
      for (let i = 0; i < n; i++) positive[i] = codes[i] === b ? 1 : 0;
      const aucB = binaryAuc(positive, member, m, b, undefined, what);
      const weight = average === 'macro' ? 1 : size / n;
      sum += weight * ((aucA + aucB) / 2);
      total += weight;
    }
  }
  return sum / total;
}
