/**
 * Eigendecomposition of a symmetric n×n matrix by Householder tridiagonalisation and the implicit QL
 * method (tred2 + tql2, JAMA / EISPACK), on one flat Float64Array.
 *
 * Why not ml-matrix's EigenvalueDecomposition, which runs the same algorithm: its matrix is an array
 * of row arrays behind get/set calls, and on the 784 × 784 covariance of Pre PCA (and the m × m Gram
 * matrices of small Node Features PCA nodes) that layout made the decomposition several times slower
 * than the flat one. This is a line-for-line port of ml-matrix 6.15.1's symmetric path
 * (src/dc/evd.js: the same operations in the same order, including its transposed storage of V), so
 * the results are bit for bit ml-matrix's — the fitted trees do not move (symmetric-evd.test.ts
 * compares every bit against ml-matrix).
 *
 * Returns the eigenvalues ascending (`d`, as tql2 leaves them) and the eigenvectors as the ROWS of
 * `v` (row j, length n, is the unit eigenvector of d[j]).
 */
export function symmetricEvd(A: Float64Array, n: number): { d: Float64Array; v: Float64Array } {
  const V = new Float64Array(n * n);
  const d = new Float64Array(n);
  const e = new Float64Array(n);
  // ml-matrix stores V transposed (V.get(j, i) holds the logical V(i, j)): same here, V[r*n + c] is its V.get(r, c).
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) V[j * n + i] = A[i * n + j]!;
  tred2(n, e, d, V);
  tql2(n, e, d, V);
  return { d, v: V };
}

function tred2(n: number, e: Float64Array, d: Float64Array, V: Float64Array): void {
  let f: number;
  let g: number;
  let h: number;
  let hh: number;
  let scale: number;
  for (let j = 0; j < n; j++) d[j] = V[j * n + n - 1]!;
  for (let i = n - 1; i > 0; i--) {
    scale = 0;
    h = 0;
    for (let k = 0; k < i; k++) scale = scale + Math.abs(d[k]!);
    if (scale === 0) {
      e[i] = d[i - 1]!;
      for (let j = 0; j < i; j++) {
        d[j] = V[j * n + i - 1]!;
        V[j * n + i] = 0;
        V[i * n + j] = 0;
      }
    } else {
      for (let k = 0; k < i; k++) {
        d[k] = d[k]! / scale;
        h += d[k]! * d[k]!;
      }
      f = d[i - 1]!;
      g = Math.sqrt(h);
      if (f > 0) g = -g;
      e[i] = scale * g;
      h = h - f * g;
      d[i - 1] = f - g;
      for (let j = 0; j < i; j++) e[j] = 0;
      for (let j = 0; j < i; j++) {
        const jo = j * n;
        f = d[j]!;
        V[i * n + j] = f;
        g = e[j]! + V[jo + j]! * f;
        for (let k = j + 1; k <= i - 1; k++) {
          g += V[jo + k]! * d[k]!;
          e[k] = e[k]! + V[jo + k]! * f;
        }
        e[j] = g;
      }
      f = 0;
      for (let j = 0; j < i; j++) {
        e[j] = e[j]! / h;
        f += e[j]! * d[j]!;
      }
      hh = f / (h + h);
      for (let j = 0; j < i; j++) e[j] = e[j]! - hh * d[j]!;
      for (let j = 0; j < i; j++) {
        const jo = j * n;
        f = d[j]!;
        g = e[j]!;
        for (let k = j; k <= i - 1; k++) V[jo + k] = V[jo + k]! - (f * e[k]! + g * d[k]!);
        d[j] = V[jo + i - 1]!;
        V[jo + i] = 0;
      }
    }
    d[i] = h;
  }
  for (let i = 0; i < n - 1; i++) {
    const io = i * n;
    const i1 = io + n;
    V[io + n - 1] = V[io + i]!;
    V[io + i] = 1;
    h = d[i + 1]!;
    if (h !== 0) {
      for (let k = 0; k <= i; k++) d[k] = V[i1 + k]! / h;
      for (let j = 0; j <= i; j++) {
        const jo = j * n;
        g = 0;
        for (let k = 0; k <= i; k++) g += V[i1 + k]! * V[jo + k]!;
        for (let k = 0; k <= i; k++) V[jo + k] = V[jo + k]! - g * d[k]!;
      }
    }
    for (let k = 0; k <= i; k++) V[i1 + k] = 0;
  }
  for (let j = 0; j < n; j++) {
    d[j] = V[j * n + n - 1]!;
    V[j * n + n - 1] = 0;
  }
  V[(n - 1) * n + n - 1] = 1;
  e[0] = 0;
}

function tql2(n: number, e: Float64Array, d: Float64Array, V: Float64Array): void {
  let g: number;
  let h: number;
  let m: number;
  let p: number;
  let r: number;
  let dl1: number;
  let c: number;
  let c2: number;
  let c3: number;
  let el1: number;
  let s: number;
  let s2: number;
  for (let i = 1; i < n; i++) e[i - 1] = e[i]!;
  e[n - 1] = 0;
  let f = 0;
  let tst1 = 0;
  const eps = Number.EPSILON;
  for (let l = 0; l < n; l++) {
    tst1 = Math.max(tst1, Math.abs(d[l]!) + Math.abs(e[l]!));
    m = l;
    while (m < n) {
      if (Math.abs(e[m]!) <= eps * tst1) break;
      m++;
    }
    if (m > l) {
      do {
        g = d[l]!;
        p = (d[l + 1]! - g) / (2 * e[l]!);
        r = hypotenuse(p, 1);
        if (p < 0) r = -r;
        d[l] = e[l]! / (p + r);
        d[l + 1] = e[l]! * (p + r);
        dl1 = d[l + 1]!;
        h = g - d[l]!;
        for (let i = l + 2; i < n; i++) d[i] = d[i]! - h;
        f = f + h;
        p = d[m]!;
        c = 1;
        c2 = c;
        c3 = c;
        el1 = e[l + 1]!;
        s = 0;
        s2 = 0;
        for (let i = m - 1; i >= l; i--) {
          c3 = c2;
          c2 = c;
          s2 = s;
          g = c * e[i]!;
          h = c * p;
          r = hypotenuse(p, e[i]!);
          e[i + 1] = s * r;
          s = e[i]! / r;
          c = p / r;
          p = c * d[i]! - s * g;
          d[i + 1] = h + s * (c * g + s * d[i]!);
          const io = i * n;
          const i1 = io + n;
          for (let k = 0; k < n; k++) {
            h = V[i1 + k]!;
            V[i1 + k] = s * V[io + k]! + c * h;
            V[io + k] = c * V[io + k]! - s * h;
          }
        }
        p = (-s * s2 * c3 * el1 * e[l]!) / dl1;
        e[l] = s * p;
        d[l] = c * p;
      } while (Math.abs(e[l]!) > eps * tst1);
    }
    d[l] = d[l]! + f;
    e[l] = 0;
  }
  for (let i = 0; i < n - 1; i++) {
    let k = i;
    p = d[i]!;
    for (let j = i + 1; j < n; j++) {
      if (d[j]! < p) {
        k = j;
        p = d[j]!;
      }
    }
    if (k !== i) {
      d[k] = d[i]!;
      d[i] = p;
      const io = i * n;
      const ko = k * n;
      for (let j = 0; j < n; j++) {
        p = V[io + j]!;
        V[io + j] = V[ko + j]!;
        V[ko + j] = p;
      }
    }
  }
}

/** √(a² + b²) without overflow, as ml-matrix computes it (the same rounding). */
function hypotenuse(a: number, b: number): number {
  let r = 0;
  if (Math.abs(a) > Math.abs(b)) {
    r = b / a;
    return Math.abs(a) * Math.sqrt(1 + r * r);
  }
  if (b !== 0) {
    r = a / b;
    return Math.abs(b) * Math.sqrt(1 + r * r);
  }
  return 0;
}
