import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { PCA } from 'ml-pca';

/**
 * Small dense kernels shared by the PCA projections. Node data stays in the builder's column-major
 * array; a node's rows are gathered in blocks (centred and scaled by √(w/W)) into scratch buffers, so
 * Σ over a block of the outer products is the node's weighted covariance. ml-matrix / ml-pca do the
 * eigendecompositions (d×d for small d, C×C, m×m or l×l otherwise); the O(m·d·…) passes over the
 * data are written out here because ml-matrix's row-of-arrays matrices would need a copy of every
 * node and its products are several times slower on these shapes.
 */

/** Rows gathered per block: a d × BLOCK feature-major block of MNIST width (784) is 400 KB, in L2. */
export const BLOCK = 64;

/**
 * A largest variance below this fraction of the mean squared distance of the node's points to the
 * data's global mean is rounding noise of the centring: the node's points are (numerically) one point.
 */
export const ZERO_VARIANCE_ATOL = 1e-20;

/**
 * The smallest eigenvalue of a computed covariance (or Gram) matrix that is a real variance, not
 * rounding noise. Absolute, not relative to the largest eigenvalue: a feature measured in units a
 * million times smaller than another has a component 1e-12 of the largest, and it is real.
 *
 * Why this bound: each entry of the computed matrix is a sum of `terms` products of the centred,
 * √(w/W)-scaled rows A, so |Ĉ − C| ≤ terms·u·|A|ᵀ|A| entrywise (u = ε/2, Higham's γ_n), and
 * ‖|A|ᵀ|A|‖₂ ≤ ‖A‖_F² = trace(C); the symmetric eigensolver (ml-matrix's Householder
 * tridiagonalisation + QL) is backward stable, adding about n·u·‖C‖ ≤ n·u·trace for an n×n
 * matrix. So every eigenvalue is exact to within (terms + n)·u·trace, and an eigenvalue at or below
 * (terms + n)·ε·trace (twice that) may be a zero variance; one above it is not. Plus the centring
 * noise ZERO_VARIANCE_ATOL·meanSq (quadratic in u, relative to the spread about the global mean).
 *
 * @param trace trace of the computed matrix (Σ of its diagonal: the total variance)
 * @param terms length of the sums behind each entry plus the eigenproblem's order (rows + features)
 * @param meanSq Σ w·‖x − global mean‖² / W of the same points (same units as trace)
 */
export function zeroVarianceFloor(trace: number, terms: number, meanSq: number): number {
  return Math.max(ZERO_VARIANCE_ATOL * meanSq, terms * Number.EPSILON * trace);
}

/** How many leading eigenvalues (descending) are above `floor` (at most maxK of the first n). */
export function nonZeroCount(values: Float64Array, n: number, maxK: number, floor: number): number {
  let k = 0;
  while (k < n && k < maxK && values[k]! > floor && values[k]! > 0) k++;
  return k;
}

/** Trace of an n×n row-major matrix. */
export function traceOf(A: Float64Array, n: number): number {
  let t = 0;
  for (let i = 0; i < n; i++) t += A[i * n + i]!;
  return t;
}

/**
 * Σ_i scale_i²·‖x_i − mean‖² over the node rows idx[0, m): the trace of the node's weighted
 * covariance, for the route that never forms it (one pass, m·d).
 */
export function centredTrace(
  data: Float64Array,
  rows: number,
  cols: number,
  idx: Int32Array,
  m: number,
  mean: Float64Array,
  scale: Float64Array,
): number {
  let t = 0;
  for (let f = 0; f < cols; f++) {
    const off = f * rows;
    const mu = mean[f]!;
    let s = 0;
    for (let i = 0; i < m; i++) {
      const x = (data[off + idx[i]!]! - mu) * scale[i]!;
      s += x * x;
    }
    t += s;
  }
  return t;
}

/** Grows a Float64Array scratch buffer to at least `size` (contents are not kept). */
export function ensure(buf: Float64Array, size: number): Float64Array {
  return buf.length >= size ? buf : new Float64Array(Math.max(size, Math.ceil(buf.length * 1.5)));
}

/**
 * Copies samples[start, end) into `idx` sorted ascending, so that reading a column at the node's rows
 * walks memory forwards (at the root, sequentially); returns the weights (1 without weights) in `w`
 * and their sum.
 */
export function gatherIndices(
  samples: Int32Array,
  start: number,
  end: number,
  weights: Float64Array | null,
  idx: Int32Array,
  w: Float64Array,
): number {
  const m = end - start;
  idx.set(samples.subarray(start, end));
  idx.subarray(0, m).sort();
  let W = 0;
  if (weights === null) {
    w.fill(1, 0, m);
    W = m;
  } else {
    for (let i = 0; i < m; i++) {
      const wi = weights[idx[i]!]!;
      w[i] = wi;
      W += wi;
    }
  }
  return W;
}

/**
 * Weighted mean of the node's rows (`idx[0, m)`), accumulated relative to `shift` (the global mean)
 * so that data far from the origin keeps its digits. Also returns Σ w·‖x − shift‖² / W, the scale
 * against which a variance counts as zero.
 */
export function nodeMean(
  data: Float64Array,
  rows: number,
  cols: number,
  idx: Int32Array,
  w: Float64Array,
  m: number,
  W: number,
  shift: Float64Array,
  mean: Float64Array,
): number {
  let meanSq = 0;
  for (let f = 0; f < cols; f++) {
    const off = f * rows;
    const g = shift[f]!;
    let s = 0;
    let sq = 0;
    for (let i = 0; i < m; i++) {
      const x = data[off + idx[i]!]! - g;
      const wx = w[i]! * x;
      s += wx;
      sq += wx * x;
    }
    mean[f] = g + s / W;
    meanSq += sq;
  }
  return meanSq / W;
}

/** Copies the node's rows idx[0, m) of every column into `out`, column-major with m rows. */
export function gatherColumns(data: Float64Array, rows: number, cols: number, idx: Int32Array, m: number, out: Float64Array): void {
  for (let f = 0; f < cols; f++) {
    const off = f * rows;
    const o = f * m;
    for (let i = 0; i < m; i++) out[o + i] = data[off + idx[i]!]!;
  }
}

/**
 * Gathers node rows idx[from, to) into `block` feature-major (feature f of the b rows at
 * block[f*b .. f*b+b)), centred on `mean` and scaled by `scale[i]` (√(w_i/W)).
 */
export function gatherFeatureMajor(
  data: Float64Array,
  rows: number,
  cols: number,
  idx: Int32Array,
  from: number,
  to: number,
  mean: Float64Array,
  scale: Float64Array,
  block: Float64Array,
): void {
  const b = to - from;
  for (let f = 0; f < cols; f++) {
    const off = f * rows;
    const mu = mean[f]!;
    const o = f * b;
    for (let i = 0; i < b; i++) block[o + i] = (data[off + idx[from + i]!]! - mu) * scale[from + i]!;
  }
}

/** Same, row-major (row i of the b rows at block[i*cols .. i*cols+cols)). */
export function gatherRowMajor(
  data: Float64Array,
  rows: number,
  cols: number,
  idx: Int32Array,
  from: number,
  to: number,
  mean: Float64Array,
  scale: Float64Array,
  block: Float64Array,
): void {
  const b = to - from;
  for (let f = 0; f < cols; f++) {
    const off = f * rows;
    const mu = mean[f]!;
    for (let i = 0; i < b; i++) block[i * cols + f] = (data[off + idx[from + i]!]! - mu) * scale[from + i]!;
  }
}

/**
 * C += X·Xᵀ for a feature-major block X (d × b): the upper triangle of the d×d matrix C (a few
 * entries just below the diagonal too; mirrorUpper overwrites them), by dot products of contiguous
 * feature rows in tiles of 2 × 4 (6 loads per 8 multiply-adds).
 */
export function syrkFeatureMajor(block: Float64Array, b: number, d: number, C: Float64Array): void {
  let a = 0;
  for (; a + 1 < d; a += 2) {
    const a0 = a * b;
    const a1 = a0 + b;
    let c = a;
    for (; c + 3 < d; c += 4) {
      const o0 = c * b;
      const o1 = o0 + b;
      const o2 = o1 + b;
      const o3 = o2 + b;
      let s00 = 0;
      let s01 = 0;
      let s02 = 0;
      let s03 = 0;
      let s10 = 0;
      let s11 = 0;
      let s12 = 0;
      let s13 = 0;
      for (let i = 0; i < b; i++) {
        const x0 = block[a0 + i]!;
        const x1 = block[a1 + i]!;
        const y0 = block[o0 + i]!;
        const y1 = block[o1 + i]!;
        const y2 = block[o2 + i]!;
        const y3 = block[o3 + i]!;
        s00 += x0 * y0;
        s01 += x0 * y1;
        s02 += x0 * y2;
        s03 += x0 * y3;
        s10 += x1 * y0;
        s11 += x1 * y1;
        s12 += x1 * y2;
        s13 += x1 * y3;
      }
      const r0 = a * d + c;
      const r1 = r0 + d;
      C[r0] = C[r0]! + s00;
      C[r0 + 1] = C[r0 + 1]! + s01;
      C[r0 + 2] = C[r0 + 2]! + s02;
      C[r0 + 3] = C[r0 + 3]! + s03;
      C[r1] = C[r1]! + s10;
      C[r1 + 1] = C[r1 + 1]! + s11;
      C[r1 + 2] = C[r1 + 2]! + s12;
      C[r1 + 3] = C[r1 + 3]! + s13;
    }
    for (; c < d; c++) {
      const o = c * b;
      let s0 = 0;
      let s1 = 0;
      for (let i = 0; i < b; i++) {
        const y = block[o + i]!;
        s0 += block[a0 + i]! * y;
        s1 += block[a1 + i]! * y;
      }
      C[a * d + c] = C[a * d + c]! + s0;
      C[(a + 1) * d + c] = C[(a + 1) * d + c]! + s1;
    }
  }
  if (a < d) {
    const ao = a * b;
    let s = 0;
    for (let i = 0; i < b; i++) s += block[ao + i]! * block[ao + i]!;
    C[a * d + a] = C[a * d + a]! + s;
  }
}

/** Copies the upper triangle of an n×n row-major matrix to its lower triangle. */
export function mirrorUpper(C: Float64Array, n: number): void {
  for (let a = 0; a < n; a++) for (let c = a + 1; c < n; c++) C[c * n + a] = C[a * n + c]!;
}

/** Gram matrix K = R·Rᵀ (n×n) of the n row-major rows of R (n × d), by the tiled kernel above. */
export function gramRows(R: Float64Array, n: number, d: number, K: Float64Array): void {
  K.fill(0, 0, n * n);
  // R's rows are the "features" of syrkFeatureMajor, each of length d.
  syrkFeatureMajor(R, d, n, K);
  mirrorUpper(K, n);
}

/**
 * Above this many features, data (or a class, or a node) with fewer rows than features is
 * decomposed through its rows' Gram matrix (rows × rows) instead of the d×d covariance: same
 * non-zero eigenvalues and components, and no d×d allocation. Up to it the covariance route is kept
 * (cheap there, and the route the committed trees were grown with).
 */
export const GRAM_MIN_FEATURES = 64;

/**
 * Rows j < count of `out` (count × d) = Aᵀ·u_j / ‖Aᵀ·u_j‖ for the eigenvectors u_j (rows of
 * eigen.vectors, length m) of the Gram matrix A·Aᵀ of the m row-major rows A (m × d): the unit
 * eigenvectors of AᵀA with the same eigenvalues (the norm is √λ_j up to rounding). Signs not fixed.
 */
export function gramToComponents(eigen: Eigen, A: Float64Array, m: number, d: number, count: number, out: Float64Array): void {
  combineRows(eigen.vectors, A, m, d, 0, count, out);
  for (let j = 0; j < count; j++) normalizeRow(out, j * d, d); // exactly 1/√λ up to rounding
}

/** Rows [from, to) of B (m × d) = U_j·A for the rows U_j (length m) of U and the m rows A (m × d). */
export function combineRows(U: Float64Array, A: Float64Array, m: number, d: number, from: number, to: number, B: Float64Array): void {
  for (let j = from; j < to; j++) {
    const o = j * d;
    B.fill(0, o, o + d);
    for (let i = 0; i < m; i++) {
      const u = U[j * m + i]!;
      if (u === 0) continue;
      const ao = i * d;
      for (let f = 0; f < d; f++) B[o + f] = B[o + f]! + u * A[ao + f]!;
    }
  }
}

export interface Eigen {
  /** Eigenvalues, descending. */
  values: Float64Array;
  /** Row j is the unit eigenvector of values[j]. */
  vectors: Float64Array;
}

/** Eigendecomposition of a symmetric n×n row-major matrix (ml-matrix), sorted descending. */
export function symmetricEigen(A: Float64Array, n: number): Eigen {
  const max = extremeMagnitude(A, n);
  if (max > 0) return rescaledEigen(A, n, max);
  const evd = new EigenvalueDecomposition(Matrix.from1DArray(n, n, A.subarray(0, n * n)), { assumeSymmetric: true });
  return sortedEigen(evd.realEigenvalues, evd.eigenvectorMatrix, n);
}

/** The largest |entry| when some non-zero entry is below 2^-900 or above 2^500 (see rescaledEigen), else 0. */
function extremeMagnitude(A: Float64Array, n: number): number {
  let max = 0;
  let minNonZero = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n * n; i++) {
    const a = Math.abs(A[i]!);
    if (a > max) max = a;
    if (a > 0 && a < minNonZero) minNonZero = a;
  }
  return max > 0 && (minNonZero < 2 ** -900 || max > 2 ** 500) ? max : 0;
}

/**
 * ml-matrix's tql2 runs past the matrix (a raw TypeError) when entries are subnormal, as its
 * stopping test eps·tst1 underflows to 0. Entries far from 1 are therefore scaled by an even power
 * of two (exact) so the largest is near 1, entries below 2^-600 of it (far under rounding) become 0,
 * and the eigenvalues are scaled back. Ordinary matrices never take this path.
 */
function rescaledEigen(A: Float64Array, n: number, max: number): Eigen {
  const half = Math.round(Math.log2(max) / 2);
  // 2^-2·half in two factors: one factor of 2^-1024 would itself be subnormal.
  const s = 2 ** -half;
  const B = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) {
    const b = A[i]! * s * s;
    B[i] = Math.abs(b) < 2 ** -600 ? 0 : b;
  }
  const evd = new EigenvalueDecomposition(Matrix.from1DArray(n, n, B), { assumeSymmetric: true });
  const eigen = sortedEigen(evd.realEigenvalues, evd.eigenvectorMatrix, n);
  const back = 2 ** half;
  for (let k = 0; k < n; k++) eigen.values[k] = eigen.values[k]! * back * back;
  return eigen;
}

/** Eigendecomposition of a d×d covariance matrix by ml-pca (`isCovarianceMatrix`), descending. */
export function covarianceEigen(C: Float64Array, d: number): Eigen {
  // ml-pca decomposes with the same tql2: extreme entries go through the rescaled route.
  const max = extremeMagnitude(C, d);
  if (max > 0) return rescaledEigen(C, d, max);
  const pca = new PCA(Matrix.from1DArray(d, d, C.subarray(0, d * d)), { isCovarianceMatrix: true });
  return sortedEigen(pca.getEigenvalues(), pca.getEigenvectors(), d);
}

function sortedEigen(values: ArrayLike<number>, vectors: Matrix, n: number): Eigen {
  const order = Array.from({ length: n }, (_, j) => j).sort((a, b) => values[b]! - values[a]! || a - b);
  const outValues = new Float64Array(n);
  const outVectors = new Float64Array(n * n);
  for (let k = 0; k < n; k++) {
    const j = order[k]!;
    outValues[k] = values[j]!;
    for (let i = 0; i < n; i++) outVectors[k * n + i] = vectors.get(i, j);
  }
  return { values: outValues, vectors: outVectors };
}

/**
 * Entries of a unit vector within this fraction of its largest magnitude tie for fixSign. About √ε:
 * far above the rounding error of a computed eigenvector's entries (≈ ε·‖C‖/gap for any eigenvalue
 * gap above 1e-7·‖C‖), far below the differences data without an exact symmetry produce.
 */
export const SIGN_TIE_RTOL = 1e-8;

/**
 * Flips row v[offset, offset + d) so that its first entry (lowest index) whose magnitude is within
 * SIGN_TIE_RTOL of the largest is positive: a total rule. An eigenvector whose two largest entries
 * are equal in exact arithmetic (±1/√2, ±1/√2 from a symmetric covariance) gets the same sign
 * whichever of them rounding makes larger, so the sign does not depend on the summation order
 * (the order of the training rows). HHCART's reflection depends on this sign.
 */
export function fixSign(v: Float64Array, offset: number, d: number): void {
  let best = 0;
  for (let f = 0; f < d; f++) {
    const a = Math.abs(v[offset + f]!);
    if (a > best) best = a;
  }
  const floor = best * (1 - SIGN_TIE_RTOL);
  let at = 0;
  while (at + 1 < d && !(Math.abs(v[offset + at]!) >= floor)) at++;
  if (v[offset + at]! < 0) for (let f = 0; f < d; f++) v[offset + f] = -v[offset + f]!;
}

/** Scales row r of v to unit norm; returns its former norm. */
export function normalizeRow(v: Float64Array, offset: number, d: number): number {
  let s = 0;
  for (let f = 0; f < d; f++) s += v[offset + f]! * v[offset + f]!;
  const norm = Math.sqrt(s);
  if (norm > 0) {
    const inv = 1 / norm;
    for (let f = 0; f < d; f++) v[offset + f] = v[offset + f]! * inv;
  }
  return norm;
}

/**
 * Orthonormalises the first l rows of v (l × d) in order by modified Gram–Schmidt, twice ("twice is
 * enough" for full accuracy). A row that collapses (linearly dependent) is replaced by a random one
 * from `next()`, orthogonalised in turn.
 */
export function orthonormalizeRows(v: Float64Array, l: number, d: number, next: () => number): void {
  for (let j = 0; j < l; j++) {
    const jo = j * d;
    for (let attempt = 0; ; attempt++) {
      let before = 0;
      for (let f = 0; f < d; f++) before += v[jo + f]! * v[jo + f]!;
      for (let pass = 0; pass < 2; pass++) {
        for (let k = 0; k < j; k++) {
          const ko = k * d;
          let dot = 0;
          for (let f = 0; f < d; f++) dot += v[jo + f]! * v[ko + f]!;
          for (let f = 0; f < d; f++) v[jo + f] = v[jo + f]! - dot * v[ko + f]!;
        }
      }
      const norm = normalizeRow(v, jo, d);
      // Less than 1e-10 of its length left: the row was (numerically) in the span of the others.
      if (norm > 1e-10 * Math.sqrt(before) && norm > 0) break;
      if (attempt > 8) throw new Error(`orthonormalizeRows: cannot complete ${l} orthonormal rows in dimension ${d}`);
      for (let f = 0; f < d; f++) v[jo + f] = next() * 2 - 1;
    }
  }
}
