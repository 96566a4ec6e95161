import { InvalidArgumentError } from '@dt/errors';
import { checkNumbers, checkOptions, checkSampleWeight, sameLength } from './check.js';
import type { NumberArray } from './types.js';

/** Options of the regression metrics: per-sample weights. */
export interface RegressionMetricOptions {
  /** Per-sample weights (finite, >= 0, positive sum). */
  sampleWeight?: ArrayLike<number>;
}

function prepare(yTrue: NumberArray, yPred: NumberArray, options: unknown): Float64Array | undefined {
  checkNumbers('yTrue', yTrue);
  checkNumbers('yPred', yPred);
  sameLength('yTrue', yTrue, 'yPred', yPred);
  const o = checkOptions('options', options, ['sampleWeight']);
  return o.sampleWeight === undefined ? undefined : checkSampleWeight(o.sampleWeight, yTrue.length);
}

/** Mean (weighted) squared error Σ w(y − ŷ)² / Σ w. */
export function meanSquaredError(yTrue: NumberArray, yPred: NumberArray, options?: RegressionMetricOptions): number {
  const w = prepare(yTrue, yPred, options);
  let s = 0;
  let sw = 0;
  for (let i = 0; i < yTrue.length; i++) {
    const d = yTrue[i]! - yPred[i]!;
    const wi = w === undefined ? 1 : w[i]!;
    s += wi * d * d;
    sw += wi;
  }
  return s / sw;
}

/** Mean (weighted) absolute error Σ w|y − ŷ| / Σ w. */
export function meanAbsoluteError(yTrue: NumberArray, yPred: NumberArray, options?: RegressionMetricOptions): number {
  const w = prepare(yTrue, yPred, options);
  let s = 0;
  let sw = 0;
  for (let i = 0; i < yTrue.length; i++) {
    const wi = w === undefined ? 1 : w[i]!;
    s += wi * Math.abs(yTrue[i]! - yPred[i]!);
    sw += wi;
  }
  return s / sw;
}

/**
 * Coefficient of determination 1 − SS_res / SS_tot (weighted like sklearn). Needs at least 2
 * samples. Constant yTrue (SS_tot = 0) follows sklearn's `force_finite=True`: 1 for a perfect
 * prediction, else 0 — never NaN or −Infinity.
 */
export function r2Score(yTrue: NumberArray, yPred: NumberArray, options?: RegressionMetricOptions): number {
  const w = prepare(yTrue, yPred, options);
  const n = yTrue.length;
  if (n < 2) throw new InvalidArgumentError('yTrue', 'at least 2 samples for r2Score', yTrue);
  let sw = 0;
  let swy = 0;
  for (let i = 0; i < n; i++) {
    const wi = w === undefined ? 1 : w[i]!;
    sw += wi;
    swy += wi * yTrue[i]!;
  }
  const mean = swy / sw;
  let res = 0;
  let tot = 0;
  for (let i = 0; i < n; i++) {
    const wi = w === undefined ? 1 : w[i]!;
    const d = yTrue[i]! - yPred[i]!;
    const c = yTrue[i]! - mean;
    res += wi * d * d;
    tot += wi * c * c;
  }
  if (tot === 0) return res === 0 ? 1 : 0;
  return 1 - res / tot;
}

/**
 * Weighted absolute percentage error Σ w|y − ŷ| / Σ w|y| (a ratio, not ×100). Undefined when
 * Σ w|y| = 0 (all-zero targets): that throws instead of returning Infinity or NaN.
 */
export function wape(yTrue: NumberArray, yPred: NumberArray, options?: RegressionMetricOptions): number {
  const w = prepare(yTrue, yPred, options);
  let num = 0;
  let den = 0;
  for (let i = 0; i < yTrue.length; i++) {
    const wi = w === undefined ? 1 : w[i]!;
    num += wi * Math.abs(yTrue[i]! - yPred[i]!);
    den += wi * Math.abs(yTrue[i]!);
  }
  if (den === 0) {
    throw new InvalidArgumentError('yTrue', 'targets with a non-zero (weighted) sum of absolute values for wape', yTrue);
  }
  return num / den;
}
