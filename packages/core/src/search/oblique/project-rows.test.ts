import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { projectRows } from './project-rows.js';

/** One direction, one row at a time, terms in the given order from 0: the arithmetic of Tree.goesLeft. */
function oracle(XR: Float64Array, d: number, row: number, feat: Int32Array, val: Float64Array, o: number, count: number): number {
  let s = 0;
  for (let t = 0; t < count; t++) s += val[o + t]! * XR[row * d + feat[o + t]!]!;
  return s;
}

describe('projectRows', () => {
  it('gives every projection bit for bit as the one-at-a-time sum: tiles, odd rows, sparse directions (property)', () => {
    const value = fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(0, -0, 1e-300, 3));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: 1, max: 11 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(value, { minLength: 16, maxLength: 64 }),
        (d, nRows, kb, seed, pool) => {
          let state = seed;
          const next = (): number => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0), state);
          const XR = Float64Array.from({ length: nRows * d }, () => pool[next() % pool.length]!);
          // A node: rows in any order, some repeated, starting at an offset.
          const start = next() % 3;
          const m = 1 + (next() % nRows);
          const rows = Int32Array.from({ length: start + m }, () => next() % nRows);
          const feat = new Int32Array(kb * d);
          const val = new Float64Array(kb * d);
          const nnz = new Int32Array(kb);
          for (let b = 0; b < kb; b++) {
            const sparse = next() % 3 === 0;
            let c = 0;
            for (let f = 0; f < d; f++) {
              if (sparse && next() % 2 === 0) continue;
              feat[b * d + c] = f;
              val[b * d + c] = pool[next() % pool.length]! || 0.5;
              c++;
            }
            nnz[b] = c;
          }
          const z = new Float64Array(kb * m).fill(Number.NaN);
          projectRows(XR, d, rows, start, m, kb, feat, val, nnz, z);
          for (let b = 0; b < kb; b++) {
            for (let r = 0; r < m; r++) expect(Object.is(z[b * m + r], oracle(XR, d, rows[start + r]!, feat, val, b * d, nnz[b]!))).toBe(true);
          }
        },
      ),
      { seed: 18, numRuns: 300 },
    );
  });
});
