import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leq32, lt32 } from './float32.js';

// Doubles near a float32 threshold: the threshold itself, its neighbours and the midpoints either side.
const near = (t: number) => {
  const out = [t, t * (1 + 2 ** -24), t * (1 - 2 ** -24), t * (1 + 2 ** -25), t * (1 - 2 ** -25), t * (1 + 2 ** -26), t * (1 - 2 ** -26)];
  return out.flatMap((v) => [v, v + Number.EPSILON * Math.abs(v), v - Number.EPSILON * Math.abs(v)]);
};

describe('float32 thresholds as doubles', () => {
  it('x <= leq32(t) iff fround(x) <= t, and x <= lt32(t) iff fround(x) < t (brute force near t)', () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), fc.double({ noNaN: true, noDefaultInfinity: true }), (t32, other) => {
        const t = Math.fround(t32);
        for (const x of [...near(t), other, Math.fround(other)]) {
          expect(x <= leq32(t)).toBe(Math.fround(x) <= t);
          expect(x <= lt32(t)).toBe(Math.fround(x) < t);
        }
      }),
      { seed: 29, numRuns: 800 },
    );
  });
});
