import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createFloatSortScratch, createSortScratch, insertionSortPairs, radixSortFloatPairs, sortFloatPairs, sortPairs } from './sort.js';

function oracle(keys: number[], idx: number[]): [number[], number[]] {
  const order = keys.map((k, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b); // stable
  return [order.map((i) => keys[i]!), order.map((i) => idx[i]!)];
}

describe('sortPairs', () => {
  it('matches a stable comparator sort for every size and key range (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.constantFrom(1, 2, 7, 255, 256, 300, 70000, 2 ** 24, 2 ** 32 - 1),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer(),
        (n, range, offset, seed) => {
          let s = seed | 0;
          const rnd = (): number => {
            s = (Math.imul(s, 1103515245) + 12345) | 0;
            return (s >>> 0) / 2 ** 32;
          };
          const keysArr = Array.from({ length: n }, () => Math.min(2 ** 32 - 1, offset + Math.floor(rnd() * range)));
          const idxArr = Array.from({ length: n }, (_, i) => i * 3);
          const keys = Uint32Array.from(keysArr);
          const idx = Int32Array.from(idxArr);
          let mn = Infinity;
          let mx = -Infinity;
          for (const k of keysArr) {
            mn = Math.min(mn, k);
            mx = Math.max(mx, k);
          }
          sortPairs(keys, idx, n, n ? mn : 0, n ? mx : 0, createSortScratch(n));
          const [ek, ei] = oracle(keysArr, idxArr);
          expect(Array.from(keys)).toEqual(ek);
          expect(Array.from(idx)).toEqual(ei);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('sorts only the first n entries of larger buffers', () => {
    const keys = Uint32Array.from([5, 3, 9, 1, 0, 0]);
    const idx = Int32Array.from([0, 1, 2, 3, 4, 5]);
    insertionSortPairs(keys, idx, 4);
    expect(Array.from(keys)).toEqual([1, 3, 5, 9, 0, 0]);
    expect(Array.from(idx)).toEqual([3, 1, 0, 2, 4, 5]);
  });
});

describe('sortFloatPairs', () => {
  it('sorts floats and carries indices along (property, with duplicates and adversarial orders)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(0, 1, -1, 2.5)), { maxLength: 400 }),
        fc.constantFrom('random', 'sorted', 'reversed', 'organ'),
        (arr, order) => {
          let xs = [...arr];
          if (order === 'sorted') xs.sort((a, b) => a - b);
          if (order === 'reversed') xs.sort((a, b) => b - a);
          if (order === 'organ') xs = [...xs.sort((a, b) => a - b).filter((_, i) => i % 2 === 0), ...xs.filter((_, i) => i % 2 === 1).reverse()];
          const v = Float64Array.from(xs);
          const idx = Int32Array.from(xs, (_, i) => i);
          sortFloatPairs(v, idx, xs.length);
          expect(Array.from(v)).toEqual([...xs].sort((a, b) => a - b).map((x) => (Object.is(x, -0) ? -0 : x)));
          for (let i = 0; i < xs.length; i++) expect(xs[idx[i]!]).toBe(v[i]);
          expect(new Set(idx).size).toBe(xs.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('radixSortFloatPairs', () => {
  it('sorts like a comparator sort and carries indices (property: ties, runs within 2^-20, signs, zeros)', () => {
    const scratch = createFloatSortScratch(0);
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.double({ min: -1e6, max: 1e6, noNaN: true }),
            fc.constantFrom(0, -0, 1, -1, 2.5, 1e300, -1e-300),
            // Values sharing their high word: one run ordered only by the low word.
            fc.integer({ min: 0, max: 1000 }).map((k) => 1000 + k * 1e-9),
          ),
          { minLength: 0, maxLength: 600 },
        ),
        (xs) => {
          const n = xs.length;
          const buf = new Float64Array(n + 3);
          const v = buf.subarray(1, 1 + n); // a non-zero byte offset
          v.set(xs);
          const idx = Int32Array.from(xs, (_, i) => i);
          const s = n > scratch.keys.length ? createFloatSortScratch(n) : scratch;
          radixSortFloatPairs(v, new Uint32Array(buf.buffer), idx, n, s);
          const want = [...xs].sort((a, b) => a - b);
          for (let i = 0; i < n; i++) expect(v[i] === want[i]).toBe(true);
          for (let i = 0; i < n; i++) expect(xs[idx[i]!]).toBe(v[i]);
          expect(new Set(idx).size).toBe(n);
        },
      ),
      { numRuns: 300 },
    );
  });
});
