import { InvalidArgumentError, ShapeMismatchError } from '@dt/errors';
import type { DenseMatrix } from './types.js';

/** A matrix as the transforms accept it: dense row-major (Float64Array or Float32Array data) or rows of numbers. */
export type MatrixInput = DenseMatrix | { data: Float32Array; rows: number; cols: number } | readonly (readonly number[])[];

/** A validated row-major view of a {@link MatrixInput}. */
export interface MatrixView {
  data: Float64Array | Float32Array;
  rows: number;
  cols: number;
}

/**
 * Validates the shape and values of `m` and views it row-major, without copying dense input.
 * Every cell must be a number (never null or a string in an array row) and finite, or NaN when
 * `allowNaN` (a missing value); errors name the cell as `arg[i][j]` with the value as given.
 */
export function readMatrix(arg: string, m: MatrixInput, allowNaN = false): MatrixView {
  let out: MatrixView;
  if (Array.isArray(m)) {
    const rows = m.length;
    const cols = rows > 0 && Array.isArray(m[0]) ? (m[0] as readonly number[]).length : 0;
    const data = new Float64Array(rows * cols);
    for (let i = 0; i < rows; i++) {
      const row = m[i] as readonly number[];
      if (!Array.isArray(row) || row.length !== cols) {
        throw new ShapeMismatchError(`${arg}[${i}] has ${Array.isArray(row) ? row.length : 'no'} values, expected ${cols} like ${arg}[0]`);
      }
      for (let j = 0; j < cols; j++) {
        const v = row[j];
        if (typeof v !== 'number') throw new InvalidArgumentError(`${arg}[${i}][${j}]`, allowNaN ? 'a number (NaN for missing)' : 'a finite number', v);
        data[i * cols + j] = v;
      }
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
    const v = data[k]!;
    if (!Number.isFinite(v) && !(allowNaN && v !== v)) {
      throw new InvalidArgumentError(`${arg}[${Math.floor(k / cols)}][${k % cols}]`, allowNaN ? 'a finite number or NaN (missing)' : 'a finite number', v);
    }
  }
  return out;
}
