import { normalSf } from './normal.js';
import type { PValueOut } from './test-result.js';

/**
 * The conventions of the authors' reference implementation (github aiff22/Decision-Stream: Clojure
 * + MatrixUtil.java on Apache Commons Math 3.6.1), reproduced operation for operation for
 * `compat: 'reference'`, where they differ from dt's defaults:
 * - test choice: Kolmogorov–Smirnov when both groups have ≥ 2 values, else Commons Math's
 *   Mann–Whitney U (normal approximation without tie or continuity correction; p ≥ 0.083 for a
 *   group of one);
 * - KS p-value: Commons Math's exactP(d, n1, n2, strict = true) when n1·n2 < 10 000 — its lattice
 *   count with the bound ⌈d·n1·n2⌉ + 1, i.e. P(D > d) (one lattice step less conservative than
 *   scipy's P(D ≥ d); two steps where gcd(n1, n2) = 1) — else 1 − ksSum(λ), which rounds to 0 for
 *   λ ≳ 6 (p below ~1e-16), so many candidates of a large node tie at p = 0;
 * - ties between candidates: the last one wins, in the order the reference meets them (features in
 *   column order; a feature's thresholds in the iteration order of the Clojure map that holds them,
 *   see candidateOrder).
 * Everything here is plain IEEE double arithmetic in the reference's order of operations, so equal
 * inputs give equal p-values on both sides; `Math.exp` stands in for Commons Math's `FastMath.exp`
 * (they may differ in the last bit, which only matters for p-values within ~1e-16 of each other).
 */

/** Commons Math's CombinatoricsUtils.binomialCoefficientDouble (3.6.1). */
export function binomialCoefficientDouble(n: number, k: number): number {
  if (n === k || k === 0) return 1;
  if (k === 1 || k === n - 1) return n;
  if (k > Math.floor(n / 2)) return binomialCoefficientDouble(n, n - k);
  if (n < 67) {
    // exact long arithmetic, then the (round-to-nearest) conversion to double
    let r = 1n;
    for (let i = 1; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i);
    return Number(r);
  }
  let result = 1;
  for (let i = 1; i <= k; i++) result *= (n - k + i) / i;
  return Math.floor(result + 0.5);
}

/**
 * MatrixUtil.kolmogorovSmirnovTest's exact branch: KolmogorovSmirnovTest.exactP(d, n1, n2, true)
 * of Commons Math 3.6.1 with d = dInt / (n1·n2): 1 − (lattice paths from (0,0) to (n2,n1) with
 * |i·n1 − j·n2| ≤ bound at every step) / C(n1 + n2, n2), counted in doubles row by row. O(n1·n2).
 */
export function referenceKsExactP(dInt: number, n1: number, n2: number): number {
  const d = dInt / (n1 * n2);
  // calculateIntegralD(d, m = n2, n = n1, strict = true)
  const nm = n2 * n1;
  const upper = Math.ceil((d - 1e-12) * nm);
  const lower = Math.floor((d + 1e-12) * nm);
  const bound = lower === upper ? upper + 1 : upper;
  // n(i = n2, j = n1, m = n2, n = n1, bound, strict): c(i, j) = |i·n − j·m| <= bound
  const lag = new Float64Array(n1);
  for (let k = 0; k < n1; k++) lag[k] = Math.abs(-(k + 1) * n2) <= bound ? 1 : 0;
  let last = 0;
  for (let k = 1; k <= n2; k++) {
    last = Math.abs(k * n1) <= bound ? 1 : 0;
    for (let l = 1; l <= n1; l++) {
      const c = Math.abs(k * n1 - l * n2) <= bound ? 1 : 0;
      lag[l - 1] = c * (last + lag[l - 1]!);
      last = lag[l - 1]!;
    }
  }
  return 1 - last / binomialCoefficientDouble(n1 + n2, n2);
}

/** KolmogorovSmirnovTest.ksSum(t, 1e-20, Integer.MAX_VALUE) of Commons Math 3.6.1. */
export function referenceKsSum(t: number): number {
  if (t === 0) return 0;
  const x = -2 * t * t;
  let sign = -1;
  let i = 1;
  let partialSum = 0.5;
  let delta = 1;
  while (delta > 1e-20) {
    delta = Math.exp(x * i * i);
    partialSum += sign * delta;
    sign = -sign;
    i++;
  }
  return partialSum * 2;
}

/** MatrixUtil.kolmogorovSmirnovTest: exact below n1·n2 = 10 000, else 1 − ksSum(λ). */
export function referenceKsP(dInt: number, n1: number, n2: number): number {
  if (n1 * n2 < 10000) return referenceKsExactP(dInt, n1, n2);
  const d = dInt / (n1 * n2);
  return 1 - referenceKsSum(d * Math.sqrt((n2 * n1) / (n2 + n1)));
}

/**
 * Commons Math's MannWhitneyUTest.mannWhitneyUTest from U1 (pairs x > y, ties ½): z from
 * min(U1, U2) with the untied variance n1·n2·(n1 + n2 + 1)/12, p = 2·Φ(z).
 */
export function referenceMwuP(U1: number, n1: number, n2: number): number {
  const prod = n1 * n2;
  const uMax = Math.max(U1, prod - U1);
  const uMin = prod - uMax;
  const z = (uMin - prod / 2) / Math.sqrt((prod * (n1 + n2 + 1)) / 12);
  return 2 * normalSf(-z);
}

/** The reference's pVAr between two groups of class codes given as counts per code, into `out`. */
export function referenceCountsTest(cA: ArrayLike<number>, nA: number, cB: ArrayLike<number>, nB: number, C: number, out: PValueOut): void {
  if (nA === 0 || nB === 0) {
    out.test = 'mwu';
    out.statistic = 0;
    out.pValue = 1;
    out.logP = 0;
    return;
  }
  if (nA < 2 || nB < 2) {
    let belowB = 0;
    let U1 = 0;
    for (let c = 0; c < C; c++) {
      U1 += cA[c]! * (belowB + cB[c]! / 2);
      belowB += cB[c]!;
    }
    out.test = 'mwu';
    out.statistic = U1;
    out.pValue = referenceMwuP(U1, nA, nB);
    out.logP = Math.log(out.pValue);
    return;
  }
  let cumA = 0;
  let cumB = 0;
  let dInt = 0;
  for (let c = 0; c < C; c++) {
    cumA += cA[c]!;
    cumB += cB[c]!;
    const diff = Math.abs(cumA * nB - cumB * nA);
    if (diff > dInt) dInt = diff;
  }
  out.test = 'ks';
  out.statistic = dInt / (nA * nB);
  out.pValue = referenceKsP(dInt, nA, nB);
  out.logP = Math.log(out.pValue);
}

/**
 * Java's Double.hashCode (= Clojure's hash of a double): the two 32-bit halves of the IEEE bits
 * XOR-ed, as an unsigned integer.
 */
const hashView = new DataView(new ArrayBuffer(8));
export function doubleHash(v: number): number {
  hashView.setFloat64(0, v);
  return (hashView.getUint32(0) ^ hashView.getUint32(4)) >>> 0;
}

/**
 * A sort key giving the iteration order of a Clojure PersistentHashMap with double keys: its trie
 * branches on 5-bit chunks of the hash from the lowest bits up and visits children in ascending
 * chunk order, so keys iterate in lexicographic order of (chunk 0, chunk 1, …, chunk 6).
 */
export function hashMapOrderKey(v: number): number {
  const h = doubleHash(v);
  let key = 0;
  for (let s = 0; s < 35; s += 5) key = key * 32 + ((h >>> s) & 31);
  return key;
}

/**
 * The order in which the reference meets a feature's split candidates. Its thresholds go into a
 * Clojure map keyed by the threshold value, inserted from the largest down: up to 8 entries an array
 * map (insertion order), beyond that a hash map (hashMapOrderKey). `keys[0..K)` in insertion order;
 * writes the visiting order (indices into keys) to `order`. Equal hashes keep insertion order.
 */
export function candidateOrder(keys: Float64Array, K: number, order: Int32Array, scratch: Float64Array): void {
  for (let i = 0; i < K; i++) order[i] = i;
  if (K <= 8) return;
  for (let i = 0; i < K; i++) scratch[i] = hashMapOrderKey(keys[i]!);
  // insertion sort (K ≈ √n), stable
  for (let i = 1; i < K; i++) {
    const o = order[i]!;
    const s = scratch[o]!;
    let j = i - 1;
    while (j >= 0 && scratch[order[j]!]! > s) {
      order[j + 1] = order[j]!;
      j--;
    }
    order[j + 1] = o;
  }
}

/**
 * The reference's split candidates of one sorted feature (values v[i] = uniq[rank[i]], ascending): thresholds
 * t = max, max − step, … (step = (max − min)/⌊√n⌋, accumulated as Clojure's `range` does) while
 * t > min; each becomes lId = the first index with v > t (n − 1 when none: t = max splits off the
 * last sample even when the largest value repeats), keyed by the midpoint (v[lId − 1] + v[lId])/2
 * (equal keys keep the larger lId). Writes lIds and keys in insertion order; returns how many.
 */
export function referenceCandidates(rank: Int32Array, uniq: Float64Array, n: number, lIds: Int32Array, keys: Float64Array): number {
  if (n < 2) return 0;
  const min = uniq[rank[0]!]!;
  const max = uniq[rank[n - 1]!]!;
  if (!(max > min)) return 0;
  const sections = Math.floor(Math.sqrt(n));
  const step = (max - min) / sections;
  let K = 0;
  let ptr = n;
  for (let t = max; t > min; ) {
    while (ptr > 0 && uniq[rank[ptr - 1]!]! > t) ptr--;
    const lId = ptr < n ? ptr : n - 1;
    const key = (uniq[rank[lId]!]! + uniq[rank[lId - 1]!]!) / 2;
    let found = -1;
    for (let k = K - 1; k >= 0 && found < 0; k--) if (keys[k] === key) found = k;
    if (found >= 0) lIds[found] = Math.max(lIds[found]!, lId);
    else {
      keys[K] = key;
      lIds[K] = lId;
      K++;
    }
    const next = t + -step;
    // A step below half an ulp of t would loop forever (the reference hangs there); stop instead.
    if (next === t) break;
    t = next;
  }
  return K;
}

/**
 * Clojure's Ratio.doubleValue for num/den (positive integers): the quotient rounded to 16 significant
 * decimal digits (BigDecimal with MathContext.DECIMAL64, half-even), then to the nearest double. An
 * integer quotient is exact (Clojure keeps it a Long).
 */
export function clojureRatioDouble(num: number, den: number): number {
  if (num % den === 0) return num / den;
  let a = BigInt(num);
  const b = BigInt(den);
  // scale so that the quotient has exactly 16 digits before the point (num/den < 10^16 here)
  let k = 0;
  while ((a * 10n) / b < 10n ** 16n) {
    a *= 10n;
    k++;
  }
  let q = a / b;
  const r = a - q * b;
  if (2n * r > b || (2n * r === b && q % 2n === 1n)) q += 1n;
  return Number(`${q}e-${k}`);
}

/**
 * The reference's weighted Gini of a list of leaves given as class counts: Σ (1 − Σ_c (n_c/n)²)·(n/N)
 * in list order, with its exact ratios converted to doubles as Clojure does (clojureRatioDouble), so
 * that its strict "new minimum" comparison between rounds comes out the same.
 */
export function referenceGini(counts: ArrayLike<number>[], sizes: ArrayLike<number>, N: number): number {
  let s = 0;
  for (let i = 0; i < counts.length; i++) {
    const c = counts[i]!;
    const n = sizes[i]!;
    // Σ c²/n² as one fraction over n² (exact in doubles up to n ≈ 9·10^7)
    let sq = 0;
    for (let k = 0; k < c.length; k++) sq += c[k]! * c[k]!;
    const gini = sq === n * n ? 0 : 1 - clojureRatioDouble(sq, n * n);
    s += gini * clojureRatioDouble(n, N);
  }
  return s;
}
