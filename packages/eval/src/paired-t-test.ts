import { InvalidArgumentError, ShapeMismatchError, knownKeys, oneOf, plainObject } from '@dt/errors';
import { isNumericTypedArray } from './check.js';
import { studentTCdf, studentTSurvival } from './t-distribution.js';
import type { NumberArray } from './types.js';

/** The alternative hypothesis about the mean of the differences a − b (scipy's names). */
export type Alternative = 'two-sided' | 'greater' | 'less';

/** Options of pairedTTest: the alternative hypothesis. */
export interface PairedTTestOptions {
  /** 'two-sided' (default): mean(a − b) ≠ 0; 'greater': mean(a − b) > 0; 'less': mean(a − b) < 0. */
  alternative?: Alternative;
}

/** Result of pairedTTest: the t statistic, the p-value and the degrees of freedom (scipy's ttest_rel). */
export interface PairedTTestResult {
  /** t = mean(d) / (sd(d) / √n) with d = a − b and the sample sd (ddof = 1). */
  readonly statistic: number;
  /** n − 1. */
  readonly df: number;
  readonly pValue: number;
  readonly alternative: Alternative;
  /** mean(a − b). */
  readonly meanDifference: number;
  /** Standard error of the mean difference, sd(d) / √n. */
  readonly standardError: number;
  readonly n: number;
}

/** Checks one numeric sample: an array or typed array of finite numbers with at least `min` values. */
export function checkSample(name: string, values: unknown, min: number): ArrayLike<number> {
  if (!Array.isArray(values) && !isNumericTypedArray(values)) {
    throw new InvalidArgumentError(name, 'an array or typed array of finite numbers', values);
  }
  const v = values as ArrayLike<unknown>;
  if (v.length < min) throw new InvalidArgumentError(name, `at least ${min} values`, values);
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) throw new InvalidArgumentError(`${name}[${i}]`, 'a finite number', x);
  }
  return v as ArrayLike<number>;
}

/** Checks two paired samples of equal length (≥ min). */
export function checkPaired(a: unknown, b: unknown, min: number): [ArrayLike<number>, ArrayLike<number>] {
  const x = checkSample('a', a, min);
  const y = checkSample('b', b, min);
  if (x.length !== y.length) throw new ShapeMismatchError(`paired samples must have the same length, got ${x.length} and ${y.length}`);
  return [x, y];
}

/** p-value of a t statistic under the given alternative. */
export function tPValue(t: number, df: number, alternative: Alternative): number {
  if (alternative === 'greater') return studentTSurvival(t, df);
  if (alternative === 'less') return studentTCdf(t, df);
  return Math.min(1, 2 * studentTSurvival(Math.abs(t), df));
}

/**
 * Paired-sample Student t-test on a − b (scipy.stats.ttest_rel). Use `alternative: 'greater'` for
 * the one-tailed "a outperforms b" test of the Max-Cut paper.
 *
 * Degenerate samples, where scipy gives NaN: when every difference is exactly 0 the result is
 * t = 0 and p = 1 (no evidence either way); when all differences are equal and non-zero,
 * t = ±Infinity and p is 0 or 1 by direction (scipy gives the same there).
 */
export function pairedTTest(a: NumberArray, b: NumberArray, options: PairedTTestOptions = {}): PairedTTestResult {
  const [x, y] = checkPaired(a, b, 2);
  plainObject('options', options);
  knownKeys('options', options, ['alternative']);
  const alternative = options.alternative === undefined ? 'two-sided' : oneOf<Alternative>('options.alternative', options.alternative, ['two-sided', 'greater', 'less']);
  const n = x.length;
  let s = 0;
  for (let i = 0; i < n; i++) s += x[i]! - y[i]!;
  const m = s / n;
  let ss = 0;
  let c = 0;
  for (let i = 0; i < n; i++) {
    const d = x[i]! - y[i]! - m;
    ss += d * d;
    c += d;
  }
  const sd = Math.sqrt(Math.max(0, ss - (c * c) / n) / (n - 1));
  const se = sd / Math.sqrt(n);
  const df = n - 1;
  let statistic: number;
  let allEqual = true;
  const d0 = x[0]! - y[0]!;
  for (let i = 1; i < n && allEqual; i++) allEqual = x[i]! - y[i]! === d0;
  if (allEqual) statistic = d0 === 0 ? 0 : d0 > 0 ? Infinity : -Infinity;
  else statistic = m / se;
  const pValue = allEqual && d0 === 0 ? 1 : tPValue(statistic, df, alternative);
  return { statistic, df, pValue, alternative, meanDifference: m, standardError: se, n };
}
