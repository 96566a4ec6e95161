import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SIGN_TIE_RTOL, covarianceEigen, fixSign, symmetricEigen } from './linalg.js';

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

describe('symmetricEigen on subnormal and huge entries (fuzz: raw TypeError inside ml-matrix tql2 before)', () => {
  it.each([
    ['subnormal', [5e-324, 2.5e-323, 2.5e-323, 1.5e-323]],
    ['mixed', [4, 5e-324, 5e-324, 1e-300]],
    ['huge', [1e200, 3e199, 3e199, 2e200]],
  ])('%s entries: A·v = λ·v for every pair (symmetricEigen and covarianceEigen)', (_name, entries) => {
    const A = Float64Array.from(entries);
    for (const eigen of [symmetricEigen, covarianceEigen]) check(A, entries, eigen(A, 2));
  });
  function check(A: Float64Array, entries: number[], { values, vectors }: { values: Float64Array; vectors: Float64Array }): void {
    const scale = Math.max(...entries.map(Math.abs));
    for (let k = 0; k < 2; k++) {
      for (let i = 0; i < 2; i++) {
        const av = A[i * 2]! * vectors[k * 2]! + A[i * 2 + 1]! * vectors[k * 2 + 1]!;
        expect(Math.abs(av - values[k]! * vectors[k * 2 + i]!)).toBeLessThanOrEqual(1e-12 * scale + 1e-321); // subnormal products round to multiples of 5e-324
      }
    }
    expect(values[0]!).toBeGreaterThanOrEqual(values[1]!);
  }
});
