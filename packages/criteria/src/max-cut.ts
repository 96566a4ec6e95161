import type { ClassificationCriterion, ClassificationScanInput, SplitResult } from './types.js';
import { isCandidate } from './tolerance.js';
import { BALANCE_TIE_TOLERANCE, SCORE_TIE_TOLERANCE } from './ties.js';
import { giniImpurity } from './gini.js';

// Per-class scratch reused across scans: Σ w·x' per class, then the "rest" sums S_c and N_c.
let classSumBuf = new Float64Array(64);
let restSumBuf = new Float64Array(64);
let restWeightBuf = new Float64Array(64);
let resultCut = 0;
let resultLeftWeight = 0;

/**
 * Max-Cut (Bodine & Hochbaum): maximise the weight of the cut between the two sides, where two
 * samples of different classes are joined by an edge of weight w_i·w_k·|x_i − x_k|:
 *
 *   cut(p) = Σ_{i < p ≤ k, y_i ≠ y_k} w_i·w_k·(x_k − x_i)      (entries sorted, so x_k ≥ x_i).
 *
 * Reported score: cut(p) / W², W the node weight. It is the expected value of
 * [i left, k right, y_i ≠ y_k]·|x_i − x_k| for two samples drawn independently in proportion to
 * their weights: in the units of x, unchanged when all weights are scaled, and comparable across the
 * features or directions of one node (same W). Node impurity (reporting, pruning): Gini.
 *
 * O(n) after sorting, by the paper's appendix. Moving entry i from the right side to the left loses
 * its edges to the left and gains those to the right:
 *
 *   cut(i+1) − cut(i) = −Σ_{t<i, y_t≠y_i} w_i·w_t·(x_i − x_t) + Σ_{t>i, y_t≠y_i} w_i·w_t·(x_t − x_i)
 *                     = w_i·( Σ_{t: y_t≠y_i} w_t·x_t − x_i·Σ_{t: y_t≠y_i} w_t )
 *                     = w_i·( S_{y_i} − x_i·N_{y_i} ),
 *
 * with S_c = Σ_{t: y_t≠c} w_t·x_t and N_c = Σ_{t: y_t≠c} w_t over the WHOLE node (both sides: the
 * signs of the two sums above combine into one sum over every t ≠ i, and t = i drops out because
 * y_i = y_i). Equal values are harmless: their edges weigh |x_i − x_k| = 0 whatever the order.
 * A grouped entry (one class, one value, summed weight) is exactly the samples it stands for, since
 * edges inside it join equal classes. Values are shifted by the mid-range x0 first (the cut only sees
 * differences), so data like 1e6 + small loses no digits to cancellation in S_c − x_i·N_c; S_c and
 * N_c are summed over the other classes directly rather than as total − own, for the same reason.
 */
export const maxCut: ClassificationCriterion = Object.freeze({
  name: 'maxCut',
  task: 'classification' as const,
  valueScored: true,
  scan: scanMaxCut,
  impurity: giniImpurity,
});

function scanMaxCut(input: ClassificationScanInput, out: SplitResult): boolean {
  const n = input.n;
  if (n < 2) return false;
  const nClasses = input.nClasses;
  if (classSumBuf.length < nClasses) {
    const size = Math.max(nClasses, 2 * classSumBuf.length);
    classSumBuf = new Float64Array(size);
    restSumBuf = new Float64Array(size);
    restWeightBuf = new Float64Array(size);
  }
  const values = input.values;
  const x0 = values[0]! / 2 + values[n - 1]! / 2;
  classSumBuf.fill(0, 0, nClasses);
  classSums(n, values, input.labels, input.weights, x0, classSumBuf);
  restSums(nClasses, classSumBuf, input.classWeights, restSumBuf, restWeightBuf);
  const W = input.totalWeight;
  const pos = maxCutLoop(
    n,
    values,
    input.labels,
    input.weights,
    input.counts,
    restSumBuf,
    restWeightBuf,
    x0,
    W,
    input.totalCount,
    input.minSamplesLeaf,
    input.minWeightLeaf > 0 ? input.minWeightLeaf : Number.MIN_VALUE,
  );
  if (pos < 0) return false;
  out.pos = pos;
  const score = resultCut / (W * W);
  out.score = score > 0 ? score : 0;
  out.tieScale = 0; // Max-Cut scores have no fixed scale: the scores themselves set the tolerance
  out.leftWeight = resultLeftWeight;
  return true;
}

/** Σ w·(x − x0) per class. Own function ending in a bare return: see giniLoop. */
function classSums(
  n: number,
  values: Float64Array,
  labels: Int32Array,
  weights: Float64Array,
  x0: number,
  sums: Float64Array,
): void {
  for (let i = 0; i < n; i++) {
    const c = labels[i]!;
    sums[c] = sums[c]! + weights[i]! * (values[i]! - x0);
  }
  return;
}

/** S_c and N_c as sums over the other classes (prefix + suffix), O(nClasses), no cancellation. */
function restSums(
  nClasses: number,
  classSum: Float64Array,
  classW: Float64Array,
  restSum: Float64Array,
  restW: Float64Array,
): void {
  let s = 0;
  let w = 0;
  for (let c = 0; c < nClasses; c++) {
    restSum[c] = s;
    restW[c] = w;
    s += classSum[c]!;
    w += classW[c]!;
  }
  s = 0;
  w = 0;
  for (let c = nClasses - 1; c >= 0; c--) {
    restSum[c] = restSum[c]! + s;
    restW[c] = restW[c]! + w;
    s += classSum[c]!;
    w += classW[c]!;
  }
  return;
}

// Own function ending in a bare return: see giniLoop.
function maxCutLoop(
  n: number,
  values: Float64Array,
  labels: Int32Array,
  weights: Float64Array,
  counts: Float64Array | null,
  restSum: Float64Array,
  restW: Float64Array,
  x0: number,
  W: number,
  N: number,
  minSamples: number,
  minWeight: number,
): number {
  const balanceTol = BALANCE_TIE_TOLERANCE * W;
  let cut = 0;
  let wL = 0;
  let nL = 0;
  let bestCut = Number.NEGATIVE_INFINITY;
  let bestBalance = Number.POSITIVE_INFINITY;
  let bestPos = -1;
  let bestWL = 0;
  const last = n - 1;
  for (let i = 0; i < last; i++) {
    const c = labels[i]!;
    const w = weights[i]!;
    const cur = values[i]!;
    cut += w * (restSum[c]! - (cur - x0) * restW[c]!);
    wL += w;
    nL += counts === null ? 1 : counts[i]!;
    const nxt = values[i + 1]!;
    if (!isCandidate(cur, nxt, nL, wL, minSamples, minWeight)) continue;
    const wR = W - wL;
    if (N - nL < minSamples || wR < minWeight) break; // the right side only shrinks from here
    // Cuts have no fixed scale (weight² × units of x), so ties are relative to the larger of the two.
    const scoreTol = SCORE_TIE_TOLERANCE * (cut > bestCut ? Math.abs(cut) : Math.abs(bestCut));
    const balance = Math.abs(wL - wR);
    if (cut > bestCut + scoreTol || (cut >= bestCut - scoreTol && balance < bestBalance - balanceTol)) {
      bestCut = cut;
      bestBalance = balance;
      bestPos = i + 1;
      bestWL = wL;
    }
  }
  resultCut = bestCut;
  resultLeftWeight = bestWL;
  return bestPos;
}
