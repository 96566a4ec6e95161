/**
 * numpy's summation and percentile rules, reproduced so that baselines and bin thresholds equal
 * scikit-learn's: `pairwiseSum` is numpy's `add.reduce` on a contiguous float64 array (blocks of 8
 * partial sums up to 128 values, halves above), `percentile` is `np.percentile` with the 'linear' and
 * 'averaged_inverted_cdf' methods on sorted data (index n·q − 1 or (n − 1)·q, numpy's `_lerp`), and
 * `weightedPercentile` is scikit-learn's `_weighted_percentile` (cumulative weights, searchsorted left,
 * `average` for the midpoint when the rank falls exactly on a cumulative weight).
 */

/** Σ a[start + i·stride], i < n, in numpy's pairwise order (float64). */
export function pairwiseSum(a: ArrayLike<number>, start: number, n: number, stride = 1): number {
  if (n < 8) {
    let res = 0;
    for (let i = 0; i < n; i++) res += a[start + i * stride]!;
    return res;
  }
  if (n <= 128) {
    let r0 = a[start]!;
    let r1 = a[start + stride]!;
    let r2 = a[start + 2 * stride]!;
    let r3 = a[start + 3 * stride]!;
    let r4 = a[start + 4 * stride]!;
    let r5 = a[start + 5 * stride]!;
    let r6 = a[start + 6 * stride]!;
    let r7 = a[start + 7 * stride]!;
    let i = 8;
    for (; i < n - (n % 8); i += 8) {
      const b = start + i * stride;
      r0 += a[b]!;
      r1 += a[b + stride]!;
      r2 += a[b + 2 * stride]!;
      r3 += a[b + 3 * stride]!;
      r4 += a[b + 4 * stride]!;
      r5 += a[b + 5 * stride]!;
      r6 += a[b + 6 * stride]!;
      r7 += a[b + 7 * stride]!;
    }
    let res = r0 + r1 + (r2 + r3) + (r4 + r5 + (r6 + r7));
    for (; i < n; i++) res += a[start + i * stride]!;
    return res;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwiseSum(a, start, n2, stride) + pairwiseSum(a, start + n2 * stride, n - n2, stride);
}

/** numpy's `_lerp(a, b, t)`: a + (b − a)·t, or b − (b − a)·(1 − t) when t ≥ 0.5. */
function lerp(a: number, b: number, t: number): number {
  const d = b - a;
  return t >= 0.5 ? b - d * (1 - t) : a + d * t;
}

/**
 * `np.percentile(sorted, p, method)` of ascending, NaN-free values (`p` in [0, 100]); numpy computes
 * q = p / 100 first, as here.
 */
export function percentile(sorted: ArrayLike<number>, n: number, p: number, method: 'linear' | 'averaged_inverted_cdf'): number {
  const q = p / 100;
  const virtual = method === 'linear' ? (n - 1) * q : n * q - 1;
  let prev: number;
  let next: number;
  if (virtual >= n - 1) {
    prev = next = n - 1;
  } else if (virtual < 0) {
    prev = next = 0;
  } else {
    prev = Math.floor(virtual);
    next = prev + 1;
  }
  // numpy's gamma uses the adjusted previous index (-1 above the bounds).
  const gammaRaw = virtual - (virtual >= n - 1 ? -1 : prev);
  const gamma = method === 'linear' ? gammaRaw : gammaRaw === 0 ? 0.5 : 1;
  return lerp(sorted[prev]!, sorted[next]!, gamma);
}

/**
 * scikit-learn's `_weighted_percentile(values, weights, p, average)`; `order` sorts `values`
 * ascending. NaN if every weight is 0.
 */
export function weightedPercentile(
  values: ArrayLike<number>,
  weights: ArrayLike<number>,
  order: ArrayLike<number>,
  n: number,
  p: number,
  average: boolean,
): number {
  const cdf = new Float64Array(n);
  let acc = 0;
  let anyWeight = false;
  for (let i = 0; i < n; i++) {
    const w = weights[order[i]!]!;
    if (w !== 0) anyWeight = true;
    acc += w;
    cdf[i] = acc;
  }
  if (!anyWeight) return Number.NaN;
  let rank = (p / 100) * cdf[n - 1]!;
  if (rank === 0) rank = nextUp(rank);
  let idx = lowerBound(cdf, n, rank);
  const maxIdx = n - 1;
  if (idx > maxIdx) idx = maxIdx;
  const v = values[order[idx]!]!;
  if (!average) return v;
  const fractionAbove = cdf[idx]! - rank;
  if (fractionAbove > 2.220446049250313e-16) return v;
  let plusOne = Math.min(idx + 1, maxIdx);
  if (weights[order[plusOne]!] === 0) {
    // The next value with weight: first cumulative weight above this one.
    let next = upperBound(cdf, n, cdf[idx]!);
    if (next > maxIdx) next = idx;
    plusOne = next;
  }
  return (v + values[order[plusOne]!]!) / 2;
}

function lowerBound(a: Float64Array, n: number, x: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function upperBound(a: Float64Array, n: number, x: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The next double above x (numpy.nextafter(x, +inf)) for x ≥ 0. */
function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  const b = new Float64Array([x]);
  const u = new BigUint64Array(b.buffer);
  u[0] = u[0]! + 1n;
  return b[0]!;
}

/** numpy's `np.average(a, weights)`: pairwise Σ a·w / pairwise Σ w (plain pairwise mean without weights). */
export function average(a: ArrayLike<number>, n: number, weights: ArrayLike<number> | null): number {
  if (weights === null) return pairwiseSum(a, 0, n) / n;
  const prod = new Float64Array(n);
  for (let i = 0; i < n; i++) prod[i] = a[i]! * weights[i]!;
  return pairwiseSum(prod, 0, n) / pairwiseSum(weights, 0, n);
}
