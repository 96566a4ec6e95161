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

describe('buildFeatureIndex ranks', () => {
  // Brute force: the rank of v is the number of distinct non-NaN values below it (NaN: past them all).
  const bruteRanks = (col: number[]): number[] => {
    const distinct = [...new Set(col.filter((v) => v === v).map((v) => v + 0))].sort((a, b) => a - b);
    return col.map((v) => (v === v ? distinct.filter((u) => u < v).length : distinct.length));
  };
  it('are each value’s position among the sorted distinct values; -0 and 0 are one value, NaN ranks last (property, brute force)', () => {
    const value = fc.oneof(
      fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(0, -0, 0.1, 0.30000000000000004, 1e-300, -1e-300, Number.MIN_VALUE, 2 ** 53, Number.NaN),
      fc.integer({ min: -5, max: 5 }).map((i) => i / 3),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 300 }), (col) => {
        const n = col.length;
        const index = buildFeatureIndex({ data: Float64Array.from(col), rows: n, cols: 1 });
        expect(Array.from(index.ranks)).toEqual(bruteRanks(col));
      }),
      { numRuns: 400, seed: 18 },
    );
  });

  it('rank a dense column of thousands of distinct doubles (table of many slots) as the sort does', () => {
    const n = 5000;
    let state = 3;
    const col = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      state = (state * 1103515245 + 12345) % 2147483648;
      col[i] = i % 7 === 0 ? col[i >> 1]! : (state / 2147483648 - 0.5) * 1e3; // repeats too
    }
    const index = buildFeatureIndex({ data: col, rows: n, cols: 1 });
    const u = index.uniq[0]!;
    for (let s = 0; s < n; s++) expect(u[index.ranks[s]!]).toBe(col[s]);
    expect(Array.from(index.ranks)).toEqual(bruteRanks(Array.from(col)));
  });
});
