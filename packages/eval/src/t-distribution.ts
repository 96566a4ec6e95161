import { tCdf, tQuantile } from '@dt/stats';

/** P(T ≤ t) for Student's t with `df` degrees of freedom (±Infinity allowed). */
export function studentTCdf(t: number, df: number): number {
  return tCdf(t, df);
}

/** P(T > t), computed from the lower tail of −t so small p-values keep their precision. */
export function studentTSurvival(t: number, df: number): number {
  return tCdf(-t, df);
}

/** The p-quantile of Student's t with `df` degrees of freedom. */
export function studentTQuantile(p: number, df: number): number {
  return tQuantile(p, df);
}
