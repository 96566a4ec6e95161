import { normalCdf, tCdf } from '@dt/stats';

/** Upper tail of the standard normal, Φ(−z) (accurate in the tail). */
export function normalSf(z: number): number {
  return normalCdf(-z);
}

/** Upper tail of Student's t with df degrees of freedom (incomplete beta). */
export function studentSf(t: number, df: number): number {
  return tCdf(-t, df);
}
