import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { featureSpread } from './feature-spread.js';

describe('featureSpread', () => {
  it('is the population standard deviation of each numeric column, NaN skipped, null for categorical', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.boolean()), { minLength: 1, maxLength: 40 }), (cells) => {
        const values = cells.map(([v, missing]) => (missing ? Number.NaN : v));
        const data = Float64Array.from(values.flatMap((v) => [v, 0]));
        const [s, cat] = featureSpread({ X: { data, rows: values.length, cols: 2 }, featureTypes: ['numeric', 'categorical'] });
        expect(cat).toBeNull();
        const seen = values.filter((v) => !Number.isNaN(v));
        if (seen.length === 0) {
          expect(s).toBeNull();
          return;
        }
        const mean = seen.reduce((a, b) => a + b, 0) / seen.length;
        const sd = Math.sqrt(seen.reduce((a, b) => a + (b - mean) ** 2, 0) / seen.length);
        expect(s).toBeCloseTo(sd, 6 - Math.max(0, Math.ceil(Math.log10(sd + 1))));
      }),
      { seed: 32 },
    );
  });
});
