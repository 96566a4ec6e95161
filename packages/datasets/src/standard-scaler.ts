import { InvalidArgumentError, ShapeMismatchError, booleanValue, knownKeys, plainObject } from '@dt/errors';
import { readMatrix, type MatrixInput } from './matrix-input.js';
import type { DenseMatrix } from './types.js';

export type { MatrixInput } from './matrix-input.js';

/** Options of StandardScaler: whether to centre and whether to scale. */
export interface StandardScalerOptions {
  /** Subtract the mean; default true. */
  withMean?: boolean;
  /** Divide by the standard deviation; default true. */
  withStd?: boolean;
}

/** A fitted StandardScaler: the per-feature means and scales, and transform. */
export interface FittedStandardScaler {
  /** Per-feature mean (zeros when withMean is false). */
  readonly mean: Float64Array;
  /** Per-feature population variance (ddof = 0). */
  readonly variance: Float64Array;
  /** Per-feature divisor: the standard deviation, or 1 for a constant feature or when withStd is false. */
  readonly scale: Float64Array;
  readonly nFeatures: number;
  /** (x - mean) / scale, into a new matrix. */
  transform(X: MatrixInput): DenseMatrix;
  /** x * scale + mean, into a new matrix. */
  inverseTransform(X: MatrixInput): DenseMatrix;
}

/** Standardises features to zero mean and unit variance (sklearn's StandardScaler). */
export interface StandardScaler {
  /** Learns each feature's mean and standard deviation from X (a zero-variance feature keeps scale 1). */
  fit(X: MatrixInput): FittedStandardScaler;
}

/**
 * Standardises features like scikit-learn's StandardScaler: population variance, and a feature
 * whose variance is zero up to rounding (sklearn's bound) gets scale 1 so it maps to 0, not NaN.
 */
export function standardScaler(options: StandardScalerOptions = {}): StandardScaler {
  plainObject('options', options);
  knownKeys('options', options, ['withMean', 'withStd']);
  const withMean = options.withMean === undefined ? true : booleanValue('options.withMean', options.withMean);
  const withStd = options.withStd === undefined ? true : booleanValue('options.withStd', options.withStd);
  return {
    fit(input: MatrixInput): FittedStandardScaler {
      const X = readMatrix('X', input);
      if (X.rows === 0) throw new InvalidArgumentError('X', 'a matrix with at least one row', input);
      const { rows: n, cols: d, data } = X;
      const sum = new Float64Array(d);
      for (let i = 0; i < n; i++) {
        const o = i * d;
        for (let j = 0; j < d; j++) sum[j]! += data[o + j]!;
      }
      const mu = new Float64Array(d);
      for (let j = 0; j < d; j++) mu[j] = sum[j]! / n;
      // Two passes: the centred sum of squares is exact enough that constant features come out ~0.
      const ss = new Float64Array(d);
      for (let i = 0; i < n; i++) {
        const o = i * d;
        for (let j = 0; j < d; j++) {
          const t = data[o + j]! - mu[j]!;
          ss[j]! += t * t;
        }
      }
      const variance = new Float64Array(d);
      const scale = new Float64Array(d).fill(1);
      const eps = Number.EPSILON;
      for (let j = 0; j < d; j++) {
        const v = ss[j]! / n;
        variance[j] = v;
        // sklearn's _is_constant_feature bound on the variance's rounding error.
        const bound = n * eps * v + (n * mu[j]! * eps) ** 2;
        if (withStd && !(v <= bound)) scale[j] = Math.sqrt(v);
      }
      const mean = withMean ? mu : new Float64Array(d);
      const apply = (arg: string, m: MatrixInput, inverse: boolean): DenseMatrix => {
        const Z = readMatrix(arg, m);
        if (Z.cols !== d) throw new ShapeMismatchError(`${arg} has ${Z.cols} features, but the scaler was fitted on ${d}`);
        const out = new Float64Array(Z.rows * d);
        const src = Z.data;
        for (let i = 0; i < Z.rows; i++) {
          const o = i * d;
          for (let j = 0; j < d; j++) {
            out[o + j] = inverse ? src[o + j]! * scale[j]! + mean[j]! : (src[o + j]! - mean[j]!) / scale[j]!;
          }
        }
        return { data: out, rows: Z.rows, cols: d };
      };
      return {
        mean,
        variance,
        scale,
        nFeatures: d,
        transform: (m) => apply('X', m, false),
        inverseTransform: (m) => apply('X', m, true),
      };
    },
  };
}
