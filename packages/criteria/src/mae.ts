import type { RegressionCriterion, RegressionScanInput, SplitResult } from './types.js';
import { valuesDiffer } from './tolerance.js';
import { BALANCE_TIE_TOLERANCE, SCORE_TIE_TOLERANCE } from './ties.js';

// Scratch reused across scans, grown on demand.
let sortedBuf = new Float64Array(256); // distinct targets, ascending, then centred
let rankBuf = new Int32Array(256); // rank of each sample's target among the distinct targets
let treeW = new Float64Array(257); // Fenwick tree of weights by rank
let treeS = new Float64Array(257); // Fenwick tree of w·(y − centre) by rank
let rightBuf = new Float64Array(257); // absolute error of the right part, by position
let orderBuf = new Int32Array(256);

/**
 * Absolute error (scikit-learn's `absolute_error`).
 *
 * impurity = Σw|y − median|/W (any weighted median gives the same value); leafValue = weighted
 * median with scikit-learn's convention (the smallest target whose cumulative weight exceeds W/2,
 * or the midpoint of the two bounding targets when a cumulative weight equals W/2 exactly).
 * The scan minimises AE(L) + AE(R), scikit-learn's proxy, with a Fenwick tree over target ranks
 * (one backward and one forward pass, O(n log n)) and reports
 * score = (AE(node) − AE(L) − AE(R)) / W, the decrease in weighted mean absolute deviation.
 */
export const mae: RegressionCriterion = Object.freeze({
  name: 'mae',
  task: 'regression' as const,
  partitionScored: true,
  scan: scanMae,
  impurity: maeImpurity,
  leafValue: weightedMedian,
});

function ensureCapacity(n: number): void {
  if (sortedBuf.length >= n) return;
  const size = Math.max(n, 2 * sortedBuf.length);
  sortedBuf = new Float64Array(size);
  rankBuf = new Int32Array(size);
  treeW = new Float64Array(size + 1);
  treeS = new Float64Array(size + 1);
  rightBuf = new Float64Array(size + 1);
}

/**
 * Σ w·|y − m| over the samples in the trees, m a weighted median; totalW/totalS are their weight
 * and Σw·y. Descends the trees to the longest prefix of ranks whose weight stays below half.
 */
function absoluteError(
  tw: Float64Array,
  ts: Float64Array,
  uc: Float64Array,
  nRanks: number,
  top: number,
  totalW: number,
  totalS: number,
): number {
  const half = 0.5 * totalW;
  let idx = 0;
  let cw = 0;
  let cs = 0;
  for (let step = top; step > 0; step >>= 1) {
    const j = idx + step;
    if (j <= nRanks) {
      const t = cw + tw[j]!;
      if (t < half) {
        idx = j;
        cw = t;
        cs += ts[j]!;
      }
    }
  }
  // Rank idx carries the median m: weight below m is cw < half, weight above is <= half.
  const m = uc[idx]!;
  return m * (cw + cw - totalW) + (totalS - cs - cs);
}

function scanMae(input: RegressionScanInput, out: SplitResult): boolean {
  const n = input.n;
  if (n < 2) return false;
  ensureCapacity(n);
  const targets = input.targets;
  const uc = sortedBuf;
  copyPrefix(n, targets, uc);
  uc.subarray(0, n).sort();
  const nRanks = dedupeSorted(n, uc);
  assignRanks(n, targets, uc, nRanks, rankBuf);
  // Centre on a data value: differences stay exact for integer-like targets, and small otherwise.
  shift(nRanks, uc, uc[nRanks >>> 1]!);
  let top = 1;
  while (top * 2 <= nRanks) top *= 2;
  const W = input.totalWeight;
  const minWeight = input.minWeightLeaf > 0 ? input.minWeightLeaf : Number.MIN_VALUE;
  treeW.fill(0, 0, nRanks + 1);
  treeS.fill(0, 0, nRanks + 1);
  const lastCandidate = backwardPass(
    n,
    input.values,
    input.weights,
    rankBuf,
    uc,
    nRanks,
    top,
    treeW,
    treeS,
    rightBuf,
    W,
    input.minSamplesLeaf,
    minWeight,
  );
  if (lastCandidate === 0) return false;
  // Add sample 0 to get the node's own absolute error.
  const weights = input.weights;
  const r0 = rankBuf[0]!;
  const w0 = weights[0]!;
  const d0 = uc[r0]!;
  for (let j = r0 + 1; j <= nRanks; j += j & -j) {
    treeW[j] = treeW[j]! + w0;
    treeS[j] = treeS[j]! + w0 * d0;
  }
  const aeNode = absoluteError(treeW, treeS, uc, nRanks, top, passWeight + w0, passSum + w0 * d0);
  const scale = passScale + w0 * Math.abs(d0);
  treeW.fill(0, 0, nRanks + 1);
  treeS.fill(0, 0, nRanks + 1);
  const pos = forwardPass(
    lastCandidate,
    weights,
    rankBuf,
    uc,
    nRanks,
    top,
    treeW,
    treeS,
    rightBuf,
    W,
    minWeight,
    SCORE_TIE_TOLERANCE * scale,
  );
  if (pos < 0) return false;
  out.pos = pos;
  const score = (aeNode - passError) / W;
  out.score = score > 0 ? score : 0;
  out.leftWeight = passLeftWeight;
  out.tieScale = scale / W; // the pass's error tolerance SCORE_TIE_TOLERANCE·scale, per unit weight
  return true;
}

// Every loop of the scan sits in its own function ending in a bare return: see giniLoop.

function copyPrefix(n: number, from: Float64Array, to: Float64Array): void {
  for (let i = 0; i < n; i++) to[i] = from[i]!;
}

function dedupeSorted(n: number, a: Float64Array): number {
  let m = 1;
  for (let k = 1; k < n; k++) {
    const v = a[k]!;
    if (v !== a[m - 1]) a[m++] = v;
  }
  return m;
}

function assignRanks(n: number, targets: Float64Array, sorted: Float64Array, nRanks: number, rank: Int32Array): void {
  for (let i = 0; i < n; i++) {
    const y = targets[i]!;
    let lo = 0;
    let hi = nRanks - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < y) lo = mid + 1;
      else hi = mid;
    }
    rank[i] = lo;
  }
}

function shift(m: number, a: Float64Array, by: number): void {
  for (let k = 0; k < m; k++) a[k] = a[k]! - by;
}

// Outputs of the passes besides their return value.
let passError = 0;
let passScale = 0;
let passLeftWeight = 0;
let passWeight = 0;
let passSum = 0;

/**
 * Adds samples n-1..1 to the trees; stores the absolute error of every feasible right part in
 * aeRight (NaN elsewhere), and their weight, Σw·y and Σw|y| (centred) in passWeight, passSum and
 * passScale. Returns the largest feasible position, or 0 when there is none.
 */
function backwardPass(
  n: number,
  values: Float64Array,
  weights: Float64Array,
  rank: Int32Array,
  uc: Float64Array,
  nRanks: number,
  top: number,
  tw: Float64Array,
  ts: Float64Array,
  aeRight: Float64Array,
  W: number,
  minSamples: number,
  minWeight: number,
): number {
  let scale = 0;
  let wR = 0;
  let sR = 0;
  let lastCandidate = 0;
  for (let i = n - 1; i > 0; i--) {
    const r = rank[i]!;
    const w = weights[i]!;
    const d = uc[r]!;
    const s = w * d;
    for (let j = r + 1; j <= nRanks; j += j & -j) {
      tw[j] = tw[j]! + w;
      ts[j] = ts[j]! + s;
    }
    wR += w;
    sR += s;
    scale += w * Math.abs(d);
    aeRight[i] = Number.NaN;
    if (n - i < minSamples || wR < minWeight || i < minSamples || W - wR < minWeight) continue;
    const cur = values[i - 1]!;
    const nxt = values[i]!;
    if (!valuesDiffer(cur, nxt)) continue;
    aeRight[i] = absoluteError(tw, ts, uc, nRanks, top, wR, sR);
    if (lastCandidate === 0) lastCandidate = i;
  }
  passScale = scale;
  passWeight = wR;
  passSum = sR;
  return lastCandidate;
}

/** Adds samples 0.. to the trees and picks the best position; stores its error and left weight. */
function forwardPass(
  lastCandidate: number,
  weights: Float64Array,
  rank: Int32Array,
  uc: Float64Array,
  nRanks: number,
  top: number,
  tw: Float64Array,
  ts: Float64Array,
  aeRight: Float64Array,
  W: number,
  minWeight: number,
  scoreTol: number,
): number {
  const balanceTol = BALANCE_TIE_TOLERANCE * W;
  let wL = 0;
  let sL = 0;
  let bestError = Number.POSITIVE_INFINITY;
  let bestBalance = Number.POSITIVE_INFINITY;
  let bestPos = -1;
  let bestWL = 0;
  for (let i = 0; i < lastCandidate; i++) {
    const r = rank[i]!;
    const w = weights[i]!;
    const s = w * uc[r]!;
    for (let j = r + 1; j <= nRanks; j += j & -j) {
      tw[j] = tw[j]! + w;
      ts[j] = ts[j]! + s;
    }
    wL += w;
    sL += s;
    const right = aeRight[i + 1]!;
    if (right !== right || wL < minWeight) continue;
    const error = absoluteError(tw, ts, uc, nRanks, top, wL, sL) + right;
    const balance = Math.abs(wL - (W - wL));
    if (
      error < bestError - scoreTol ||
      (error <= bestError + scoreTol && balance < bestBalance - balanceTol)
    ) {
      bestError = error;
      bestBalance = balance;
      bestPos = i + 1;
      bestWL = wL;
    }
  }
  passError = bestError;
  passLeftWeight = bestWL;
  return bestPos;
}

function sortOrder(targets: Float64Array, n: number): Int32Array {
  if (orderBuf.length < n) orderBuf = new Int32Array(Math.max(n, 2 * orderBuf.length));
  const order = orderBuf.subarray(0, n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => targets[a]! - targets[b]!);
  return order;
}

/** Weighted median with scikit-learn's convention (see `mae`); 0 when the weight is 0. */
export function weightedMedian(targets: Float64Array, weights: Float64Array, n: number): number {
  let total = 0;
  for (let i = 0; i < n; i++) total += weights[i]!;
  if (!(total > 0)) return 0;
  const order = sortOrder(targets, n);
  const half = 0.5 * total;
  let cum = 0;
  let prev = -1;
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    const w = weights[i]!;
    if (!(w > 0)) continue;
    if (cum + w > half) {
      const y = targets[i]!;
      return cum === half && prev >= 0 ? (targets[prev]! + y) / 2 : y;
    }
    cum += w;
    prev = i;
  }
  return targets[prev]!;
}

/** Weighted mean absolute deviation from the weighted median of the first n targets; 0 when the weights sum to 0. */
export function maeImpurity(targets: Float64Array, weights: Float64Array, n: number): number {
  let total = 0;
  for (let i = 0; i < n; i++) total += weights[i]!;
  if (!(total > 0)) return 0;
  const m = weightedMedian(targets, weights, n);
  let ae = 0;
  for (let i = 0; i < n; i++) ae += weights[i]! * Math.abs(targets[i]! - m);
  return ae / total;
}
