/**
 * Distributions of the Kolmogorov–Smirnov statistic, ported from scipy 1.10 (its `_ksstats.py`,
 * `_stats_py.py`, `_stats_pythran.py` and cephes `kolmogorov.c`). No JavaScript library has them:
 * @stdlib has only a one-sample KS test, without the two-sample exact distribution or scipy's
 * finite-n `kstwo`, so this file carries its own implementations, checked against scipy fixtures.
 */
import { InvalidArgumentError } from '@dt/errors';

const E128 = 128;
const EP128 = 2 ** 128;
const EM128 = 2 ** -128;
const SQRT2PI = Math.sqrt(2 * Math.PI);
const LOG_2PI = Math.log(2 * Math.PI);
const MIN_LOG = -708;
const SQRT3 = Math.sqrt(3);
const PI2 = Math.PI ** 2;
const PI4 = Math.PI ** 4;
const PI6 = Math.PI ** 6;
const DBL_EPSILON = 2 ** -52;
/** cephes MINLOG: log of the smallest normal double. */
const CEPHES_MINLOG = -7.08396418532264106224e2;
const STIRLING = [
  -2.955065359477124183e-2, 6.4102564102564102564e-3, -1.9175269175269175269e-3, 8.4175084175084175084e-4,
  -5.952380952380952381e-4, 7.9365079365079365079e-4, -2.7777777777777777778e-3, 8.3333333333333333333e-2,
];

const clip01 = (p: number): number => (p < 0 ? 0 : p > 1 ? 1 : p);

/** x · 2^e without intermediate overflow or underflow of 2^e. */
export function ldexp(x: number, e: number): number {
  while (e > 1000) {
    x *= 2 ** 1000;
    e -= 1000;
  }
  while (e < -1000) {
    x *= 2 ** -1000;
    e += 1000;
  }
  return x * 2 ** e;
}

/** numpy's round: half to even. */
export function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

// ----------------------------------------------------------------------------- Kolmogorov limit

/**
 * Survival function of the limiting Kolmogorov distribution, P(K > x) (scipy.special.kolmogorov,
 * scipy.stats.kstwobign.sf). Two series, switched at x = 0.82 as cephes does.
 */
export function kolmogorovSf(x: number): number {
  if (typeof x !== 'number') throw new InvalidArgumentError('x', 'a number', x);
  if (Number.isNaN(x)) return Number.NaN;
  if (x <= 0) return 1;
  if (x <= Math.PI / Math.sqrt(-(-708 - 38) * 8)) return 1;
  if (x <= 0.82) {
    const w = SQRT2PI / x;
    const logu8 = -PI2 / (x * x);
    const u = Math.exp(logu8 / 8);
    let P: number;
    if (u === 0) P = Math.exp(logu8 / 8 + Math.log(w));
    else {
      const u8 = Math.exp(logu8);
      const u8cub = u8 ** 3;
      P = 1;
      P = 1 + u8cub * P;
      P = 1 + u8 * u8 * P;
      P = 1 + u8 * P;
      P = w * u * P;
    }
    return clip01(1 - P);
  }
  const v = Math.exp(-2 * x * x);
  return clip01(2 * v * kolmogorovTail(v));
}

/** 1 − v³(1 − v⁵(1 − v⁷)), the factor of 2v in the large-x series. */
function kolmogorovTail(v: number): number {
  const vsq = v * v;
  const v3 = v ** 3;
  let P = 1;
  P = 1 - v3 * v3 * v * P;
  P = 1 - v3 * vsq * P;
  P = 1 - v3 * P;
  return P;
}

/** log(kolmogorovSf(x)), finite where the survival function underflows (x > ~19.3). */
export function kolmogorovLogSf(x: number): number {
  if (x <= 0.82) return Math.log(kolmogorovSf(x));
  const logv = -2 * x * x;
  return Math.LN2 + logv + Math.log(kolmogorovTail(Math.exp(logv)));
}

// ----------------------------------------------------------------------------- kstwo (finite n)

function logNFactorialDivNPowN(n: number): number {
  const rn = 1 / n;
  let poly = 0;
  const t = rn / n;
  for (const c of STIRLING) poly = poly * t + c;
  return Math.log(n) / 2 - n + LOG_2PI / 2 + rn * poly;
}

function matmul(a: Float64Array, b: Float64Array, m: number): Float64Array<ArrayBuffer> {
  const out = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let k = 0; k < m; k++) {
      const aik = a[i * m + k]!;
      if (aik === 0) continue;
      const bRow = k * m;
      const oRow = i * m;
      for (let j = 0; j < m; j++) out[oRow + j]! += aik * b[bRow + j]!;
    }
  }
  return out;
}

/** P(D_n <= d): Durbin's matrix algorithm as Marsaglia, Tsang & Wang compute it. O(m³ log n), m = 2⌈nd⌉ − 1. */
function kolmognDMTW(n: number, d: number): number {
  if (d >= 1) return 1;
  const nd = n * d;
  if (nd <= 0.5) return 0;
  const k = Math.ceil(nd);
  const h = k - nd;
  const m = 2 * k - 1;
  let H: Float64Array<ArrayBuffer> = new Float64Array(m * m);
  const v = new Float64Array(m);
  const w = new Float64Array(m);
  let fac = 1;
  for (let j = 1; j <= m; j++) {
    v[j - 1] = 1 - h ** j;
    w[j - 1] = fac;
    fac /= j;
    v[j - 1]! *= fac;
  }
  const tt = Math.max(2 * h - 1, 0) ** m - 2 * h ** m;
  v[m - 1] = (1 + tt) * fac;
  for (let i = 1; i < m; i++) {
    for (let r = i - 1; r < m; r++) H[r * m + i] = w[r - (i - 1)]!;
  }
  for (let r = 0; r < m; r++) H[r * m] = v[r]!;
  for (let c = 0; c < m; c++) H[(m - 1) * m + c] = v[m - 1 - c]!;
  let Hpwr: Float64Array<ArrayBuffer> = new Float64Array(m * m);
  for (let i = 0; i < m; i++) Hpwr[i * m + i] = 1;
  let nn = n;
  let expnt = 0;
  let Hexpnt = 0;
  while (nn > 0) {
    if (nn % 2) {
      Hpwr = matmul(Hpwr, H, m);
      expnt += Hexpnt;
    }
    H = matmul(H, H, m);
    Hexpnt *= 2;
    if (Math.abs(H[(k - 1) * m + (k - 1)]!) > EP128) {
      for (let i = 0; i < H.length; i++) H[i]! /= EP128;
      Hexpnt += E128;
    }
    nn = Math.floor(nn / 2);
  }
  let p = Hpwr[(k - 1) * m + (k - 1)]!;
  for (let i = 1; i <= n; i++) {
    p = (i * p) / n;
    if (Math.abs(p) < EM128) {
      p *= EP128;
      expnt -= E128;
    }
  }
  if (expnt !== 0) p = ldexp(p, expnt);
  return clip01(p);
}

function pomeranzJ1J2(i: number, n: number, ll: number, ceilf: number, roundf: number): [number, number] {
  let j1: number;
  let j2: number;
  if (i === 0) {
    j1 = -ll - ceilf - 1;
    j2 = ll + ceilf - 1;
  } else {
    const ip1div2 = Math.floor((i + 1) / 2);
    const ip1mod2 = (i + 1) % 2;
    if (ip1mod2 === 0) {
      if (ip1div2 === n + 1) {
        j1 = n - ll - ceilf - 1;
        j2 = n + ll + ceilf - 1;
      } else {
        j1 = ip1div2 - 1 - ll - roundf - 1;
        j2 = ip1div2 + ll - 1 + ceilf - 1;
      }
    } else {
      j1 = ip1div2 - 1 - ll - 1;
      j2 = ip1div2 + ll + roundf - 1;
    }
  }
  return [Math.max(j1 + 2, 0), Math.min(j2, n)];
}

/** P(D_n <= x) by Pomeranz's recursion (scipy's port), for n <= 140. */
function kolmognPomeranz(n: number, x: number): number {
  const t = n * x;
  const ll = Math.floor(t);
  const f = t - ll;
  const g = Math.min(f, 1 - f);
  const ceilf = f > 0 ? 1 : 0;
  const roundf = f > 0.5 ? 1 : 0;
  const npwrs = 2 * (ll + 1);
  const gpower = new Float64Array(npwrs);
  const twogpower = new Float64Array(npwrs);
  const onem2gpower = new Float64Array(npwrs);
  gpower[0] = 1;
  twogpower[0] = 1;
  onem2gpower[0] = 1;
  let expnt = 0;
  const gOverN = g / n;
  const twoGOverN = (2 * g) / n;
  const oneMinusTwoGOverN = (1 - 2 * g) / n;
  for (let m = 1; m < npwrs; m++) {
    gpower[m] = (gpower[m - 1]! * gOverN) / m;
    twogpower[m] = (twogpower[m - 1]! * twoGOverN) / m;
    onem2gpower[m] = (onem2gpower[m - 1]! * oneMinusTwoGOverN) / m;
  }
  let V0 = new Float64Array(npwrs);
  let V1 = new Float64Array(npwrs);
  V1[0] = 1;
  let V0s = 0;
  let V1s = 0;
  let [j1, j2] = pomeranzJ1J2(0, n, ll, ceilf, roundf);
  for (let i = 1; i < 2 * n + 2; i++) {
    const k1 = j1;
    [V0, V1] = [V1, V0];
    [V0s, V1s] = [V1s, V0s];
    V1.fill(0);
    [j1, j2] = pomeranzJ1J2(i, n, ll, ceilf, roundf);
    const pwrs = i === 1 || i === 2 * n + 1 ? gpower : i % 2 ? twogpower : onem2gpower;
    const ln2 = j2 - k1 + 1;
    if (ln2 > 0) {
      // np.convolve(V0[k1-V0s : k1-V0s+ln2], pwrs[:ln2]), of which entries conv_start.. are kept.
      const aStart = k1 - V0s;
      const aLen = Math.max(0, Math.min(aStart + ln2, npwrs) - aStart);
      const bLen = Math.min(ln2, npwrs);
      const convStart = j1 - k1;
      const convLen = j2 - j1 + 1;
      let mx = 0;
      for (let q = 0; q < convLen; q++) {
        const c = convStart + q;
        if (c >= aLen + bLen - 1) break;
        let s = 0;
        const lo = Math.max(0, c - bLen + 1);
        const hi = Math.min(c, aLen - 1);
        for (let a = lo; a <= hi; a++) s += V0[aStart + a]! * pwrs[c - a]!;
        V1[q] = s;
        if (s > mx) mx = s;
      }
      if (mx > 0 && mx < EM128) {
        for (let q = 0; q < npwrs; q++) V1[q]! *= EP128;
        expnt -= E128;
      }
      V1s = V0s + j1 - k1;
    }
  }
  let ans = V1[n - V1s]!;
  for (let m = 1; m <= n; m++) {
    if (Math.abs(ans) > EP128) {
      ans *= EM128;
      expnt += E128;
    }
    ans *= m;
  }
  if (expnt !== 0) ans = ldexp(ans, expnt);
  return clip01(ans);
}

/** Pelz–Good approximation of P(D_n <= x) (not clipped, as scipy). */
function kolmognPelzGood(n: number, x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const z = Math.sqrt(n) * x;
  const z2 = z * z;
  const z3 = z2 * z;
  const z4 = z2 * z2;
  const z6 = z4 * z2;
  const qlog = -PI2 / 8 / z2;
  if (qlog < MIN_LOG) return 0;
  let q = Math.exp(qlog);
  const k1a = -z2;
  const k1b = PI2 / 4;
  const k2a = 6 * z6 + 2 * z4;
  const k2b = ((2 * z4 - 5 * z2) * PI2) / 4;
  const k2c = (PI4 * (1 - 2 * z2)) / 16;
  const k3d = (PI6 * (5 - 30 * z2)) / 64;
  const k3c = (PI4 * (-60 * z2 + 212 * z4)) / 16;
  const k3b = (PI2 * (135 * z4 - 96 * z6)) / 4;
  const k3a = -30 * z6 - 90 * z ** 8;
  let K0 = 0;
  let K1 = 0;
  let K2 = 0;
  let K3 = 0;
  const maxk = Math.ceil((16 * z) / Math.PI);
  for (let k = maxk; k > 0; k--) {
    const m = 2 * k - 1;
    const m2 = m * m;
    const m4 = m2 * m2;
    const m6 = m4 * m2;
    const qpower = q ** (8 * k);
    K0 = K0 * qpower + 1;
    K1 = K1 * qpower + (k1a + k1b * m2);
    K2 = K2 * qpower + (k2a + k2b * m2 + k2c * m4);
    K3 = K3 * qpower + (k3a + k3b * m2 + k3c * m4 + k3d * m6);
  }
  K0 = ((K0 * q) * SQRT2PI) / z;
  K1 = ((K1 * q) * SQRT2PI) / (6 * z4);
  K2 = ((K2 * q) * SQRT2PI) / (72 * z ** 7);
  K3 = ((K3 * q) * SQRT2PI) / (6480 * z ** 10);
  q = Math.exp(-PI2 / 2 / z2);
  let k2extra = 0;
  let k3extra = 0;
  for (let k = maxk; k > 0; k--) {
    const ksq = k * k;
    const qp = q ** ksq;
    k2extra += ksq * qp;
    const kspi = Math.PI * k;
    k3extra += (SQRT3 * z + kspi) * (SQRT3 * z - kspi) * ksq * qp;
  }
  K2 += (k2extra * PI2 * SQRT2PI) / (-36 * z3);
  K3 += (k3extra * PI2 * SQRT2PI) / (216 * z6);
  K1 /= n ** 0.5;
  K2 /= n;
  K3 /= n ** 1.5;
  return K0 + K1 + K2 + K3;
}

/** n·x as an unevaluated sum hi + lo (Dekker's two-product), so 1 − x − v/n keeps its digits. */
function twoProduct(a: number, b: number): [number, number] {
  const hi = a * b;
  const split = 134217729; // 2^27 + 1
  const ac = split * a;
  const ah = ac - (ac - a);
  const al = a - ah;
  const bc = split * b;
  const bh = bc - (bc - b);
  const bl = b - bh;
  const lo = ah * bh - hi + ah * bl + al * bh + al * bl;
  return [hi, lo];
}

/**
 * One-sided Smirnov survival function P(D_n^+ >= x) (scipy.special.smirnov), by the Birnbaum–Tingey
 * sum. cephes sums in double-double; here the terms are carried in logs (see below).
 */
export function smirnovSf(n: number, x: number): number {
  if (typeof n !== 'number') throw new InvalidArgumentError('n', 'a number', n);
  if (typeof x !== 'number') throw new InvalidArgumentError('x', 'a number', x);
  if (!(n > 0 && x >= 0 && x <= 1)) return Number.NaN;
  if (n === 1) return 1 - x;
  if (x === 0) return 1;
  if (x === 1) return 0;
  const [nxHi, nxLo] = twoProduct(n, x);
  let nxfl = Math.floor(nxHi);
  let alpha = nxHi - nxfl + nxLo;
  if (alpha < 0) {
    nxfl -= 1;
    alpha += 1;
  } else if (alpha >= 1) {
    nxfl += 1;
    alpha -= 1;
  }
  let n1mxfl = n - nxfl - (alpha === 0 ? 0 : 1);
  if (alpha === 0) n1mxfl -= 1;
  if (nxfl === 0 || (nxfl === 1 && alpha === 0)) {
    return clip01(1 - x * (1 + x) ** (n - 1));
  }
  if (-2 * n * x * x < CEPHES_MINLOG) return 0;
  if (nxfl >= n - 1) return clip01((1 - x) ** n);
  if (n > 1_000_000) {
    const logp = -((6 * n * x + 1) ** 2) / 18 / n;
    return clip01(logp < -Math.LN2 ? Math.exp(logp) : 1 + Math.expm1(logp));
  }
  const nTerms = n1mxfl + 1;
  const vmid = Math.floor(n / 2);
  // Term v is C(n,v)·(a/n)^(n−v)·(b/n)^(v−1) with a = n − v − nx, b = v + nx. Its log is carried
  // from term to term by increments built from log1p of small ratios: forming each log from scratch
  // multiplies the rounding error of log(a/n) by n − v, which costs ~n·ε of relative accuracy.
  let a = n - nxHi - nxLo; // at v = 0
  let b = nxHi + nxLo;
  let logTerm = n * Math.log1p(-x) - Math.log(x); // v = 0: (1 − x)^n / x
  let sum = Math.exp(logTerm);
  for (let j = 1; j < nTerms; j++) {
    const v = j - 1; // step from term v to term v + 1
    const logAoverN = a < 0.5 * n ? Math.log(a / n) : Math.log1p(-b / n);
    const logBoverN = b < 0.5 * n ? Math.log(b / n) : Math.log1p(-a / n);
    logTerm +=
      Math.log((n - v) / (v + 1)) + (n - v - 1) * Math.log1p(-1 / a) - logAoverN + v * Math.log1p(1 / b) + logBoverN;
    a -= 1;
    b += 1;
    const Aj = Math.exp(logTerm);
    if (Number.isFinite(Aj) && Aj !== 0) sum += Aj;
    if (Aj !== 0) {
      if (4 * (nTerms - j) * Math.abs(Aj) < DBL_EPSILON * sum && j !== nTerms - 1) break;
    } else if (j > vmid) break;
  }
  return clip01(x * sum);
}

/**
 * Survival function of the two-sided one-sample KS statistic for sample size n, P(D_n >= x):
 * scipy.stats.kstwo.sf, with the algorithm choices of Simard & L'Ecuyer as scipy makes them.
 */
export function kstwoSf(x: number, n: number): number {
  if (typeof x !== 'number') throw new InvalidArgumentError('x', 'a number', x);
  if (typeof n !== 'number') throw new InvalidArgumentError('n', 'a number', n);
  if (!Number.isInteger(n) || n <= 0) return Number.NaN;
  if (x >= 1) return 0;
  if (x <= 0) return 1;
  const t = n * x;
  if (t <= 1) {
    if (t <= 0.5) return 1;
    let prob: number;
    if (n <= 140) {
      prob = 1;
      for (let i = 1; i <= n; i++) prob *= i * (1 / n) * (2 * t - 1);
    } else prob = Math.exp(logNFactorialDivNPowN(n) + n * Math.log(2 * t - 1));
    return clip01(1 - prob);
  }
  if (t >= n - 1) return clip01(2 * (1 - x) ** n);
  if (x >= 0.5) return clip01(2 * smirnovSf(n, x));
  const nxsq = t * x;
  if (n <= 140) {
    if (nxsq <= 0.754693) return clip01(1 - kolmognDMTW(n, x));
    if (nxsq <= 4) return clip01(1 - kolmognPomeranz(n, x));
    return clip01(2 * smirnovSf(n, x));
  }
  if (nxsq >= 370) return 0;
  if (nxsq >= 2.2) return clip01(2 * smirnovSf(n, x));
  const cdf = n <= 100000 && n * x ** 1.5 <= 1.4 ? kolmognDMTW(n, x) : kolmognPelzGood(n, x);
  return clip01(1 - clip01(cdf));
}

// ----------------------------------------------------------------------------- two-sample exact

export function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** P(D_{n,n} >= h/n) for equal sample sizes (scipy's _compute_prob_outside_square). O(n). */
function probOutsideSquare(n: number, h: number): number {
  let P = 0;
  let k = Math.floor(n / h);
  while (k >= 0) {
    let p1 = 1;
    for (let j = 0; j < h; j++) p1 = ((n - k * h - j) * p1) / (n + k * h + j + 1);
    P = p1 * (1 - P);
    k -= 1;
  }
  return 2 * P;
}

let recip = new Float64Array(0);
/** 1/k for k < size, grown on demand and shared. */
function reciprocals(size: number): Float64Array {
  if (recip.length < size) {
    recip = new Float64Array(Math.max(size, 2 * recip.length));
    for (let k = 1; k < recip.length; k++) recip[k] = 1 / k;
  }
  return recip;
}

/**
 * P(D_{m,n} >= h/lcm(m,n)) by Hodges' inside method with Viehmann's recursion for 1 − p
 * (scipy's _compute_outer_prob_inside_method). O(max(m,n) · window), window ≤ min(m,n) + 1.
 */
function outerProbInside(m0: number, n0: number, g: number, h: number): number {
  let m = m0;
  let n = n0;
  if (m < n) [m, n] = [n, m];
  const mg = m / g;
  const ng = n / g;
  let minj = 0;
  let maxj = Math.min(Math.ceil(h / mg), n + 1);
  let curlen = maxj - minj;
  const lenA = Math.min(2 * maxj + 2, n + 1);
  const A = new Float64Array(lenA).fill(1);
  for (let j = minj; j < maxj; j++) A[j] = 0;
  // Multiplying by 1/(i + j) instead of dividing halves the latency of the dependent chain through
  // val; the result moves by a few ulps at most.
  const inv = reciprocals(m + n + 1);
  for (let i = 1; i <= m; i++) {
    const lastminj = minj;
    const lastlen = curlen;
    minj = Math.max(Math.floor((ng * i - h) / mg) + 1, 0);
    minj = Math.min(minj, n);
    maxj = Math.min(Math.ceil((ng * i + h) / mg), n + 1);
    if (maxj <= minj) return 1;
    let val = minj === 0 ? 0 : 1;
    for (let jj = 0; jj < maxj - minj; jj++) {
      const j = jj + minj;
      val = (A[jj + minj - lastminj]! * i + val * j) * inv[i + j]!;
      A[jj] = val;
    }
    curlen = maxj - minj;
    if (lastlen > curlen) {
      for (let q = maxj - minj; q < maxj - minj + (lastlen - curlen) && q < lenA; q++) A[q] = 1;
    }
  }
  return A[maxj - minj - 1]!;
}

/**
 * Exact two-sided p-value of the two-sample KS test, P(D >= d) for continuous data, where
 * d = dInt / (n1·n2) and dInt = max |F1·n1·n2 − F2·n1·n2| is the statistic on the integer lattice.
 * Returns NaN when the floating-point computation fails (scipy then falls back to 'asymp').
 */
export function ks2ExactSf(dInt: number, n1: number, n2: number): number {
  // gcd of a non-integer (null, NaN) never reaches 0: refused, not a loop that never ends.
  if (!(Number.isInteger(n1) && n1 > 0)) throw new InvalidArgumentError('n1', 'a sample size (an integer >= 1)', n1);
  if (!(Number.isInteger(n2) && n2 > 0)) throw new InvalidArgumentError('n2', 'a sample size (an integer >= 1)', n2);
  if (typeof dInt !== 'number' || Number.isNaN(dInt)) throw new InvalidArgumentError('dInt', 'a number', dInt);
  const g = gcd(n1, n2);
  const h = Math.round(dInt / g);
  if (h === 0) return 1;
  const p = n1 === n2 ? probOutsideSquare(n1, h) : outerProbInside(n1, n2, g, h);
  // A rounding overshoot (e.g. 1.0000000000000002 for the smallest D with equal sizes) is the exact
  // value 1; scipy instead reports failure there and falls back to its asymptotic approximation.
  if (p > 1 && p <= 1 + 1e-9) return 1;
  return p >= 0 && p <= 1 ? p : Number.NaN;
}
