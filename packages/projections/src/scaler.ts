import type { ProjectionData } from './types.js';
import { checkData, columnMeans } from './common.js';

/** Per-feature weighted mean and standard deviation (1 for a constant feature). */
export interface Scaler {
  mean: Float64Array;
  scale: Float64Array;
}

/**
 * Weighted standardisation parameters of column-major training data, with scikit-learn's
 * StandardScaler semantics: population variance, and a feature whose variance is zero up to rounding
 * (sklearn's bound n·ε·v + (n·mean·ε)²) gets scale 1, so it maps to 0 rather than NaN.
 */
export function fitScaler(data: ProjectionData): Scaler {
  checkData(data);
  const { rows, cols, weights } = data;
  const x = data.data;
  const mean = columnMeans(data);
  const scale = new Float64Array(cols).fill(1);
  let W = 0;
  for (let r = 0; r < rows; r++) W += weights === null ? 1 : weights[r]!;
  if (!(W > 0)) return { mean, scale };
  const eps = Number.EPSILON;
  for (let f = 0; f < cols; f++) {
    const off = f * rows;
    const mu = mean[f]!;
    let v = 0;
    for (let r = 0; r < rows; r++) {
      const dx = x[off + r]! - mu;
      v += (weights === null ? 1 : weights[r]!) * dx * dx;
    }
    v /= W;
    const bound = rows * eps * v + (rows * mu * eps) ** 2;
    if (!(v <= bound)) scale[f] = Math.sqrt(v);
  }
  return { mean, scale };
}

/** A standardised copy, (x − mean) / scale per feature; labels and weights are shared, not copied. */
export function applyScaler(data: ProjectionData, scaler: Scaler): ProjectionData {
  checkData(data);
  const { rows, cols } = data;
  const { mean, scale } = scaler;
  const x = data.data;
  const out = new Float64Array(rows * cols);
  for (let f = 0; f < cols; f++) {
    const off = f * rows;
    const mu = mean[f]!;
    const inv = 1 / scale[f]!;
    for (let r = 0; r < rows; r++) out[off + r] = (x[off + r]! - mu) * inv;
  }
  return { data: out, rows, cols, labels: data.labels, nClasses: data.nClasses, weights: data.weights };
}
