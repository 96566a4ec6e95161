import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import tCdf from '@stdlib/stats-base-dists-t-cdf';

/** Upper tail of the standard normal, Φ(−z) (accurate in the tail: erfc-based). */
export function normalSf(z: number): number {
  return normalCdf(-z, 0, 1);
}

/** Upper tail of Student's t with df degrees of freedom (incomplete beta). */
export function studentSf(t: number, df: number): number {
  return tCdf(-t, df);
}
