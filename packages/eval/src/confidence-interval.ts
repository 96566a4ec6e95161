import { InvalidArgumentError, knownKeys, numberInRange, oneOf, plainObject } from '@dt/errors';
import { checkPaired, checkSample } from './paired-t-test.js';
import { studentTQuantile } from './t-distribution.js';
import type { NumberArray } from './types.js';

/** A two-sided confidence interval: estimate, lower and upper bound, and level. */
export interface ConfidenceInterval {
  /** The point estimate (a mean, or a ratio of means). */
  readonly estimate: number;
  readonly lower: number;
  readonly upper: number;
  /** Confidence level, e.g. 0.95. */
  readonly level: number;
  /** False when the interval is unbounded (Fieller with a denominator mean not clearly away from 0): lower = −∞, upper = +∞. */
  readonly bounded: boolean;
  readonly method: 't' | 'fieller' | 'delta';
  readonly n: number;
}

/** Options of meanConfidenceInterval: the confidence level. */
export interface MeanConfidenceIntervalOptions {
  /** Confidence level in (0, 1), default 0.95. */
  level?: number;
}

function level(options: object): number {
  const l = (options as { level?: unknown }).level;
  return l === undefined ? 0.95 : numberInRange('options.level', l, 0, 1);
}

function meanOf(v: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i]!;
  return s / v.length;
}

/**
 * Student-t interval for a mean: x̄ ± t(1 − (1 − level)/2, n − 1) · s/√n with the sample sd —
 * scipy's `t.interval(level, n - 1, loc=mean, scale=sem)`. Needs n ≥ 2.
 *
 * This is how the Max-Cut paper states its "95% confidence interval for the mean ratio": it takes
 * the per-data-set accuracy ratios A/B and reports this interval of their mean (mean 1.0003,
 * sd 0.0087, n 5,640 → (1.00008, 1.00053)). For the ratio of the two mean accuracies instead,
 * see `ratioOfMeansConfidenceInterval`.
 */
export function meanConfidenceInterval(values: NumberArray, options: MeanConfidenceIntervalOptions = {}): ConfidenceInterval {
  const v = checkSample('values', values, 2);
  plainObject('options', options);
  knownKeys('options', options, ['level']);
  const lvl = level(options);
  const n = v.length;
  const m = meanOf(v);
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (v[i]! - m) ** 2;
  const se = Math.sqrt(ss / (n - 1) / n);
  const h = studentTQuantile(1 - (1 - lvl) / 2, n - 1) * se;
  return { estimate: m, lower: m - h, upper: m + h, level: lvl, bounded: true, method: 't', n };
}

/** Options of ratioOfMeansConfidenceInterval: level and method (Fieller's theorem or the delta method). */
export interface RatioConfidenceIntervalOptions {
  /** Confidence level in (0, 1), default 0.95. */
  level?: number;
  /** 'fieller' (default; exact under bivariate normal means) or 'delta' (first-order Taylor). */
  method?: 'fieller' | 'delta';
}

/**
 * Confidence interval for mean(a) / mean(b) from paired samples (a[i], b[i] measured on the same
 * data set or fold), using the sample variances and covariance of the pairs, the variances of the
 * means being those divided by n, and the t quantile with n − 1 degrees of freedom.
 *
 * - Fieller (default): the set of θ with (ā − θ·b̄)² ≤ t²·Var(ā − θ·b̄), i.e. with g = t²·v_bb/b̄²,
 *   (R − g·v_ab/v_bb ± (t/|b̄|)·√(v_aa − 2R·v_ab + R²·v_bb − g·(v_aa − v_ab²/v_bb))) / (1 − g),
 *   R = ā/b̄. When g ≥ 1 (b̄ not significantly away from 0) the set is unbounded: returned as
 *   (−∞, +∞) with `bounded: false`.
 * - Delta: R ± t·√(v_aa − 2R·v_ab + R²·v_bb)/|b̄|, symmetric, adequate when b̄ is far from 0 relative
 *   to its standard error (accuracies are).
 */
export function ratioOfMeansConfidenceInterval(a: NumberArray, b: NumberArray, options: RatioConfidenceIntervalOptions = {}): ConfidenceInterval {
  const [x, y] = checkPaired(a, b, 2);
  plainObject('options', options);
  knownKeys('options', options, ['level', 'method']);
  const lvl = level(options);
  const method = options.method === undefined ? 'fieller' : oneOf('options.method', options.method, ['fieller', 'delta'] as const);
  const n = x.length;
  const ma = meanOf(x);
  const mb = meanOf(y);
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  for (let i = 0; i < n; i++) {
    const da = x[i]! - ma;
    const db = y[i]! - mb;
    saa += da * da;
    sbb += db * db;
    sab += da * db;
  }
  // Variances and covariance of the two means.
  const k = 1 / ((n - 1) * n);
  const vaa = saa * k;
  const vbb = sbb * k;
  const vab = sab * k;
  const t = studentTQuantile(1 - (1 - lvl) / 2, n - 1);
  if (mb === 0) throw new InvalidArgumentError('b', 'a sample whose mean is not 0 (the ratio of means is undefined)', b);
  const R = ma / mb;
  const unbounded: ConfidenceInterval = { estimate: R, lower: -Infinity, upper: Infinity, level: lvl, bounded: false, method, n };
  if (method === 'delta') {
    const h = (t * Math.sqrt(Math.max(0, vaa - 2 * R * vab + R * R * vbb))) / Math.abs(mb);
    return { estimate: R, lower: R - h, upper: R + h, level: lvl, bounded: true, method, n };
  }
  const g = (t * t * vbb) / (mb * mb);
  if (g >= 1) return unbounded;
  if (vbb === 0) {
    // b is constant: the interval is the t interval of ā scaled by 1/b̄.
    const h = (t * Math.sqrt(vaa)) / Math.abs(mb);
    return { estimate: R, lower: R - h, upper: R + h, level: lvl, bounded: true, method, n };
  }
  const disc = Math.max(0, vaa - 2 * R * vab + R * R * vbb - g * (vaa - (vab * vab) / vbb));
  const centre = R - (g * vab) / vbb;
  const h = (t / Math.abs(mb)) * Math.sqrt(disc);
  return { estimate: R, lower: (centre - h) / (1 - g), upper: (centre + h) / (1 - g), level: lvl, bounded: true, method, n };
}
