import type { ClassificationCriterion, ClassificationScanInput, SplitResult } from './types.js';
import { isCandidate } from './tolerance.js';
import { BALANCE_TIE_TOLERANCE, SCORE_TIE_TOLERANCE } from './ties.js';
import { giniImpurity } from './gini.js';

let leftBuf = new Float64Array(64);
let resultScore = 0;
let resultLeftWeight = 0;

/**
 * Breiman's twoing rule (CART, 1984), the split rule of HHCART:
 * score = (pL·pR / 4) · (Σ_c |p(c|L) − p(c|R)|)², with pL = wL/W and pR = wR/W.
 * It is not an impurity decrease, so node impurity (for reporting and pruning) is Gini.
 * Evaluated as (Σ_c |cL_c·wR − cR_c·wL|)² / (4·W²·wL·wR): O(nClasses) per candidate, no divisions
 * inside the class loop.
 */
export const twoing: ClassificationCriterion = Object.freeze({
  name: 'twoing',
  task: 'classification' as const,
  scan: scanTwoing,
  impurity: giniImpurity,
});

function scanTwoing(input: ClassificationScanInput, out: SplitResult): boolean {
  const n = input.n;
  if (n < 2) return false;
  const nClasses = input.nClasses;
  if (leftBuf.length < nClasses) leftBuf = new Float64Array(Math.max(nClasses, 2 * leftBuf.length));
  leftBuf.fill(0, 0, nClasses);
  const pos = twoingLoop(
    n,
    input.values,
    input.labels,
    input.weights,
    input.counts,
    nClasses,
    input.classWeights,
    input.totalWeight,
    input.totalCount,
    input.minSamplesLeaf,
    input.minWeightLeaf > 0 ? input.minWeightLeaf : Number.MIN_VALUE,
    leftBuf,
  );
  if (pos < 0) return false;
  out.pos = pos;
  out.score = resultScore;
  out.leftWeight = resultLeftWeight;
  return true;
}

// Own function ending in a bare return: see giniLoop.
function twoingLoop(
  n: number,
  values: Float64Array,
  labels: Int32Array,
  weights: Float64Array,
  counts: Float64Array | null,
  nClasses: number,
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
    let s = 0;
    for (let k = 0; k < nClasses; k++) {
      const a = cL[k]!;
      s += Math.abs(a * wR - (classW[k]! - a) * wL);
    }
    // wL·wR is grouped so the product commutes: mirrored splits tie exactly.
    const score = (s * s) / (norm * (wL * wR));
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
