import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildFeatureIndex, subsetFeatureIndex } from './feature-index.js';

/** Column-major matrix of the given rows of a column-major matrix (the brute-force side). */
function takeRows(data: Float64Array, n: number, d: number, rows: Int32Array): Float64Array {
  const m = rows.length;
  const out = new Float64Array(m * d);
  for (let f = 0; f < d; f++) for (let j = 0; j < m; j++) out[f * m + j] = data[f * n + rows[j]!]!;
  return out;
}

// Small-int columns (pixels), fractional ones, NaN (missing), many ties; no -0 (see subsetFeatureIndex).
const cell = fc.oneof(
  fc.integer({ min: 0, max: 4 }),
  fc.integer({ min: 0, max: 300 }),
  fc.double({ min: -3, max: 3, noNaN: true, noDefaultInfinity: true }).filter((v) => !Object.is(v, -0)),
  fc.constant(Number.NaN),
);
const column = (n: number) =>
  fc.oneof(
    fc.array(fc.integer({ min: 0, max: 3 }), { minLength: n, maxLength: n }),
    fc.array(fc.integer({ min: 0, max: 400 }), { minLength: n, maxLength: n }),
    fc.array(cell, { minLength: n, maxLength: n }),
  );
const problem = fc.integer({ min: 1, max: 50 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    cols: fc.array(column(n), { minLength: 1, maxLength: 5 }),
    draws: fc.oneof(
      // Bootstrap rows: ascending, each once.
      fc.array(fc.boolean(), { minLength: n, maxLength: n }).map((keep) => Int32Array.from(keep.flatMap((k, i) => (k ? [i] : [])))),
      // Any rows, repeats and any order.
      fc.array(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: 2 * n }).map((r) => Int32Array.from(r)),
    ),
  }),
);

describe('subsetFeatureIndex', () => {
  it('equals buildFeatureIndex of the rows it takes: values, ranks, missing counts, rank width (property, brute force)', () => {
    fc.assert(
      fc.property(problem, ({ n, cols, draws }) => {
        fc.pre(draws.length > 0);
        const d = cols.length;
        const data = Float64Array.from(cols.flat());
        const full = buildFeatureIndex({ data, rows: n, cols: d });
        const got = subsetFeatureIndex(full, draws);
        const want = buildFeatureIndex({ data: takeRows(data, n, d, draws), rows: draws.length, cols: d });
        expect(got.n).toBe(want.n);
        expect(got.d).toBe(want.d);
        expect(got.ranks.constructor).toBe(want.ranks.constructor);
        expect(got.ranks).toEqual(want.ranks);
        expect(got.uniq).toEqual(want.uniq);
        expect(got.nUnique).toEqual(want.nUnique);
        expect(got.nMissing).toEqual(want.nMissing);
        expect(got.scanUniq).toBe(got.uniq);
      }),
      { seed: 14, numRuns: 300 },
    );
  });

  it('keeps the rank width of the rows it takes (Uint8 ranks from a Uint16 index)', () => {
    const n = 600;
    const data = Float64Array.from({ length: n }, (_, i) => i * 0.5);
    const full = buildFeatureIndex({ data, rows: n, cols: 1 });
    expect(full.ranks).toBeInstanceOf(Uint16Array);
    const rows = Int32Array.from({ length: 100 }, (_, i) => i * 6);
    const sub = subsetFeatureIndex(full, rows);
    expect(sub.ranks).toBeInstanceOf(Uint8Array);
    expect(Array.from(sub.ranks)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(Array.from(sub.uniq[0]!)).toEqual(Array.from(rows, (r) => r * 0.5));
  });
});
