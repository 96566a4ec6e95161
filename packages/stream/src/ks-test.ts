import { oneOf, plainObject, knownKeys } from '@dt/errors';
import { kolmogorovLogSf, kolmogorovSf, ks2ExactSf, kstwoSf, gcd, roundHalfEven } from './ks-distribution.js';
import { sortedCopy, toSample } from './sample.js';
import type { PValueOut } from './test-result.js';
import { numberArg, sampleArg } from './arguments.js';

/**
 * How the KS p-value is computed:
 * - 'auto' (scipy's default): exact when both samples have at most 10 000 values, else 'asymp';
 * - 'exact': the exact null distribution (scipy's lattice-path algorithms; O(n1·n2) at worst);
 * - 'asymp': scipy's asymptotic method, the one-sample distribution kstwo(d, round(n1·n2/(n1+n2)));
 * - 'fast': what the Decision Stream learner uses (the reference code's rule, via Apache Commons Math):
 *   exact when n1·n2 < 10 000, else the limiting Kolmogorov distribution at d·√(n1·n2/(n1+n2)) —
 *   O(1) per p-value, which a scan over thousands of split candidates needs.
 */
export type KsMethod = 'auto' | 'exact' | 'asymp' | 'fast';

/** Result of ksTest: the two-sample Kolmogorov–Smirnov statistic, its p-value (scipy ks_2samp) and how it was computed. */
export interface KsResult {
  /** D = sup |F1 − F2|. */
  statistic: number;
  pValue: number;
  /** What computed pValue: the exact distribution, scipy's kstwo, or the Kolmogorov limit. */
  method: 'exact' | 'asymp' | 'limit';
}

/** scipy's MAX_AUTO_N. */
export const KS_AUTO_MAX_N = 10000;
/** Apache Commons Math's LARGE_SAMPLE_PRODUCT, the reference code's exact/asymptotic switch. */
export const KS_FAST_EXACT_PRODUCT = 10000;

/**
 * The KS statistic on the integer lattice, max over values v of |n2·#{x ≤ v} − n1·#{y ≤ v}|, from
 * two sorted samples; D = result / (n1·n2). Exact integers (no rounding), O(n1 + n2).
 */
export function ksStatisticInt(sx: ArrayLike<number>, n1: number, sy: ArrayLike<number>, n2: number): number {
  sampleArg('sx', sx, n1, 'n1');
  sampleArg('sy', sy, n2, 'n2');
  let i = 0;
  let j = 0;
  let best = 0;
  while (i < n1 || j < n2) {
    const v = j >= n2 || (i < n1 && sx[i]! <= sy[j]!) ? sx[i]! : sy[j]!;
    while (i < n1 && sx[i]! <= v) i++;
    while (j < n2 && sy[j]! <= v) j++;
    const diff = Math.abs(i * n2 - j * n1);
    if (diff > best) best = diff;
  }
  return best;
}

function asympP(d: number, n1: number, n2: number): number {
  const m = Math.max(n1, n2);
  const n = Math.min(n1, n2);
  const en = (m * n) / (m + n);
  // scipy rounds en half-to-even; for n1 = n2 = 1 that is 0 and scipy answers NaN: use 1.
  return kstwoSf(d, Math.max(1, roundHalfEven(en)));
}

/** p-value of the two-sided two-sample KS test from the lattice statistic (see ksStatisticInt). */
export function ksPValue(dInt: number, n1: number, n2: number, method: KsMethod = 'auto'): Omit<KsResult, 'statistic'> {
  numberArg('dInt', dInt);
  numberArg('n1', n1);
  numberArg('n2', n2);
  const d = dInt / (n1 * n2);
  if (method === 'fast') {
    if (n1 * n2 < KS_FAST_EXACT_PRODUCT) {
      const p = ks2ExactSf(dInt, n1, n2);
      if (!Number.isNaN(p)) return { pValue: p, method: 'exact' };
    }
    return { pValue: kolmogorovSf(d * Math.sqrt((n1 * n2) / (n1 + n2))), method: 'limit' };
  }
  let mode: 'exact' | 'asymp' = method === 'asymp' ? 'asymp' : 'exact';
  if (method === 'auto') mode = Math.max(n1, n2) <= KS_AUTO_MAX_N ? 'exact' : 'asymp';
  else if (method === 'exact') {
    const g = gcd(n1, n2);
    if (n1 / g >= 2147483647 / (n2 / g)) mode = 'asymp';
  }
  if (mode === 'exact') {
    const p = ks2ExactSf(dInt, n1, n2);
    if (!Number.isNaN(p)) return { pValue: p, method: 'exact' };
  }
  return { pValue: asympP(d, n1, n2), method: 'asymp' };
}

/**
 * Exact p-values the learner has computed, by (n1, n2, dInt). A scan meets the same triple again and
 * again (the same split position on another feature or in a later round), and each costs up to
 * O(n1·n2) = 10⁴ steps; on Fashion-MNIST a fit asks ~7 times per distinct triple. It is emptied at
 * the start of every fit (see resetKsCache) so one fit's time does not depend on the fits before it.
 */
const exactCache = new Map<number, number>();
const EXACT_CACHE_LIMIT = 1 << 21;

/** Empties the learner's cache of exact KS p-values (called when a fit starts). */
export function resetKsCache(): void {
  exactCache.clear();
}

function cachedExact(dInt: number, n1: number, n2: number): number {
  // n1·n2 < 10⁴ bounds n1, n2 and dInt (≤ n1·n2) below 10⁴.
  const key = (n1 * 10000 + n2) * 10000 + dInt;
  let p = exactCache.get(key);
  if (p === undefined) {
    p = ks2ExactSf(dInt, n1, n2);
    if (exactCache.size >= EXACT_CACHE_LIMIT) exactCache.clear();
    exactCache.set(key, p);
  }
  return p;
}

/** The learner's KS p-value ('fast' policy) into a reused result, with ln p. */
export function ksFast(dInt: number, n1: number, n2: number, out: PValueOut): void {
  const d = dInt / (n1 * n2);
  out.test = 'ks';
  out.statistic = d;
  if (n1 * n2 < KS_FAST_EXACT_PRODUCT) {
    const p = cachedExact(dInt, n1, n2);
    if (!Number.isNaN(p)) {
      // Exact p-values here are at least 2/C(200,100) ≈ 1e-59: no underflow.
      out.pValue = p;
      out.logP = Math.log(p);
      return;
    }
  }
  const lambda = d * Math.sqrt((n1 * n2) / (n1 + n2));
  out.pValue = kolmogorovSf(lambda);
  out.logP = kolmogorovLogSf(lambda);
}

/** Options of ksTest: how the p-value is computed (exact, scipy's kstwo, or the limit; default 'auto'). */
export interface KsOptions {
  method?: KsMethod;
}

/**
 * Two-sided two-sample Kolmogorov–Smirnov test, as scipy.stats.ks_2samp(x, y) (default method
 * 'auto'). The p-value is the probability under H0 (same continuous distribution) of a statistic at
 * least as large; ties in the data are not corrected for, as in scipy.
 */
export function ksTest(x: ArrayLike<number>, y: ArrayLike<number>, options: KsOptions = {}): KsResult {
  plainObject('options', options);
  knownKeys('options', options, ['method']);
  const method = oneOf('options.method', options.method ?? 'auto', ['auto', 'exact', 'asymp', 'fast'] as const);
  const sx = sortedCopy(toSample(x, 'x'));
  const sy = sortedCopy(toSample(y, 'y'));
  const dInt = ksStatisticInt(sx, sx.length, sy, sy.length);
  const r = ksPValue(dInt, sx.length, sy.length, method);
  return { statistic: dInt / (sx.length * sy.length), pValue: r.pValue, method: r.method };
}
