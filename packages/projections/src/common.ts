import { InvalidArgumentError, ShapeMismatchError } from '@dt/errors';
import type { Directions, ProjectionData } from './types.js';
import { BLOCK, fixSign, gatherFeatureMajor, mirrorUpper, syrkFeatureMajor } from './linalg.js';
import type { Eigen } from './linalg.js';

/** Checks the shape of the data given to prepare (lengths only: O(1), the builder validated values). */
export function checkData(data: ProjectionData): void {
  if (typeof data !== 'object' || data === null || !(data.data instanceof Float64Array)) {
    throw new InvalidArgumentError('data', 'ProjectionData with a Float64Array `data`', data);
  }
  const { rows, cols } = data;
  if (!Number.isInteger(rows) || rows < 0) throw new InvalidArgumentError('data.rows', 'a non-negative integer', rows);
  if (!Number.isInteger(cols) || cols < 1) throw new InvalidArgumentError('data.cols', 'a positive integer', cols);
  if (data.data.length < rows * cols) {
    throw new ShapeMismatchError(`data.data has ${data.data.length} values, fewer than rows × cols = ${rows} × ${cols}`);
  }
  if (data.weights !== null && data.weights.length < rows) {
    throw new ShapeMismatchError(`data.weights has ${data.weights.length} entries for ${rows} rows`);
  }
  if (data.labels !== null) {
    if (data.labels.length < rows) throw new ShapeMismatchError(`data.labels has ${data.labels.length} entries for ${rows} rows`);
    if (!Number.isInteger(data.nClasses) || data.nClasses < 1) {
      throw new InvalidArgumentError('data.nClasses', 'a positive integer', data.nClasses);
    }
  }
}

/** Weighted column means of all rows (two passes: the second corrects the first's rounding). */
export function columnMeans(data: ProjectionData): Float64Array {
  const { rows, cols, weights } = data;
  const x = data.data;
  const mean = new Float64Array(cols);
  let W = 0;
  for (let r = 0; r < rows; r++) W += weights === null ? 1 : weights[r]!;
  if (!(W > 0)) return mean;
  for (let f = 0; f < cols; f++) {
    const off = f * rows;
    let s = 0;
    for (let r = 0; r < rows; r++) s += (weights === null ? 1 : weights[r]!) * x[off + r]!;
    const m0 = s / W;
    let c = 0;
    for (let r = 0; r < rows; r++) c += (weights === null ? 1 : weights[r]!) * (x[off + r]! - m0);
    mean[f] = m0 + c / W;
  }
  return mean;
}

/** Weighted covariance (÷ W) of node rows idx[0, m) into the full d×d matrix C. */
export function covarianceOf(
  data: Float64Array,
  rows: number,
  d: number,
  idx: Int32Array,
  m: number,
  mean: Float64Array,
  scale: Float64Array,
  block: Float64Array,
  C: Float64Array,
): void {
  C.fill(0, 0, d * d);
  for (let from = 0; from < m; from += BLOCK) {
    const to = Math.min(m, from + BLOCK);
    gatherFeatureMajor(data, rows, d, idx, from, to, mean, scale, block);
    syrkFeatureMajor(block, to - from, d, C);
  }
  mirrorUpper(C, d);
}

/** Copies the first `count` eigenvectors (length d) and eigenvalues into `out`, signs fixed. */
export function writeComponents(eigen: Eigen, d: number, count: number, out: Directions): void {
  out.dirs.set(eigen.vectors.subarray(0, count * d));
  for (let j = 0; j < count; j++) fixSign(out.dirs, j * d, d);
  out.variances!.set(eigen.values.subarray(0, count));
  out.count = count;
}
