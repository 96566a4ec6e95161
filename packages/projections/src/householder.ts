import { InvalidArgumentError, booleanValue, knownKeys, nonNegativeNumber, oneOf, plainObject } from '@dt/errors';
import type { Random } from '@dt/errors';
import type { Directions, FittedProjection, Projection, ProjectionData, Reflections } from './types.js';
import { checkData, columnMeans, covarianceOf } from './common.js';
import {
  BLOCK,
  ensure,
  fixSign,
  gatherIndices,
  gatherRowMajor,
  GRAM_MIN_FEATURES,
  gramRows,
  gramToComponents,
  nodeMean,
  nonZeroCount,
  symmetricEigen,
  traceOf,
  zeroVarianceFloor,
} from './linalg.js';

/** HHCART variant: `'A'` reflects every eigenvector of each class covariance, `'D'` only the dominant one. */
export type HouseholderVariant = 'A' | 'D';

/** Options of householder (HHCART's reflections); `variant` is required. */
export interface HouseholderOptions {
  /** 'A': every eigenvector of each class covariance (HHCART(A)); 'D': the dominant one (HHCART(D)). */
  variant: HouseholderVariant;
  /** An eigenvector within tau of a coordinate axis (‖e_k ∓ d‖ ≤ tau) gives the axes, not a reflection. Default 0.05. */
  tau?: number;
  /** Section 3.1's OC1 rule: nodes with n ≤ 2p samples get the axes only. Default false. */
  obliqueOnlyWhenNGreaterThan2p?: boolean;
  /**
   * Always offer the p coordinate axes as well. Default false: Algorithm 1 offers them only when an
   * eigenvector is within tau of an axis, or when no class can give an eigenvector.
   */
  includeAxes?: boolean;
}

const DEFAULT_TAU = 0.05;


/**
 * HHCART's candidate directions (Wickramarachchi et al., section 3 and Algorithm 1). At each node,
 * for every class with at least two distinct samples, the eigenvectors of the class covariance with
 * non-zero eigenvalue (all of them for variant 'A', the dominant one for 'D'). An eigenvector d
 * within `tau` of a coordinate axis gives the axes themselves (H = I); any other gives the
 * Householder reflection H = I − 2uuᵀ, u = (e1 − d)/‖e1 − d‖, which maps e1 to d, and the candidate
 * directions are H's p columns w_j = H·e_j = e_j − 2u_j·u.
 *
 * Why directions reproduce the paper's "reflect, then split on the axes": column j of the reflected
 * data X̂ = X·H is X·(H·e_j) = X·w_j, so the builder's projection of the node's samples on w_j is
 * exactly the j-th reflected feature, and an axis split x̂_j ≤ t is the oblique split w_j·x ≤ t on
 * the original features — which is how the model stores it (no H needed to predict).
 *
 * The directions are returned as reflections (`Directions.reflections`, the axes as the zero one),
 * never as p × p weights. Cost per node: O(Σ_c n_c·p² + C·p³) here (class covariances, ml-matrix
 * EVD of each p×p matrix; for p > GRAM_MIN_FEATURES a class with n_c < p uses its n_c×n_c Gram
 * matrix instead, O(n_c²·p + n_c³)); the search then projects the node on a reflection's p
 * directions in O(n·p) (one dot product x·u per row, then x_j − 2u_j·(x·u)) and sorts each,
 * O(n log n): O(C·p·n·log n) for 'D' and O(C·p²·n·log n) for 'A'.
 */
export function householder(options: HouseholderOptions): Projection {
  const o = plainObject('options', options);
  knownKeys('options', o, ['variant', 'tau', 'obliqueOnlyWhenNGreaterThan2p', 'includeAxes']);
  const variant = oneOf('options.variant', o.variant, ['A', 'D'] as const);
  const tau = nonNegativeNumber('options.tau', o.tau ?? DEFAULT_TAU);
  const small = booleanValue('options.obliqueOnlyWhenNGreaterThan2p', o.obliqueOnlyWhenNGreaterThan2p ?? false);
  const includeAxes = booleanValue('options.includeAxes', o.includeAxes ?? false);
  const resolved = { variant, tau, obliqueOnlyWhenNGreaterThan2p: small, includeAxes };
  return Object.freeze({
    // The name records the variant, so a saved model's projection reloads as the same variant.
    name: variant === 'A' ? 'householder-a' : 'householder-d',
    options: Object.freeze({ ...resolved }),
    prepare: (data: ProjectionData, _rng: Random): FittedProjection => new Householder(data, resolved),
  });
}

class Householder implements FittedProjection {
  readonly kind = 'node' as const;
  private readonly x: Float64Array;
  private readonly rows: number;
  private readonly p: number;
  private readonly labels: Int32Array;
  private readonly nClasses: number;
  private readonly weights: Float64Array | null;
  private readonly all: boolean;
  private readonly tau: number;
  private readonly small: boolean;
  private readonly includeAxes: boolean;
  private readonly shift: Float64Array;
  private readonly idx: Int32Array;
  private readonly w: Float64Array;
  private readonly byClass: Int32Array;
  private readonly wByClass: Float64Array;
  private readonly scale: Float64Array;
  private readonly classStart: Int32Array;
  private readonly fillPos: Int32Array;
  private readonly classW: Float64Array;
  private readonly mean: Float64Array;
  private readonly block: Float64Array;
  // Grown on first use: p×p only on the covariance route (p ≤ GRAM_MIN_FEATURES or a class with ≥ p rows).
  private cov: Float64Array = new Float64Array(0);
  private rowsBuf: Float64Array = new Float64Array(0);
  private gram: Float64Array = new Float64Array(0);
  private vecs: Float64Array = new Float64Array(0);
  private readonly d: Float64Array;
  private readonly u: Float64Array;
  /** The current node's reflections (the zero one = the axes); no dense directions. */
  private readonly refl: Reflections;
  private readonly out: Directions;

  constructor(data: ProjectionData, o: Required<HouseholderOptions>) {
    checkData(data);
    if (data.labels === null) {
      throw new InvalidArgumentError('data.labels', 'class labels (householder needs a classification task)', null);
    }
    const p = data.cols;
    const n = data.rows;
    this.x = data.data;
    this.rows = n;
    this.p = p;
    this.labels = data.labels;
    this.nClasses = data.nClasses;
    this.weights = data.weights;
    this.all = o.variant === 'A';
    this.tau = o.tau;
    this.small = o.obliqueOnlyWhenNGreaterThan2p;
    this.includeAxes = o.includeAxes;
    this.shift = columnMeans(data);
    this.idx = new Int32Array(n);
    this.w = new Float64Array(n);
    this.byClass = new Int32Array(n);
    this.wByClass = new Float64Array(n);
    this.scale = new Float64Array(n);
    this.classStart = new Int32Array(this.nClasses + 1);
    this.fillPos = new Int32Array(this.nClasses);
    this.classW = new Float64Array(this.nClasses);
    this.mean = new Float64Array(p);
    this.block = new Float64Array(p * BLOCK);
    this.d = new Float64Array(p);
    this.u = new Float64Array(p);
    this.refl = { u: new Float64Array(p * (this.nClasses + 1)), count: 0 };
    this.out = { dirs: new Float64Array(0), count: 0, reflections: this.refl };
  }

  nodeDirections(samples: Int32Array, start: number, end: number): Directions {
    const out = this.out;
    this.refl.count = 0;
    const m = end - start;
    if (m < 2) return out;
    const p = this.p;
    if (this.small && m <= 2 * p) return this.write(0, true);
    gatherIndices(samples, start, end, this.weights, this.idx, this.w);
    this.groupByClass(m);
    let nRefl = 0;
    let axes = this.includeAxes;
    let anyClass = false;
    const { classStart, classW, byClass, wByClass, scale, mean, d, u } = this;
    for (let c = 0; c < this.nClasses; c++) {
      const from = classStart[c]!;
      const mc = classStart[c + 1]! - from;
      const W = classW[c]!;
      if (mc < 2 || !(W > 0)) continue;
      const idx = byClass.subarray(from, from + mc);
      const w = wByClass.subarray(from, from + mc);
      const meanSq = nodeMean(this.x, this.rows, p, idx, w, mc, W, this.shift, mean);
      for (let i = 0; i < mc; i++) scale[i] = Math.sqrt(w[i]! / W);
      const eigen = this.classEigen(idx, mc, meanSq);
      // Zero eigenvalues (section 3.1 part 1); none at all = one distinct point (part 2): skip the class.
      const k = nonZeroCount(eigen.values, eigen.values.length, this.all ? p : 1, eigen.floor);
      if (k > 0) anyClass = true;
      for (let j = 0; j < k; j++) {
        d.set(eigen.vectors.subarray(j * p, (j + 1) * p));
        // Largest-magnitude entry positive (the lowest index among equal ones): a sign independent
        // of row order (H depends on it) for which the paper's test ‖e_k − d‖ ≤ tau equals the
        // sign-free one ‖e_k ∓ d‖ ≤ tau (up to SIGN_TIE_RTOL on ties, far below any tau).
        fixSign(d, 0, p);
        // Early exit before any projection: an eigenvector this close to an axis gives the axes.
        if (axisDistance(d, p) <= this.tau) {
          axes = true;
          continue;
        }
        // u = (e1 − d)/‖e1 − d‖; ‖e1 − d‖ > tau ≥ 0 here, so u is well defined.
        u[0] = 1 - d[0]!;
        let s = u[0]! * u[0]!;
        for (let f = 1; f < p; f++) {
          u[f] = -d[f]!;
          s += u[f]! * u[f]!;
        }
        const inv = 1 / Math.sqrt(s);
        // Row 0 is kept free for the axes (a zero reflection), written last.
        const R = this.reserve(nRefl + 2);
        for (let f = 0; f < p; f++) R[(nRefl + 1) * p + f] = u[f]! * inv;
        nRefl++;
      }
    }
    // No class with two distinct samples: axis splits (section 3.1).
    return this.write(nRefl, axes || !anyClass);
  }

  /**
   * Eigenvalues (descending) and unit eigenvectors (rows, length p) of the weighted covariance of the
   * class rows idx[0, mc), and the zero-variance floor. p×p covariance and EVD when the class has at
   * least p rows or p ≤ GRAM_MIN_FEATURES (the route every committed tree was grown with); otherwise
   * the mc×mc Gram matrix K = A·Aᵀ of the centred, √(w/W)-scaled rows A — same non-zero eigenvalues,
   * eigenvectors v = Aᵀu/√λ — so wide data (p ≫ mc) never allocates p×p.
   */
  private classEigen(idx: Int32Array, mc: number, meanSq: number): { values: Float64Array; vectors: Float64Array; floor: number } {
    const p = this.p;
    if (mc >= p || p <= GRAM_MIN_FEATURES) {
      this.cov = ensure(this.cov, p * p);
      covarianceOf(this.x, this.rows, p, idx, mc, this.mean, this.scale, this.block, this.cov);
      const floor = zeroVarianceFloor(traceOf(this.cov, p), mc + p, meanSq);
      return { ...symmetricEigen(this.cov, p), floor };
    }
    this.rowsBuf = ensure(this.rowsBuf, mc * p);
    this.gram = ensure(this.gram, mc * mc);
    const A = this.rowsBuf;
    gatherRowMajor(this.x, this.rows, p, idx, 0, mc, this.mean, this.scale, A);
    gramRows(A, mc, p, this.gram);
    const floor = zeroVarianceFloor(traceOf(this.gram, mc), mc + p, meanSq);
    const eigen = symmetricEigen(this.gram, mc);
    const k = nonZeroCount(eigen.values, mc, this.all ? mc : 1, floor);
    this.vecs = ensure(this.vecs, Math.max(1, k) * p);
    gramToComponents(eigen, A, mc, p, k, this.vecs);
    return { values: eigen.values.subarray(0, k), vectors: this.vecs, floor };
  }

  /** The reflection buffer with room for `rows` rows of p (earlier rows kept). */
  private reserve(rows: number): Float64Array {
    const refl = this.refl;
    if (refl.u.length < rows * this.p) refl.u = grown(refl.u, rows * this.p);
    return refl.u;
  }

  /**
   * The node's directions as reflections: the axes first (when asked) as the zero reflection
   * (w_j = e_j), then each reflection's p columns w_j = e_j − 2u_j·u — the order, and by
   * directionWeights the weights, of the dense directions this projection used to write.
   */
  private write(nRefl: number, axes: boolean): Directions {
    const p = this.p;
    const R = this.reserve(nRefl + 1);
    if (axes) R.fill(0, 0, p);
    else R.copyWithin(0, p, (nRefl + 1) * p);
    this.refl.count = nRefl + (axes ? 1 : 0);
    return this.out;
  }

  /** Counting sort of the node's rows by class (ascending within a class), with class weights. */
  private groupByClass(m: number): void {
    const C = this.nClasses;
    const { labels, idx, w, classStart, classW, byClass, wByClass, fillPos } = this;
    classStart.fill(0);
    classW.fill(0);
    for (let i = 0; i < m; i++) {
      const c = labels[idx[i]!]!;
      classStart[c + 1] = classStart[c + 1]! + 1;
      classW[c] = classW[c]! + w[i]!;
    }
    for (let c = 0; c < C; c++) classStart[c + 1] = classStart[c + 1]! + classStart[c]!;
    fillPos.set(classStart.subarray(0, C));
    for (let i = 0; i < m; i++) {
      const c = labels[idx[i]!]!;
      const at = fillPos[c]!;
      byClass[at] = idx[i]!;
      wByClass[at] = w[i]!;
      fillPos[c] = at + 1;
    }
  }
}

/** A copy of `buf` with room for at least `size` values (earlier reflections are kept). */
function grown(buf: Float64Array, size: number): Float64Array {
  const next = new Float64Array(Math.max(size, buf.length * 2));
  next.set(buf);
  return next;
}

/** min_k ‖e_k − d‖ for a unit d whose largest-magnitude entry is positive. */
function axisDistance(d: Float64Array, p: number): number {
  let k = 0;
  for (let f = 1; f < p; f++) if (d[f]! > d[k]!) k = f;
  let s = 0;
  for (let f = 0; f < p; f++) {
    const diff = (f === k ? 1 : 0) - d[f]!;
    s += diff * diff;
  }
  return Math.sqrt(s);
}
