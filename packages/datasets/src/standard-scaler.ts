import { InvalidArgumentError, ShapeMismatchError, booleanValue, knownKeys, plainObject } from '@dt/errors';
import type { DenseMatrix } from './types.js';

/** A matrix as accepted here: dense row-major (Float64Array or Float32Array data) or rows of numbers. */
export type MatrixInput = DenseMatrix | { data: Float32Array; rows: number; cols: number } | readonly (readonly number[])[];

export interface StandardScalerOptions {
  /** Subtract the mean; default true. */
  withMean?: boolean;
  /** Divide by the standard deviation; default true. */
  withStd?: boolean;
}

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

export interface StandardScaler {
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
      const X = toDense('X', input);
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
        const Z = toDense(arg, m);
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

/** Validates (shape, finite values) and views the input as a row-major matrix without copying dense input. */
function toDense(arg: string, m: MatrixInput): { data: Float64Array | Float32Array; rows: number; cols: number } {
  let out: { data: Float64Array | Float32Array; rows: number; cols: number };
  if (Array.isArray(m)) {
    const rows = m.length;
    const cols = rows > 0 ? (m[0] as readonly number[]).length : 0;
    const data = new Float64Array(rows * cols);
    for (let i = 0; i < rows; i++) {
      const row = m[i] as readonly number[];
      if (!Array.isArray(row) || row.length !== cols) {
        throw new ShapeMismatchError(`${arg}[${i}] has ${Array.isArray(row) ? row.length : 'no'} values, expected ${cols} like ${arg}[0]`);
      }
      for (let j = 0; j < cols; j++) data[i * cols + j] = row[j]!;
    }
    out = { data, rows, cols };
  } else if (
    typeof m === 'object' &&
    m !== null &&
    'data' in m &&
    (m.data instanceof Float64Array || m.data instanceof Float32Array) &&
    Number.isInteger(m.rows) &&
    Number.isInteger(m.cols) &&
    m.rows >= 0 &&
    m.cols >= 0
  ) {
    if (m.data.length !== m.rows * m.cols) {
      throw new ShapeMismatchError(`${arg}.data has length ${m.data.length}, expected rows * cols = ${m.rows * m.cols}`);
    }
    out = m;
  } else {
    throw new InvalidArgumentError(arg, 'a dense matrix {data, rows, cols} or an array of number rows', m);
  }
  const { data, cols } = out;
  for (let k = 0; k < data.length; k++) {
    if (!Number.isFinite(data[k])) {
      throw new InvalidArgumentError(`${arg}[${Math.floor(k / cols)}][${k % cols}]`, 'a finite number', data[k]);
    }
  }
  return out;
}
