import { knownKeys, numberInRange, oneOf, plainObject, positiveInt } from '@dt/errors';
import type { Random } from '@dt/errors';
import type { Directions, FittedProjection, Projection, ProjectionData } from './types.js';
import { checkData, columnMeans, covarianceOf, writeComponents } from './common.js';
import { covarianceTimes, vTimesBlock } from './covariance-times.js';
import { appendRecovered, jacobiRows, sumOfSquares, svdVarianceFloor } from './svd-refine.js';
import {
  BLOCK,
  centredTrace,
  combineRows,
  covarianceEigen,
  ensure,
  fixSign,
  gatherColumns,
  gatherFeatureMajor,
  gatherIndices,
  gatherRowMajor,
  gramRows,
  gramToComponents,
  nodeMean,
  nonZeroCount,
  normalizeRow,
  orthonormalizeRows,
  symmetricEigen,
  traceOf,
  zeroVarianceFloor,
} from './linalg.js';

/** Up to this many features, 'auto' takes every component from an exact d×d eigendecomposition. */
export const EXACT_MAX_FEATURES = 50;
/** Default number of components above EXACT_MAX_FEATURES features. */
export const DEFAULT_LARGE_COMPONENTS = 10;
/** Extra directions carried by the subspace iteration: convergence goes as (λ_{l+1}/λ_k)^iterations. */
const OVERSAMPLING = 8;
/** Largest node (m·d values, 32 MB) copied out of the training data before its PCA. */
const NODE_CACHE = 1 << 22;
/** Iterations assumed when 'auto' weighs the iterative method against the exact dual one. */
const ITERATIONS_ESTIMATE = 8;

/** How nodeFeaturesPCA computes a node's components: `'exact'` eigendecomposition, `'iterative'` subspace iteration, or `'auto'` (default) by cost. */
export type NodeFeaturesPCAMethod = 'auto' | 'exact' | 'iterative';

/** Options of nodeFeaturesPCA: components per node and the method computing them. */
export interface NodeFeaturesPCAOptions {
  /**
   * Most components per node, by decreasing variance. Default: all (d) when d ≤ 50 — the exact
   * eigendecomposition is cheap there, and it is the paper's setting (scikit-learn's PCA keeps every
   * component); 10 above, because each component costs the builder one more projection of the node
   * (m·d) and one more sort, and the leading components carry most of the variance of image-like data.
   */
  maxComponents?: number;
  /**
   * 'exact': eigendecomposition of the d×d covariance, or of the m×m Gram matrix when the node has
   * fewer rows than features (same components). 'iterative': block subspace iteration with
   * Rayleigh–Ritz on the top (maxComponents + 8) directions, 2·m·d·l work per iteration and no d×d
   * matrix. 'auto' (default): exact when d ≤ 50 or when the Gram route is cheaper, else iterative.
   * 'exact' also recovers, at an SVD's accuracy, components below the covariance's rounding floor
   * (svd-refine.ts); 'iterative' does not.
   */
  method?: NodeFeaturesPCAMethod;
  /**
   * Iterative method: stop when every kept component v satisfies ‖Cv − λv‖ ≤ tolerance·λ_max
   * (default 1e-3: the angle error of a component is about this over its relative eigengap).
   */
  tolerance?: number;
  /** Iterative method: most iterations (default 30); the last Ritz vectors are used when reached. */
  maxIterations?: number;
}

const KEYS = ['maxComponents', 'method', 'tolerance', 'maxIterations'] as const;

interface Settings {
  maxComponents: number | null;
  method: NodeFeaturesPCAMethod;
  tolerance: number;
  maxIterations: number;
}

/**
 * Node Features PCA (Max-Cut paper, section 1): at every node, the principal components of the
 * node's samples (weighted, centred on the node mean) are the candidate split directions.
 */
export function nodeFeaturesPCA(options: NodeFeaturesPCAOptions = {}): Projection {
  plainObject('options', options);
  knownKeys('options', options, KEYS);
  const s: Settings = {
    maxComponents: options.maxComponents === undefined ? null : positiveInt('options.maxComponents', options.maxComponents),
    method: options.method === undefined ? 'auto' : oneOf('options.method', options.method, ['auto', 'exact', 'iterative'] as const),
    tolerance: options.tolerance === undefined ? 1e-3 : numberInRange('options.tolerance', options.tolerance, 0, 1),
    maxIterations: options.maxIterations === undefined ? 30 : positiveInt('options.maxIterations', options.maxIterations),
  };
  return Object.freeze({
    name: 'node-features-pca',
    options: Object.freeze({ maxComponents: s.maxComponents ?? 'auto', method: s.method, tolerance: s.tolerance, maxIterations: s.maxIterations }),
    prepare: (data: ProjectionData, rng: Random): FittedProjection => new NodeFeaturesPCA(data, rng, s),
  });
}

class NodeFeaturesPCA implements FittedProjection {
  readonly kind = 'node' as const;
  private readonly x: Float64Array;
  private readonly rows: number;
  private readonly d: number;
  private readonly weights: Float64Array | null;
  private readonly rng: Random;
  private readonly s: Settings;
  private readonly k: number;
  private readonly l: number;
  private readonly shift: Float64Array;
  private readonly idx: Int32Array;
  /** 0, 1, 2, ...: the row indices of a cached node. */
  private readonly iota: Int32Array;
  private nodeX: Float64Array = new Float64Array(0);
  // Where the current node's rows are read from: the training data, or the node's cached copy.
  private src: Float64Array;
  private srcRows: number;
  private srcIdx: Int32Array;
  private readonly w: Float64Array;
  private readonly scale: Float64Array;
  private readonly mean: Float64Array;
  private readonly block: Float64Array;
  private readonly out: Directions & { variances: Float64Array };
  // Grown on first use: only the method a node needs pays for its buffers.
  private cov: Float64Array = new Float64Array(0);
  private rowsBuf: Float64Array = new Float64Array(0);
  private gram: Float64Array = new Float64Array(0);
  private V: Float64Array = new Float64Array(0);
  private G: Float64Array = new Float64Array(0);
  private T: Float64Array = new Float64Array(0);
  private H: Float64Array = new Float64Array(0);
  /** The node's data in an orthonormal basis, and that basis, for the SVD-level recovery. */
  private svdB: Float64Array = new Float64Array(0);
  private svdY: Float64Array = new Float64Array(0);
  private readonly rotated: Float64Array;
  /** The last iterative node's Ritz basis (l × d), empty before the first one. */
  private warm: Float64Array = new Float64Array(0);
  /** Iterations of the last iterative node (for tests and benchmarks). */
  lastIterations = 0;
  /** Method used for the last node (for tests and benchmarks). */
  lastMethod: 'none' | 'primal' | 'dual' | 'iterative' = 'none';

  constructor(data: ProjectionData, rng: Random, s: Settings) {
    checkData(data);
    this.x = data.data;
    this.rows = data.rows;
    this.d = data.cols;
    this.weights = data.weights;
    // Our own stream: the builder's generator is drawn once, whatever the nodes need.
    this.rng = rng.fork();
    this.s = s;
    const d = this.d;
    this.k = Math.min(d, s.maxComponents ?? (d <= EXACT_MAX_FEATURES ? d : DEFAULT_LARGE_COMPONENTS));
    this.l = Math.min(d, Math.ceil((this.k + OVERSAMPLING) / 4) * 4);
    this.shift = columnMeans(data);
    this.idx = new Int32Array(data.rows);
    this.iota = Int32Array.from({ length: data.rows }, (_, i) => i);
    this.src = this.x;
    this.srcRows = this.rows;
    this.srcIdx = this.idx;
    this.w = new Float64Array(data.rows);
    this.scale = new Float64Array(data.rows);
    this.mean = new Float64Array(d);
    this.block = new Float64Array(BLOCK * d);
    this.out = { dirs: new Float64Array(this.k * d), count: 0, variances: new Float64Array(this.k) };
    this.rotated = new Float64Array(this.l);
  }

  nodeDirections(samples: Int32Array, start: number, end: number): Directions {
    const out = this.out;
    out.count = 0;
    this.lastMethod = 'none';
    const m = end - start;
    if (m < 2) return out;
    const d = this.d;
    const W = gatherIndices(samples, start, end, this.weights, this.idx, this.w);
    if (!(W > 0)) return out;
    // A node that fits in NODE_CACHE is copied once (column-major, m rows) and read from there: its
    // rows are scattered in the training data, where every read misses the cache, and the methods
    // below read the node two to ten times.
    if (m * d <= NODE_CACHE) {
      this.nodeX = ensure(this.nodeX, m * d);
      gatherColumns(this.x, this.rows, d, this.idx, m, this.nodeX);
      this.src = this.nodeX;
      this.srcRows = m;
      this.srcIdx = this.iota;
    } else {
      this.src = this.x;
      this.srcRows = this.rows;
      this.srcIdx = this.idx;
    }
    const meanSq = nodeMean(this.src, this.srcRows, d, this.srcIdx, this.w, m, W, this.shift, this.mean);
    for (let i = 0; i < m; i++) this.scale[i] = Math.sqrt(this.w[i]! / W);
    const method = this.s.method;
    // Rough costs of the three routes in multiply-adds of our kernels; an n×n eigendecomposition in
    // ml-matrix measured ~20n³ of them (784×784: 11 s).
    const primalCost = (m * d * d) / 2 + 20 * d * d * d;
    const dualCost = (m * m * d) / 2 + 20 * m * m * m;
    // Per iteration: two passes over the node (2·m·d·l) and the l-row orthonormalisation and Ritz steps.
    const iterativeCost = ITERATIONS_ESTIMATE * (2 * m * d * this.l + 6 * this.l * this.l * d);
    if (method === 'iterative') {
      this.iterative(m, meanSq);
    } else if (method === 'exact' || d <= EXACT_MAX_FEATURES || Math.min(primalCost, dualCost) <= iterativeCost) {
      if (dualCost < primalCost) this.dual(m, meanSq);
      else this.primal(m, meanSq);
    } else {
      this.iterative(m, meanSq);
    }
    return out;
  }

  /** Exact: d×d covariance, eigendecomposed by ml-pca. */
  private primal(m: number, meanSq: number): void {
    const d = this.d;
    this.lastMethod = 'primal';
    this.cov = ensure(this.cov, d * d);
    covarianceOf(this.src, this.srcRows, d, this.srcIdx, m, this.mean, this.scale, this.block, this.cov);
    const trace = traceOf(this.cov, d);
    const floor = zeroVarianceFloor(trace, m + d, meanSq);
    const eigen = covarianceEigen(this.cov, d);
    const count = nonZeroCount(eigen.values, d, this.k, floor);
    writeComponents(eigen, d, count, this.out);
    if (count < this.k && count < d) this.recoverPrimal(eigen.vectors, m, count, svdVarianceFloor(trace, m + d, meanSq));
  }

  /**
   * The components below the covariance's floor that an SVD of the rows keeps (svd-refine.ts):
   * B = E·Aᵀ (d × m) for the covariance's eigenvectors E. Its dropped rows alone (m·d per dropped
   * component) tell whether anything is there: at or below the SVD floor in total, nothing is
   * (rank-deficient data: duplicated, dependent or constant features). Else Jacobi on all of B.
   */
  private recoverPrimal(E: Float64Array, m: number, count: number, svdFloor: number): void {
    const d = this.d;
    this.svdB = ensure(this.svdB, d * m);
    const B = this.svdB;
    this.projectRows(E, count, d, m, B);
    if (!(sumOfSquares(B, count * m, d * m) > svdFloor)) return;
    this.projectRows(E, 0, count, m, B);
    this.svdY = ensure(this.svdY, d * d);
    const Y = this.svdY;
    Y.set(E.subarray(0, d * d));
    jacobiRows(B, d, m, Y, d, count);
    appendRecovered(B, d, m, Y, d, count, svdFloor, this.k, this.out);
  }

  /** Rows [from, to) of B (· × m) = E_j·Aᵀ: the node's centred, scaled rows along E's rows j. */
  private projectRows(E: Float64Array, from: number, to: number, m: number, B: Float64Array): void {
    const d = this.d;
    const q = to - from;
    if (q === 0) return;
    this.T = ensure(this.T, q * BLOCK);
    const T = this.T;
    const Q = E.subarray(from * d, to * d);
    for (let start = 0; start < m; start += BLOCK) {
      const end = Math.min(m, start + BLOCK);
      const b = end - start;
      gatherFeatureMajor(this.src, this.srcRows, d, this.srcIdx, start, end, this.mean, this.scale, this.block);
      vTimesBlock(this.block, b, d, Q, q, T);
      for (let j = 0; j < q; j++) B.set(T.subarray(j * b, j * b + b), (from + j) * m + start);
    }
  }

  /**
   * Exact for m < d: the m×m Gram matrix K = A·Aᵀ of the centred, √(w/W)-scaled rows A has the
   * covariance's non-zero eigenvalues, and v = Aᵀu/√λ maps its eigenvectors to the covariance's.
   */
  private dual(m: number, meanSq: number): void {
    const d = this.d;
    this.lastMethod = 'dual';
    this.rowsBuf = ensure(this.rowsBuf, m * d);
    this.gram = ensure(this.gram, m * m);
    const A = this.rowsBuf;
    gatherRowMajor(this.src, this.srcRows, d, this.srcIdx, 0, m, this.mean, this.scale, A);
    gramRows(A, m, d, this.gram);
    // The Gram matrix has the covariance's trace; its entries are sums of d products.
    const trace = traceOf(this.gram, m);
    const floor = zeroVarianceFloor(trace, m + d, meanSq);
    const eigen = symmetricEigen(this.gram, m);
    const count = nonZeroCount(eigen.values, m, this.k, floor);
    const out = this.out;
    gramToComponents(eigen, A, m, d, count, out.dirs);
    for (let j = 0; j < count; j++) {
      fixSign(out.dirs, j * d, d);
      out.variances[j] = eigen.values[j]!;
    }
    out.count = count;
    if (count < this.k && count < m) this.recoverDual(eigen.vectors, A, m, count, svdVarianceFloor(trace, m + d, meanSq));
  }

  /**
   * The dual route's SVD-level recovery (svd-refine.ts): B = U·A (m × d) for the Gram matrix's
   * eigenvectors U; its dropped rows decide, as in recoverPrimal (the centring's null vector √w is
   * always among them, so this costs m·d per node at least), and Jacobi on B's rows leaves σ_j·v_jᵀ.
   */
  private recoverDual(U: Float64Array, A: Float64Array, m: number, count: number, svdFloor: number): void {
    const d = this.d;
    this.svdB = ensure(this.svdB, m * d);
    const B = this.svdB;
    combineRows(U, A, m, d, count, m, B);
    if (!(sumOfSquares(B, count * d, m * d) > svdFloor)) return;
    combineRows(U, A, m, d, 0, count, B);
    jacobiRows(B, m, d, null, d, count);
    appendRecovered(B, m, d, null, d, count, svdFloor, this.k, this.out);
  }

  /**
   * Block subspace iteration with Rayleigh–Ritz (no d×d matrix): V (l × d, orthonormal rows) →
   * G = C·V → Ritz pairs of the l×l matrix V·Gᵀ → residuals ‖Cy − θy‖ of the k leading Ritz vectors
   * y; stop when all are ≤ tolerance·θ₀, else V = orth(Ritz-rotated G). The first node starts from
   * a random block drawn from the seeded stream; later nodes start from the previous node's Ritz
   * basis (a child's components are close to its parent's: about half the iterations at Fashion-MNIST
   * size). A node's result thus depends on the seed and the call order, both fixed for a fit.
   * No SVD-level recovery here (unlike primal and dual): the Ritz pairs are only converged to
   * tolerance·λ_max, far coarser than the covariance's ε·trace floor, and the route keeps the top
   * k ≤ l components of wide nodes, where a component ε² of the variance ranks last.
   */
  private iterative(m: number, meanSq: number): void {
    const d = this.d;
    const l = this.l;
    const k = this.k;
    this.lastMethod = 'iterative';
    this.V = ensure(this.V, l * d);
    this.G = ensure(this.G, l * d);
    this.T = ensure(this.T, l * BLOCK);
    this.H = ensure(this.H, l * l);
    const V = this.V;
    const G = this.G;
    const H = this.H;
    const rng = this.rng;
    const next = (): number => rng.next();
    if (this.warm.length === l * d) V.set(this.warm);
    else for (let i = 0; i < l * d; i++) V[i] = rng.next() * 2 - 1;
    orthonormalizeRows(V, l, d, next);
    const out = this.out;
    const dirs = out.dirs;
    const tol = this.s.tolerance;
    const maxIterations = this.s.maxIterations;
    // C·V's entries are sums over the m rows of products of sums over the d features.
    const floor = zeroVarianceFloor(centredTrace(this.src, this.srcRows, d, this.srcIdx, m, this.mean, this.scale), m + d, meanSq);
    let iterations = 0;
    for (;;) {
      iterations++;
      covarianceTimes(this.src, this.srcRows, d, this.srcIdx, m, this.mean, this.scale, V, l, this.block, this.T, G);
      // H = V·Gᵀ, symmetrised (it is V·C·Vᵀ up to rounding).
      for (let a = 0; a < l; a++) {
        for (let b = a; b < l; b++) {
          let s1 = 0;
          let s2 = 0;
          for (let f = 0; f < d; f++) {
            s1 += V[a * d + f]! * G[b * d + f]!;
            s2 += V[b * d + f]! * G[a * d + f]!;
          }
          H[a * l + b] = H[b * l + a] = (s1 + s2) / 2;
        }
      }
      const eigen = symmetricEigen(H, l);
      const theta = eigen.values;
      const U = eigen.vectors;
      const count = nonZeroCount(theta, l, k, floor);
      if (count === 0) {
        out.count = 0;
        break;
      }
      // Ritz vectors y_j = Σ_a U[j][a]·V_a into dirs, and residuals from C·y_j = Σ_a U[j][a]·G_a.
      let converged = true;
      const limit = tol * theta[0]!;
      for (let j = 0; j < count; j++) {
        const o = j * d;
        let r2 = 0;
        for (let f = 0; f < d; f++) {
          let y = 0;
          let cy = 0;
          for (let a = 0; a < l; a++) {
            const u = U[j * l + a]!;
            y += u * V[a * d + f]!;
            cy += u * G[a * d + f]!;
          }
          dirs[o + f] = y;
          const r = cy - theta[j]! * y;
          r2 += r * r;
        }
        if (!(Math.sqrt(r2) <= limit)) converged = false;
      }
      if (converged || iterations >= maxIterations) {
        for (let j = 0; j < count; j++) {
          normalizeRow(dirs, j * d, d);
          fixSign(dirs, j * d, d);
          out.variances[j] = theta[j]!;
        }
        out.count = count;
        // Every Ritz vector (U·V) is the next node's starting block.
        if (this.warm.length !== l * d) this.warm = new Float64Array(l * d);
        rotate(U, V, l, d, this.rotated, this.warm);
        break;
      }
      // Next block: the Ritz-rotated C·V, leading directions first, orthonormalised.
      rotate(U, G, l, d, this.rotated, V);
      orthonormalizeRows(V, l, d, next);
    }
    this.lastIterations = iterations;
  }
}

/** out (l × d) = U·A for U (l × l) and A (l × d); `out` may be A (one column at a time via `col`). */
function rotate(U: Float64Array, A: Float64Array, l: number, d: number, col: Float64Array, out: Float64Array): void {
  for (let f = 0; f < d; f++) {
    for (let j = 0; j < l; j++) {
      let s = 0;
      for (let a = 0; a < l; a++) s += U[j * l + a]! * A[a * d + f]!;
      col[j] = s;
    }
    for (let j = 0; j < l; j++) out[j * d + f] = col[j]!;
  }
}
