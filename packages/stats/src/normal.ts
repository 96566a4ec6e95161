import { InvalidArgumentError } from '@dt/errors';
import { checkNumber } from './check-number.js';
import { erfcLarge, erfSmall } from './erf.js';

const SQRT_2PI = Math.sqrt(2 * Math.PI);

/** The standard normal density φ(z). */
export function normalPdf(z: number): number {
  checkNumber('z', z);
  return Math.exp(-0.5 * z * z) / SQRT_2PI;
}

/**
 * Φ(z) = P(Z ≤ z) for the standard normal, as scipy's `norm.cdf` (Cephes `ndtr`: ½ erfc(−z/√2)),
 * with full relative precision in the lower tail. For the upper tail use `normalCdf(-z)`.
 */
export function normalCdf(z: number): number {
  checkNumber('z', z);
  const x = z * Math.SQRT1_2;
  const ax = Math.abs(x);
  if (ax < 0.84375) return 0.5 + 0.5 * erfSmall(x);
  const half = 0.5 * erfcLarge(ax);
  return z < 0 ? half : 1 - half;
}

/** Φ(z) − ½ without cancellation near z = 0 (for Newton steps on the quantile). */
function normalCdfMinusHalf(z: number): number {
  const x = z * Math.SQRT1_2;
  const ax = Math.abs(x);
  if (ax < 0.84375) return 0.5 * erfSmall(x);
  const half = 0.5 * erfcLarge(ax);
  return z < 0 ? half - 0.5 : 0.5 - half;
}

/**
 * The p-quantile of the standard normal, Φ⁻¹(p), as scipy's `norm.ppf`: ±Infinity at p = 0 and 1.
 * Abramowitz & Stegun 26.2.23 as the start, then Halley steps on `normalCdf` (cubic convergence:
 * three steps reach full precision); the central region iterates on Φ(z) − ½ against p − ½ (exact).
 */
export function normalQuantile(p: number): number {
  if (typeof p !== 'number' || !(p >= 0 && p <= 1)) throw new InvalidArgumentError('p', 'a probability in [0, 1]', p);
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p === 0.5) return 0;
  const q = p < 0.5 ? p : 1 - p; // exact for p >= 0.5
  const t = Math.sqrt(-2 * Math.log(q));
  let z = -(t - (2.515517 + t * (0.802853 + t * 0.010328)) / (1 + t * (1.432788 + t * (0.189269 + t * 0.001308))));
  const central = q > 0.25;
  const d = q - 0.5; // exact
  for (let i = 0; i < 8; i++) {
    const e = central ? normalCdfMinusHalf(z) - d : normalCdf(z) - q;
    const u = e / normalPdf(z);
    if (!Number.isFinite(u)) break;
    const step = u / (1 + 0.5 * z * u);
    z -= step;
    if (Math.abs(step) <= 1e-16 * Math.abs(z)) break;
  }
  return p < 0.5 ? z : -z;
}
