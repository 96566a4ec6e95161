import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, ShapeMismatchError } from '@dt/errors';
import { standardScaler } from './standard-scaler.js';

// Columns: plain, constant 0.1 (its float mean is not exactly 0.1), evenly spaced, one huge outlier.
const X = [
  [1, 0.1, 10, -3],
  [2, 0.1, 20, 5],
  [4, 0.1, 30, 0.5],
  [8, 0.1, 40, 1e6],
  [0, 0.1, 50, -2],
  [3, 0.1, 60, 7],
];

describe('standardScaler', () => {
  it('matches scikit-learn StandardScaler on a small matrix', () => {
    const s = standardScaler().fit(X);
    // Values printed by sklearn 1.2.1 (Debian python3-sklearn) for the same X.
    const mean = [3, 0.09999999999999999, 35, 166667.91666666666];
    const scale = [2.581988897471611, 1, 17.07825127659933, 372677.4372499647];
    mean.forEach((m, j) => expect(s.mean[j]).toBeCloseTo(m, 9));
    scale.forEach((v, j) => expect(s.scale[j]! / v).toBeCloseTo(1, 12));
    const Z = s.transform(X);
    const first = [-0.7745966692414834, 1.3877787807814457e-17, -1.4638501094227996, -0.44722567026475507];
    first.forEach((z, j) => expect(Z.data[j]).toBeCloseTo(z, 12));
    expect(Z.data[4 + 0]).toBeCloseTo(-0.3872983346207417, 12);
  });

  it('hand values: mean, population variance, and scale 1 for a zero-variance column', () => {
    const s = standardScaler().fit({ data: new Float64Array([1, 5, 3, 5, 5, 5]), rows: 3, cols: 2 });
    expect(Array.from(s.mean)).toEqual([3, 5]);
    expect(Array.from(s.variance)).toEqual([8 / 3, 0]);
    expect(s.scale[0]).toBeCloseTo(Math.sqrt(8 / 3), 15);
    expect(s.scale[1]).toBe(1);
    const Z = s.transform([[3, 5], [7, 6]]);
    expect(Z).toMatchObject({ rows: 2, cols: 2 });
    expect(Z.data[0]).toBe(0);
    expect(Z.data[1]).toBe(0);
    expect(Z.data[2]).toBeCloseTo(4 / Math.sqrt(8 / 3), 14);
    expect(Z.data[3]).toBe(1);
  });

  it('withMean / withStd switch the two steps off like sklearn', () => {
    const noMean = standardScaler({ withMean: false }).fit([[1], [3]]);
    expect(Array.from(noMean.mean)).toEqual([0]);
    expect(Array.from(noMean.scale)).toEqual([1]);
    expect(Array.from(noMean.transform([[4]]).data)).toEqual([4]);
    const noStd = standardScaler({ withStd: false }).fit([[1], [3]]);
    expect(Array.from(noStd.scale)).toEqual([1]);
    expect(Array.from(noStd.transform([[4]]).data)).toEqual([2]);
  });

  it('accepts Float32Array dense input and returns Float64Array', () => {
    const s = standardScaler().fit({ data: new Float32Array([0, 2]), rows: 2, cols: 1 });
    const Z = s.transform({ data: new Float32Array([1]), rows: 1, cols: 1 });
    expect(Z.data).toBeInstanceOf(Float64Array);
    expect(Z.data[0]).toBe(0);
  });

  it('validates input at the boundary', () => {
    expect(() => standardScaler().fit([])).toThrow('X must be a matrix with at least one row');
    expect(() => standardScaler().fit([[1, 2], [3]])).toThrow(ShapeMismatchError);
    expect(() => standardScaler().fit([[1, NaN]])).toThrow('X[0][1] must be a finite number, got NaN');
    expect(() => standardScaler().fit({ data: new Float64Array(3), rows: 2, cols: 2 })).toThrow('X.data has length 3');
    expect(() => standardScaler().fit('x' as never)).toThrow(InvalidArgumentError);
    expect(() => standardScaler({ center: true } as never)).toThrow(InvalidArgumentError);
    const s = standardScaler().fit([[1, 2]]);
    expect(() => s.transform([[1, 2, 3]])).toThrow('X has 3 features, but the scaler was fitted on 2');
    expect(() => s.inverseTransform([[Infinity, 2]])).toThrow(InvalidArgumentError);
  });

  it('agrees with a naive per-column computation and round-trips through inverseTransform', () => {
    const matrix = fc
      .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 5 }))
      .chain(([n, d]) =>
        fc.array(fc.array(fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: -3, max: 3 })), { minLength: d, maxLength: d }), {
          minLength: n,
          maxLength: n,
        }),
      );
    fc.assert(
      fc.property(matrix, (rows) => {
        const s = standardScaler().fit(rows);
        const n = rows.length;
        const Z = s.transform(rows);
        const back = s.inverseTransform(Z);
        rows[0]!.forEach((_, j) => {
          const col = rows.map((r) => r[j]!);
          const mean = col.reduce((a, b) => a + b, 0) / n;
          const variance = col.reduce((a, b) => a + (b - mean) ** 2, 0) / n;
          const spread = Math.max(...col.map(Math.abs), 1);
          expect(Math.abs(s.mean[j]! - mean)).toBeLessThanOrEqual(1e-9 * spread);
          const constant = col.every((v) => v === col[0]);
          // sklearn treats a variance within rounding error of 0 as constant too.
          const nearConstant = variance <= 1e-24 * Math.max(mean * mean, 1);
          if (constant) expect(s.scale[j]).toBe(1);
          else if (!nearConstant) expect(s.scale[j]! / Math.sqrt(variance)).toBeCloseTo(1, 9);
          for (let i = 0; i < n; i++) {
            expect(Math.abs(back.data[i * s.nFeatures + j]! - col[i]!)).toBeLessThanOrEqual(1e-9 * spread);
          }
        });
      }),
      { numRuns: 200 },
    );
  });
});
