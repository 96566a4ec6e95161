import type { ClassificationCriterion, ClassificationScanInput, SplitResult } from './types.js';
import { collectPresentClasses, presentList } from './present-classes.js';
import { isCandidate } from './tolerance.js';
import { BALANCE_TIE_TOLERANCE, SCORE_TIE_TOLERANCE } from './ties.js';

// Left class weights, reused across scans (scans are synchronous, so one buffer suffices).
let leftBuf = new Float64Array(64);
// Results of the loop besides the position (module variables: stores to them need no type feedback).
let resultProxy = 0;
let resultLeftWeight = 0;

/**
 * Gini impurity 1 − Σ_c p_c², exactly scikit-learn's `gini` node impurity.
 *
 * The scan maximises scikit-learn's proxy Σ_c cL_c²/wL + Σ_c cR_c²/wR and reports
 * score = gini(node) − (wL·gini(L) + wR·gini(R)) / W, an increasing affine map of that proxy.
 * Σc² of each side is kept incrementally (exact for integer weights), so an entry costs O(1).
 */
export const gini: ClassificationCriterion = Object.freeze({
  name: 'gini',
  task: 'classification' as const,
  symmetricImpurity: true,
  partitionScored: true,
  scan: scanGini,
  impurity: giniImpurity,
});

/** Gini impurity 1 − Σ_c p_c² of a node's class weights (p_c = weight_c / totalWeight); 0 when totalWeight is not > 0. */
export function giniImpurity(classWeights: Float64Array, nClasses: number, totalWeight: number): number {
  if (!(totalWeight > 0)) return 0;
  let sq = 0;
  for (let c = 0; c < nClasses; c++) {
    const w = classWeights[c]!;
    sq += w * w;
  }
  return 1 - sq / (totalWeight * totalWeight);
}

function scanGini(input: ClassificationScanInput, out: SplitResult): boolean {
  const n = input.n;
  if (n < 2) return false;
  const nClasses = input.nClasses;
  if (leftBuf.length < nClasses) leftBuf = new Float64Array(Math.max(nClasses, 2 * leftBuf.length));
  const classW = input.classWeights;
  const W = input.totalWeight;
  let sqTotal = 0;
  if (nClasses > n) {
    // Far more classes than entries: only the classes present are read (same sum, see present-classes.ts).
    const k = collectPresentClasses(input.labels, n, nClasses);
    for (let j = 0; j < k; j++) {
      const c = presentList[j]!;
      const t = classW[c]!;
      sqTotal += t * t;
      leftBuf[c] = 0;
    }
  } else {
    for (let c = 0; c < nClasses; c++) {
      const t = classW[c]!;
      sqTotal += t * t;
    }
    leftBuf.fill(0, 0, nClasses);
  }
  const pos = giniLoop(
    n,
    input.values,
    input.labels,
    input.weights,
    input.counts,
    classW,
    leftBuf,
    W,
    input.totalCount,
    input.minSamplesLeaf,
    // A side must also carry positive weight: scikit-learn's proxy is undefined (0/0) otherwise.
    input.minWeightLeaf > 0 ? input.minWeightLeaf : Number.MIN_VALUE,
    sqTotal,
  );
  if (pos < 0) return false;
  out.pos = pos;
  const score = (resultProxy - sqTotal / W) / W;
  out.score = score > 0 ? score : 0;
  out.leftWeight = resultLeftWeight;
  // The loop's tolerance SCORE_TIE_TOLERANCE·W on the proxy is SCORE_TIE_TOLERANCE·1 on the score.
  out.tieScale = 1;
  return true;
}

// The loop lives in its own function and ends in a bare return: the first, long scan is compiled
// on-stack, and code after the loop without type feedback would otherwise deoptimise every scan.
function giniLoop(
  n: number,
  values: Float64Array,
  labels: Int32Array,
  weights: Float64Array,
  counts: Float64Array | null,
  classW: Float64Array,
  cL: Float64Array,
  W: number,
  N: number,
  minSamples: number,
  minWeight: number,
  sqTotal: number,
): number {
  const scoreTol = SCORE_TIE_TOLERANCE * W;
  const balanceTol = BALANCE_TIE_TOLERANCE * W;
  let sqL = 0;
  let sqR = sqTotal;
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
    const a = cL[c]!;
    const b = classW[c]! - a;
    cL[c] = a + w;
    // (a+w)² − a² and (b−w)² − b²: integer-exact updates of Σc² on both sides.
    sqL += w * (a + a + w);
    sqR += w * (w - b - b);
    wL += w;
    nL += counts === null ? 1 : counts[i]!;
    // Both neighbours are read afresh (a value carried across iterations measured slower), and the
    // cheap absolute test comes first so runs of equal values skip at one compare.
    const cur = values[i]!;
    const nxt = values[i + 1]!;
    if (!isCandidate(cur, nxt, nL, wL, minSamples, minWeight)) continue;
    const wR = W - wL;
    if (N - nL < minSamples || wR < minWeight) break; // the right side only shrinks from here
    const proxy = sqL / wL + sqR / wR;
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
