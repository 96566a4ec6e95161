import { InvalidArgumentError, ShapeMismatchError } from '@dt/errors';
import { isNumericTypedArray } from './check.js';
import type { DenseMatrix, Labels, MatrixLike, TabularData } from './types.js';

/** Row count of feature data in any accepted form, validating its shape once. */
export function rowCount(X: unknown, name = 'X'): number {
  if (Array.isArray(X)) {
    const rows = X as unknown[];
    const first = rows[0];
    const cols = Array.isArray(first) || isNumericTypedArray(first) ? (first as ArrayLike<number>).length : -1;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if (!Array.isArray(r) && !isNumericTypedArray(r)) throw new InvalidArgumentError(`${name}[${i}]`, 'a row array of numbers', r);
      if ((r as ArrayLike<number>).length !== cols) {
        throw new ShapeMismatchError(`${name} rows must all have the same length: ${name}[0] has ${cols}, ${name}[${i}] has ${(r as ArrayLike<number>).length}`);
      }
    }
    return rows.length;
  }
  if (isDense(X)) {
    const { data, rows, cols } = X;
    if (!Number.isInteger(rows) || rows < 0) throw new InvalidArgumentError(`${name}.rows`, 'a non-negative integer', rows);
    if (!Number.isInteger(cols) || cols < 0) throw new InvalidArgumentError(`${name}.cols`, 'a non-negative integer', cols);
    if (data.length !== rows * cols) {
      throw new ShapeMismatchError(`${name}.data must hold rows * cols = ${rows} * ${cols} = ${rows * cols} values, got ${data.length}`);
    }
    return rows;
  }
  if (isMatrixLike(X)) {
    if (!Number.isInteger(X.rows) || X.rows < 0) throw new InvalidArgumentError(`${name}.rows`, 'a non-negative integer', X.rows);
    return X.rows;
  }
  throw new InvalidArgumentError(
    name,
    'number[][] rows, a dense { data: Float64Array | Float32Array, rows, cols } or a matrix with rows, getRow() and to2DArray()',
    X,
  );
}

function isDense(X: unknown): X is DenseMatrix {
  if (typeof X !== 'object' || X === null) return false;
  const d = (X as { data?: unknown }).data;
  return (d instanceof Float64Array || d instanceof Float32Array) && 'rows' in X && 'cols' in X;
}

function isMatrixLike(X: unknown): X is MatrixLike {
  if (typeof X !== 'object' || X === null) return false;
  const m = X as Partial<MatrixLike>;
  return typeof m.getRow === 'function' && typeof m.to2DArray === 'function' && typeof m.rows === 'number';
}

/** Validates indices against n rows; returns them as an Int32Array. */
function checkIndices(indices: unknown, n: number): Int32Array {
  if (!Array.isArray(indices) && !isNumericTypedArray(indices)) {
    throw new InvalidArgumentError('indices', 'an array or Int32Array of row indices', indices);
  }
  const arr = indices as ArrayLike<unknown>;
  const out = new Int32Array(arr.length);
  for (let i = 0; i < arr.length; i++) {
    const v = arr[i];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= n) {
      throw new InvalidArgumentError(`indices[${i}]`, `an integer in [0, ${n})`, v);
    }
    out[i] = v;
  }
  return out;
}

/** The subset matrix keeps the element type: Float32 stays Float32. */
type DenseOf<T> = T extends DenseMatrix<infer D> ? DenseMatrix<D> : never;

/**
 * The rows `indices` of X (in that order, repeats allowed), in the same form as X:
 * - `number[][]` → a new outer array sharing the row arrays (rows are not copied);
 * - dense `{ data, rows, cols }` → a new dense matrix with a copied typed array of the same type;
 * - a matrix object (ml-matrix `Matrix`) → `X.subMatrixRow(indices)` when it has that method,
 *   else `new X.constructor(rows2D)`.
 */
export function takeRows<R extends readonly number[]>(X: readonly R[], indices: ArrayLike<number>): R[];
export function takeRows<T extends DenseMatrix>(X: T, indices: ArrayLike<number>): DenseOf<T>;
export function takeRows<M extends MatrixLike>(X: M, indices: ArrayLike<number>): M;
export function takeRows(X: TabularData, indices: ArrayLike<number>): TabularData;
export function takeRows(X: TabularData, indices: ArrayLike<number>): TabularData {
  const n = rowCount(X);
  const idx = checkIndices(indices, n);
  return takeRowsUnchecked(X, idx);
}

/** takeRows without validation, for callers that validated X and the indices already. */
export function takeRowsUnchecked(X: TabularData, idx: Int32Array): TabularData {
  const m = idx.length;
  if (Array.isArray(X)) {
    const rows = X as readonly (readonly number[])[];
    const out = new Array<readonly number[]>(m);
    for (let i = 0; i < m; i++) out[i] = rows[idx[i]!]!;
    return out;
  }
  if (isDense(X)) {
    const { data, cols } = X;
    const out = data instanceof Float32Array ? new Float32Array(m * cols) : new Float64Array(m * cols);
    for (let i = 0; i < m; i++) {
      const s = idx[i]! * cols;
      out.set(data.subarray(s, s + cols), i * cols);
    }
    return { data: out, rows: m, cols };
  }
  const M = X as MatrixLike & { subMatrixRow?: (rows: number[]) => unknown };
  let result: unknown;
  if (typeof M.subMatrixRow === 'function') {
    result = M.subMatrixRow(Array.from(idx));
  } else {
    const rows: number[][] = [];
    for (let i = 0; i < m; i++) rows.push(M.getRow(idx[i]!));
    const Ctor = M.constructor as new (rows: number[][]) => unknown;
    result = new Ctor(rows);
  }
  if (!isMatrixLike(result) || result.rows !== m) {
    throw new InvalidArgumentError('X', 'a matrix with subMatrixRow() or a constructor taking a 2D array', X);
  }
  return result;
}

/**
 * The labels `indices` of y in the same form: a plain array gives a plain array, a typed array a
 * typed array of the same type.
 */
export function takeLabels<T extends Labels>(y: T, indices: ArrayLike<number>): T {
  if (!Array.isArray(y) && !isNumericTypedArray(y)) {
    throw new InvalidArgumentError('y', 'an array or typed array of labels', y);
  }
  const idx = checkIndices(indices, y.length);
  return takeLabelsUnchecked(y, idx);
}

export function takeLabelsUnchecked<T extends Labels>(y: T, idx: Int32Array): T {
  const m = idx.length;
  if (Array.isArray(y)) {
    const out = new Array<unknown>(m);
    for (let i = 0; i < m; i++) out[i] = y[idx[i]!];
    return out as unknown as T;
  }
  const t = y as Exclude<Labels, readonly unknown[]>;
  const Ctor = t.constructor as new (n: number) => Exclude<Labels, readonly unknown[]>;
  const out = new Ctor(m);
  for (let i = 0; i < m; i++) out[i] = t[idx[i]!]!;
  return out as unknown as T;
}
