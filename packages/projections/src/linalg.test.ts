import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SIGN_TIE_RTOL, fixSign } from './linalg.js';

const signed = (v: readonly number[]): number[] => {
  const a = Float64Array.from(v);
  fixSign(a, 0, a.length);
  return Array.from(a);
};

describe('fixSign: a total sign rule', () => {
  it('makes the largest-magnitude entry positive; among equal magnitudes, the lowest index', () => {
    expect(signed([0.6, -0.8])).toEqual([-0.6, 0.8]);
    expect(signed([-0.8, 0.6])).toEqual([0.8, -0.6]);
    // (1, −1)/√2 as two eigensolvers round it: index 0 wins whichever entry rounding made larger.
    expect(signed([0.7071067811865475, -0.7071067811865476])).toEqual([0.7071067811865475, -0.7071067811865476]);
    expect(signed([-0.7071067811865476, 0.7071067811865475])).toEqual([0.7071067811865476, -0.7071067811865475]);
    expect(signed([0.1, -0.7071067811865475, 0.7071067811865476])).toEqual([-0.1, 0.7071067811865475, -0.7071067811865476]);
    // Outside the tolerance the larger entry wins.
    expect(signed([0.7, -0.7 * (1 + 10 * SIGN_TIE_RTOL)])[1]).toBeGreaterThan(0);
    // Writes only the given row of a larger array; zero rows stay.
    const a = Float64Array.from([-1, 0, 0.25, -0.5]);
    fixSign(a, 2, 2);
    expect(Array.from(a)).toEqual([-1, 0, -0.25, 0.5]);
    expect(signed([0, 0])).toEqual([0, 0]);
  });

  it('gives v and −v the same sign, and ignores rounding-sized perturbations of tied entries (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 2, maxLength: 8 }),
        fc.nat(),
        fc.nat(),
        fc.array(fc.double({ min: -1e-12, max: 1e-12, noNaN: true }), { minLength: 8, maxLength: 8 }),
        (raw, i0, j0, noise) => {
          const d = raw.length;
          const v = raw.slice();
          // Tie two entries at the largest magnitude (random signs), then perturb every entry by up to 1e-12.
          const i = i0 % d;
          const j = j0 % d;
          const top = 1 + Math.max(...v.map(Math.abs));
          v[i] = Math.sign(v[i]! || 1) * top;
          v[j] = Math.sign(v[j]! || -1) * top;
          const noisy = v.map((x, f) => x * (1 + noise[f]!));
          const s = signed(noisy);
          expect(signed(noisy.map((x) => -x))).toEqual(s);
          // The lowest index among the tied entries is the one made positive.
          expect(s[Math.min(i, j)]!).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300, seed: 21 },
    );
  });
});
