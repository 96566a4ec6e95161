import type { ClassificationCriterion, ClassificationScanInput, SplitResult } from './types.js';
import { isCandidate } from './tolerance.js';
import { BALANCE_TIE_TOLERANCE, SCORE_TIE_TOLERANCE } from './ties.js';
import { giniImpurity } from './gini.js';

let leftBuf = new Float64Array(64);
let presentBuf = new Int32Array(64);
let resultScore = 0;
let resultLeftWeight = 0;

/**
 * Breiman's twoing rule (CART, 1984), the split rule of HHCART:
 * score = (pL·pR / 4) · (Σ_c |p(c|L) − p(c|R)|)², with pL = wL/W and pR = wR/W.
 * It is not an impurity decrease, so node impurity (for reporting and pruning) is Gini.
 * Evaluated as (Σ_c |cL_c·wR − cR_c·wL|)² / (4·W²·wL·wR), no divisions inside the class loop.
 *
 * Cost per candidate: O(classes present in the node), and O(1) for candidates that provably cannot
 * reach the best score so far (see twoingLoop); the scores computed are bit for bit those of the
 * plain O(nClasses) loop, so the chosen split is the same.
 */
export const twoing: ClassificationCriterion = Object.freeze({
  name: 'twoing',
  task: 'classification' as const,
  partitionScored: true,
  scan: scanTwoing,
  impurity: giniImpurity,
  unbeatableScore: twoingUnbeatableScore,
});

function scanTwoing(input: ClassificationScanInput, out: SplitResult): boolean {
  const n = input.n;
  if (n < 2) return false;
  const nClasses = input.nClasses;
  if (leftBuf.length < nClasses) leftBuf = new Float64Array(Math.max(nClasses, 2 * leftBuf.length));
  if (presentBuf.length < nClasses) presentBuf = new Int32Array(Math.max(nClasses, 2 * presentBuf.length));
  leftBuf.fill(0, 0, nClasses);
  // Classes with no weight in the node add an exact 0 to the sum (their cL stays 0): left out.
  const classW = input.classWeights;
  let nPresent = 0;
  for (let k = 0; k < nClasses; k++) if (classW[k]! !== 0) presentBuf[nPresent++] = k;
  const pos = twoingLoop(
    n,
    input.values,
    input.labels,
    input.weights,
    input.counts,
    presentBuf,
    nPresent,
    classW,
    input.totalWeight,
    input.totalCount,
    input.minSamplesLeaf,
    input.minWeightLeaf > 0 ? input.minWeightLeaf : Number.MIN_VALUE,
    leftBuf,
  );
  if (pos < 0) return false;
  out.pos = pos;
  out.score = resultScore;
  out.tieScale = 1; // the loop compares scores within SCORE_TIE_TOLERANCE·1
  out.leftWeight = resultLeftWeight;
  return true;
}

/**
 * Own function ending in a bare return: see giniLoop.
 *
 * Skipping candidates that cannot win: with wR = W − wL, each class term |a·wR − (cw − a)·wL| equals
 * |a·W − cw·wL| in exact arithmetic, so after the left side gains weight Δ (classes' a growing by
 * Δa_k, Σ Δa_k = Δ) the sum s grows by at most Σ_k (W·Δa_k + cw_k·Δ) = 2·W·Δ. From the last candidate
 * whose s was computed (s₀ at left weight wL₀), a candidate's s is at most s₀ + 2·W·(wL − wL₀), and
 * never above 2·wL·wR (the classes fully separated). When the score this bound allows (plus a slack
 * far above the rounding of the sums) is below bestScore − scoreTol, the candidate cannot pass the
 * tie rule below, so its O(classes) sum is not computed; every candidate that is computed gets the
 * same value as before, in the same order, so the result is unchanged bit for bit.
 */
function twoingLoop(
  n: number,
  values: Float64Array,
  labels: Int32Array,
  weights: Float64Array,
  counts: Float64Array | null,
  present: Int32Array,
  nPresent: number,
  classW: Float64Array,
  W: number,
  N: number,
  minSamples: number,
  minWeight: number,
  cL: Float64Array,
): number {
  const norm = 4 * W * W;
  // The score is bounded by 1/4, so the tie tolerance is absolute.
  const scoreTol = SCORE_TIE_TOLERANCE;
  const balanceTol = BALANCE_TIE_TOLERANCE * W;
  let wL = 0;
  let nL = 0;
  let bestScore = Number.NEGATIVE_INFINITY;
  let bestBalance = Number.POSITIVE_INFINITY;
  let bestPos = -1;
  let bestWL = 0;
  // Rounding slack of the bound: every sum here is of magnitude ≤ 2·W², with ≤ n + nPresent + 8 roundings.
  const slack = 8 * (n + nPresent + 8) * Number.EPSILON * W * W;
  let s0 = 0;
  let wL0 = 0;
  const last = n - 1;
  for (let i = 0; i < last; i++) {
    const c = labels[i]!;
    const w = weights[i]!;
    cL[c] = cL[c]! + w;
    wL += w;
    nL += counts === null ? 1 : counts[i]!;
    const cur = values[i]!;
    const nxt = values[i + 1]!;
    if (!isCandidate(cur, nxt, nL, wL, minSamples, minWeight)) continue;
    const wR = W - wL;
    if (N - nL < minSamples || wR < minWeight) break;
    const wLR = wL * wR;
    if (bestPos >= 0) {
      const grown = s0 + 2 * W * (wL - wL0);
      const sMax = (grown < 2 * wLR ? grown : 2 * wLR) + slack;
      if (sMax * sMax * (1 + 1e-9) < (bestScore - scoreTol) * (norm * wLR)) continue;
    }
    let s = 0;
    for (let p = 0; p < nPresent; p++) {
      const k = present[p]!;
      const a = cL[k]!;
      s += Math.abs(a * wR - (classW[k]! - a) * wL);
    }
    s0 = s;
    wL0 = wL;
    // wL·wR is grouped so the product commutes: mirrored splits tie exactly.
    const score = (s * s) / (norm * wLR);
    const balance = Math.abs(wL - wR);
    if (
      score > bestScore + scoreTol ||
      (score >= bestScore - scoreTol && balance < bestBalance - balanceTol)
    ) {
      bestScore = score;
      bestBalance = balance;
      bestPos = i + 1;
      bestWL = wL;
    }
  }
  resultScore = bestScore;
  resultLeftWeight = bestWL;
  return bestPos;
}

/** Largest node (whole total weight) twoingUnbeatableScore answers for; see its proof. */
const UNBEATABLE_MAX_WEIGHT = 64;
/** Margin below the maximum: far above rounding (1e-16), far below the 5.8e-11 between scores. */
const UNBEATABLE_MARGIN = 1e-12;
const reachable = new Uint8Array(UNBEATABLE_MAX_WEIGHT + 1);

/**
 * The twoing score no split of a small unit-weight node can beat: max over class subsets S of
 * w_S·(W − w_S)/W², less a 1e-12 margin; Infinity for nodes above 64 samples or with fractional weights.
 *
 * Why: (1) the largest twoing score of any split is that maximum, reached by the splits that put
 * every class wholly on one side (then Σ_c |a_c·wR − b_c·wL| = 2·wL·wR, score wL·wR/W²): as a
 * function of the left counts a_c relaxed to [0, cw_c], the score (Σ|t_c|)²/(4W²·wL·wR) is a convex
 * function over a concave positive one along each coordinate, so quasi-convex, and its maximum over
 * the box is at a vertex — a class-subset split (Breiman's superclass argument). (2) With whole
 * counts every score is s²/(4W²·wL·wR) with s whole, so two different scores differ by at least
 * 1/(4W²·(W²/4)²) = 4/W⁶ ≥ 5.8e-11 for W ≤ 64, above the tie tolerance (≤ 1e-11 here: scores ≤ 1/4,
 * impurity ≤ 1) plus rounding. So a best score within the margin of the maximum is the maximum; a
 * later candidate cannot score higher, and one within the tolerance is the maximum too, with
 * wL·wR = (W² − balance²)/4 the same and so the same balance: the lower index (the best) wins.
 */
function twoingUnbeatableScore(classWeights: Float64Array, nClasses: number, W: number): number {
  if (!(W >= 2 && W <= UNBEATABLE_MAX_WEIGHT && Number.isInteger(W))) return Number.POSITIVE_INFINITY;
  const reach = reachable;
  reach.fill(0, 0, W + 1);
  reach[0] = 1;
  let sum = 0;
  for (let k = 0; k < nClasses; k++) {
    const cw = classWeights[k]!;
    if (cw === 0) continue;
    if (!(cw > 0 && Number.isInteger(cw) && sum + cw <= W)) return Number.POSITIVE_INFINITY;
    sum += cw;
    for (let s = W - cw; s >= 0; s--) if (reach[s] === 1) reach[s + cw] = 1;
  }
  if (sum !== W) return Number.POSITIVE_INFINITY;
  let best = 0;
  for (let s = 1; s < W; s++) if (reach[s] === 1 && s * (W - s) > best) best = s * (W - s);
  if (best === 0) return Number.POSITIVE_INFINITY;
  return best / (W * W) - UNBEATABLE_MARGIN;
}
