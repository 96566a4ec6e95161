import { InvalidArgumentError } from '@dt/errors';
import { checkNumber } from './check-number.js';
import { incompleteBeta } from './incomplete-beta.js';
import { incompleteBetaLargeA } from './large-a-series.js';
import { logBeta, logGammaRatio } from './log-gamma.js';
import { normalCdf, normalPdf, normalQuantile } from './normal.js';

function checkDf(df: number): void {
  if (typeof df !== 'number' || !(df > 0)) throw new InvalidArgumentError('df', 'a number > 0 (or Infinity)', df);
}

/**
 * The two pieces of Student's t mass around −s (s ≥ 0): P(T ≤ −s) when `lower`, else P(−s < T ≤ 0),
 * each from the incomplete beta on the side where it is small: P(T ≤ −s) = ½ I_x(ν/2, ½) with
 * x = ν / (ν + s²), and P(−s < T ≤ 0) = ½ (1 − I_x(ν/2, ½)) = ½ I_y(½, ν/2), y = s² / (ν + s²).
 * x, y and their logs are formed from r = √ν / s so that s² never overflows.
 */
function halfMass(s: number, df: number, lower: boolean): number {
  if (s === 0) return lower ? 0.5 : 0;
  if (s === Infinity) return lower ? 0 : 0.5;
  const r = Math.sqrt(df) / s;
  const r2 = r * r;
  let x: number;
  let y: number;
  let logX: number;
  let logY: number;
  if (r2 < 1) {
    x = r2 / (1 + r2);
    y = 1 / (1 + r2);
    logX = 2 * Math.log(r) - Math.log1p(r2);
    logY = -Math.log1p(r2);
  } else {
    const s2 = (s * s) / df; // = 1 / r², ≤ 1
    x = 1 / (1 + s2);
    y = s2 / (1 + s2);
    logX = -Math.log1p(s2);
    logY = 2 * Math.log(s) - Math.log(df) - Math.log1p(s2);
  }
  const a = df / 2;
  const tailIsSmallSide = x * (a + 2.5) < a + 1;
  if (!lower && !tailIsSmallSide) return 0.5 * incompleteBeta(a, 0.5, x, y, logX, logY, true);
  if (df >= LARGE_DF && y <= 0.5) {
    const tail = 0.5 * incompleteBetaLargeA(a, logX, logGammaRatio(a, 0.5));
    return lower ? tail : 0.5 - tail;
  }
  return 0.5 * incompleteBeta(a, 0.5, x, y, logX, logY, !lower);
}

/** From this df on, the tail near the centre comes from the large-a series (the fraction loses digits). */
const LARGE_DF = 30;

/**
 * P(T ≤ t) for Student's t with `df` > 0 degrees of freedom (any real df; `Infinity` is the normal),
 * as scipy's `t.cdf`, with full relative precision in the lower tail. For the upper tail use
 * `tCdf(-t, df)`.
 */
export function tCdf(t: number, df: number): number {
  checkDf(df);
  checkNumber('t', t);
  if (df === Infinity) return normalCdf(t);
  if (t <= 0) return halfMass(-t, df, true);
  return 1 - halfMass(t, df, true);
}

/** The density of Student's t at t. */
export function tPdf(t: number, df: number): number {
  checkDf(df);
  checkNumber('t', t);
  if (df === Infinity) return normalPdf(t);
  const s = Math.abs(t);
  const u = s * s <= df ? Math.log1p((s * s) / df) : 2 * Math.log(s) - Math.log(df) + Math.log1p(df / (s * s));
  return Math.exp(-0.5 * (df + 1) * u - 0.5 * Math.log(df) - logBeta(df / 2, 0.5));
}

/** Cornish–Fisher expansion of the t quantile around the normal one (good for large df). */
function cornishFisher(z: number, df: number): number {
  const z2 = z * z;
  const g1 = (z * (z2 + 1)) / 4;
  const g2 = (z * (3 + z2 * (16 + 5 * z2))) / 96;
  const g3 = (z * (-15 + z2 * (17 + z2 * (19 + 3 * z2)))) / 384;
  const g4 = (z * (-945 + z2 * (-1920 + z2 * (1482 + z2 * (776 + 79 * z2))))) / 92160;
  return z + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df;
}

/**
 * The p-quantile of Student's t with `df` > 0 degrees of freedom, as scipy's `t.ppf`: ±Infinity at
 * p = 0 and 1. Closed forms for df = 1 and 2; otherwise Newton steps on `tCdf` from the better of a
 * Cornish–Fisher and a power-tail start — on log s for the tail (where P(T ≤ −s) ~ C s^−df) and on
 * P(−s < T ≤ 0) against ½ − p (exact) in the centre, so both ends keep full relative precision.
 */
export function tQuantile(p: number, df: number): number {
  if (typeof p !== 'number' || !(p >= 0 && p <= 1)) throw new InvalidArgumentError('p', 'a probability in [0, 1]', p);
  checkDf(df);
  if (df === Infinity) return normalQuantile(p);
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p === 0.5) return 0;
  const q = p < 0.5 ? p : 1 - p; // exact for p >= 0.5
  const s = upperQuantileOfLowerTail(q, df);
  return p < 0.5 ? -s : s;
}

/** s > 0 with P(T ≤ −s) = q, for 0 < q < ½. */
function upperQuantileOfLowerTail(q: number, df: number): number {
  if (df === 1) return q > 0.25 ? Math.tan(Math.PI * (0.5 - q)) : 1 / Math.tan(Math.PI * q);
  if (df === 2) return (1 - 2 * q) / Math.sqrt(2 * q * (1 - q));
  if (halfMass(Number.MAX_VALUE, df, true) > q) return Infinity; // beyond the doubles (tiny df, tiny p)
  const logQ = Math.log(q);
  // Starts: Cornish–Fisher from the normal quantile, and the power tail s = (C ν^((ν−1)/2) / q)^(1/ν).
  const cf = Math.abs(cornishFisher(normalQuantile(q), df));
  const logC = -0.5 * Math.log(df) - logBeta(df / 2, 0.5);
  const tail = Math.exp((logC + 0.5 * (df - 1) * Math.log(df) - logQ) / df);
  const miss = (s: number) => (Number.isFinite(s) && s > 0 ? Math.abs(Math.log(halfMass(s, df, true)) - logQ) : Infinity);
  let s = miss(cf) <= miss(tail) ? cf : tail;
  if (q > 0.25) {
    // Centre: P(−s < T ≤ 0) = c is concave increasing in s, so Newton converges monotonically.
    const c = 0.5 - q;
    let lastStep = Infinity;
    for (let i = 0; i < 100; i++) {
      const step = (halfMass(s, df, false) - c) / tPdf(s, df);
      s -= step;
      if (!(Math.abs(step) > 1e-16 * s) || (Math.abs(step) < 1e-14 * s && Math.abs(step) >= lastStep)) break;
      lastStep = Math.abs(step);
    }
    return s;
  }
  let lastDu = Infinity;
  // Tail: Newton on u = log s for log P(T ≤ −e^u) = log q; d/du log P = −s f(s) / P.
  for (let i = 0; i < 100; i++) {
    const mass = halfMass(s, df, true);
    let du = ((Math.log(mass) - logQ) * mass) / (s * tPdf(s, df));
    if (!Number.isFinite(du)) break;
    du = Math.max(-1, Math.min(1, du));
    s *= Math.exp(du);
    if (Math.abs(du) <= 1e-16 || (Math.abs(du) < 1e-14 && Math.abs(du) >= lastDu)) break; // converged, or rounding noise
    lastDu = Math.abs(du);
  }
  return s;
}
