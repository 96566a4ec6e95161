import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mae, maeImpurity, weightedMedian } from './mae.js';
import { createSplitResult } from './types.js';
import {
  checkRegressionCriterion,
  maeOracle,
  referenceMeanAbsoluteDeviation,
  referenceWeightedMedian,
} from './testing.js';
import { regressionInput } from './testing-fixtures/inputs.js';

describe('mae', () => {
  it('passes the conformance suite against the O(n²) oracle', () => {
    const report = checkRegressionCriterion(mae, {
      oracle: maeOracle,
      impurity: referenceMeanAbsoluteDeviation,
      leafValue: referenceWeightedMedian,
    });
    expect(report.ties).toBeGreaterThan(50);
  });

  it('passes the conformance suite on longer inputs', () => {
    checkRegressionCriterion(mae, { oracle: maeOracle, trials: 15, maxEntries: 120, seed: 5 });
  });

  it('uses scikit-learn’s weighted median convention', () => {
    const one = (n: number) => new Float64Array(n).fill(1);
    expect(weightedMedian(Float64Array.of(4, 1, 3, 2), one(4), 4)).toBe(2.5); // exact half: midpoint
    expect(weightedMedian(Float64Array.of(3, 1, 2), one(3), 3)).toBe(2);
    expect(weightedMedian(Float64Array.of(1, 2, 3), Float64Array.of(1, 1, 2), 3)).toBe(2.5);
    expect(weightedMedian(Float64Array.of(1, 2, 3), Float64Array.of(1, 1, 3), 3)).toBe(3);
    expect(weightedMedian(Float64Array.of(5, 5, 1, 9), one(4), 4)).toBe(5);
    expect(maeImpurity(Float64Array.of(1, 2, 3, 10), one(4), 4)).toBe(2.5);
  });

  it('reports the decrease of the mean absolute deviation', () => {
    const out = createSplitResult();
    expect(mae.scan(regressionInput([1, 2, 3, 4, 5, 6], [0, 0, 0, 10, 10, 10]), out)).toBe(true);
    expect(out).toMatchObject({ pos: 3, score: 5, leftWeight: 3 });
  });

  it('median and impurity agree with brute force (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -5, max: 5 }), fc.integer({ min: 1, max: 4 })), { minLength: 1, maxLength: 25 }),
        (rows) => {
          const y = Float64Array.from(rows, (r) => r[0]);
          const w = Float64Array.from(rows, (r) => r[1] / 2);
          expect(weightedMedian(y, w, y.length)).toBe(referenceWeightedMedian(y, w, y.length));
          expect(maeImpurity(y, w, y.length)).toBeCloseTo(referenceMeanAbsoluteDeviation(y, w, y.length), 12);
        },
      ),
    );
  });

  it('the Fenwick scan matches the O(n²) oracle at its optimum (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: 0.1, max: 2, noNaN: true })), {
          minLength: 2,
          maxLength: 40,
        }),
        (rows) => {
          const input = regressionInput(rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]));
          const out = createSplitResult();
          if (!mae.scan(input, out)) return;
          let best = Number.NEGATIVE_INFINITY;
          for (let p = 1; p < input.n; p++) {
            if (input.values[p]! - input.values[p - 1]! > 1e-7 * Math.max(1, Math.abs(input.values[p]!))) best = Math.max(best, maeOracle(input, p));
          }
          expect(out.score).toBeCloseTo(best, 9);
          expect(maeOracle(input, out.pos)).toBeCloseTo(best, 9);
        },
      ),
    );
  });
});
