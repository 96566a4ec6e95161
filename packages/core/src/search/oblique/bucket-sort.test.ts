import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bucketSortFloatPairs, createBucketSortScratch } from './bucket-sort.js';

describe('bucketSortFloatPairs', () => {
  it('sorts ascending and carries each index with its value: ties, heavy tails, subnormal and huge spreads (property)', () => {
    const value = fc.oneof(
      fc.double({ min: -1e3, max: 1e3, noNaN: true }),
      fc.constantFrom(0, -0, 5e-324, -5e-324, 1e-310, 1.5, 1.5, 1e300, -1e300, 1.7e308, -1.7e308),
      fc.integer({ min: -3, max: 3 }),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 0, maxLength: 300 }), (xs) => {
        const n = xs.length;
        const values = Float64Array.from(xs);
        const idx = Int32Array.from({ length: n }, (_, i) => i);
        bucketSortFloatPairs(values, idx, n, createBucketSortScratch(n));
        for (let i = 1; i < n; i++) expect(values[i - 1]! <= values[i]!).toBe(true);
        const seen = new Set<number>();
        for (let i = 0; i < n; i++) {
          expect(Object.is(values[i], xs[idx[i]!])).toBe(true);
          seen.add(idx[i]!);
        }
        expect(seen.size).toBe(n);
      }),
      { seed: 18, numRuns: 500 },
    );
  });
});
