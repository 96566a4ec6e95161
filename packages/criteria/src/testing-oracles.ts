import type { ClassificationScanInput, RegressionScanInput } from './types.js';

/**
 * Brute-force references: every quantity recomputed from scratch from the entries, with the
 * textbook formulas, so they share no code (and no bugs) with the optimised scans.
 */

function classTotals(input: ClassificationScanInput, from: number, to: number): Float64Array {
  const t = new Float64Array(input.nClasses);
  for (let i = from; i < to; i++) t[input.labels[i]!] = t[input.labels[i]!]! + input.weights[i]!;
  return t;
}

function sum(a: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]!;
  return s;
}

/** scikit-learn's Gini node impurity: 1 − Σ_c (w_c/W)². */
export function referenceGini(classWeights: ArrayLike<number>, nClasses: number, totalWeight: number): number {
  if (!(totalWeight > 0)) return 0;
  let g = 1;
  for (let c = 0; c < nClasses; c++) g -= (classWeights[c]! / totalWeight) ** 2;
  return g;
}

/** scikit-learn's entropy node impurity: −Σ_c p_c log2 p_c. */
export function referenceEntropy(classWeights: ArrayLike<number>, nClasses: number, totalWeight: number): number {
  if (!(totalWeight > 0)) return 0;
  let h = 0;
  for (let c = 0; c < nClasses; c++) {
    const p = classWeights[c]! / totalWeight;
    if (p > 0) h -= p * Math.log2(p);
  }
  return h;
}

/** Misclassification impurity 1 − max_c p_c computed plainly, the reference for misclassificationImpurity. */
export function referenceMisclassification(
  classWeights: ArrayLike<number>,
  nClasses: number,
  totalWeight: number,
): number {
  if (!(totalWeight > 0)) return 0;
  let m = 0;
  for (let c = 0; c < nClasses; c++) m = Math.max(m, classWeights[c]!);
  return 1 - m / totalWeight;
}

type NodeImpurity = (classWeights: ArrayLike<number>, nClasses: number, totalWeight: number) => number;

/** impurity(node) − (wL·impurity(L) + wR·impurity(R)) / W, all from scratch. */
function decrease(impurity: NodeImpurity, input: ClassificationScanInput, pos: number): number {
  const C = input.nClasses;
  const left = classTotals(input, 0, pos);
  const right = classTotals(input, pos, input.n);
  const node = classTotals(input, 0, input.n);
  const wL = sum(left);
  const wR = sum(right);
  const W = wL + wR;
  return impurity(node, C, W) - (wL * impurity(left, C, wL) + wR * impurity(right, C, wR)) / W;
}

/** Gini decrease of the split [0, pos) | [pos, n), recomputed from scratch: the oracle for the Gini scan. */
export function giniOracle(input: ClassificationScanInput, pos: number): number {
  return decrease(referenceGini, input, pos);
}

/** Entropy decrease of the split [0, pos) | [pos, n), recomputed from scratch: the oracle for the entropy scan. */
export function entropyOracle(input: ClassificationScanInput, pos: number): number {
  return decrease(referenceEntropy, input, pos);
}

/** Misclassification decrease of the split [0, pos) | [pos, n), recomputed from scratch: the oracle for its scan. */
export function misclassificationOracle(input: ClassificationScanInput, pos: number): number {
  return decrease(referenceMisclassification, input, pos);
}

/** Breiman's twoing value (pL·pR/4)·(Σ_c |p(c|L) − p(c|R)|)². */
export function twoingOracle(input: ClassificationScanInput, pos: number): number {
  const left = classTotals(input, 0, pos);
  const right = classTotals(input, pos, input.n);
  const wL = sum(left);
  const wR = sum(right);
  const W = wL + wR;
  let d = 0;
  for (let c = 0; c < input.nClasses; c++) d += Math.abs(left[c]! / wL - right[c]! / wR);
  return ((wL / W) * (wR / W) * d * d) / 4;
}

/**
 * Max-Cut score of a split, by definition: Σ over pairs i left, k right with different classes of
 * w_i·w_k·|x_i − x_k|, divided by W². O(n²).
 */
export function maxCutOracle(input: ClassificationScanInput, pos: number): number {
  const { values, labels, weights, n } = input;
  let W = 0;
  for (let i = 0; i < n; i++) W += weights[i]!;
  let cut = 0;
  for (let i = 0; i < pos; i++) {
    for (let k = pos; k < n; k++) {
      if (labels[i] !== labels[k]) cut += weights[i]! * weights[k]! * Math.abs(values[i]! - values[k]!);
    }
  }
  return cut / (W * W);
}

/**
 * Score scale for the conformance suite's tolerances when scores have no fixed scale (Max-Cut:
 * units of x): the largest |oracle score| of the input, or 1 when every score is 0.
 */
export function largestScoreScale(_input: ClassificationScanInput, scores: readonly number[]): number {
  let m = 0;
  for (const s of scores) m = Math.max(m, Math.abs(s));
  return m > 0 ? m : 1;
}

/** Weighted variance, two-pass. */
export function referenceVariance(targets: ArrayLike<number>, weights: ArrayLike<number>, n: number): number {
  let W = 0;
  let S = 0;
  for (let i = 0; i < n; i++) {
    W += weights[i]!;
    S += weights[i]! * targets[i]!;
  }
  if (!(W > 0)) return 0;
  const mean = S / W;
  let v = 0;
  for (let i = 0; i < n; i++) v += weights[i]! * (targets[i]! - mean) ** 2;
  return v / W;
}

/** min over m of Σ w|y − m| (the minimum sits on a target), by trying every target: O(n²). */
function minAbsoluteError(targets: ArrayLike<number>, weights: ArrayLike<number>, from: number, to: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let k = from; k < to; k++) {
    const m = targets[k]!;
    let e = 0;
    for (let i = from; i < to; i++) e += weights[i]! * Math.abs(targets[i]! - m);
    if (e < best) best = e;
  }
  return to > from ? best : 0;
}

/** Weighted mean absolute deviation from a weighted median, O(n²). */
export function referenceMeanAbsoluteDeviation(
  targets: ArrayLike<number>,
  weights: ArrayLike<number>,
  n: number,
): number {
  const W = sum(Array.from({ length: n }, (_, i) => weights[i]!));
  return W > 0 ? minAbsoluteError(targets, weights, 0, n) / W : 0;
}

/**
 * scikit-learn's weighted median: sort by target; the first target whose cumulative weight exceeds
 * half the total, or the midpoint with the previous target when the cumulative weight before it is
 * exactly half.
 */
export function referenceWeightedMedian(targets: ArrayLike<number>, weights: ArrayLike<number>, n: number): number {
  const idx = Array.from({ length: n }, (_, i) => i)
    .filter((i) => weights[i]! > 0)
    .sort((a, b) => targets[a]! - targets[b]!);
  if (idx.length === 0) return 0;
  const half = sum(idx.map((i) => weights[i]!)) / 2;
  let cum = 0;
  for (let k = 0; k < idx.length; k++) {
    const w = weights[idx[k]!]!;
    if (cum + w > half) return k > 0 && cum === half ? (targets[idx[k - 1]!]! + targets[idx[k]!]!) / 2 : targets[idx[k]!]!;
    cum += w;
  }
  return targets[idx[idx.length - 1]!]!;
}

function sideSums(input: RegressionScanInput, from: number, to: number): { w: number; sse: number } {
  let w = 0;
  let s = 0;
  for (let i = from; i < to; i++) {
    w += input.weights[i]!;
    s += input.weights[i]! * input.targets[i]!;
  }
  const mean = w > 0 ? s / w : 0;
  let sse = 0;
  for (let i = from; i < to; i++) sse += input.weights[i]! * (input.targets[i]! - mean) ** 2;
  return { w, sse };
}

/** var(node) − (wL·var(L) + wR·var(R)) / W, from scratch. */
export function mseOracle(input: RegressionScanInput, pos: number): number {
  const node = sideSums(input, 0, input.n);
  const left = sideSums(input, 0, pos);
  const right = sideSums(input, pos, input.n);
  return (node.sse - left.sse - right.sse) / node.w;
}

/** (AE(node) − AE(L) − AE(R)) / W with every absolute error minimised by brute force: O(n²). */
export function maeOracle(input: RegressionScanInput, pos: number): number {
  const { targets, weights, n } = input;
  let W = 0;
  for (let i = 0; i < n; i++) W += weights[i]!;
  const node = minAbsoluteError(targets, weights, 0, n);
  return (node - minAbsoluteError(targets, weights, 0, pos) - minAbsoluteError(targets, weights, pos, n)) / W;
}
