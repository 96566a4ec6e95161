import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createSplitResult, gini, type ClassificationScanInput } from '@dt/criteria';
import { scanMarkedGini, type MarkedGiniResult } from './histogram-gini.js';

/** Random (bin, class) cells of a small node: weights and counts, the way classHistogram marks them. */
const cells = fc.record({
  nBins: fc.integer({ min: 1, max: 40 }),
  C: fc.integer({ min: 1, max: 12 }),
  weighted: fc.boolean(),
  // Bin values: distinct integers, or means closer than the feature tolerance (never separable).
  close: fc.boolean(),
  picks: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(0.5, 1, 2, 3.25, 0)), { minLength: 1, maxLength: 60 }),
  minSamplesLeaf: fc.integer({ min: 1, max: 5 }),
  minWeightLeaf: fc.constantFrom(0, 0, 1.5, 4),
});

describe('scanMarkedGini', () => {
  it('finds the split of gini.scan over the grouped entries of the marked cells, and clears them (property)', () => {
    fc.assert(
      fc.property(cells, (p) => {
        const { nBins, C, weighted } = p;
        const K = weighted ? 2 * C : C;
        const h = new Float64Array(nBins * K);
        const shift = 32 - Math.clz32(C - 1);
        const marks = new Int32Array(((nBins << shift) + 31) >>> 5);
        for (const [b0, c0, w] of p.picks) {
          const b = b0 % nBins;
          const c = c0 % C;
          const cell = b * K + c;
          h[cell]! += weighted ? w : 1;
          if (weighted) h[cell + C]! += 1;
          const bit = (b << shift) + c;
          marks[bit >>> 5]! |= 1 << (bit & 31);
        }
        const sv = Float64Array.from({ length: nBins }, (_, b) => (p.close && b % 3 === 1 ? b - 1 + 1e-9 : b));
        // The oracle: entries in (bin, class) order and gini's own scan.
        const values: number[] = [];
        const labels: number[] = [];
        const ws: number[] = [];
        const counts: number[] = [];
        const binOf: number[] = [];
        const classW = new Float64Array(C);
        let W = 0;
        let N = 0;
        for (let b = 0; b < nBins; b++) {
          for (let c = 0; c < C; c++) {
            const bit = (b << shift) + c;
            if ((marks[bit >>> 5]! & (1 << (bit & 31))) === 0) continue;
            const w = h[b * K + c]!;
            const n = weighted ? h[b * K + c + C]! : w;
            values.push(sv[b]!);
            labels.push(c);
            ws.push(w);
            counts.push(n);
            binOf.push(b);
            classW[c]! += w;
            W += w;
            N += n;
          }
        }
        const input: ClassificationScanInput = {
          n: values.length,
          values: Float64Array.from(values),
          labels: Int32Array.from(labels),
          weights: Float64Array.from(ws),
          counts: Float64Array.from(counts),
          nClasses: C,
          classWeights: classW,
          totalWeight: W,
          totalCount: N,
          minSamplesLeaf: p.minSamplesLeaf,
          minWeightLeaf: p.minWeightLeaf,
        };
        const want = createSplitResult();
        const wantFound = W > 0 && gini.scan(input, want);
        let sqTotal = 0;
        for (let c = 0; c < C; c++) sqTotal += classW[c]! * classW[c]!;
        const got: MarkedGiniResult = { score: 0, leftWeight: 0, leftBin: 0, rightBin: 0 };
        const found =
          W > 0 &&
          scanMarkedGini(h, marks, 0, marks.length - 1, shift, C, K, weighted, sv, classW, W, N, p.minSamplesLeaf, p.minWeightLeaf, sqTotal, new Float64Array(C), got);
        expect(found).toBe(wantFound);
        if (found) {
          expect(got.score).toBe(want.score);
          expect(got.leftWeight).toBe(want.leftWeight);
          expect(got.leftBin).toBe(binOf[want.pos - 1]);
          expect(got.rightBin).toBe(binOf[want.pos]);
        }
        if (W > 0) {
          expect(h.every((v) => v === 0)).toBe(true);
          expect(marks.every((v) => v === 0)).toBe(true);
        }
      }),
      { numRuns: 2000, seed: 1313 },
    );
  });
});
