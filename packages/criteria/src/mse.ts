import type { RegressionCriterion, RegressionScanInput, SplitResult } from './types.js';
import { isCandidate } from './tolerance.js';
import { BALANCE_TIE_TOLERANCE, SCORE_TIE_TOLERANCE } from './ties.js';

let resultProxy = 0;
let resultLeftWeight = 0;

/**
 * Squared error (scikit-learn's `squared_error`, variance reduction).
 *
 * impurity = weighted variance Σw(y − ȳ)²/W; leafValue = weighted mean.
 * The scan maximises sL²/wL + sR²/wR over targets centred on the node mean — scikit-learn's proxy
 * minus the constant (Σwy)²/W, but without its cancellation when |ȳ| ≫ σ — and reports
 * score = var(node) − (wL·var(L) + wR·var(R)) / W.
 */
export const mse: RegressionCriterion = Object.freeze({
  name: 'mse',
  task: 'regression' as const,
  partitionScored: true,
  groupedEntries: true,
  meanLeafValue: true,
  scan: scanMse,
  impurity: mseImpurity,
  leafValue: weightedMean,
});

/** Weighted mean Σ w·y / Σ w of the first n targets (MSE's leaf value); 0 when the weights sum to 0. */
export function weightedMean(targets: Float64Array, weights: Float64Array, n: number): number {
  let sw = 0;
  let swy = 0;
  for (let i = 0; i < n; i++) {
    const w = weights[i]!;
    sw += w;
    swy += w * targets[i]!;
  }
  return sw > 0 ? swy / sw : 0;
}

/** Weighted variance of the first n targets (two-pass, so exact when |mean| ≫ σ); 0 when the weights sum to 0. */
export function mseImpurity(targets: Float64Array, weights: Float64Array, n: number): number {
  let sw = 0;
  let swy = 0;
  for (let i = 0; i < n; i++) {
    const w = weights[i]!;
    sw += w;
    swy += w * targets[i]!;
  }
  if (!(sw > 0)) return 0;
  const mean = swy / sw;
  // Two passes: the one-pass E[y²] − ȳ² loses everything when |ȳ| ≫ σ.
  let ss = 0;
  let s = 0;
  for (let i = 0; i < n; i++) {
    const w = weights[i]!;
    const d = targets[i]! - mean;
    s += w * d;
    ss += w * d * d;
  }
  const v = (ss - (s * s) / sw) / sw;
  return v > 0 ? v : 0;
}

function scanMse(input: RegressionScanInput, out: SplitResult): boolean {
  const n = input.n;
  if (n < 2) return false;
  const targets = input.targets;
  const weights = input.weights;
  const W = input.totalWeight;
  const mean = input.weightedSum / W;
  centredMoments(n, targets, weights, mean);
  const total = momentSum;
  const sumSq = momentSumSq;
  const counts = input.counts ?? null;
  const pos = mseLoop(
    n,
    input.values,
    counts,
    targets,
    weights,
    W,
    input.minSamplesLeaf,
    input.minWeightLeaf > 0 ? input.minWeightLeaf : Number.MIN_VALUE,
    mean,
    total,
    sumSq,
  );
  if (pos < 0) return false;
  out.pos = pos;
  const score = (resultProxy - (total * total) / W) / W;
  out.score = score > 0 ? score : 0;
  out.tieScale = sumSq / W; // the loop's tolerance SCORE_TIE_TOLERANCE·sumSq on the proxy, per unit weight
  out.leftWeight = resultLeftWeight;
  return true;
}

let momentSum = 0;
let momentSumSq = 0;

/**
 * Σw(y − mean) and Σw(y − mean)² into momentSum/momentSumSq. The first is ~0 but kept, so rounding
 * in the mean does not bias the proxy. Own function, like every loop here: see giniLoop.
 */
function centredMoments(n: number, targets: Float64Array, weights: Float64Array, mean: number): void {
  let total = 0;
  let sumSq = 0;
  for (let i = 0; i < n; i++) {
    const w = weights[i]!;
    const d = targets[i]! - mean;
    total += w * d;
    sumSq += w * d * d;
  }
  momentSum = total;
  momentSumSq = sumSq;
}

// Own function ending in a bare return: see giniLoop.
function mseLoop(
  n: number,
  values: Float64Array,
  counts: Float64Array | null,
  targets: Float64Array,
  weights: Float64Array,
  W: number,
  minSamples: number,
  minWeight: number,
  mean: number,
  total: number,
  sumSq: number,
): number {
  // The proxy lies in [0, sumSq]: scale the tie tolerance by it.
  const scoreTol = SCORE_TIE_TOLERANCE * sumSq;
  const balanceTol = BALANCE_TIE_TOLERANCE * W;
  let sL = 0;
  let wL = 0;
  let bestProxy = Number.NEGATIVE_INFINITY;
  let bestBalance = Number.POSITIVE_INFINITY;
  let bestPos = -1;
  let bestWL = 0;
  let nL = 0;
  // Raw samples: one per entry, or the entries' counts when they are grouped.
  let samples = 0;
  if (counts === null) samples = n;
  else for (let i = 0; i < n; i++) samples += counts[i]!;
  const last = n - 1;
  for (let i = 0; i < last; i++) {
    const w = weights[i]!;
    sL += w * (targets[i]! - mean);
    wL += w;
    nL += counts === null ? 1 : counts[i]!;
    const cur = values[i]!;
    const nxt = values[i + 1]!;
    if (!isCandidate(cur, nxt, nL, wL, minSamples, minWeight)) continue;
    const wR = W - wL;
    if (samples - nL < minSamples || wR < minWeight) break;
    const sR = total - sL;
    const proxy = (sL * sL) / wL + (sR * sR) / wR;
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
