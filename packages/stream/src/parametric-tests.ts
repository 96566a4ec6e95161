import { InvalidArgumentError } from '@dt/errors';
import { logNormalSf, logStudentTwoSided } from './log-p.js';
import { normalSf, studentSf } from './normal.js';
import { moments, toSample } from './sample.js';
import type { PValueOut } from './test-result.js';

/** Result of zTest: the statistic and its two-sided p-value. */
export interface ParametricResult {
  statistic: number;
  pValue: number;
}

/** Result of tTest: the statistic, its p-value and the degrees of freedom (pooled variance, n1 + n2 − 2). */
export interface StudentResult extends ParametricResult {
  df: number;
}

/**
 * Student's t from sizes, means and sums of squared deviations: pooled variance (equal variances,
 * scipy's ttest_ind default; the paper says "Student's", not Welch's), df = n1 + n2 − 2.
 * Conventions where scipy answers NaN: df = 0 (two single values) or both samples constant gives
 * p = 1 when the means are equal and p = 0 when they differ (t = ±∞); a sample of one value
 * contributes a zero sum of squares.
 */
export function studentFromMoments(n1: number, m1: number, ss1: number, n2: number, m2: number, ss2: number, out: PValueOut): void {
  out.test = 't';
  const df = n1 + n2 - 2;
  const diff = m1 - m2;
  const se = df > 0 ? Math.sqrt(((ss1 + ss2) / df) * (1 / n1 + 1 / n2)) : 0;
  if (!(se > 0)) {
    const same = df <= 0 || diff === 0;
    out.statistic = same ? 0 : diff > 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
    out.pValue = same ? 1 : 0;
    out.logP = same ? 0 : Number.NEGATIVE_INFINITY;
    return;
  }
  const t = diff / se;
  const p = Math.min(1, 2 * studentSf(Math.abs(t), df));
  out.statistic = t;
  out.pValue = p;
  out.logP = logStudentTwoSided(Math.abs(t), df, p);
}

/**
 * Two-sample Z-test: z = (m1 − m2) / √(s1²/n1 + s2²/n2) with sample variances (ddof = 1), two-sided
 * normal p-value; both samples need at least 2 values (the rule applies it above 30). Zero standard
 * error: p = 1 for equal means, 0 otherwise.
 */
export function zFromMoments(n1: number, m1: number, ss1: number, n2: number, m2: number, ss2: number, out: PValueOut): void {
  out.test = 'z';
  const diff = m1 - m2;
  const se = Math.sqrt(ss1 / (n1 - 1) / n1 + ss2 / (n2 - 1) / n2);
  if (!(se > 0)) {
    out.statistic = diff === 0 ? 0 : diff > 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
    out.pValue = diff === 0 ? 1 : 0;
    out.logP = diff === 0 ? 0 : Number.NEGATIVE_INFINITY;
    return;
  }
  const z = diff / se;
  const half = normalSf(Math.abs(z));
  out.statistic = z;
  out.pValue = Math.min(1, 2 * half);
  out.logP = Math.LN2 + logNormalSf(Math.abs(z), half);
}

const scratch: PValueOut = { test: 't', statistic: 0, pValue: 1, logP: 0 };

/** Student's two-sample t-test with pooled variance, as scipy.stats.ttest_ind(x, y) (equal_var=True). */
export function tTest(x: ArrayLike<number>, y: ArrayLike<number>): StudentResult {
  const a = moments(toSample(x, 'x'));
  const b = moments(toSample(y, 'y'));
  studentFromMoments(a.n, a.mean, a.ss, b.n, b.mean, b.ss, scratch);
  return { statistic: scratch.statistic, pValue: scratch.pValue, df: a.n + b.n - 2 };
}

/** Two-sample Z-test with unpooled sample variances (see zFromMoments). */
export function zTest(x: ArrayLike<number>, y: ArrayLike<number>): ParametricResult {
  const xs = toSample(x, 'x');
  const ys = toSample(y, 'y');
  if (xs.length < 2 || ys.length < 2) {
    throw new InvalidArgumentError(xs.length < 2 ? 'x' : 'y', 'a sample of at least 2 values for the Z-test', xs.length < 2 ? x : y);
  }
  const a = moments(xs);
  const b = moments(ys);
  zFromMoments(a.n, a.mean, a.ss, b.n, b.mean, b.ss, scratch);
  return { statistic: scratch.statistic, pValue: scratch.pValue };
}
