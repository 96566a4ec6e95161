/**
 * Logarithms of p-values that stay finite where the p-value itself underflows to 0. The learner
 * ranks split candidates by p; on large nodes many candidates have p < 1e-308, and ranking them by
 * log p (instead of calling them all tied at 0) keeps "lowest p-value" meaningful.
 */

// log Γ has one home: @dt/stats (Lanczos, g = 7; ~1e-15 relative).
import { logGamma } from '@dt/stats';

/** log of the standard normal upper tail Φ(−z) for z ≥ 0 given Φ(−z) = p (used when p underflows). */
export function logNormalSf(z: number, p: number): number {
  if (p > 1e-300) return Math.log(p);
  const z2 = z * z;
  const series = 1 - 1 / z2 + 3 / (z2 * z2) - 15 / (z2 * z2 * z2) + 105 / (z2 * z2 * z2 * z2);
  return -z2 / 2 - Math.log(z) - 0.5 * Math.log(2 * Math.PI) + Math.log(series);
}

/** Continued fraction of the regularised incomplete beta (modified Lentz), converging for x < (a+1)/(a+b+2). */
function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/**
 * log of the two-sided Student-t p-value 2·P(T_df > |t|) = I_{df/(df+t²)}(df/2, 1/2), given its
 * value p; exact series in logs when p underflows.
 */
export function logStudentTwoSided(t: number, df: number, p: number): number {
  if (p > 1e-300) return Math.log(p);
  const a = df / 2;
  const b = 0.5;
  const x = df / (df + t * t);
  if (!(x < (a + 1) / (a + b + 2))) return Math.log(Math.max(p, Number.MIN_VALUE));
  const logBeta = logGamma(a) + logGamma(b) - logGamma(a + b);
  return a * Math.log(x) + b * Math.log1p(-x) - logBeta - Math.log(a) + Math.log(betaContinuedFraction(x, a, b));
}
