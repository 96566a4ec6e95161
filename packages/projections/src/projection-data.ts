import { InvalidArgumentError, ShapeMismatchError } from '@dt/errors';
import type { ProjectionData } from './types.js';

/**
 * Column-major ProjectionData from row arrays, for examples, tests and callers outside the builder.
 * Labels must be class codes 0..C−1 (nClasses = C); weights must be finite and ≥ 0.
 */
export function createProjectionData(
  rows: readonly (readonly number[])[],
  labels?: ArrayLike<number> | null,
  weights?: ArrayLike<number> | null,
): ProjectionData {
  if (!Array.isArray(rows) || rows.length === 0) throw new InvalidArgumentError('rows', 'a non-empty array of rows', rows);
  const n = rows.length;
  const d = (rows[0] as readonly number[] | undefined)?.length ?? 0;
  if (d === 0) throw new InvalidArgumentError('rows[0]', 'a non-empty array of numbers', rows[0]);
  const data = new Float64Array(n * d);
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    if (!Array.isArray(r) || r.length !== d) throw new ShapeMismatchError(`rows[${i}] has ${Array.isArray(r) ? r.length : 'no'} values, rows[0] has ${d}`);
    for (let f = 0; f < d; f++) {
      const v = r[f];
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new InvalidArgumentError(`rows[${i}][${f}]`, 'a finite number', v);
      data[f * n + i] = v;
    }
  }
  let codes: Int32Array | null = null;
  let nClasses = 0;
  if (labels !== undefined && labels !== null) {
    if (labels.length !== n) throw new ShapeMismatchError(`labels has ${labels.length} entries for ${n} rows`);
    codes = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const c = labels[i]!;
      if (!Number.isInteger(c) || c < 0) throw new InvalidArgumentError(`labels[${i}]`, 'a class code (integer >= 0)', c);
      codes[i] = c;
      if (c + 1 > nClasses) nClasses = c + 1;
    }
  }
  let w: Float64Array | null = null;
  if (weights !== undefined && weights !== null) {
    if (weights.length !== n) throw new ShapeMismatchError(`weights has ${weights.length} entries for ${n} rows`);
    w = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const v = weights[i]!;
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new InvalidArgumentError(`weights[${i}]`, 'a finite number >= 0', v);
      w[i] = v;
    }
  }
  return { data, rows: n, cols: d, labels: codes, nClasses, weights: w };
}
