import { describe, expect, it } from 'vitest';
import { DecisionTreeClassifier, loadAnyModel } from '@dt/core';
import { ModelFormatError, NotFittedError } from '@dt/errors';
import { algorithmForest, AlgorithmForestClassifier, BaggingClassifier, BaggingRegressor, ExtraTreesClassifier, RandomForestClassifier, RandomForestRegressor, serializeForest, forestModelFormat } from './index.js';

const X = Array.from({ length: 30 }, (_, i) => [i % 6, (i * 5) % 7, i % 2]);
const y = X.map(([a, b]) => (a! + b! > 6 ? 'p' : 'n'));
const t = X.map(([a, b]) => a! * 3 - b!);

describe('scikit-learn habits on the ensembles', () => {
  it('getParams: new Estimator(getParams()) grows the same forest; clone is unfitted; setParams validates and unfits', () => {
    const rf = new RandomForestClassifier({ nEstimators: 4, seed: 5, maxDepth: 3 }).fit(X, y);
    const p = rf.getParams();
    expect(p).toMatchObject({ nEstimators: 4, seed: 5, maxDepth: 3, maxFeatures: 'sqrt' });
    expect(serializeForest(new RandomForestClassifier(p).fit(X, y))).toBe(serializeForest(rf));
    const c = rf.clone();
    expect(c).toBeInstanceOf(RandomForestClassifier);
    expect(c.isFitted).toBe(false);
    expect(serializeForest(c.fit(X, y))).toBe(serializeForest(rf));
    const et = new ExtraTreesClassifier({ nEstimators: 3 });
    expect(et.clone()).toBeInstanceOf(ExtraTreesClassifier);
    expect(et.clone().getParams()).toEqual(et.getParams());
    expect(rf.setParams({ nEstimators: 2 })).toBe(rf);
    expect(rf.isFitted).toBe(false);
    expect(rf.options.nEstimators).toBe(2);
    expect(rf.fit(X, y).estimators).toHaveLength(2);
    expect(() => rf.setParams({ nEstimater: 2 })).toThrow('options.nEstimater must be one of the known options');
    expect(() => rf.setParams({ nEstimators: 0 })).toThrow('nEstimators');
    expect(rf.options.nEstimators).toBe(2);
  });

  it('bagging and algorithm forests clone with their factory / algorithm', () => {
    const bag = new BaggingRegressor({ base: (seed) => new RandomForestRegressor({ nEstimators: 2, seed }), nEstimators: 3, maxFeatures: 2, seed: 1 }).fit(X, t);
    const c = bag.clone();
    expect(c.getParams()).toEqual(bag.getParams());
    expect(Array.from(c.fit(X, t).predict(X))).toEqual(Array.from(bag.predict(X)));
    const alg = algorithmForest('gini-features', { nEstimators: 3, seed: 2, tree: { maxDepth: 2 } });
    const ac = alg.clone();
    expect(ac).toBeInstanceOf(AlgorithmForestClassifier);
    expect(ac.algorithm).toBe('gini-features');
    expect(ac.getParams()).toEqual(alg.getParams());
    expect(alg.getParams()).toMatchObject({ nEstimators: 3, seed: 2, tree: { maxDepth: 2 } });
    expect(new BaggingClassifier({ base: (seed) => new DecisionTreeClassifier({ seed }) }).clone().options.nEstimators).toBe(10);
  });

  it('JSON.stringify(forest) is a dt-forest file; fromJSON/load read it; wrong kinds and unfitted forests are refused', () => {
    const rf = new RandomForestClassifier({ nEstimators: 3, seed: 1 }).fit(X, y);
    const text = JSON.stringify(rf);
    expect(text).toBe(serializeForest(rf));
    expect(RandomForestClassifier.fromJSON(text).predictProba(X)).toEqual(rf.predictProba(X));
    expect((loadAnyModel(text, [forestModelFormat]) as RandomForestClassifier).predict(X)).toEqual(rf.predict(X));
    const reg = new RandomForestRegressor({ nEstimators: 2 }).fit(X, t);
    expect(Array.from(RandomForestRegressor.load(JSON.stringify(reg)).predict(X))).toEqual(Array.from(reg.predict(X)));
    const alg = algorithmForest('gini-features', { nEstimators: 2 }).fit(X, y);
    expect(AlgorithmForestClassifier.fromJSON(JSON.stringify(alg)).predict(X)).toEqual(alg.predict(X));
    expect(() => RandomForestRegressor.fromJSON(text)).toThrow(ModelFormatError);
    expect(() => ExtraTreesClassifier.load(text)).toThrow('the file holds a RandomForestClassifier');
    expect(() => RandomForestClassifier.fromJSON('[]')).toThrow(ModelFormatError);
    expect(() => JSON.stringify(new RandomForestClassifier())).toThrow(NotFittedError);
  });

  it('predictLogProba and weighted score', () => {
    const rf = new RandomForestClassifier({ nEstimators: 3, seed: 1 }).fit(X, y);
    expect(rf.predictLogProba(X)).toEqual(rf.predictProba(X).map((r) => r.map(Math.log)));
    const w = X.map((_, i) => (i % 4) + 1);
    const pred = rf.predict(X);
    const expected = pred.reduce((s: number, p, i) => s + (p === y[i] ? w[i]! : 0), 0) / w.reduce((a, b) => a + b, 0);
    expect(rf.score(X, y, w)).toBeCloseTo(expected, 12);
    expect(() => rf.score(X, y, [1, 2])).toThrow('sampleWeight has 2 values but X has 30 rows');
    const reg = new RandomForestRegressor({ nEstimators: 2 }).fit(X, t);
    expect(reg.score(X, t, undefined)).toBe(reg.score(X, t));
    expect(() => reg.score(X, t, w.map(() => -1))).toThrow('sampleWeight[0] must be a finite number >= 0, got -1');
  });
});
