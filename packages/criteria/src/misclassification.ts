import type { ClassificationCriterion, ClassificationScanInput, SplitResult } from './types.js';
import { isCandidate } from './tolerance.js';
import { BALANCE_TIE_TOLERANCE, SCORE_TIE_TOLERANCE } from './ties.js';

let leftBuf = new Float64Array(64);
let resultProxy = 0;
let resultLeftWeight = 0;

/**
 * Misclassification error 1 − max_c p_c.
 *
 * The scan maximises the weight classified correctly by the two children, maxL + maxR, and reports
 * score = err(node) − (wL·err(L) + wR·err(R)) / W = (maxL + maxR − max_c classWeight_c) / W.
 * The left maximum only grows; the right maximum is recomputed (O(nClasses)) only when the class
 * holding it lost weight since the last candidate.
 */
export const misclassification: ClassificationCriterion = Object.freeze({
  name: 'misclassification',
  task: 'classification' as const,
  symmetricImpurity: true,
  partitionScored: true,
  scan: scanMisclassification,
  impurity: misclassificationImpurity,
});

/** Misclassification impurity 1 − max_c p_c of a node's class weights; 0 when totalWeight is not > 0. */
export function misclassificationImpurity(
  classWeights: Float64Array,
  nClasses: number,
  totalWeight: number,
): number {
  if (!(totalWeight > 0)) return 0;
  let max = 0;
  for (let c = 0; c < nClasses; c++) {
    const w = classWeights[c]!;
    if (w > max) max = w;
  }
  return 1 - max / totalWeight;
}

function scanMisclassification(input: ClassificationScanInput, out: SplitResult): boolean {
  const n = input.n;
  if (n < 2) return false;
  const nClasses = input.nClasses;
  if (leftBuf.length < nClasses) leftBuf = new Float64Array(Math.max(nClasses, 2 * leftBuf.length));
  leftBuf.fill(0, 0, nClasses);
  const classW = input.classWeights;
  const W = input.totalWeight;
  let maxTotal = 0;
  let argMax = 0;
  for (let c = 0; c < nClasses; c++) {
    const t = classW[c]!;
    if (t > maxTotal) {
      maxTotal = t;
      argMax = c;
    }
  }
  const pos = misclassificationLoop(
    n,
    input.values,
    input.labels,
    input.weights,
    input.counts,
    nClasses,
    classW,
    W,
    input.totalCount,
    input.minSamplesLeaf,
    input.minWeightLeaf > 0 ? input.minWeightLeaf : Number.MIN_VALUE,
    leftBuf,
    maxTotal,
    argMax,
  );
  if (pos < 0) return false;
  out.pos = pos;
  const score = (resultProxy - maxTotal) / W;
  out.score = score > 0 ? score : 0;
  // The loop's tolerance SCORE_TIE_TOLERANCE·W on the proxy is SCORE_TIE_TOLERANCE·1 on the score.
  out.tieScale = 1;
  out.leftWeight = resultLeftWeight;
  return true;
}

// Own function ending in a bare return: see giniLoop.
function misclassificationLoop(
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
  maxTotal: number,
  argMax: number,
): number {
  const scoreTol = SCORE_TIE_TOLERANCE * W;
  const balanceTol = BALANCE_TIE_TOLERANCE * W;
  let maxL = 0;
  let maxR = maxTotal;
  let argMaxR = argMax;
  let staleR = false;
  let wL = 0;
  let nL = 0;
  let bestProxy = Number.NEGATIVE_INFINITY;
  let bestBalance = Number.POSITIVE_INFINITY;
  let bestPos = -1;
  let bestWL = 0;
  const last = n - 1;
  for (let i = 0; i < last; i++) {
    const c = labels[i]!;
    const w = weights[i]!;
    const a = cL[c]! + w;
    cL[c] = a;
    if (a > maxL) maxL = a;
    if (c === argMaxR) staleR = true;
    wL += w;
    nL += counts === null ? 1 : counts[i]!;
    const cur = values[i]!;
    const nxt = values[i + 1]!;
    if (!isCandidate(cur, nxt, nL, wL, minSamples, minWeight)) continue;
    const wR = W - wL;
    if (N - nL < minSamples || wR < minWeight) break;
    if (staleR) {
      maxR = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < nClasses; k++) {
        const r = classW[k]! - cL[k]!;
        if (r > maxR) {
          maxR = r;
          argMaxR = k;
        }
      }
      staleR = false;
    }
    const proxy = maxL + maxR;
    const balance = Math.abs(wL - wR);
    if (
      proxy > bestProxy + scoreTol ||
      (proxy >= bestProxy - scoreTol && balance < bestBalance - balanceTol)
    ) {
      bestProxy = proxy;
      bestBalance = balance;
      bestPos = i + 1;
      bestWL = wL;
    }
  }
  resultProxy = bestProxy;
  resultLeftWeight = bestWL;
  return bestPos;
}
