import type { Directions } from './types.js';
import { fixSign, normalizeRow, ZERO_VARIANCE_ATOL } from './linalg.js';

/**
 * Components below the covariance's rounding floor, recovered at an SVD's accuracy.
 *
 * An eigenvalue of the computed covariance C = AᵀA (A: the node's centred rows scaled by √(w/W), m × d)
 * is only exact to within (m + d)·ε·trace (zeroVarianceFloor), so a real variance below that is
 * indistinguishable from a zero there. An SVD of A itself resolves singular values to within
 * (m + d)·ε·‖A‖_F, i.e. variances σ² down to ((m + d)·ε)²·trace: the square of the relative floor.
 * numpy keeps σ > max(m, d)·ε·σ_max (matrix_rank's rule); ours is the same order with the Frobenius
 * norm (√trace ≥ σ_max), so it never keeps what numpy calls zero.
 *
 * The eigendecomposition already gives an orthonormal basis E (rows) whose leading rows are accurate
 * components; its dropped rows span everything else. B = E·Aᵀ (the data in that basis, computed from
 * the rows, not from C) has columns — here rows — of norm √λ_j that are nearly orthogonal: the
 * covariance's error only mixes them by angles ~ε·trace/gap. One-sided Jacobi (Hestenes) rotates
 * pairs of rows of B until they are orthogonal; each row's norm is then a singular value of A with a
 * relative error ~ the rounding of its own entries (not of the trace), and the same rotations applied
 * to E give the right singular vectors. Started this close to orthogonal it converges in 2–3 sweeps.
 * The dual route's rows of B = UᵀA (U: the Gram matrix's eigenvectors) are σ_j·v_jᵀ after the same
 * rotations, so they need no accumulated basis.
 */

/** The smallest variance an SVD of the m × d centred rows resolves: max(ATOL·meanSq, ((m + d)·ε)²·trace). */
export function svdVarianceFloor(trace: number, terms: number, meanSq: number): number {
  const r = terms * Number.EPSILON;
  return Math.max(ZERO_VARIANCE_ATOL * meanSq, r * r * trace);
}

/** Most Jacobi sweeps: from a nearly orthogonal start 2–3 suffice; this bounds adversarial input. */
const MAX_SWEEPS = 30;

/**
 * One-sided Jacobi on the n rows of X (n × len, row-major): rotates pairs of rows, at least one of
 * them at index `from` or above, until every such pair has |x_i·x_j| ≤ len·ε·‖x_i‖‖x_j‖, applying
 * the same rotations to the rows of Y (n × yLen) when Y is given. With from = 0 the rows' norms are
 * then X's singular values (unsorted). With from = the kept count, the rows below it (components
 * already accurate, orthogonal among themselves to ~ε·trace/gap) are not paired with each other:
 * the rest is made orthogonal to them and among itself, at (n − from)·n pairs instead of n²/2.
 * Deterministic (fixed pair order).
 */
export function jacobiRows(X: Float64Array, n: number, len: number, Y: Float64Array | null, yLen: number, from = 0): void {
  const tol = len * Number.EPSILON;
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    let rotated = false;
    for (let p = 0; p < n - 1; p++) {
      const po = p * len;
      for (let q = Math.max(p + 1, from); q < n; q++) {
        const qo = q * len;
        let alpha = 0;
        let beta = 0;
        let gamma = 0;
        for (let t = 0; t < len; t++) {
          const a = X[po + t]!;
          const b = X[qo + t]!;
          alpha += a * a;
          beta += b * b;
          gamma += a * b;
        }
        if (!(Math.abs(gamma) > tol * Math.sqrt(alpha * beta))) continue;
        rotated = true;
        const zeta = (beta - alpha) / (2 * gamma);
        const tan = (zeta >= 0 ? 1 : -1) / (Math.abs(zeta) + Math.sqrt(1 + zeta * zeta));
        const c = 1 / Math.sqrt(1 + tan * tan);
        const s = c * tan;
        rotateRows(X, po, qo, len, c, s);
        if (Y !== null) rotateRows(Y, p * yLen, q * yLen, yLen, c, s);
      }
    }
    if (!rotated) return;
  }
}

function rotateRows(M: Float64Array, po: number, qo: number, len: number, c: number, s: number): void {
  for (let t = 0; t < len; t++) {
    const a = M[po + t]!;
    const b = M[qo + t]!;
    M[po + t] = c * a - s * b;
    M[qo + t] = s * a + c * b;
  }
}

/** Σ of the squares of M[from, to). */
export function sumOfSquares(M: Float64Array, from: number, to: number): number {
  let s = 0;
  for (let i = from; i < to; i++) s += M[i]! * M[i]!;
  return s;
}

/**
 * After jacobiRows: appends to `out` (up to `maxK` components of length d) the rows of X ranked
 * `skip` and below by norm (descending, ties by index) whose squared norm is above `floor`; the
 * direction is the row of Y when given, else of X, normalised, signs fixed. `skip` is the number of
 * components the covariance route kept (they rank first: their variances are above its floor).
 */
export function appendRecovered(
  X: Float64Array,
  n: number,
  len: number,
  Y: Float64Array | null,
  d: number,
  skip: number,
  floor: number,
  maxK: number,
  out: Directions & { variances: Float64Array },
): void {
  const norms = new Float64Array(n);
  for (let j = 0; j < n; j++) norms[j] = sumOfSquares(X, j * len, (j + 1) * len);
  const order = Array.from({ length: n }, (_, j) => j).sort((a, b) => norms[b]! - norms[a]! || a - b);
  const M = Y ?? X;
  for (let r = skip; r < n && out.count < maxK; r++) {
    const j = order[r]!;
    if (!(norms[j]! > floor)) break;
    const o = out.count * d;
    out.dirs.set(M.subarray(j * d, j * d + d), o);
    normalizeRow(out.dirs, o, d);
    fixSign(out.dirs, o, d);
    out.variances[out.count] = norms[j]!;
    out.count++;
  }
}
