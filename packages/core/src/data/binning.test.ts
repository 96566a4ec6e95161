import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assignBins, buildBins } from './binning.js';
import { toFitMatrix } from './input.js';

describe('buildBins', () => {
  it('gives each distinct value its own bin up to maxBins, else weighted quantile bins that never split equal values (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: -5, max: 40 }), fc.double({ min: -1e3, max: 1e3, noNaN: true })), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 2, max: 40 }),
        fc.boolean(),
        (vals, maxBins, weighted) => {
          const n = vals.length;
          const w = weighted ? Float64Array.from(vals, (_, i) => 1 + (i % 3)) : null;
          const bins = buildBins(toFitMatrix(vals.map((v) => [v, 7])), w, maxBins);
          const distinct = [...new Set(vals.map((v) => (Object.is(v, -0) ? 0 : v)))].sort((a, b) => a - b);
          const nb = bins.nBins[0]!;
          expect(nb).toBeLessThanOrEqual(maxBins);
          if (distinct.length <= maxBins) expect(nb).toBe(distinct.length);
          expect(bins.exact[0]).toBe(nb === distinct.length ? 1 : 0);
          // Codes follow the values' order; each bin's lo/hi/mean bound its values.
          for (let i = 0; i < n; i++) {
            const b = bins.codes[i]!;
            expect(vals[i]).toBeGreaterThanOrEqual(bins.lo[0]![b]!);
            expect(vals[i]).toBeLessThanOrEqual(bins.hi[0]![b]!);
            for (let j = 0; j < n; j++) if (vals[i]! < vals[j]!) expect(b).toBeLessThanOrEqual(bins.codes[j]!);
          }
          for (let b = 0; b < nb; b++) {
            expect(bins.lo[0]![b]).toBeLessThanOrEqual(bins.mean[0]![b]!);
            expect(bins.mean[0]![b]).toBeLessThanOrEqual(bins.hi[0]![b]!);
            if (b > 0) expect(bins.hi[0]![b - 1]).toBeLessThan(bins.lo[0]![b]!);
          }
          // The constant second column is one bin.
          expect(bins.nBins[1]).toBe(1);
          expect(bins.codes instanceof Uint8Array).toBe(true);
        },
      ),
      { numRuns: 300, seed: 13 },
    );
  });

  it('puts about equal weight in each quantile bin', () => {
    const vals = Array.from({ length: 1000 }, (_, i) => [i / 7]);
    const bins = buildBins(toFitMatrix(vals), null, 10);
    expect(bins.nBins[0]).toBe(10);
    const count = new Array<number>(10).fill(0);
    for (let i = 0; i < 1000; i++) count[bins.codes[i]!]!++;
    expect(count).toEqual(new Array(10).fill(100));
    // Weights move the edges: the first 100 rows weigh as much as the other 900.
    const w = Float64Array.from({ length: 1000 }, (_, i) => (i < 100 ? 9 : 1));
    const weighted = buildBins(toFitMatrix(vals), w, 2);
    expect(weighted.hi[0]![0]).toBe(vals[99]![0]);
  });

  it('uses 16-bit codes above 256 bins', () => {
    const vals = Array.from({ length: 600 }, (_, i) => [i]);
    const bins = buildBins(toFitMatrix(vals), null, 1000);
    expect(bins.codes instanceof Uint16Array).toBe(true);
    expect(bins.nBins[0]).toBe(600);
    expect(bins.codes[599]).toBe(599);
  });

  it('quantile bins equal a plain oracle (sorted distinct values, linear search for each row) (property)', () => {
    // The oracle: every row's bin is the first whose largest value is >= it (the last bin above all).
    const oracle = (vals: number[], w: Float64Array | null, maxBins: number) => {
      const uniq = [...new Set(vals.map((v) => (Object.is(v, -0) ? 0 : v)))].sort((a, b) => a - b);
      const wts = new Float64Array(uniq.length);
      vals.forEach((v, i) => (wts[uniq.indexOf(v === 0 ? 0 : v)]! += w === null ? 1 : w[i]!));
      const binOf = new Int32Array(uniq.length);
      const b = assignBins(uniq.length, wts, maxBins, binOf);
      const upper = new Array<number>(b);
      uniq.forEach((v, r) => (upper[binOf[r]!] = v));
      const codes = vals.map((v) => {
        let bin = 0;
        while (bin < b - 1 && upper[bin]! < v) bin++;
        return bin;
      });
      const lo = new Array<number>(b).fill(Infinity);
      const hi = new Array<number>(b).fill(-Infinity);
      const sum = new Array<number>(b).fill(0);
      const cnt = new Array<number>(b).fill(0);
      vals.forEach((v, i) => {
        const c = codes[i]!;
        lo[c] = Math.min(lo[c]!, v);
        hi[c] = Math.max(hi[c]!, v);
        sum[c]! += v;
        cnt[c]!++;
      });
      const mean = sum.map((t, c) => (lo[c] === hi[c] ? lo[c]! : Math.min(hi[c]!, Math.max(lo[c]!, t / cnt[c]!))));
      return { codes, lo, hi, mean };
    };
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e3, max: 1e3, noNaN: true }), { minLength: 5, maxLength: 300 }),
        fc.integer({ min: 2, max: 40 }),
        fc.boolean(),
        (vals, maxBins, weighted) => {
          const w = weighted ? Float64Array.from(vals, (_, i) => 1 + (i % 3)) : null;
          const distinct = new Set(vals.map((v) => (Object.is(v, -0) ? 0 : v))).size;
          if (distinct <= maxBins) return;
          const bins = buildBins(toFitMatrix(vals.map((v) => [v])), w, maxBins);
          const want = oracle(vals, w, maxBins);
          expect(Array.from(bins.codes)).toEqual(want.codes);
          expect(Array.from(bins.lo[0]!)).toEqual(want.lo);
          expect(Array.from(bins.hi[0]!)).toEqual(want.hi);
          expect(Array.from(bins.mean[0]!)).toEqual(want.mean);
        },
      ),
      { numRuns: 300, seed: 29 },
    );
  });

  it('bins rows outside the quantile sample (more rows than SAMPLE_ROWS) by the edges: codes follow the values, each row within its bin', () => {
    // 100,050 rows: the evenly spaced sample of 100,000 leaves rows out, so they are coded by search.
    const n = 100_050;
    const vals = Float64Array.from({ length: n }, (_, i) => ((i * 7919) % 1000) / 8 - 20);
    const bins = buildBins(toFitMatrix({ data: vals, rows: n, cols: 1 }), null, 16);
    const nb = bins.nBins[0]!;
    expect(nb).toBe(16);
    const lo = bins.lo[0]!;
    const hi = bins.hi[0]!;
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => vals[a]! - vals[b]!);
    let prev = 0;
    for (const i of order) {
      const b = bins.codes[i]!;
      expect(b >= prev && vals[i]! >= lo[b]! && vals[i]! <= hi[b]!).toBe(true);
      prev = b;
    }
    // Every bin holds rows (its edges come from the sample, which has values in each), in order.
    for (let b = 0; b < nb; b++) expect(lo[b]).toBeLessThanOrEqual(hi[b]!);
    for (let b = 1; b < nb; b++) expect(hi[b - 1]).toBeLessThan(lo[b]!);
  });

  it('bins byte input (row-major Uint8Array) exactly as the same values as float64 columns (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 70 }),
        fc.integer({ min: 1, max: 90 }),
        fc.integer({ min: 1, max: 256 }),
        fc.integer({ min: 2, max: 300 }),
        fc.boolean(),
        fc.boolean(),
        fc.integer(),
        (n, d, spread, maxBins, weighted, exactOnly, seed) => {
          let x = seed | 0;
          const next = () => (x = (Math.imul(x, 1103515245) + 12345) | 0) >>> 16;
          const bytes = Uint8Array.from({ length: n * d }, () => next() % spread);
          const w = weighted ? Float64Array.from({ length: n }, (_, i) => 0.1 + (i % 7) * 0.3) : null;
          const got = buildBins(toFitMatrix({ data: bytes, rows: n, cols: d }), w, maxBins, undefined, exactOnly as true);
          // The column path: the same values as a plain float64 row-major matrix.
          const want = buildBins(toFitMatrix({ data: Float64Array.from(bytes), rows: n, cols: d }), w, maxBins, undefined, exactOnly as true);
          if (want === null) {
            expect(got).toBeNull();
            return;
          }
          expect(got).not.toBeNull();
          expect(got!.codes.constructor).toBe(want.codes.constructor);
          expect(Array.from(got!.codes)).toEqual(Array.from(want.codes));
          expect(Array.from(got!.nBins)).toEqual(Array.from(want.nBins));
          expect(Array.from(got!.exact)).toEqual(Array.from(want.exact));
          for (let f = 0; f < d; f++) {
            expect(Array.from(got!.lo[f]!)).toEqual(Array.from(want.lo[f]!));
            expect(Array.from(got!.hi[f]!)).toEqual(Array.from(want.hi[f]!));
            expect(Array.from(got!.mean[f]!)).toEqual(Array.from(want.mean[f]!));
          }
        },
      ),
      { numRuns: 200, seed: 31 },
    );
  });

  it('refuses maxBins 65536 when a feature with NaN fills every 16-bit code (the missing bin would wrap to bin 0)', () => {
    const X = toFitMatrix(Array.from({ length: 70_000 }, (_, i) => [i === 5 ? Number.NaN : i * 1.5]), 'X', { scan: true, nan: 'allow' });
    expect(() => buildBins(X, null, 65536)).toThrow(/maxBins/);
    expect(buildBins(X, null, 65535).nBins[0]).toBe(65535);
  });
});
