import type { ColumnMajor } from './input.js';

/** Per-feature (weighted) mean and standard deviation; a zero deviation becomes 1, as scikit-learn's scaler does. */
export interface Scaling {
  mean: Float64Array;
  scale: Float64Array;
}

export function fitScaling(X: ColumnMajor, weights: Float64Array | null): Scaling {
  const { rows: n, cols: d, data } = X;
  const mean = new Float64Array(d);
  const scale = new Float64Array(d);
  let W = 0;
  for (let i = 0; i < n; i++) W += weights === null ? 1 : weights[i]!;
  for (let f = 0; f < d; f++) {
    const base = f * n;
    let s = 0;
    for (let i = 0; i < n; i++) s += (weights === null ? 1 : weights[i]!) * data[base + i]!;
    const mu = s / W;
    let v = 0;
    for (let i = 0; i < n; i++) {
      const dx = data[base + i]! - mu;
      v += (weights === null ? 1 : weights[i]!) * dx * dx;
    }
    const sd = Math.sqrt(v / W);
    mean[f] = mu;
    scale[f] = sd > 1e-12 * Math.max(1, Math.abs(mu)) ? sd : 1;
  }
  return { mean, scale };
}

/** A standardised column-major copy of X. */
export function applyScaling(X: ColumnMajor, s: Scaling): ColumnMajor {
  const { rows: n, cols: d, data } = X;
  const out = new Float64Array(n * d);
  for (let f = 0; f < d; f++) {
    const base = f * n;
    const mu = s.mean[f]!;
    const sd = s.scale[f]!;
    for (let i = 0; i < n; i++) out[base + i] = (data[base + i]! - mu) / sd;
  }
  return { data: out, rows: n, cols: d };
}
