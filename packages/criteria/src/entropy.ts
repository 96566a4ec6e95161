import type { ClassificationCriterion, ClassificationScanInput, SplitResult } from './types.js';
import { collectPresentClasses, presentList } from './present-classes.js';
import { isCandidate } from './tolerance.js';
import { BALANCE_TIE_TOLERANCE, SCORE_TIE_TOLERANCE } from './ties.js';

// Scratch reused across scans: left class weights, cached x·ln x of both sides, dirty-class list.
let leftBuf = new Float64Array(64);
let fLeftBuf = new Float64Array(64);
let fRightBuf = new Float64Array(64);
let dirtyFlag = new Uint8Array(64);
let dirtyList = new Int32Array(64);
let resultProxy = 0;
let resultLeftWeight = 0;

/**
 * Shannon entropy −Σ_c p_c log2 p_c, exactly scikit-learn's `entropy`/`log_loss` node impurity.
 *
 * The scan maximises scikit-learn's proxy −(wL·H(L) + wR·H(R)) and reports
 * score = H(node) − (wL·H(L) + wR·H(R)) / W (bits), an increasing affine map of that proxy.
 * Logarithms are only taken at candidate positions and only for classes that moved since the last
 * candidate, so an entry costs O(1) and a candidate at most O(nClasses).
 */
export const entropy: ClassificationCriterion = Object.freeze({
  name: 'entropy',
  task: 'classification' as const,
  symmetricImpurity: true,
  partitionScored: true,
  scan: scanEntropy,
  impurity: entropyImpurity,
});

/** Shannon entropy −Σ_c p_c·log₂ p_c of a node's class weights, in bits; 0 when totalWeight is not > 0. */
export function entropyImpurity(classWeights: Float64Array, nClasses: number, totalWeight: number): number {
  if (!(totalWeight > 0)) return 0;
  let h = 0;
  for (let c = 0; c < nClasses; c++) {
    const w = classWeights[c]!;
    if (w > 0) {
      const p = w / totalWeight;
      h -= p * Math.log2(p);
    }
  }
  return h;
}

function xlnx(x: number): number {
  return x > 0 ? x * Math.log(x) : 0;
}

function scanEntropy(input: ClassificationScanInput, out: SplitResult): boolean {
  const n = input.n;
  if (n < 2) return false;
  const nClasses = input.nClasses;
  if (leftBuf.length < nClasses) {
    const size = Math.max(nClasses, 2 * leftBuf.length);
    leftBuf = new Float64Array(size);
    fLeftBuf = new Float64Array(size);
    fRightBuf = new Float64Array(size);
    dirtyFlag = new Uint8Array(size);
    dirtyList = new Int32Array(size);
  }
  const classW = input.classWeights;
  const W = input.totalWeight;
  let totalTerm = -xlnx(W);
  // Far more classes than entries: initialise and sum over the classes present only (the same
  // numbers, absent classes adding exact zeros; see present-classes.ts). -1: every class.
  const k = nClasses > n ? collectPresentClasses(input.labels, n, nClasses) : -1;
  for (let j = 0, m = k < 0 ? nClasses : k; j < m; j++) {
    const c = k < 0 ? j : presentList[j]!;
    leftBuf[c] = 0;
    fLeftBuf[c] = 0;
    dirtyFlag[c] = 0;
    const f = xlnx(classW[c]!);
    fRightBuf[c] = f;
    totalTerm += f;
  }
  const pos = entropyLoop(
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
    fLeftBuf,
    fRightBuf,
    dirtyFlag,
    dirtyList,
    k,
    presentList,
  );
  if (pos < 0) return false;
  out.pos = pos;
  const score = (resultProxy - totalTerm) / (W * Math.LN2);
  out.score = score > 0 ? score : 0;
  // The loop's tolerance SCORE_TIE_TOLERANCE·W on the proxy, in bits of score.
  out.tieScale = 1 / Math.LN2;
  out.leftWeight = resultLeftWeight;
  return true;
}

// Own function ending in a bare return: see giniLoop.
function entropyLoop(
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
  fL: Float64Array,
  fR: Float64Array,
  dirty: Uint8Array,
  dirtyClasses: Int32Array,
  nPresent: number,
  present: Int32Array,
): number {
  const scoreTol = SCORE_TIE_TOLERANCE * W;
  const balanceTol = BALANCE_TIE_TOLERANCE * W;
  let nDirty = 0;
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
    cL[c] = cL[c]! + w;
    if (dirty[c] === 0) {
      dirty[c] = 1;
      dirtyClasses[nDirty++] = c;
    }
    wL += w;
    nL += counts === null ? 1 : counts[i]!;
    const cur = values[i]!;
    const nxt = values[i + 1]!;
    if (!isCandidate(cur, nxt, nL, wL, minSamples, minWeight)) continue;
    const wR = W - wL;
    if (N - nL < minSamples || wR < minWeight) break;
    for (let k = 0; k < nDirty; k++) {
      const d = dirtyClasses[k]!;
      dirty[d] = 0;
      const a = cL[d]!;
      fL[d] = xlnx(a);
      fR[d] = xlnx(classW[d]! - a);
    }
    nDirty = 0;
    // Summing the cached terms afresh (rather than updating a running sum) keeps the proxy a
    // deterministic function of the class weights, so mirrored splits tie exactly.
    let sL = 0;
    let sR = 0;
    if (nPresent < 0) {
      for (let k = 0; k < nClasses; k++) {
        sL += fL[k]!;
        sR += fR[k]!;
      }
    } else {
      for (let j = 0; j < nPresent; j++) {
        const k = present[j]!;
        sL += fL[k]!;
        sR += fR[k]!;
      }
    }
    // −wL·H(L) in nats = Σ cL·ln cL − wL·ln wL; likewise on the right.
    const proxy = (sL - xlnx(wL)) + (sR - xlnx(wR));
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
