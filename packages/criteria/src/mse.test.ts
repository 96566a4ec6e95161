import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mse, mseImpurity, weightedMean } from './mse.js';
import { createSplitResult } from './types.js';
import { checkRegressionCriterion, mseOracle, referenceVariance } from './testing.js';
import { regressionInput } from './testing-fixtures/inputs.js';

describe('mse', () => {
  it('passes the conformance suite', () => {
    const report = checkRegressionCriterion(mse, { oracle: mseOracle, impurity: referenceVariance, leafValue: weightedMean });
    expect(report.ties).toBeGreaterThan(50);
  });

  it('passes the conformance suite on long inputs', () => {
    checkRegressionCriterion(mse, { oracle: mseOracle, trials: 40, maxEntries: 200, seed: 3 });
  });

  it('scans grouped entries (one per distinct value) like the samples they stand for', () => {
    const out = createSplitResult();
    // Samples: values 1,1,2,3,3 with targets 0,2,1,5,7; grouped: means 1,1,6 with counts 2,1,2.
    const grouped = { ...regressionInput([1, 2, 3], [1, 1, 6], [2, 1, 2]), counts: Float64Array.of(2, 1, 2) };
    expect(mse.groupedEntries).toBe(true);
    // minSamplesLeaf counts samples, not entries: 3 | 2 samples is allowed at 2, not at 3.
    expect(mse.scan({ ...grouped, minSamplesLeaf: 2 }, out)).toBe(true);
    expect(out).toMatchObject({ pos: 2, score: 6, leftWeight: 3 });
    expect(mse.scan({ ...grouped, minSamplesLeaf: 3 }, out)).toBe(false);
  });

  it('reports the variance reduction', () => {
    const out = createSplitResult();
    expect(mse.scan(regressionInput([1, 2, 3, 4], [0, 0, 2, 2]), out)).toBe(true);
    expect(out).toEqual({ pos: 2, score: 1, leftWeight: 2, tieScale: 1 });
    expect(mseImpurity(Float64Array.of(0, 0, 2, 2), Float64Array.of(1, 1, 1, 1), 4)).toBe(1);
  });

  it('weighted mean and variance', () => {
    const y = Float64Array.of(1, 3);
    const w = Float64Array.of(3, 1);
    expect(weightedMean(y, w, 2)).toBe(1.5);
    expect(mseImpurity(y, w, 2)).toBeCloseTo(0.75, 15);
  });

  it('is translation invariant even far from zero (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: -20, max: 20 }), fc.integer({ min: 1, max: 4 })), {
          minLength: 2,
          maxLength: 30,
        }),
        fc.constantFrom(0, 1e3, -1e6, 1e8),
        (rows, shift) => {
          const x = rows.map((r) => r[0]);
          const y = rows.map((r) => r[1] / 4);
          const w = rows.map((r) => r[2]);
          const a = createSplitResult();
          const b = createSplitResult();
          const okA = mse.scan(regressionInput(x, y, w), a);
          const okB = mse.scan(regressionInput(x, y.map((v) => v + shift), w), b);
          expect(okB).toBe(okA);
          // Centring keeps the answer exact where the naive Σy² proxy would lose all digits.
          if (okA) {
            expect(b.pos).toBe(a.pos);
            expect(b.score).toBeCloseTo(a.score, 9);
          }
        },
      ),
    );
  });
});
