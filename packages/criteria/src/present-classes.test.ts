import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entropy } from './entropy.js';
import { gini } from './gini.js';
import { classificationInput } from './testing-fixtures/inputs.js';
import { createSplitResult, type ClassificationCriterion, type ClassificationScanInput } from './types.js';

/** classWeights wrapped so that every read is counted (a scan's class work, not its time). */
function counted(input: ClassificationScanInput): { input: ClassificationScanInput; reads: () => number } {
  let reads = 0;
  const target = input.classWeights;
  const classWeights = new Proxy(target, {
    get(t, key) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      const v = Reflect.get(t, key, t) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
    },
  });
  return { input: { ...input, classWeights }, reads: () => reads };
}

describe.each([
  ['gini', gini],
  ['entropy', entropy],
] as [string, ClassificationCriterion][])('%s with far more classes than entries', (_name, criterion) => {
  it('reads only the classes present (per-scan work does not grow with nClasses)', () => {
    // 12 entries of 4 classes among 200,000: before, the scan read all 200,000 class weights.
    const labels = [7, 199_999, 7, 50_000, 3, 3, 50_000, 199_999, 7, 3, 50_000, 7];
    const values = labels.map((_, i) => i);
    const { input, reads } = counted(classificationInput(values, labels, undefined, { nClasses: 200_000 }));
    expect(criterion.scan(input, createSplitResult())).toBe(true);
    expect(reads()).toBeLessThanOrEqual(4 * labels.length);
  });

  it('gives the same split as the same entries with the classes renumbered densely', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 5 }), fc.double({ min: 0.1, max: 5, noNaN: true })), { minLength: 2, maxLength: 30 }),
        fc.integer({ min: 1, max: 1000 }),
        (rows, stride) => {
          const values = rows.map((r) => r[0]);
          const weights = rows.map((r) => r[2]);
          // Sparse codes keep the class order of the dense ones (so sums run in the same order).
          const dense = classificationInput(values, rows.map((r) => r[1]), weights, { nClasses: 6 });
          const sparse = classificationInput(values, rows.map((r) => r[1] * stride + 3), weights, { nClasses: 5 * stride + 4 + 1000 });
          const a = createSplitResult();
          const b = createSplitResult();
          const okA = criterion.scan(dense, a);
          const okB = criterion.scan(sparse, b);
          expect(okB).toBe(okA);
          if (okA) expect(b).toEqual(a);
        },
      ),
      { seed: 12, numRuns: 300 },
    );
  });
});
