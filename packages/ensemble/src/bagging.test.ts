import { describe, expect, it } from 'vitest';
import { DecisionTreeClassifier, DecisionTreeRegressor } from '@dt/core';
import { loadDataset, makeClassification, makeRegression } from '@dt/datasets';
import { algorithmForest, BaggingClassifier, BaggingRegressor } from './bagging.js';

const rowsOf = (m: { data: ArrayLike<number>; rows: number; cols: number }): number[][] =>
  Array.from({ length: m.rows }, (_, r) => Array.from({ length: m.cols }, (_, c) => m.data[r * m.cols + c]!));
const data = makeClassification({ nSamples: 200, nFeatures: 8, nInformative: 3, nClasses: 3, seed: 6 });
const X = rowsOf(data.X);
const y = Array.from(data.y);

describe('BaggingClassifier', () => {
  it('over any factory: without bootstrap and subspaces every member equals the single fit', () => {
    const bag = new BaggingClassifier({ base: (seed) => new DecisionTreeClassifier({ seed, maxDepth: 4 }), bootstrap: false, nEstimators: 3 }).fit(X, y);
    const single = new DecisionTreeClassifier({ maxDepth: 4 }).fit(X, y);
    for (const m of bag.estimators) expect(m.predictProba(X)).toEqual(single.predictProba(X));
  });

  it('per-member feature subspaces: each member sees its own features; votes read the same columns', () => {
    const bag = new BaggingClassifier({ base: (seed) => new DecisionTreeClassifier({ seed }), nEstimators: 6, maxFeatures: 0.5, seed: 2 }).fit(X, y);
    const feats = bag.estimatorsFeatures;
    expect(new Set(feats.map((f) => Array.from(f!).join(','))).size).toBeGreaterThan(1);
    const p = bag.predictProba(X.slice(0, 15));
    X.slice(0, 15).forEach((row, r) => {
      const sum = [0, 0, 0];
      bag.estimators.forEach((m, i) => {
        const sub = Array.from(feats[i]!, (f) => row[f]!);
        expect(feats[i]!.length).toBe(4);
        m.predictProba([sub])[0]!.forEach((v, j) => (sum[m.classes[j] as number]! += v / 6));
      });
      sum.forEach((v, c) => expect(p[r]![c]).toBeCloseTo(v, 12));
    });
    // importances map back to the original columns
    expect(bag.featureImportances.length).toBe(8);
    expect(bag.featureImportances.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('repeatRows: members without sample weights see the drawn rows repeated', () => {
    const bag = new BaggingClassifier({ base: (seed) => new DecisionTreeClassifier({ seed }), nEstimators: 2, repeatRows: true, seed: 4 }).fit(X, y);
    for (const m of bag.estimators) {
      expect(m.tree.nSamples[0]).toBe(200);
      expect(m.tree.weightedNSamples[0]).toBe(200);
    }
  });

  it('rejects a missing base, unknown options and bad maxFeatures by name', () => {
    expect(() => new BaggingClassifier({} as never)).toThrow(/base/);
    expect(() => new BaggingClassifier({ base: () => new DecisionTreeClassifier(), depth: 3 } as never)).toThrow(/depth/);
    expect(() => new BaggingClassifier({ base: () => new DecisionTreeClassifier(), maxFeatures: 1.5 })).toThrow(/maxFeatures/);
  });

  it('regression: the mean of the members', () => {
    const reg = makeRegression({ nSamples: 100, nFeatures: 3, seed: 1 });
    const bag = new BaggingRegressor({ base: (seed) => new DecisionTreeRegressor({ seed }), nEstimators: 4, seed: 1 }).fit(reg.X, reg.y);
    const p = bag.predict(reg.X);
    const mean = new Float64Array(100);
    for (const m of bag.estimators) m.predict(reg.X).forEach((v, i) => (mean[i]! += v / 4));
    p.forEach((v, i) => expect(v).toBeCloseTo(mean[i]!, 12));
  });
});

describe('algorithmForest', () => {
  it('forests of oblique algorithms and Decision Streams learn iris', async () => {
    const iris = await loadDataset('iris');
    for (const name of ['maxcut-node-means-pca', 'hhcart-d', 'decision-stream']) {
      const f = algorithmForest(name, { nEstimators: 8, seed: 1, oobScore: true }).fit(iris.X, iris.y);
      expect(f.oobScore, name).toBeGreaterThan(0.85);
      expect(f.score(iris.X, iris.y), name).toBeGreaterThan(0.95);
    }
  });

  it("maxFeatures 'sqrt' / 'log2': a random subspace of ⌊√d⌋ / ⌊log2 d⌋ features per tree, drawn from the member's seed", () => {
    const wide = makeClassification({ nSamples: 120, nFeatures: 30, nInformative: 5, nClasses: 3, seed: 2 });
    const sq = algorithmForest('maxcut-node-means-pca', { nEstimators: 6, seed: 4, maxFeatures: 'sqrt' }).fit(wide.X, wide.y);
    const sets = sq.estimatorsFeatures.map((f) => Array.from(f!));
    for (const f of sets) {
      expect(f).toHaveLength(5); // ⌊√30⌋
      expect(new Set(f).size).toBe(5);
      expect(f).toEqual([...f].sort((a, b) => a - b));
      expect(f.every((j) => j >= 0 && j < 30)).toBe(true);
    }
    expect(new Set(sets.map((f) => f.join())).size).toBeGreaterThan(1); // members differ
    // The same as the count it stands for (same draws), and the same forest again.
    const five = algorithmForest('maxcut-node-means-pca', { nEstimators: 6, seed: 4, maxFeatures: 5 }).fit(wide.X, wide.y);
    expect(five.estimatorsFeatures.map((f) => Array.from(f!))).toEqual(sets);
    expect(five.predictProba(wide.X)).toEqual(sq.predictProba(wide.X));
    const lg = algorithmForest('decision-stream', { nEstimators: 2, seed: 4, maxFeatures: 'log2' }).fit(wide.X, wide.y);
    for (const f of lg.estimatorsFeatures) expect(f).toHaveLength(4); // ⌊log2 30⌋
    expect(sq.getParams()).toMatchObject({ maxFeatures: 'sqrt' });
    expect(sq.clone().maxFeatures).toBe('sqrt');
    // One feature: ⌊√1⌋ = 1 = all, so no subspace.
    const one = algorithmForest('hhcart-d', { nEstimators: 2, seed: 1, maxFeatures: 'sqrt' }).fit([[0], [1], [2], [3]], [0, 0, 1, 1]);
    expect(one.estimatorsFeatures).toEqual([null, null]);
  });

  it("rejects maxFeatures that is not null, a count, a fraction, 'sqrt' or 'log2', naming it and the value", () => {
    for (const bad of ['auto', 'SQRT', 0, -1, 1.5, Number.NaN, true]) {
      expect(() => algorithmForest('hhcart-d', { maxFeatures: bad as never }), String(bad)).toThrowError(/maxFeatures.*'sqrt' or 'log2'/);
    }
  });

  it('names unknown algorithms and bad member options', () => {
    expect(() => algorithmForest('cart-9000')).toThrow(/cart-9000/);
    expect(() => algorithmForest('hhcart-d', { tree: { maxDepth: 0 } })).toThrow(/maxDepth/);
  });
});
