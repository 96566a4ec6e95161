/** log Γ and log B with care for the large arguments Student's t needs (df up to 1e6 and beyond). */
import { InvalidArgumentError } from '@dt/errors';
import { checkNumber } from './check-number.js';

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];
const HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);

/** log Γ(x) for x > 0 (Lanczos, g = 7, n = 9: ~1e-15 relative in Γ). */
export function logGamma(x: number): number {
  checkNumber('x', x);
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i]! / (z + i);
  return HALF_LOG_2PI + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** log Γ(x) − Stirling's (x − ½) log x − x + ½ log 2π, for x ≥ 10 (asymptotic series, error < 1e-17). */
function stirlingCorrection(x: number): number {
  const r = 1 / x;
  const r2 = r * r;
  return (
    r *
    (1 / 12 +
      r2 *
        (-1 / 360 +
          r2 * (1 / 1260 + r2 * (-1 / 1680 + r2 * (1 / 1188 + r2 * (-691 / 360360 + r2 * (1 / 156)))))))
  );
}

/** log Γ(a + b) − log Γ(a) for a ≥ 10, b > 0, without subtracting two large logs. */
export function logGammaRatio(a: number, b: number): number {
  return (a - 0.5) * Math.log1p(b / a) + b * Math.log(a + b) - b + stirlingCorrection(a + b) - stirlingCorrection(a);
}

/** log B(a, b) = log Γ(a) + log Γ(b) − log Γ(a + b), accurate in absolute terms for any a, b > 0. */
export function logBeta(a: number, b: number): number {
  if (typeof a !== 'number' || !(a > 0)) throw new InvalidArgumentError('a', 'a number > 0', a);
  if (typeof b !== 'number' || !(b > 0)) throw new InvalidArgumentError('b', 'a number > 0', b);
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  if (hi < 10) return logGamma(lo) + logGamma(hi) - logGamma(lo + hi);
  if (lo < 10) return logGamma(lo) - logGammaRatio(hi, lo);
  return (
    HALF_LOG_2PI -
    (lo - 0.5) * Math.log1p(hi / lo) -
    hi * Math.log1p(lo / hi) -
    0.5 * Math.log(hi) +
    stirlingCorrection(lo) +
    stirlingCorrection(hi) -
    stirlingCorrection(lo + hi)
  );
}
