import { knownKeys, oneOf, plainObject, booleanValue } from '@dt/errors';
import { normalSf } from './normal.js';
import { sortedCopy, toSample } from './sample.js';
import type { PValueOut } from './test-result.js';
import { numberArg } from './arguments.js';

/** How mannWhitneyU computes the p-value: 'auto', 'exact' or 'asymptotic' (scipy's method). */
export type MwuMethod = 'auto' | 'exact' | 'asymptotic';

/** Result of mannWhitneyU: the U statistic and its p-value (scipy mannwhitneyu). */
export interface MwuResult {
  /** U of the first sample: the number of pairs (x, y) with x > y, ties counting 1/2 (scipy's U1). */
  statistic: number;
  pValue: number;
  method: 'exact' | 'asymptotic';
}

/** Options of mannWhitneyU: the p-value method and the continuity correction. */
export interface MwuOptions {
  method?: MwuMethod;
  /** Continuity correction of the normal approximation (default true, as scipy). */
  continuity?: boolean;
}

/**
 * P(U ≤ k) under H0 for sample sizes m and n without ties: the coefficients of the Gaussian binomial
 * [m+n choose m]_q, built one factor (1 − q^(n+i)) / (1 − q^i) at a time and renormalised after each,
 * so every intermediate is a probability distribution (no overflow, no large cancellations).
 * O(min(m,n) · k).
 */
export function mwuExactCdf(k: number, m0: number, n0: number): number {
  numberArg('k', k);
  numberArg('m0', m0);
  numberArg('n0', n0);
  const m = Math.min(m0, n0);
  const n = Math.max(m0, n0);
  if (k < 0) return 0;
  if (k >= m * n) return 1;
  const a = new Float64Array(k + 1);
  a[0] = 1;
  for (let i = 1; i <= m; i++) {
    const s = n + i;
    for (let j = k; j >= s; j--) a[j]! -= a[j - s]!;
    for (let j = i; j <= k; j++) a[j]! += a[j - i]!;
    // [n+i choose i]_q sums to C(n+i, i) = C(n+i-1, i-1)·(n+i)/i.
    const scale = i / (n + i);
    for (let j = 0; j <= k; j++) a[j] = Math.max(0, a[j]! * scale);
  }
  let s = 0;
  for (let j = 0; j <= k; j++) s += a[j]!;
  return Math.min(1, s);
}

/** Two-sided normal-approximation p-value (scipy's _get_mwu_z with the tie correction). */
export function mwuAsymptoticP(U1: number, n1: number, n2: number, tieTerm: number, continuity: boolean): { p: number; z: number } {
  const U = Math.max(U1, n1 * n2 - U1);
  const mu = (n1 * n2) / 2;
  const n = n1 + n2;
  const s = Math.sqrt(((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1))));
  let num = U - mu;
  if (continuity) num -= 0.5;
  // All values tied: s = 0. scipy gets −inf (p = 1) with the correction and NaN without; both are 1 here.
  const z = s > 0 ? num / s : num > 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  return { p: Math.min(1, 2 * normalSf(z)), z };
}

/** Two-sided exact p-value from U1 (no ties): 2·P(U ≥ max(U1, U2)), clipped to 1. */
export function mwuExactP(U1: number, n1: number, n2: number): number {
  const U = Math.max(U1, n1 * n2 - U1);
  return Math.min(1, 2 * mwuExactCdf(Math.round(n1 * n2 - U), n1, n2));
}

/**
 * Exact two-sided Mann–Whitney p-value for a group of one or two values against the rest of a node,
 * conditional on the ties of the pooled sample (the permutation distribution of U): P(|U − E U| ≥
 * |u − E U|) over the C(n, m) equally likely ways to pick the group. Valid whatever the ties, where
 * the tie-corrected normal approximation is not: one class-1 value against 90 zeros and 10 ones gets
 * p = 11/101 = 0.109 here and 0.0047 from the approximation (scipy's mannwhitneyu, 'asymptotic').
 * Without ties it equals the exact test (mwuExactP).
 *
 * The pooled sample is given as counts per distinct value in ascending order, cA[r] + (cB ? cB[r] : 0)
 * for r < R; `a` and `b` are the distinct-value indices of the group's members (b = −1 for a group of
 * one). O(R), no allocation: U is the sum of the members' pooled midranks, the two-member case counts
 * pairs with a large or small sum by two pointers.
 */
export function mwuSmallGroupP(cA: ArrayLike<number>, cB: ArrayLike<number> | null, R: number, a: number, b: number): number {
  // Doubled midranks w_r = 2·below_r + c_r + 1 are integers; so is everything compared below.
  let n = 0;
  let wa = 0;
  let wb = 0;
  for (let r = 0; r < R; r++) {
    const c = cA[r]! + (cB === null ? 0 : cB[r]!);
    if (r === a) wa = 2 * n + c + 1;
    if (r === b) wb = 2 * n + c + 1;
    n += c;
  }
  const m = b < 0 ? 1 : 2;
  const mean = m * (n + 1);
  const dev = Math.abs(wa + wb - mean);
  if (dev === 0 || n <= m) return 1;
  let hits = 0;
  if (m === 1) {
    let pre = 0;
    for (let r = 0; r < R; r++) {
      const c = cA[r]! + (cB === null ? 0 : cB[r]!);
      if (Math.abs(2 * pre + c + 1 - mean) >= dev) hits += c;
      pre += c;
    }
    return Math.min(1, hits / n);
  }
  const hiT = mean + dev;
  const loT = mean - dev;
  // Pairs {i ≤ j} of distinct values (weight c_i·c_j, or c_i(c_i − 1)/2 when i = j).
  let preI = 0;
  let jHi = R; // first j with w_j ≥ hiT − w_i (moves down as i grows)
  let preHi = n; // Σ c_k for k < jHi
  let jLo = R; // first j with w_j > loT − w_i (moves down as i grows)
  let preLo = n;
  for (let i = 0; i < R; i++) {
    const ci = cA[i]! + (cB === null ? 0 : cB[i]!);
    const wi = 2 * preI + ci + 1;
    while (jHi > 0) {
      const c = cA[jHi - 1]! + (cB === null ? 0 : cB[jHi - 1]!);
      if (2 * (preHi - c) + c + 1 < hiT - wi) break;
      jHi--;
      preHi -= c;
    }
    if (jHi > i) hits += ci * (n - preHi);
    else hits += ci * (n - preI - ci) + (ci * (ci - 1)) / 2;
    while (jLo > 0) {
      const c = cA[jLo - 1]! + (cB === null ? 0 : cB[jLo - 1]!);
      if (2 * (preLo - c) + c + 1 <= loT - wi) break;
      jLo--;
      preLo -= c;
    }
    if (jLo > i) hits += ci * (preLo - preI - ci) + (ci * (ci - 1)) / 2;
    preI += ci;
  }
  return Math.min(1, hits / ((n * (n - 1)) / 2));
}

/** The learner's small-group Mann–Whitney (mwuSmallGroupP) into a reused result. */
export function mwuSmallGroupInto(cA: ArrayLike<number>, cB: ArrayLike<number> | null, R: number, a: number, b: number, U1: number, out: PValueOut): void {
  out.test = 'mwu';
  out.statistic = U1;
  out.pValue = mwuSmallGroupP(cA, cB, R, a, b);
  out.logP = Math.log(out.pValue);
}

/**
 * mwuSmallGroupP for two sorted samples, one of which has at most two values: the pooled distinct
 * values and their counts are built in O(n1 + n2).
 */
export function mwuSmallGroupSorted(sx: ArrayLike<number>, n1: number, sy: ArrayLike<number>, n2: number): number {
  const [gs, gn, os, on] = n1 <= n2 ? [sx, n1, sy, n2] : [sy, n2, sx, n1];
  const counts = new Float64Array(gn + on);
  let R = 0;
  let i = 0;
  let j = 0;
  let a = -1;
  let b = -1;
  while (i < gn || j < on) {
    const v = j >= on || (i < gn && gs[i]! <= os[j]!) ? gs[i]! : os[j]!;
    let c = 0;
    while (i < gn && gs[i]! === v) {
      if (a < 0) a = R;
      else b = R;
      i++;
      c++;
    }
    while (j < on && os[j]! === v) {
      j++;
      c++;
    }
    counts[R++] = c;
  }
  return mwuSmallGroupP(counts, null, R, a, b);
}

/** U1, the tie term Σ(t³ − t) and whether any value repeats, from two sorted samples. O(n1 + n2). */
export function mwuRankStats(sx: ArrayLike<number>, n1: number, sy: ArrayLike<number>, n2: number): { U1: number; tieTerm: number; hasTies: boolean } {
  let i = 0;
  let j = 0;
  let pos = 0;
  let R1 = 0;
  let tieTerm = 0;
  let hasTies = false;
  while (i < n1 || j < n2) {
    const v = j >= n2 || (i < n1 && sx[i]! <= sy[j]!) ? sx[i]! : sy[j]!;
    let a = 0;
    let b = 0;
    while (i < n1 && sx[i]! === v) {
      i++;
      a++;
    }
    while (j < n2 && sy[j]! === v) {
      j++;
      b++;
    }
    const t = a + b;
    R1 += a * (pos + (t + 1) / 2);
    pos += t;
    if (t > 1) {
      hasTies = true;
      tieTerm += t * t * t - t;
    }
  }
  return { U1: R1 - (n1 * (n1 + 1)) / 2, tieTerm, hasTies };
}

/**
 * Two-sided Mann–Whitney U test, as scipy.stats.mannwhitneyu(x, y) with its defaults: continuity
 * correction, and method 'auto' = exact when some sample has at most 8 values and there are no ties,
 * else the normal approximation with the tie correction.
 */
export function mannWhitneyU(x: ArrayLike<number>, y: ArrayLike<number>, options: MwuOptions = {}): MwuResult {
  plainObject('options', options);
  knownKeys('options', options, ['method', 'continuity']);
  const method = oneOf('options.method', options.method ?? 'auto', ['auto', 'exact', 'asymptotic'] as const);
  const continuity = booleanValue('options.continuity', options.continuity ?? true);
  const sx = sortedCopy(toSample(x, 'x'));
  const sy = sortedCopy(toSample(y, 'y'));
  const n1 = sx.length;
  const n2 = sy.length;
  const { U1, tieTerm, hasTies } = mwuRankStats(sx, n1, sy, n2);
  let useExact = method === 'exact';
  if (method === 'auto') useExact = !(n1 > 8 && n2 > 8) && !hasTies;
  if (useExact) return { statistic: U1, pValue: mwuExactP(U1, n1, n2), method: 'exact' };
  return { statistic: U1, pValue: mwuAsymptoticP(U1, n1, n2, tieTerm, continuity).p, method: 'asymptotic' };
}
