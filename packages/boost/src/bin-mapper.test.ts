import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRandom } from '@dt/errors';
import { BinMapper } from './bin-mapper.js';

interface BinningFixture {
  versions: Record<string, string>;
  columns: string[];
  X: (number | null)[][];
  sampleWeight: number[];
  results: { maxBins: number; weighted: boolean; thresholds: (number | string)[][]; nBinsNonMissing: number[]; binnedHead: number[][] }[];
}

const fx = JSON.parse(readFileSync(new URL('./fixtures/binning.json', import.meta.url), 'utf8')) as BinningFixture;
const rows = fx.X[0]!.length;
const cols = fx.X.length;
const data = new Float64Array(rows * cols);
fx.X.forEach((c, f) => c.forEach((v, r) => (data[f * rows + r] = v === null ? Number.NaN : v)));
const num = (v: number | string): number => (v === 'inf' ? Infinity : v === '-inf' ? -Infinity : (v as number));

describe(`BinMapper equals scikit-learn ${fx.versions['scikit-learn']}'s _BinMapper`, () => {
  for (const res of fx.results) {
    it(`maxBins ${res.maxBins}${res.weighted ? ', weighted' : ''}: thresholds, bins used and codes`, () => {
      const bm = BinMapper.fit({ data, rows, cols }, res.maxBins, res.weighted ? Float64Array.from(fx.sampleWeight) : null, null, createRandom(0));
      for (let f = 0; f < cols; f++) {
        expect(Array.from(bm.thresholds[f]!), `${fx.columns[f]}`).toEqual(res.thresholds[f]!.map(num));
      }
      expect(Array.from(bm.nBinsNonMissing)).toEqual(res.nBinsNonMissing);
      const head = bm.transform({ data: sliceRows(50), rows: 50, cols });
      for (let f = 0; f < cols; f++) expect(Array.from(head.codes.subarray(f * 50, f * 50 + 50))).toEqual(res.binnedHead[f]);
    });
  }
});

function sliceRows(n: number): Float64Array {
  const out = new Float64Array(n * cols);
  for (let f = 0; f < cols; f++) out.set(data.subarray(f * rows, f * rows + n), f * n);
  return out;
}
