import { InvalidArgumentError } from '@dt/errors';
import { checkNumber } from './check-number.js';
import { logBeta } from './log-gamma.js';

/**
 * Regularised incomplete beta I_x(a, b) or its complement 1 − I_x(a, b), whichever `upper` asks for,
 * each computed directly where it is small (so tails keep their relative precision): the continued
 * fraction (modified Lentz, as in Numerical Recipes / Cephes `incbet`) is evaluated on the side of
 * (a + 1) / (a + b + 2) where it converges fast, and the front factor x^a y^b / (a B(a, b)) from
 * logarithms, so x and y = 1 − x are passed separately (with their logs) to keep digits near 0 and 1.
 */
export function incompleteBeta(
  a: number,
  b: number,
  x: number,
  y: number,
  logX: number,
  logY: number,
  upper: boolean,
): number {
  if (typeof a !== 'number' || !(a > 0)) throw new InvalidArgumentError('a', 'a number > 0', a);
  if (typeof b !== 'number' || !(b > 0)) throw new InvalidArgumentError('b', 'a number > 0', b);
  if (typeof x !== 'number' || !(x >= 0 && x <= 1)) throw new InvalidArgumentError('x', 'a number in [0, 1]', x);
  if (typeof y !== 'number' || !(y >= 0 && y <= 1)) throw new InvalidArgumentError('y', 'a number in [0, 1]', y);
  checkNumber('logX', logX);
  checkNumber('logY', logY);
  if (typeof upper !== 'boolean') throw new InvalidArgumentError('upper', 'a boolean', upper);
  if (logX === -Infinity) return upper ? 1 : 0;
  if (logY === -Infinity) return upper ? 0 : 1;
  const lb = logBeta(a, b);
  if (x * (a + b + 2) < a + 1) {
    const v = (Math.exp(a * logX + b * logY - lb) / a) * continuedFraction(a, b, x);
    return upper ? 1 - v : v;
  }
  const v = (Math.exp(a * logX + b * logY - lb) / b) * continuedFraction(b, a, y);
  return upper ? v : 1 - v;
}

const TINY = 1e-300;
const EPS = 1e-16;
const MAX_ITERATIONS = 1_000_000;

/** The continued fraction of I_x(a, b) · a B(a, b) / (x^a (1−x)^b) (modified Lentz). */
function continuedFraction(a: number, b: number, x: number): number {
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= MAX_ITERATIONS; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) return h;
  }
  return h;
}
