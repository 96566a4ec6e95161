import type { RegressionCriterion, RegressionScanInput, SplitResult } from './types.js';
import { isCandidate } from './tolerance.js';
import { BALANCE_TIE_TOLERANCE, SCORE_TIE_TOLERANCE } from './ties.js';
import { weightedMean } from './mse.js';
import { InvalidArgumentError } from '@dt/errors';

/**
 * Sums of y at or below this are zero: scikit-learn's `EPSILON` (10·machine epsilon), which absorbs
 * the rounding of `sum_right = sum_total − sum_left`.
 */
export const POISSON_EPSILON = 10 * Number.EPSILON;

let resultProxy = 0;
let resultLeftWeight = 0;

/**
 * Half Poisson deviance (scikit-learn's `criterion='poisson'`), for counts and rates: targets ≥ 0
 * with a positive sum, predictions the leaf means.
 *
 * impurity = (1/W) Σ w·y·log(y/ȳ) — the half deviance (1/W) Σ w·(y·log(y/ȳ) − y + ȳ), whose last two
 * terms cancel at ȳ = the weighted mean (0·log 0 = 0). Splitting a node (Σw = W, Σwy = S) into sides
 * with sums sL, sR and weights wL, wR, the Σ w·y·log y terms cancel too:
 *
 *   W·(impurity(node) − (wL·impurity(L) + wR·impurity(R))/W) = sL·log(sL/wL) + sR·log(sR/wR) − S·log(S/W).
 *
 * The scan maximises the proxy sL·log(sL/wL) + sR·log(sR/wR) (scikit-learn's
 * `proxy_impurity_improvement`) and reports score = (proxy − S·log(S/W))/W. A side whose Σwy is at or
 * below {@link POISSON_EPSILON} would predict 0, where the log-likelihood of any positive count is
 * −∞: such positions are no candidates, as in scikit-learn. A node with Σwy ≤ POISSON_EPSILON has
 * impurity 0 here (every y is 0, so each term is 0·log 0); scikit-learn reports +∞ for it, a value
 * no model file can hold, and neither splits it.
 *
 * Targets are checked once at fit (checkTargets): none negative, and a positive weighted sum (the
 * deviance of a zero mean is undefined) — scikit-learn's two errors; it sums y unweighted, so a
 * fit whose positive targets all have weight 0 is refused here and grows a 0-predicting root there.
 */
export const poisson: RegressionCriterion = Object.freeze({
  name: 'poisson',
  task: 'regression' as const,
  groupedEntries: true,
  meanLeafValue: true,
  scan: scanPoisson,
  impurity: poissonImpurity,
  leafValue: weightedMean,
  checkTargets: checkPoissonTargets,
});

/** Throws unless every target is ≥ 0 and Σw·y > 0 (scikit-learn's checks for criterion='poisson'). */
export function checkPoissonTargets(targets: Float64Array, weights: Float64Array | null, n: number, argument: string): void {
  let swy = 0;
  for (let i = 0; i < n; i++) {
    const y = targets[i]!;
    if (y < 0) {
      throw new InvalidArgumentError(argument, `non-negative for Poisson regression (some value(s) of ${argument} are negative; the first at row ${i})`, y);
    }
    swy += weights === null ? y : weights[i]! * y;
  }
  if (!(swy > 0)) {
    throw new InvalidArgumentError(argument, 'a positive (weighted) sum for Poisson regression', swy);
  }
}

/**
 * Half Poisson deviance (1/W) Σ w·y·log(y/ȳ) of the first n targets (ȳ the weighted mean, 0·log 0 = 0);
 * 0 when Σw·y ≤ POISSON_EPSILON.
 */
export function poissonImpurity(targets: Float64Array, weights: Float64Array, n: number): number {
  let sw = 0;
  let swy = 0;
  for (let i = 0; i < n; i++) {
    const w = weights[i]!;
    sw += w;
    swy += w * targets[i]!;
  }
  if (!(sw > 0) || swy <= POISSON_EPSILON) return 0;
  // log y − log ȳ, not log(y/ȳ): the ratio of a tiny count to the mean can underflow to 0.
  const logMean = Math.log(swy / sw);
  let loss = 0;
  for (let i = 0; i < n; i++) {
    const y = targets[i]!;
    if (y > 0) loss += weights[i]! * y * (Math.log(y) - logMean);
  }
  const v = loss / sw;
  return v > 0 ? v : 0;
}

function scanPoisson(input: RegressionScanInput, out: SplitResult): boolean {
  const n = input.n;
  if (n < 2) return false;
  const W = input.totalWeight;
  const S = input.weightedSum;
  if (!(S > POISSON_EPSILON)) return false;
  const pos = poissonLoop(
    n,
    input.values,
    input.counts ?? null,
    input.targets,
    input.weights,
    W,
    S,
    input.minSamplesLeaf,
    input.minWeightLeaf > 0 ? input.minWeightLeaf : Number.MIN_VALUE,
  );
  if (pos < 0) return false;
  out.pos = pos;
  const score = (resultProxy - S * (Math.log(S) - Math.log(W))) / W;
  out.score = score > 0 ? score : 0;
  out.tieScale = poissonTieScale(S, W) / W; // the loop's proxy tolerance, per unit weight
  out.leftWeight = resultLeftWeight;
  return true;
}

/** The proxy is within S·|log(S/W)| + S·log(W) of its constant part: the tie tolerance's scale. */
function poissonTieScale(S: number, W: number): number {
  return Math.max(S * Math.abs(Math.log(S / W)), S, Number.MIN_VALUE);
}

// Own function ending in a bare return, like every criterion loop (see giniLoop): V8 compiles it on
// stack replacement with full type feedback.
function poissonLoop(
  n: number,
  values: Float64Array,
  counts: Float64Array | null,
  targets: Float64Array,
  weights: Float64Array,
  W: number,
  S: number,
  minSamples: number,
  minWeight: number,
): number {
  const scoreTol = SCORE_TIE_TOLERANCE * poissonTieScale(S, W);
  const balanceTol = BALANCE_TIE_TOLERANCE * W;
  let sL = 0;
  let wL = 0;
  let bestProxy = Number.NEGATIVE_INFINITY;
  let bestBalance = Number.POSITIVE_INFINITY;
  let bestPos = -1;
  let bestWL = 0;
  let nL = 0;
  let samples = 0;
  if (counts === null) samples = n;
  else for (let i = 0; i < n; i++) samples += counts[i]!;
  const last = n - 1;
  for (let i = 0; i < last; i++) {
    const w = weights[i]!;
    sL += w * targets[i]!;
    wL += w;
    nL += counts === null ? 1 : counts[i]!;
    if (!isCandidate(values[i]!, values[i + 1]!, nL, wL, minSamples, minWeight)) continue;
    const wR = W - wL;
    if (samples - nL < minSamples || wR < minWeight) break;
    const sR = S - sL;
    if (sL <= POISSON_EPSILON || sR <= POISSON_EPSILON) continue;
    const proxy = sL * (Math.log(sL) - Math.log(wL)) + sR * (Math.log(sR) - Math.log(wR));
    const balance = Math.abs(wL - wR);
    if (proxy > bestProxy + scoreTol || (proxy >= bestProxy - scoreTol && balance < bestBalance - balanceTol)) {
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
