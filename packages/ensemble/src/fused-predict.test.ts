import { describe, expect, it } from 'vitest';
import { DecisionTreeClassifier, type ClassLabel } from '@dt/core';
import { makeClassification, makeRegression } from '@dt/datasets';
import { BaggingClassifier } from './bagging.js';
import type { ClassifierMember } from './ensemble.js';
import { RandomForestClassifier, RandomForestRegressor } from './random-forest.js';

/** Member-by-member soft vote, added in member order (the brute-force side of the fused loop). */
function meanProba(members: ClassifierMember[], rows: number[][], C: number, feats: (Int32Array | null)[]): Float64Array {
  const out = new Float64Array(rows.length * C);
  members.forEach((m, i) => {
    const f = feats[i];
    const Xi = f ? rows.map((row) => Array.from(f, (j) => row[j]!)) : rows;
    const p = m.predictProbaFlat(Xi);
    const k = m.classes.length;
    for (let r = 0; r < rows.length; r++) for (let c = 0; c < k; c++) out[r * C + (m.classes[c] as number)]! += p[r * k + c]!;
  });
  const inv = 1 / members.length;
  for (let j = 0; j < out.length; j++) out[j]! *= inv;
  return out;
}

// 2,600 rows: more than one block of the fused loop; Uint8 cells (pixels), NaN rows for the learnt sides.
const data = makeClassification({ nSamples: 2600, nFeatures: 7, nInformative: 4, nClasses: 4, seed: 21 });
const pixels = Uint8Array.from(data.X.data, (v) => Math.max(0, Math.min(255, Math.round(v * 40 + 128))));
const rows: number[][] = Array.from({ length: data.X.rows }, (_, r) => Array.from(pixels.subarray(r * 7, r * 7 + 7)));
const withNaN = rows.map((row, r) => (r % 9 === 0 ? row.map((v, j) => (j === r % 7 ? Number.NaN : v)) : row));

describe('forest prediction walks the members trees per block of rows', () => {
  it('classification: the same probabilities as the members votes added in order (Uint8 input, NaN rows, unseen classes)', () => {
    // A few members never see class 3 (tiny draws), so class maps matter.
    const rf = new RandomForestClassifier({ nEstimators: 7, seed: 4, maxSamples: 12 }).fit(withNaN, Array.from(data.y));
    const C = rf.nClasses;
    const want = meanProba(rf.estimators, withNaN, C, rf.estimatorsFeatures);
    expect(rf.predictProbaFlat(withNaN)).toEqual(want);
    const big = new RandomForestClassifier({ nEstimators: 5, seed: 1 }).fit({ data: pixels, rows: data.X.rows, cols: 7 }, Array.from(data.y));
    expect(big.predictProbaFlat({ data: pixels, rows: data.X.rows, cols: 7 })).toEqual(meanProba(big.estimators, rows, C, big.estimatorsFeatures));
  });

  it('members on feature subsets and members that are not dt trees vote through their own predictions, in order', () => {
    class Wrapped implements ClassifierMember {
      private readonly t: DecisionTreeClassifier;
      constructor(seed: number) {
        this.t = new DecisionTreeClassifier({ seed, maxDepth: 3 });
      }
      fit(X: never, y: never, o?: never): this {
        this.t.fit(X, y, o);
        return this;
      }
      predictProbaFlat(X: never): Float64Array {
        return this.t.predictProbaFlat(X);
      }
      get classes(): ClassLabel[] {
        return this.t.classes;
      }
    }
    const sub = new BaggingClassifier({ base: (seed) => new DecisionTreeClassifier({ seed }), nEstimators: 4, maxFeatures: 0.6, seed: 3 }).fit(rows, Array.from(data.y));
    expect(sub.predictProbaFlat(rows)).toEqual(meanProba(sub.estimators, rows, 4, sub.estimatorsFeatures));
    const wrapped = new BaggingClassifier({ base: (seed) => new Wrapped(seed), nEstimators: 3, seed: 5 }).fit(rows, Array.from(data.y));
    expect(wrapped.predictProbaFlat(rows)).toEqual(meanProba(wrapped.estimators, rows, 4, wrapped.estimatorsFeatures));
  });

  it('regression: the mean of the members predictions, added in order', () => {
    const reg = makeRegression({ nSamples: 1500, nFeatures: 5, seed: 8 });
    const rr = new RandomForestRegressor({ nEstimators: 6, seed: 2, maxFeatures: 0.6 }).fit(reg.X as never, reg.y as never);
    const want = new Float64Array(reg.X.rows);
    for (const m of rr.estimators) {
      const p = m.predict(reg.X as never);
      for (let r = 0; r < want.length; r++) want[r]! += p[r]!;
    }
    for (let r = 0; r < want.length; r++) want[r]! *= 1 / 6;
    expect(rr.predict(reg.X as never)).toEqual(want);
  });
});
