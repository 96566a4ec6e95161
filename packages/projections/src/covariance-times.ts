import { BLOCK, gatherFeatureMajor } from './linalg.js';

/**
 * G = V·C for the node's weighted covariance C and l orthonormal rows V (l × d), without forming C:
 * for each block of b node rows (centred, scaled by √(w/W)), T = V·Xᵀ (l × b) and G += T·X (l × d).
 * 2·m·d·l multiply-adds and one gather of the node's data per call: the whole cost of the iterative
 * node PCA, hence hand-written kernels on the feature-major block. Each keeps a tile of 8 sums in
 * registers (2 directions × 4 rows, or 2 features × 4 directions): 6 loads per 8 multiply-adds and no
 * stores in the inner loop, about 2× faster in V8 than the axpy form (measured at 60,000 × 784, l = 20).
 */
export function covarianceTimes(
  data: Float64Array,
  rows: number,
  d: number,
  idx: Int32Array,
  m: number,
  mean: Float64Array,
  scale: Float64Array,
  V: Float64Array,
  l: number,
  featureMajor: Float64Array,
  T: Float64Array,
  G: Float64Array,
): void {
  G.fill(0, 0, l * d);
  for (let from = 0; from < m; from += BLOCK) {
    const to = Math.min(m, from + BLOCK);
    const b = to - from;
    // Gathering column by column reads contiguous runs of the builder's column-major data.
    gatherFeatureMajor(data, rows, d, idx, from, to, mean, scale, featureMajor);
    vTimesBlock(featureMajor, b, d, V, l, T);
    tTimesFeatures(featureMajor, b, d, T, l, G);
  }
}

/** T[j*b + i] = Σ_f V[j*d + f]·X[f*b + i] (X feature-major d × b): tiles of 2 directions × 4 rows. */
export function vTimesBlock(X: Float64Array, b: number, d: number, V: Float64Array, l: number, T: Float64Array): void {
  const b4 = b - (b % 4);
  const l2 = l - (l % 2);
  for (let j = 0; j < l2; j += 2) {
    const v0 = j * d;
    const v1 = v0 + d;
    for (let i = 0; i < b4; i += 4) {
      let s00 = 0;
      let s01 = 0;
      let s02 = 0;
      let s03 = 0;
      let s10 = 0;
      let s11 = 0;
      let s12 = 0;
      let s13 = 0;
      for (let f = 0, xo = i; f < d; f++, xo += b) {
        const a0 = V[v0 + f]!;
        const a1 = V[v1 + f]!;
        const x0 = X[xo]!;
        const x1 = X[xo + 1]!;
        const x2 = X[xo + 2]!;
        const x3 = X[xo + 3]!;
        s00 += a0 * x0;
        s01 += a0 * x1;
        s02 += a0 * x2;
        s03 += a0 * x3;
        s10 += a1 * x0;
        s11 += a1 * x1;
        s12 += a1 * x2;
        s13 += a1 * x3;
      }
      const t0 = j * b + i;
      const t1 = t0 + b;
      T[t0] = s00;
      T[t0 + 1] = s01;
      T[t0 + 2] = s02;
      T[t0 + 3] = s03;
      T[t1] = s10;
      T[t1 + 1] = s11;
      T[t1 + 2] = s12;
      T[t1 + 3] = s13;
    }
  }
  // Leftover directions and rows, one product at a time.
  for (let j = 0; j < l; j++) {
    for (let i = j < l2 ? b4 : 0; i < b; i++) {
      const v = j * d;
      let s = 0;
      for (let f = 0; f < d; f++) s += V[v + f]! * X[f * b + i]!;
      T[j * b + i] = s;
    }
  }
}

/** G[j*d + f] += Σ_i X[f*b + i]·T[j*b + i] (X feature-major d × b). */
function tTimesFeatures(X: Float64Array, b: number, d: number, T: Float64Array, l: number, G: Float64Array): void {
  const d2 = d - (d % 2);
  const l4 = l - (l % 4);
  for (let f = 0; f < d2; f += 2) {
    const x0o = f * b;
    const x1o = x0o + b;
    for (let j = 0; j < l4; j += 4) {
      const t0 = j * b;
      const t1 = t0 + b;
      const t2 = t1 + b;
      const t3 = t2 + b;
      let s00 = 0;
      let s01 = 0;
      let s02 = 0;
      let s03 = 0;
      let s10 = 0;
      let s11 = 0;
      let s12 = 0;
      let s13 = 0;
      for (let i = 0; i < b; i++) {
        const x0 = X[x0o + i]!;
        const x1 = X[x1o + i]!;
        const a0 = T[t0 + i]!;
        const a1 = T[t1 + i]!;
        const a2 = T[t2 + i]!;
        const a3 = T[t3 + i]!;
        s00 += x0 * a0;
        s01 += x0 * a1;
        s02 += x0 * a2;
        s03 += x0 * a3;
        s10 += x1 * a0;
        s11 += x1 * a1;
        s12 += x1 * a2;
        s13 += x1 * a3;
      }
      const g = j * d + f;
      G[g] = G[g]! + s00;
      G[g + d] = G[g + d]! + s01;
      G[g + 2 * d] = G[g + 2 * d]! + s02;
      G[g + 3 * d] = G[g + 3 * d]! + s03;
      G[g + 1] = G[g + 1]! + s10;
      G[g + d + 1] = G[g + d + 1]! + s11;
      G[g + 2 * d + 1] = G[g + 2 * d + 1]! + s12;
      G[g + 3 * d + 1] = G[g + 3 * d + 1]! + s13;
    }
  }
  for (let f = 0; f < d; f++) {
    for (let j = f < d2 ? l4 : 0; j < l; j++) {
      const xo = f * b;
      const t = j * b;
      let s = 0;
      for (let i = 0; i < b; i++) s += X[xo + i]! * T[t + i]!;
      G[j * d + f] = G[j * d + f]! + s;
    }
  }
}
