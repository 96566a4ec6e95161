import type { Bins } from './bins.js';
import { InvalidArgumentError, ShapeMismatchError } from '@dt/errors';

/**
 * Feature values as typed arrays are accepted without a float64 copy: 32-bit floats, and 8/16-bit
 * unsigned integers such as image pixels (Fashion-MNIST as bytes takes 47 MB instead of 376 MB).
 */
export type FeatureArray = Float64Array | Float32Array | Uint8Array | Uint16Array;

/** Row-major dense matrix, the layout @dt/datasets returns. */
export interface DenseMatrix {
  data: FeatureArray;
  rows: number;
  cols: number;
}

/** Anything with ml-matrix's Matrix shape. */
export interface MatrixLike {
  rows: number;
  columns: number;
  /** The value at (row, column), both 0-based. */
  get(row: number, column: number): number;
}

/** Feature matrix accepted at the public boundary. */
export type FeatureInput = readonly (readonly number[])[] | DenseMatrix | MatrixLike;
/** Labels accepted at the public boundary: strings or numbers (classification), numbers (regression), one per row. */
export type LabelInput = readonly (string | number)[] | ArrayLike<number>;

/** Validated features, column-major: column f is data[f*rows .. (f+1)*rows). */
export interface ColumnMajor {
  readonly data: Float64Array;
  rows: number;
  cols: number;
  /**
   * The same features row-major, when at hand: the caller's own typed array when it passed one
   * (shared, never written; any FeatureArray type), else the validated copy. Node projections read
   * whole rows from it and the feature index and bins read columns from it, so an axis-aligned fit
   * never needs `data`.
   */
  rowMajor?: FeatureArray;
  /**
   * The rows already binned (a BinnedDataset, binned-dataset.ts): the 'hist' search takes its bins
   * from here instead of binning `data` — codes gathered into a working copy (in `alloc`'s buffer
   * when given), or with `view` the dataset's own codes, read in place (Bins.view).
   */
  binned?: (alloc?: (bytes: number) => ArrayBufferLike, view?: boolean) => Bins;
  /** The binned rows are a subset of the dataset's (a fold, a bootstrap draw): searched as a view. */
  binnedSubset?: boolean;
}

function isDense(x: unknown): x is DenseMatrix {
  const d = x as DenseMatrix;
  return (
    typeof x === 'object' &&
    x !== null &&
    (d.data instanceof Float64Array ||
      d.data instanceof Float32Array ||
      d.data instanceof Uint8Array ||
      d.data instanceof Uint16Array) &&
    typeof d.rows === 'number' &&
    typeof d.cols === 'number'
  );
}

function isMatrixLike(x: unknown): x is MatrixLike {
  const m = x as MatrixLike;
  return typeof x === 'object' && x !== null && typeof m.get === 'function' && typeof m.columns === 'number';
}

/**
 * What toRowMajor checks in the cells. Every cell must be a number (never coerced: "1.5", true and
 * null are rejected naming the cell). `scan`: check every value up front for NaN and ±Infinity (fit);
 * prediction skips the scan because the tree rejects a NaN on a row's path as it reads it.
 * `nan`: 'reject' (today, every estimator) or 'allow', for an estimator that learns with missing values.
 */
export interface CellRules {
  readonly scan: boolean;
  readonly nan: 'reject' | 'allow';
}

const FIT_CELLS: CellRules = { scan: true, nan: 'reject' };
/** Fit cells of an estimator that learns with missing values (axis trees): NaN allowed, ±Infinity not. */
export const FIT_CELLS_WITH_MISSING: CellRules = { scan: true, nan: 'allow' };
const PREDICT_CELLS: CellRules = { scan: false, nan: 'reject' };

/** The error for a cell that is not a number, naming it and the value as given. */
function notANumber(name: string, r: number, c: number, v: unknown): InvalidArgumentError {
  return new InvalidArgumentError(`${name}[${r}][${c}]`, 'a number', v);
}

/**
 * Reads any accepted feature input into a row-major Float64Array, validating shape and cells.
 * `cells`: true (fit: every cell a finite number), false (predict: every cell a number, NaN found
 * later on the path) or explicit rules.
 */
export function toRowMajor(
  X: unknown,
  name = 'X',
  cells: boolean | CellRules = true,
): { data: Float64Array; rows: number; cols: number } {
  const v = toRowMajorView(X, name, cells);
  return v.data instanceof Float64Array ? { data: v.data, rows: v.rows, cols: v.cols } : { ...v, data: Float64Array.from(v.data) };
}

/**
 * Like toRowMajor, but a dense typed-array input is returned as given (Float32Array, Uint8Array and
 * Uint16Array are not widened to float64).
 */
export function toRowMajorView(
  X: unknown,
  name = 'X',
  cells: boolean | CellRules = true,
): { data: FeatureArray; rows: number; cols: number } {
  if (typeof name !== 'string') throw new InvalidArgumentError('name', "the argument's name (a string)", name);
  const rules = cells === true ? FIT_CELLS : cells === false ? PREDICT_CELLS : cells;
  let rows: number;
  let cols: number;
  let data: FeatureArray;
  if (Array.isArray(X)) {
    rows = X.length;
    if (rows === 0) throw new InvalidArgumentError(name, 'a non-empty matrix', X);
    const first: unknown = X[0];
    if (!Array.isArray(first) && !isNumberView(first)) {
      throw new InvalidArgumentError(`${name}[0]`, 'an array of feature values', first);
    }
    cols = (first as ArrayLike<number>).length;
    if (cols === 0) throw new InvalidArgumentError(name, 'a matrix with at least one column', X);
    data = new Float64Array(rows * cols);
    for (let r = 0; r < rows; r++) {
      const row = X[r] as ArrayLike<number> | undefined;
      if (row === undefined || row === null || typeof row !== 'object' || row.length !== cols) {
        throw new ShapeMismatchError(
          `${name}[${r}] has ${row && typeof row === 'object' ? row.length : 'no'} values but ${name}[0] has ${cols}`,
        );
      }
      if (isNumberView(row)) {
        for (let c = 0; c < cols; c++) data[r * cols + c] = row[c]!;
      } else if (ArrayBuffer.isView(row)) {
        throw new InvalidArgumentError(`${name}[${r}]`, 'an array of feature values (a DataView or BigInt array holds none)', row);
      } else {
        for (let c = 0; c < cols; c++) {
          const v: unknown = row[c];
          if (typeof v !== 'number') throw notANumber(name, r, c, v);
          data[r * cols + c] = v;
        }
      }
    }
  } else if (isDense(X)) {
    rows = X.rows;
    cols = X.cols;
    if (!Number.isInteger(rows) || rows < 1 || !Number.isInteger(cols) || cols < 1) {
      throw new InvalidArgumentError(`${name}.rows/${name}.cols`, 'positive integers', `${rows}x${cols}`);
    }
    if (X.data.length !== rows * cols) {
      throw new ShapeMismatchError(`${name}.data has ${X.data.length} values but rows*cols = ${rows * cols}`);
    }
    data = X.data;
  } else if (isMatrixLike(X)) {
    rows = X.rows;
    cols = X.columns;
    if (rows < 1 || cols < 1) throw new InvalidArgumentError(name, 'a non-empty matrix', `${rows}x${cols}`);
    data = new Float64Array(rows * cols);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const v: unknown = X.get(r, c);
        if (typeof v !== 'number') throw notANumber(name, r, c, v);
        data[r * cols + c] = v;
      }
    }
  } else {
    throw new InvalidArgumentError(name, 'number[][], a {data, rows, cols} matrix or an ml-matrix Matrix', X);
  }
  // Integer arrays hold only finite values.
  const bad = rules.scan && (data instanceof Float64Array || data instanceof Float32Array) ? firstNonFinite(data, rules.nan === 'allow') : -1;
  if (bad >= 0) {
    const r = Math.floor(bad / cols);
    throw new InvalidArgumentError(`${name}[${r}][${bad - r * cols}]`, 'a finite number', data[bad]);
  }
  return { data, rows, cols };
}

/** Index of the first ±Infinity (and NaN unless allowed), or -1. Kept tiny so V8 optimises the loop early. */
function firstNonFinite(data: Float64Array | Float32Array, nanAllowed: boolean): number {
  for (let i = 0; i < data.length; i++) {
    const v = data[i]!;
    // v - v is 0 for finite numbers and NaN for NaN/±Infinity; v === v is false only for NaN.
    if (v - v !== 0 && (!nanAllowed || v === v)) return i;
  }
  return -1;
}

/**
 * Validates `X` (throws InvalidArgumentError/ShapeMismatchError naming `name` and the bad cell) and copies
 * it column-major; `cells` sets the NaN/±Infinity rules (true: fit rules, false: no up-front scan).
 */
export function toColumnMajor(X: unknown, name = 'X', cells: boolean | CellRules = true): ColumnMajor {
  const rm = toRowMajorView(X, name, cells);
  const { rows, cols } = rm;
  const out = transpose(rm.data, rows, cols);
  const shared = isDense(X) && X.data === rm.data;
  return shared ? { data: out, rows, cols, rowMajor: rm.data } : { data: out, rows, cols };
}

/**
 * Validated fit input that keeps the row-major values and builds the column-major copy only when
 * something reads `data` (projections, scaling, CRIMCOORD): a plain axis-aligned fit reads columns
 * from the row-major array, which saves a float64 copy of X (80 MB at 1,000,000 × 10).
 */
export function toFitMatrix(X: unknown, name = 'X', cells: boolean | CellRules = true): ColumnMajor {
  const rm = toRowMajorView(X, name, cells);
  const { rows, cols } = rm;
  const src = rm.data;
  let columns: Float64Array | null = null;
  return {
    rows,
    cols,
    rowMajor: src,
    get data(): Float64Array {
      if (columns === null) columns = transpose(src, rows, cols);
      return columns;
    },
  };
}

function transpose(src: FeatureArray, rows: number, cols: number): Float64Array {
  const out = new Float64Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    const base = r * cols;
    for (let c = 0; c < cols; c++) out[c * rows + r] = src[base + c]!;
  }
  return out;
}

/** A typed array of numbers: not a DataView (no indexed values) nor a BigInt array (bigints, not numbers). */
export function isNumberView(v: unknown): v is ArrayLike<number> {
  return ArrayBuffer.isView(v) && !(v instanceof DataView) && !(v instanceof BigInt64Array) && !(v instanceof BigUint64Array);
}

/** Sample weights: non-negative finite numbers, one per row, positive total. */
export function toSampleWeight(w: unknown, rows: number): Float64Array | null {
  if (w === undefined || w === null) return null;
  if (!Array.isArray(w) && !isNumberView(w)) throw new InvalidArgumentError('sampleWeight', 'an array of numbers', w);
  const arr = w as ArrayLike<number>;
  if (arr.length !== rows) throw new ShapeMismatchError(`sampleWeight has ${arr.length} values but X has ${rows} rows`);
  const out = new Float64Array(rows);
  let total = 0;
  for (let i = 0; i < rows; i++) {
    const v = arr[i];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
      throw new InvalidArgumentError(`sampleWeight[${i}]`, 'a finite number >= 0', v);
    }
    out[i] = v;
    total += v;
  }
  if (!(total > 0)) throw new InvalidArgumentError('sampleWeight', 'weights with a positive sum', 0);
  return out;
}

/** Regression targets: finite numbers, one per row. */
export function toTargets(y: unknown, rows: number): Float64Array {
  if (!Array.isArray(y) && !isNumberView(y)) throw new InvalidArgumentError('y', 'an array of numbers', y);
  const arr = y as ArrayLike<unknown>;
  if (arr.length !== rows) throw new ShapeMismatchError(`y has ${arr.length} values but X has ${rows} rows`);
  const out = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    const v = arr[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new InvalidArgumentError(`y[${i}]`, 'a finite number', v);
    out[i] = v;
  }
  checkSquarable(out, (i) => `y[${i}]`, 'squared errors of larger targets overflow; rescale the targets');
  return out;
}

/** Categorical columns must hold level codes: integers in [0, 100000) (core trees and @dt/stream). */
export function checkLevelCodes(features: number[] | null, X: ColumnMajor): number[] | null {
  if (features === null) return null;
  for (const f of features) {
    if (f >= X.cols) throw new InvalidArgumentError('categoricalFeatures', `feature indices below ${X.cols}`, f);
    for (let r = 0; r < X.rows; r++) {
      const v = X.data[f * X.rows + r]!;
      if (!(Number.isInteger(v) && v >= 0 && v < 100_000)) {
        throw new InvalidArgumentError(`X[${r}][${f}]`, 'a level code (an integer in [0, 100000)) for a categorical feature', v);
      }
    }
  }
  return features;
}

/**
 * Largest |value| accepted where the fit squares values: regression targets (squared-error sums) and
 * features seen by a projection or by scaling (covariances, variances). With weights at most
 * WEIGHT_RESCALE_ABOVE, w·v² summed over 10^8 rows stays below 1e258: finite, never NaN.
 */
export const SQUARED_VALUE_LIMIT = 1e100;

/** Sample weights above this are divided by the largest one before the fit sums them (see rescaleWeights). */
export const WEIGHT_RESCALE_ABOVE = 1e50;

/**
 * Divides the weights by the largest one, in place, when it exceeds WEIGHT_RESCALE_ABOVE: weights are
 * relative (every rule and output of the tree depends on weight ratios), so the fitted model is the
 * same, while sums of weights near 1e308 would overflow to Infinity and make probabilities NaN.
 * Smaller weights are kept as given so node weights in the model match scikit-learn's.
 */
export function rescaleWeights(w: Float64Array): void {
  let max = 0;
  for (let i = 0; i < w.length; i++) if (w[i]! > max) max = w[i]!;
  if (max <= WEIGHT_RESCALE_ABOVE) return;
  for (let i = 0; i < w.length; i++) w[i] = w[i]! / max;
}

/** Refuses a value beyond SQUARED_VALUE_LIMIT, naming the cell: squaring it would overflow to Infinity/NaN. */
export function checkSquarable(data: ArrayLike<number>, cellName: (index: number) => string, why: string): void {
  for (let i = 0; i < data.length; i++) {
    const v = data[i]!;
    if (v > SQUARED_VALUE_LIMIT || v < -SQUARED_VALUE_LIMIT) {
      throw new InvalidArgumentError(cellName(i), `a number in [-1e100, 1e100] (${why})`, v);
    }
  }
}

/**
 * Refuses NaN (a missing value) for a model with no rule for it, naming the first cell in row order
 * and suggesting imputation. `what` names the model part, e.g. 'projection "node-features-pca"'.
 */
export function rejectMissing(X: ColumnMajor, what: string): void {
  const { rows, cols } = X;
  const rm = X.rowMajor;
  if (rm !== undefined) return rejectMissingRows(rm, rows, cols, what);
  const data = X.data;
  let at = -1;
  for (let i = 0; i < data.length; i++) {
    if (data[i] !== data[i]) {
      // Column-major: the first NaN in row order is the smallest row·cols + col among them.
      const r = i % rows;
      const k = r * cols + (i - r) / rows;
      if (at < 0 || k < at) at = k;
    }
  }
  if (at >= 0) throw missingError(at, cols, what);
}

/** rejectMissing for a row-major matrix. */
export function rejectMissingRows(data: FeatureArray, rows: number, cols: number, what: string): void {
  const end = rows * cols;
  for (let i = 0; i < end; i++) if (data[i] !== data[i]) throw missingError(i, cols, what);
}

function missingError(at: number, cols: number, what: string): InvalidArgumentError {
  const r = Math.floor(at / cols);
  return new InvalidArgumentError(
    `X[${r}][${at - r * cols}]`,
    `a number: ${what} has no rule for missing values (NaN); impute them first, e.g. with SimpleImputer from @dt/datasets`,
    Number.NaN,
  );
}
