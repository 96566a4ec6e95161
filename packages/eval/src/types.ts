/**
 * Structural input types. @dt/eval deliberately does not import @dt/core at runtime: these small
 * interfaces describe what it accepts, so any model or matrix of the right shape works.
 */

/** One class label. Labels of one problem are either all strings or all numbers. */
export type Label = string | number;

/** Numeric typed arrays accepted as labels or targets (BigInt arrays are not). */
export type NumericTypedArray =
  | Int8Array
  | Uint8Array
  | Uint8ClampedArray
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | Float32Array
  | Float64Array;

/** Class labels: a plain array of strings or numbers, or a numeric typed array. */
export type Labels = readonly Label[] | NumericTypedArray;

/** Regression targets or sample weights: finite numbers in a plain or typed array. */
export type NumberArray = readonly number[] | NumericTypedArray;

/** Row-major dense matrix: row i is `data[i * cols .. (i + 1) * cols)`. */
export interface DenseMatrix<D extends Float64Array | Float32Array = Float64Array | Float32Array> {
  readonly data: D;
  readonly rows: number;
  readonly cols: number;
}

/** What @dt/eval needs of an ml-matrix `Matrix` (or anything shaped like it). */
export interface MatrixLike {
  readonly rows: number;
  readonly columns: number;
  /** Row `index` (0-based) as a new array. */
  getRow(index: number): number[];
  /** Every row as a new array of arrays. */
  to2DArray(): number[][];
}

/** Feature data in any of the forms the dt packages accept. */
export type TabularData = readonly (readonly number[])[] | DenseMatrix | MatrixLike;

/** One train/test split as sorted sample indices. */
export interface Split {
  readonly train: Int32Array;
  readonly test: Int32Array;
}
