import { InvalidArgumentError, knownKeys, plainObject } from '@dt/errors';
import type { Random } from '@dt/errors';
import type { Directions, FittedProjection, Projection, ProjectionData } from './types.js';
import { checkData, columnMeans } from './common.js';
import { ensure, fixSign, gatherIndices, gramRows, gramToComponents, nonZeroCount, symmetricEigen, traceOf, zeroVarianceFloor } from './linalg.js';

/** No options yet; the object is accepted for symmetry with the other projections. */
export type NodeMeansPCAOptions = Record<string, never>;

/**
 * Node Means PCA (Max-Cut paper, section 1): at every node, for each class c present, the weighted
 * mean of the node's samples NOT in c (the "rest" mean); the principal components of those C points
 * (centred, each point counted once) are the candidate directions: at most C − 1 of them, those with
 * non-zero variance. One class present: no direction.
 *
 * Cost per node O(m·d + C²·d + C³) and no d×d matrix: one pass over the node's data for the
 * per-class weighted sums, rest sums as prefix + suffix sums over the classes (no total − own
 * cancellation), then the C×C Gram matrix of the centred rest means (dual PCA: an eigenvector u of
 * Q·Qᵀ with eigenvalue λ gives the direction Qᵀu/√λ).
 */
export function nodeMeansPCA(options: NodeMeansPCAOptions = {}): Projection {
  plainObject('options', options);
  knownKeys('options', options, []);
  return Object.freeze({
    name: 'node-means-pca',
    options: Object.freeze({}),
    prepare: (data: ProjectionData, _rng: Random): FittedProjection => new NodeMeansPCA(data),
  });
}

class NodeMeansPCA implements FittedProjection {
  readonly kind = 'node' as const;
  private readonly x: Float64Array;
  private readonly xRows: Float64Array | null;
  private readonly rows: number;
  private readonly d: number;
  private readonly labels: Int32Array;
  private readonly nClasses: number;
  private readonly weights: Float64Array | null;
  private readonly shift: Float64Array;
  private readonly idx: Int32Array;
  private readonly w: Float64Array;
  private readonly byClass: Int32Array;
  private readonly wByClass: Float64Array;
  private readonly classStart: Int32Array;
  private readonly fillPos: Int32Array;
  private readonly classSums: Float64Array;
  private readonly classW: Float64Array;
  private readonly present: Int32Array;
  private readonly points: Float64Array;
  private readonly restW: Float64Array;
  private readonly acc: Float64Array;
  private readonly acc2: Float64Array;
  private gram: Float64Array = new Float64Array(0);
  private readonly out: Directions & { variances: Float64Array };

  constructor(data: ProjectionData) {
    checkData(data);
    if (data.labels === null) {
      throw new InvalidArgumentError('data.labels', 'class labels (node-means-pca needs a classification task)', null);
    }
    const d = data.cols;
    const C = data.nClasses;
    this.x = data.data;
    this.xRows = data.rowMajor ?? null;
    this.rows = data.rows;
    this.d = d;
    this.labels = data.labels;
    this.nClasses = C;
    this.weights = data.weights;
    this.shift = columnMeans(data);
    this.idx = new Int32Array(data.rows);
    this.w = new Float64Array(data.rows);
    this.byClass = new Int32Array(data.rows);
    this.wByClass = new Float64Array(data.rows);
    this.classStart = new Int32Array(C + 1);
    this.fillPos = new Int32Array(C);
    this.classSums = new Float64Array(C * d);
    this.classW = new Float64Array(C);
    this.present = new Int32Array(C);
    this.points = new Float64Array(C * d);
    this.restW = new Float64Array(C);
    this.acc = new Float64Array(d);
    this.acc2 = new Float64Array(this.xRows === null ? 0 : d);
    const k = Math.max(0, Math.min(C - 1, d));
    this.out = { dirs: new Float64Array(k * d), count: 0, variances: new Float64Array(k) };
  }

  nodeDirections(samples: Int32Array, start: number, end: number): Directions {
    const out = this.out;
    out.count = 0;
    const m = end - start;
    if (m < 2 || this.nClasses < 2) return out;
    const d = this.d;
    gatherIndices(samples, start, end, this.weights, this.idx, this.w);
    const { idx, w, classW, classSums, classStart } = this;
    // Counting sort of the node's rows by class (rows stay ascending within a class), so each class
    // sum below runs over a contiguous range with its total in a register.
    const C = this.nClasses;
    const labels = this.labels;
    classStart.fill(0);
    classW.fill(0);
    for (let i = 0; i < m; i++) {
      const c = labels[idx[i]!]!;
      classStart[c + 1] = classStart[c + 1]! + 1;
      classW[c] = classW[c]! + w[i]!;
    }
    for (let c = 0; c < C; c++) classStart[c + 1] = classStart[c + 1]! + classStart[c]!;
    const byClass = this.byClass;
    const wByClass = this.wByClass;
    const fill = this.fillPos;
    fill.set(classStart.subarray(0, C));
    for (let i = 0; i < m; i++) {
      const c = labels[idx[i]!]!;
      const p = fill[c]!;
      byClass[p] = idx[i]!;
      wByClass[p] = w[i]!;
      fill[c] = p + 1;
    }
    let nPresent = 0;
    for (let c = 0; c < C; c++) if (classW[c]! > 0) this.present[nPresent++] = c;
    if (nPresent < 2) return out;
    classSums.fill(0);
    const wc = this.weights === null ? null : wByClass;
    if (this.xRows !== null) accumulateClassSumsRows(this.xRows, d, byClass, wc, classStart, C, this.shift, classSums, this.acc, this.acc2);
    else accumulateClassSums(this.x, this.rows, d, byClass, wc, classStart, C, this.shift, classSums);
    const P = this.restMeans(nPresent);
    // Centre the C' points (each counted once, as the paper feeds them to PCA).
    let meanSq = 0;
    const acc = this.acc;
    acc.fill(0);
    for (let p = 0; p < nPresent; p++) for (let f = 0; f < d; f++) acc[f] = acc[f]! + P[p * d + f]!;
    for (let f = 0; f < d; f++) acc[f] = acc[f]! / nPresent;
    for (let p = 0; p < nPresent; p++) {
      for (let f = 0; f < d; f++) {
        const v = P[p * d + f]!;
        meanSq += v * v;
        P[p * d + f] = v - acc[f]!;
      }
    }
    this.gram = ensure(this.gram, nPresent * nPresent);
    gramRows(P, nPresent, d, this.gram);
    // Gram entries are sums of d products; the eigenproblem has order C'.
    const floor = zeroVarianceFloor(traceOf(this.gram, nPresent), nPresent + d, meanSq);
    const eigen = symmetricEigen(this.gram, nPresent);
    const count = nonZeroCount(eigen.values, nPresent, nPresent - 1, floor);
    gramToComponents(eigen, P, nPresent, d, count, out.dirs);
    for (let j = 0; j < count; j++) {
      fixSign(out.dirs, j * d, d);
      out.variances[j] = eigen.values[j]! / nPresent;
    }
    out.count = count;
    return out;
  }

  /**
   * Rest means (relative to the global mean) of the present classes into `points` rows 0..C'−1:
   * Σ over the other present classes of their sums / their weight, as prefix + suffix sums.
   */
  private restMeans(nPresent: number): Float64Array {
    const { d, present, classSums, classW, points: P, restW } = this;
    let wRun = 0;
    P.fill(0, 0, nPresent * d);
    for (let p = 0; p < nPresent; p++) {
      restW[p] = wRun;
      wRun += classW[present[p]!]!;
      if (p + 1 < nPresent) {
        const po = p * d;
        const qo = po + d;
        const so = present[p]! * d;
        for (let f = 0; f < d; f++) P[qo + f] = P[po + f]! + classSums[so + f]!;
      }
    }
    // P now holds prefix sums (classes before p); add suffix sums running backwards.
    const acc = this.acc;
    acc.fill(0);
    wRun = 0;
    for (let p = nPresent - 1; p >= 0; p--) {
      const po = p * d;
      const inv = 1 / (restW[p]! + wRun);
      for (let f = 0; f < d; f++) P[po + f] = (P[po + f]! + acc[f]!) * inv;
      const so = present[p]! * d;
      for (let f = 0; f < d; f++) acc[f] = acc[f]! + classSums[so + f]!;
      wRun += classW[present[p]!]!;
    }
    return P;
  }
}

/**
 * Σ w·(x − shift) per class and feature: one pass over the node's data, column by column (a column
 * of the node stays in cache while its classes are summed), rows grouped by class.
 */
function accumulateClassSums(
  x: Float64Array,
  rows: number,
  d: number,
  byClass: Int32Array,
  w: Float64Array | null,
  classStart: Int32Array,
  C: number,
  shift: Float64Array,
  sums: Float64Array,
): void {
  for (let f = 0; f < d; f++) {
    const off = f * rows;
    const g = shift[f]!;
    for (let c = 0; c < C; c++) {
      const from = classStart[c]!;
      const to = classStart[c + 1]!;
      let s0 = 0;
      let s1 = 0;
      let i = from;
      if (w === null) {
        for (; i + 1 < to; i += 2) {
          s0 += x[off + byClass[i]!]! - g;
          s1 += x[off + byClass[i + 1]!]! - g;
        }
        if (i < to) s0 += x[off + byClass[i]!]! - g;
      } else {
        for (; i + 1 < to; i += 2) {
          s0 += w[i]! * (x[off + byClass[i]!]! - g);
          s1 += w[i + 1]! * (x[off + byClass[i + 1]!]! - g);
        }
        if (i < to) s0 += w[i]! * (x[off + byClass[i]!]! - g);
      }
      sums[c * d + f] = s0 + s1;
    }
  }
}

/**
 * accumulateClassSums from row-major data, bit for bit: each row is read once, sequentially, and
 * added into two running rows — the class's even positions into s0, odd ones into s1, each in
 * ascending position — which are exactly the two partial sums the column-wise kernel keeps per
 * feature, combined the same way (s0 + s1). Only the memory order differs, not one rounding.
 */
function accumulateClassSumsRows(
  xr: Float64Array,
  d: number,
  byClass: Int32Array,
  w: Float64Array | null,
  classStart: Int32Array,
  C: number,
  shift: Float64Array,
  sums: Float64Array,
  s0: Float64Array,
  s1: Float64Array,
): void {
  for (let c = 0; c < C; c++) {
    const from = classStart[c]!;
    const to = classStart[c + 1]!;
    s0.fill(0);
    s1.fill(0);
    for (let i = from; i < to; i++) {
      const acc = (i - from) % 2 === 0 ? s0 : s1;
      const ro = byClass[i]! * d;
      if (w === null) {
        for (let f = 0; f < d; f++) acc[f] = acc[f]! + (xr[ro + f]! - shift[f]!);
      } else {
        const wi = w[i]!;
        for (let f = 0; f < d; f++) acc[f] = acc[f]! + wi * (xr[ro + f]! - shift[f]!);
      }
    }
    const so = c * d;
    for (let f = 0; f < d; f++) sums[so + f] = s0[f]! + s1[f]!;
  }
}
