import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DecisionTreeClassifier, DecisionTreeRegressor, type Tree } from '@dt/core';
import { loadDataset, makeClassification, makeRegression } from '@dt/datasets';
import { createRandom } from '@dt/errors';
import { bootstrapCounts, memberSeeds, resolveMaxSamples, weightedBootstrapCounts } from './bootstrap.js';
import { applyClassWeight } from './ensemble.js';
import { ExtraTreesClassifier, ExtraTreesRegressor, RandomForestClassifier, RandomForestRegressor } from './random-forest.js';

const arrays = (t: Tree) => ({
  feature: Array.from(t.feature.subarray(0, t.nodeCount)),
  threshold: Array.from(t.threshold.subarray(0, t.nodeCount)),
  value: Array.from(t.value.subarray(0, t.nodeCount * t.nOutputs)),
});

const rowsOf = (m: { data: ArrayLike<number>; rows: number; cols: number }): number[][] =>
  Array.from({ length: m.rows }, (_, r) => Array.from({ length: m.cols }, (_, c) => m.data[r * m.cols + c]!));
const data = makeClassification({ nSamples: 240, nFeatures: 6, nInformative: 3, nClasses: 3, seed: 4 });
const X = rowsOf(data.X);
const y = Array.from(data.y);

describe('RandomForestClassifier', () => {
  it('with bootstrap false and maxFeatures null every tree equals the single-tree fit', () => {
    const rf = new RandomForestClassifier({ nEstimators: 4, bootstrap: false, maxFeatures: null, seed: 9 }).fit(X, y);
    const single = new DecisionTreeClassifier().fit(X, y).tree;
    for (const t of rf.estimators) expect(arrays(t.tree)).toEqual(arrays(single));
    const reg = makeRegression({ nSamples: 120, nFeatures: 4, seed: 2 });
    const rr = new RandomForestRegressor({ nEstimators: 3, bootstrap: false, seed: 1 }).fit(reg.X as never, reg.y as never);
    const sr = new DecisionTreeRegressor().fit(reg.X as never, reg.y as never).tree;
    for (const t of rr.estimators) expect(arrays(t.tree)).toEqual(arrays(sr));
  });

  it('each tree is fitted on its drawn rows, weighted by their draw counts', () => {
    const rf = new RandomForestClassifier({ nEstimators: 5, seed: 3, maxSamples: 0.5 }).fit(X, y);
    rf.estimators.forEach((t, i) => {
      const counts = rf.estimatorsDrawCounts[i]!;
      const drawn = counts.reduce((a, b) => a + (b > 0 ? 1 : 0), 0);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(120);
      expect(t.tree.nSamples[0]).toBe(drawn);
      expect(t.tree.weightedNSamples[0]).toBe(120);
    });
  });

  it('out-of-bag probabilities average exactly the trees that did not draw the row (brute-force oracle)', () => {
    const rf = new RandomForestClassifier({ nEstimators: 12, seed: 5, oobScore: true }).fit(X, y);
    const oob = rf.oobDecisionFunction;
    const counts = rf.estimatorsDrawCounts;
    let correct = 0;
    X.forEach((row, r) => {
      const sum = [0, 0, 0];
      let k = 0;
      rf.estimators.forEach((t, i) => {
        if (counts[i]![r]! > 0) return;
        k++;
        const p = t.predictProba([row])[0]!;
        t.classes.forEach((c, j) => (sum[c as number]! += p[j]!));
      });
      const expected = sum.map((s) => (k === 0 ? 0 : s / k));
      oob[r]!.forEach((v, c) => expect(v).toBeCloseTo(expected[c]!, 12));
      if (expected.indexOf(Math.max(...expected)) === rf.classes.indexOf(y[r]!)) correct++;
    });
    expect(rf.oobScore).toBeCloseTo(correct / X.length, 12);
    expect(rf.oobScore).toBeGreaterThan(0.5);
  });

  it('soft voting: predictProba is the mean of the trees', () => {
    const rf = new RandomForestClassifier({ nEstimators: 7, seed: 1 }).fit(X, y);
    const p = rf.predictProba(X.slice(0, 20));
    X.slice(0, 20).forEach((row, r) => {
      const sum = [0, 0, 0];
      for (const t of rf.estimators) t.predictProba([row])[0]!.forEach((v, j) => (sum[t.classes[j] as number]! += v / 7));
      sum.forEach((v, c) => expect(p[r]![c]).toBeCloseTo(v, 12));
    });
  });

  it('is deterministic by seed, and tree i depends only on (seed, i)', () => {
    const a = new RandomForestClassifier({ nEstimators: 6, seed: 11 }).fit(X, y);
    const b = new RandomForestClassifier({ nEstimators: 3, seed: 11 }).fit(X, y);
    const c = new RandomForestClassifier({ nEstimators: 3, seed: 12 }).fit(X, y);
    b.estimators.forEach((t, i) => expect(arrays(t.tree)).toEqual(arrays(a.estimators[i]!.tree)));
    expect(arrays(c.estimators[0]!.tree)).not.toEqual(arrays(a.estimators[0]!.tree));
  });

  it('feature importances: mean of the trees normalised importances, summing to 1', () => {
    const rf = new RandomForestClassifier({ nEstimators: 5, seed: 2 }).fit(X, y);
    const imp = rf.featureImportances;
    const mean = new Float64Array(6);
    for (const t of rf.estimators) t.featureImportances.forEach((v, f) => (mean[f]! += v / 5));
    const s = mean.reduce((a, b) => a + b, 0);
    imp.forEach((v, f) => expect(v).toBeCloseTo(mean[f]! / s, 12));
    expect(imp.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('fits iris well and reports progress', async () => {
    const iris = await loadDataset('iris');
    const seen: number[] = [];
    const rf = new RandomForestClassifier({ nEstimators: 20, seed: 0, oobScore: true }).fit(iris.X as never, iris.y as never, { onProgress: (d) => seen.push(d) });
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(rf.oobScore).toBeGreaterThan(0.9);
    expect(rf.score(iris.X as never, iris.y as never)).toBeGreaterThan(0.98);
  });

  it('validates options at the boundary, naming them', () => {
    expect(() => new RandomForestClassifier({ nEstimators: 0 })).toThrow(/nEstimators/);
    expect(() => new RandomForestClassifier({ maxDepth: -1 })).toThrow(/maxDepth/);
    expect(() => new RandomForestClassifier({ oobScore: true, bootstrap: false })).toThrow(/oobScore/);
    expect(() => new RandomForestClassifier({ nTrees: 3 } as never)).toThrow(/nTrees/);
    expect(() => new RandomForestClassifier().predict(X)).toThrow(/not fitted|fit/i);
  });
});

describe('ExtraTrees', () => {
  it('uses random splits without bootstrap and learns', () => {
    const et = new ExtraTreesClassifier({ nEstimators: 10, seed: 1 });
    expect(et.options.bootstrap).toBe(false);
    et.fit(X, y);
    expect(et.estimators[0]!.options.splitter.name).toBe('random');
    expect(et.score(X, y)).toBe(1);
    const reg = makeRegression({ nSamples: 150, nFeatures: 4, seed: 2 });
    const er = new ExtraTreesRegressor({ nEstimators: 10, seed: 1 }).fit(reg.X as never, reg.y as never);
    expect(er.score(reg.X as never, reg.y as never)).toBeGreaterThan(0.99);
  });
});

describe('RandomForestRegressor', () => {
  it('out-of-bag predictions average the trees that did not draw the row (brute-force oracle)', () => {
    const reg = makeRegression({ nSamples: 100, nFeatures: 4, seed: 7 });
    const Xr = rowsOf(reg.X);
    const rf = new RandomForestRegressor({ nEstimators: 10, seed: 3, oobScore: true }).fit(Xr, reg.y as never);
    const counts = rf.estimatorsDrawCounts;
    const oob = rf.oobPrediction;
    Xr.forEach((row, r) => {
      let s = 0;
      let k = 0;
      rf.estimators.forEach((t, i) => {
        if (counts[i]![r]! === 0) {
          s += t.predict([row])[0]!;
          k++;
        }
      });
      expect(oob[r]).toBeCloseTo(k === 0 ? 0 : s / k, 12);
    });
  });
});

describe('bootstrap draws', () => {
  it('draw counts sum to the draws; seeds are a prefix-stable function of (seed, i)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 300 }), (seed, n, draws) => {
        const c = bootstrapCounts(n, draws, createRandom(seed));
        expect(c.reduce((a, b) => a + b, 0)).toBe(draws);
        expect(Array.from(memberSeeds(seed, 8)).slice(0, 3)).toEqual(Array.from(memberSeeds(seed, 3)));
      }),
      { numRuns: 100, seed: 1 },
    );
  });

  it('are uniform: each row drawn about draws/n times, and about 36.8% of rows out of bag', () => {
    const n = 1000;
    const c = bootstrapCounts(n, n * 200, createRandom(5));
    for (const k of c) expect(Math.abs(k - 200)).toBeLessThan(200 * 0.35);
    let oobRows = 0;
    for (let t = 0; t < 50; t++) oobRows += bootstrapCounts(n, n, createRandom(t)).filter((k) => k === 0).length;
    expect(oobRows / (50 * n)).toBeCloseTo(Math.exp(-1), 2);
  });

  it('maxSamples follows scikit-learn 1.9 (a count as given, 1 is one row; a fraction floored, of Σ weights, at least 1)', () => {
    expect(resolveMaxSamples(null, 50)).toBe(50);
    expect(resolveMaxSamples(0.3, 50)).toBe(15);
    expect(resolveMaxSamples(0.33, 50)).toBe(16); // floor(16.5): scikit-learn's int(), not round
    expect(resolveMaxSamples(7, 50)).toBe(7);
    expect(resolveMaxSamples(1, 50)).toBe(1);
    expect(resolveMaxSamples(60, 50)).toBe(60);
    expect(resolveMaxSamples({ fraction: 1 }, 50)).toBe(50);
    expect(resolveMaxSamples(1.5, 50)).toBe(75);
    expect(resolveMaxSamples(0.001, 50)).toBe(1);
    expect(resolveMaxSamples({ fraction: 1 }, 3, Float64Array.from([2, 0.5, 4]))).toBe(6);
    expect(resolveMaxSamples(0.5, 3, Float64Array.from([2, 0.5, 4]))).toBe(3);
    const one = new RandomForestClassifier({ nEstimators: 3, seed: 2, maxSamples: 1 }).fit(X, y);
    for (const c of one.estimatorsDrawCounts) expect(c!.reduce((a, b) => a + b, 0)).toBe(1);
    const all = new RandomForestClassifier({ nEstimators: 3, seed: 2, maxSamples: { fraction: 1 } }).fit(X, y);
    for (const c of all.estimatorsDrawCounts) expect(c!.reduce((a, b) => a + b, 0)).toBe(X.length);
    expect(() => new RandomForestClassifier({ maxSamples: { fraction: 0 } })).toThrowError(/maxSamples\.fraction/);
    expect(() => new RandomForestClassifier({ maxSamples: { frac: 1 } as never })).toThrowError(/maxSamples\.frac/);
  });

  it('bootstrap draws rows in proportion to sampleWeight × classWeight and the trees weigh rows by draw count only (scikit-learn 1.9, PR #31529)', () => {
    // Weighted draws: row frequencies follow the weights (chi-square-free check: 3σ of the binomial).
    const w = Float64Array.from({ length: 10 }, (_, i) => (i === 3 ? 0 : i + 1));
    const total = w.reduce((a, b) => a + b, 0);
    const draws = 200_000;
    const c = weightedBootstrapCounts(w, 10, draws, createRandom(7));
    for (let i = 0; i < 10; i++) {
      const p = w[i]! / total;
      expect(Math.abs(c[i]! - draws * p)).toBeLessThanOrEqual(3 * Math.sqrt(draws * p * (1 - p)) + 1e-9);
    }
    expect(c[3]).toBe(0);
    // Forest: a row of weight 0 is never drawn; the tree's weighted root count is the number of draws.
    const sw = X.map((_, i) => (i % 4 === 0 ? 0 : 1 + (i % 3)));
    const rf = new RandomForestClassifier({ nEstimators: 6, seed: 3, classWeight: { 0: 2, 1: 1, 2: 1 } }).fit(X, y, { sampleWeight: sw });
    rf.estimators.forEach((t, i) => {
      const counts = rf.estimatorsDrawCounts[i]!;
      counts.forEach((k, r) => {
        if (sw[r] === 0) expect(k).toBe(0);
      });
      expect(t.tree.weightedNSamples[0]).toBe(X.length);
    });
    // The draw follows sampleWeight × classWeight: class 0's share of draws is its share of Σ w·cw.
    let drawn0 = 0;
    let drawnAll = 0;
    let share0 = 0;
    let shareAll = 0;
    X.forEach((_, r) => {
      const cw = y[r] === 0 ? 2 : 1;
      shareAll += sw[r]! * cw;
      if (y[r] === 0) share0 += sw[r]! * cw;
      for (const counts of rf.estimatorsDrawCounts) {
        drawnAll += counts![r]!;
        if (y[r] === 0) drawn0 += counts![r]!;
      }
    });
    const p0 = share0 / shareAll;
    expect(Math.abs(drawn0 / drawnAll - p0)).toBeLessThan(3 * Math.sqrt((p0 * (1 - p0)) / drawnAll));
  });

  it("class weight 'balanced' with sample weights is Σw / (C·Σw_c) (scikit-learn's compute_class_weight)", () => {
    const codes = Int32Array.from([0, 0, 1]);
    const w = applyClassWeight('balanced', codes, [0, 1], Float64Array.from([1, 3, 2]), null)!;
    // Σw = 6, class 0: 4, class 1: 2 → 6/8 and 6/4, times each row's own weight.
    expect(Array.from(w)).toEqual([0.75, 2.25, 3]);
  });

  it("class weight 'balanced_subsample' balances the member's draw", () => {
    const codes = Int32Array.from([0, 0, 0, 1, 1, 2]);
    const counts = Int32Array.from([2, 1, 0, 1, 0, 0]);
    const w = applyClassWeight('balanced_subsample', codes, [0, 1, 2], null, counts)!;
    // draw: class 0 three times, class 1 once, class 2 never: 4/(2·3) and 4/(2·1); absent class 0.
    expect(Array.from(w)).toEqual([4 / 6, 4 / 6, 4 / 6, 2, 2, 0]);
  });
});
