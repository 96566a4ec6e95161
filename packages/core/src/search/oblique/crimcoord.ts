import { symmetricEigen } from './symmetric-eigen.js';

/**
 * CRIMCOORD (QUEST, Loh & Shih 1997; used by HHCART for qualitative features): at each node, each
 * level of an unordered categorical feature is mapped to its coordinate on the first discriminant
 * axis of the feature's dummy vectors. For one dummy-coded variable that axis is the first dimension
 * of a correspondence analysis of the node's level × class table: the level scores maximise the
 * correlation ratio with the class. We use standard coordinates, so over the node's samples the
 * transformed feature has weighted mean 0 and variance 1; levels absent from the node get NaN in the
 * map, and at prediction an absent or unknown level counts as the node's mean, 0.
 * For regression the score is the level's mean target, standardised the same way.
 */
export class Crimcoord {
  /** Indices of the categorical features. */
  readonly features: Int32Array;
  /** Number of levels (max code + 1) per categorical feature. */
  readonly nLevels: Int32Array;
  private readonly codes: Int32Array[];
  private readonly labels: Int32Array | null;
  private readonly nClasses: number;
  private readonly targets: Float64Array | null;
  private readonly weights: Float64Array | null;
  private readonly table: Float64Array;
  private readonly levelW: Float64Array;

  constructor(
    X: { data: Float64Array; rows: number },
    features: readonly number[],
    labels: Int32Array | null,
    nClasses: number,
    targets: Float64Array | null,
    weights: Float64Array | null,
  ) {
    const n = X.rows;
    this.features = Int32Array.from(features);
    this.labels = labels;
    this.nClasses = nClasses;
    this.targets = targets;
    this.weights = weights;
    this.codes = features.map((f) => {
      const c = new Int32Array(n);
      for (let i = 0; i < n; i++) c[i] = X.data[f * n + i]!;
      return c;
    });
    this.nLevels = Int32Array.from(this.codes, (c) => {
      let mx = 0;
      for (let i = 0; i < c.length; i++) if (c[i]! > mx) mx = c[i]!;
      return mx + 1;
    });
    const maxL = Math.max(1, ...this.nLevels);
    this.table = new Float64Array(maxL * Math.max(1, nClasses));
    this.levelW = new Float64Array(maxL);
  }

  /**
   * Computes the level scores of categorical feature k over samples[start, end), writes the node's
   * transformed values into each column `f` of `targets` (column-major, `rows` rows), and returns the
   * map level → score (NaN for levels absent from the node).
   */
  transform(k: number, samples: Int32Array, start: number, end: number, columns: Float64Array[], rows: number): Float64Array {
    const codes = this.codes[k]!;
    const L = this.nLevels[k]!;
    const scores = this.labels ? this.classScores(codes, L, samples, start, end) : this.meanScores(codes, L, samples, start, end);
    const base = this.features[k]! * rows;
    for (const col of columns) {
      for (let i = start; i < end; i++) {
        const s = samples[i]!;
        col[base + s] = scores[codes[s]!]!;
      }
    }
    return scores;
  }

  private classScores(codes: Int32Array, L: number, samples: Int32Array, start: number, end: number): Float64Array {
    const C = this.nClasses;
    const N = this.table;
    N.fill(0, 0, L * C);
    const y = this.labels!;
    const w = this.weights;
    for (let i = start; i < end; i++) {
      const s = samples[i]!;
      N[codes[s]! * C + y[s]!]! += w === null ? 1 : w[s]!;
    }
    // Present levels and classes only; correspondence analysis of that table.
    const rowsP: number[] = [];
    const colsP: number[] = [];
    let total = 0;
    const r = this.levelW;
    r.fill(0, 0, L);
    const c = new Float64Array(C);
    for (let m = 0; m < L; m++) for (let k = 0; k < C; k++) {
      const v = N[m * C + k]!;
      r[m]! += v;
      c[k]! += v;
      total += v;
    }
    for (let m = 0; m < L; m++) if (r[m]! > 0) rowsP.push(m);
    for (let k = 0; k < C; k++) if (c[k]! > 0) colsP.push(k);
    const scores = new Float64Array(L).fill(Number.NaN);
    for (const m of rowsP) scores[m] = 0;
    if (rowsP.length < 2 || colsP.length < 2 || !(total > 0)) return scores;
    // S = D_r^-1/2 (P − r cᵀ) D_c^-1/2; its first right singular vector v gives u = S v / σ.
    const R = rowsP.length;
    const K = colsP.length;
    const S = new Float64Array(R * K);
    for (let a = 0; a < R; a++) {
      const m = rowsP[a]!;
      const rm = r[m]! / total;
      for (let b = 0; b < K; b++) {
        const k = colsP[b]!;
        const ck = c[k]! / total;
        S[a * K + b] = (N[m * C + k]! / total - rm * ck) / Math.sqrt(rm * ck);
      }
    }
    const StS = new Float64Array(K * K);
    for (let i = 0; i < K; i++) for (let j = 0; j < K; j++) {
      let x = 0;
      for (let a = 0; a < R; a++) x += S[a * K + i]! * S[a * K + j]!;
      StS[i * K + j] = x;
    }
    const evd = symmetricEigen(StS, K);
    const values = evd.values;
    let top = 0;
    for (let i = 1; i < values.length; i++) if (values[i]! > values[top]!) top = i;
    const sigma = Math.sqrt(Math.max(0, values[top]!));
    if (!(sigma > 1e-12)) return scores;
    const u = new Float64Array(R);
    for (let a = 0; a < R; a++) {
      let x = 0;
      for (let b = 0; b < K; b++) x += S[a * K + b]! * evd.vectors[b * K + top]!;
      u[a] = x / sigma;
    }
    // Deterministic sign: the largest |score| is positive.
    let big = 0;
    for (let a = 1; a < u.length; a++) if (Math.abs(u[a]!) > Math.abs(u[big]!)) big = a;
    const sign = u[big]! < 0 ? -1 : 1;
    rowsP.forEach((m, a) => (scores[m] = (sign * u[a]!) / Math.sqrt(r[m]! / total)));
    return scores;
  }

  private meanScores(codes: Int32Array, L: number, samples: Int32Array, start: number, end: number): Float64Array {
    const sumY = new Float64Array(L);
    const W = this.levelW;
    W.fill(0, 0, L);
    const t = this.targets!;
    const w = this.weights;
    let total = 0;
    let sum = 0;
    for (let i = start; i < end; i++) {
      const s = samples[i]!;
      const wi = w === null ? 1 : w[s]!;
      sumY[codes[s]!]! += wi * t[s]!;
      W[codes[s]!]! += wi;
      total += wi;
      sum += wi * t[s]!;
    }
    const scores = new Float64Array(L).fill(Number.NaN);
    if (!(total > 0)) return scores;
    const mean = sum / total;
    let varS = 0;
    for (let m = 0; m < L; m++) {
      if (W[m]! > 0) {
        const d = sumY[m]! / W[m]! - mean;
        scores[m] = d;
        varS += W[m]! * d * d;
      }
    }
    const sd = Math.sqrt(varS / total);
    for (let m = 0; m < L; m++) if (W[m]! > 0) scores[m] = sd > 1e-12 ? scores[m]! / sd : 0;
    return scores;
  }
}
