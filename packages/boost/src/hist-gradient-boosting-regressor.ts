/**
 * HistGradientBoostingRegressor: scikit-learn 1.9.1's estimator of the same name (losses
 * squared_error, absolute_error, quantile, poisson, gamma), growing ordinary dt Trees.
 */
import { constructLoaded, loadParams, toSampleWeight, toTargets } from '@dt/core/internal';
import { boostFromJson } from './model-format.js';
import type { Task } from '@dt/core/internal';
import { InvalidArgumentError } from '@dt/errors';
import { HistGradientBoosting } from './hist-gradient-boosting.js';
import type { BoostingFitOptions } from './hist-gradient-boosting.js';
import type { BoostingOptions } from './options.js';

/** Options of the regressor (classWeight is the classifier's). */
export type RegressorBoostingOptions = Omit<BoostingOptions, 'classWeight'>;

/**
 * scikit-learn's HistGradientBoostingRegressor (squared_error, absolute_error, quantile, poisson, gamma), growing
 * ordinary dt Trees. Options are validated once by the constructor (InvalidArgumentError).
 */
export class HistGradientBoostingRegressor extends HistGradientBoosting {
  protected readonly task: Task = 'regression';
  protected readonly estimatorName = 'HistGradientBoostingRegressor' as const;

  /** Reads a model file written by toJSON (a string or the parsed object), validating it. */
  static fromJSON(input: string | unknown): HistGradientBoostingRegressor {
    const s = boostFromJson(input, 'HistGradientBoostingRegressor');
    return constructLoaded(() => new HistGradientBoostingRegressor(loadParams(s.params, 'regression') as RegressorBoostingOptions)).restore(s);
  }

  constructor(options?: RegressorBoostingOptions) {
    super(options, 'regression');
  }

  /** Fits the trees to X (rows × features; NaN is a missing value) and targets y. */
  fit(X: unknown, y: ArrayLike<number>, fitOptions?: BoostingFitOptions): this {
    return this.fitBoosting(X, y, fitOptions);
  }

  /** Predictions (exp of the raw sum for poisson and gamma, else the raw sum). */
  predict(X: unknown): Float64Array {
    const { raw } = this.raw(X);
    return this.inverseLink(raw);
  }

  /** Predictions after each iteration. */
  *stagedPredict(X: unknown): Generator<Float64Array> {
    for (const { raw } of this.stagedRaw(X)) yield this.inverseLink(raw);
  }

  /** R² of the predictions (weighted when sampleWeight is given). */
  score(X: unknown, y: ArrayLike<number>, sampleWeight?: ArrayLike<number> | null): number {
    const p = this.predict(X);
    return r2(p, toTargets(y, p.length), toSampleWeight(sampleWeight, p.length));
  }

  /** A new unfitted regressor with the same options. */
  clone(): HistGradientBoostingRegressor {
    return new HistGradientBoostingRegressor(this.getParams());
  }

  private inverseLink(raw: Float64Array): Float64Array {
    const loss = this.options.loss;
    if (loss === 'poisson' || loss === 'gamma') return raw.map(Math.exp);
    return raw.slice();
  }

  protected encodeTargets(y: unknown, rows: number, name: string): { y: Float64Array; nClasses: number } {
    try {
      return { y: toTargets(y, rows), nClasses: 0 };
    } catch (e) {
      if (name !== 'y' && e instanceof InvalidArgumentError) throw new InvalidArgumentError(name, 'finite regression targets, one per row of XVal', y);
      throw e;
    }
  }

  protected scoreRaw(raw: Float64Array, y: Float64Array, w: Float64Array | null, n: number): number {
    return r2(this.inverseLink(raw.subarray(0, n)), y, w);
  }
}

/** Coefficient of determination, weighted (scikit-learn's r2_score; 1 − SS_res / SS_tot, 0 when y is constant and predictions are off). */
function r2(p: Float64Array, y: Float64Array, w: Float64Array | null): number {
  const n = y.length;
  let sw = 0;
  let mean = 0;
  for (let i = 0; i < n; i++) {
    const wi = w === null ? 1 : w[i]!;
    sw += wi;
    mean += wi * y[i]!;
  }
  mean /= sw;
  let res = 0;
  let tot = 0;
  for (let i = 0; i < n; i++) {
    const wi = w === null ? 1 : w[i]!;
    res += wi * (y[i]! - p[i]!) ** 2;
    tot += wi * (y[i]! - mean) ** 2;
  }
  if (tot === 0) return res === 0 ? 1 : 0;
  return 1 - res / tot;
}
