import { describe, expect, it } from 'vitest';
import { costComplexityPath, DecisionTreeClassifier, DecisionTreeRegressor, serializeModel, treeToJson } from '@dt/core';
import { chooseCcpAlpha, fitWithReducedErrorPruning, pruneModel, reducedErrorPrune } from './index.js';
import { fixedDirections, randomData } from './testing-fixtures/random-data.js';

describe('pruneModel', () => {
  const { X, y } = randomData(200, 3, 31, 'classification');

  it('equals fitting with ccpAlpha, updates the option and leaves the input alone', () => {
    const m = new DecisionTreeClassifier({ criterion: 'entropy' }).fit(X, y);
    const before = serializeModel(m);
    const alpha = costComplexityPath(m.tree).alphas[8]! * 1.001;
    const p = pruneModel(m, alpha);
    expect(treeToJson(p.tree)).toEqual(treeToJson(new DecisionTreeClassifier({ criterion: 'entropy', ccpAlpha: alpha }).fit(X, y).tree));
    expect(p.options.ccpAlpha).toBe(alpha);
    expect(p.classes).toEqual(m.classes);
    expect(serializeModel(m)).toBe(before);
    // Pruning further keeps the larger alpha; alpha 0 is no pruning.
    expect(pruneModel(p, alpha / 2).options.ccpAlpha).toBe(alpha);
    expect(treeToJson(pruneModel(m, 0).tree)).toEqual(treeToJson(m.tree));
  });

  it('keeps every option of the model, classifier-only ones included', () => {
    const m = new DecisionTreeClassifier({ criterion: 'entropy', classWeight: 'balanced', misRate: 0.05, minParent: 4, maxFeatures: 2, seed: 9 }).fit(X, y);
    const p = pruneModel(m, 0.001);
    expect({ ...p.options, ccpAlpha: 0 }).toEqual({ ...m.options, ccpAlpha: 0 });
    const r = randomData(80, 2, 4, 'regression');
    const reg = new DecisionTreeRegressor({ criterion: 'mae', minParent: 3 }).fit(r.X, r.y);
    expect({ ...pruneModel(reg, 0.01).options, ccpAlpha: 0 }).toEqual({ ...reg.options, ccpAlpha: 0 });
  });

  it('works on oblique and regression trees', () => {
    const ob = new DecisionTreeClassifier({ projection: fixedDirections([[0.6, 0.8, 0], [0, 0.6, -0.8]]) }).fit(X, y);
    const p = pruneModel(ob, 0.01);
    expect(p.nLeaves).toBeLessThan(ob.nLeaves);
    expect(p.options.projection).toBe(ob.options.projection);
    const r = randomData(100, 2, 3, 'regression');
    const reg = new DecisionTreeRegressor().fit(r.X, r.y);
    expect(pruneModel(reg, 0.05).nLeaves).toBeLessThan(reg.nLeaves);
    expect(() => pruneModel(reg, -1)).toThrowError('alpha must be a finite number >= 0, got -1');
  });
});

describe('fitWithReducedErrorPruning', () => {
  it('holds out a stratified fraction, grows on the rest and prunes with the held-out rows', () => {
    const { X, y } = randomData(250, 3, 41, 'classification');
    const res = fitWithReducedErrorPruning({ criterion: 'gini' }, X, y, { pruneFraction: 0.2, seed: 2 });
    expect(res.pruneRows.length).toBe(50);
    expect(res.growRows.length).toBe(200);
    const grow = new DecisionTreeClassifier().fit(Array.from(res.growRows, (i) => X[i]!), Array.from(res.growRows, (i) => y[i]!));
    expect(treeToJson(res.unpruned.tree)).toEqual(treeToJson(grow.tree));
    const pruned = reducedErrorPrune(grow, Array.from(res.pruneRows, (i) => X[i]!), Array.from(res.pruneRows, (i) => y[i]!));
    expect(treeToJson(res.model.tree)).toEqual(treeToJson(pruned.tree));
    expect(res.model.nLeaves).toBeLessThan(res.unpruned.nLeaves);
    for (const c of [0, 1, 2]) {
      const share = res.pruneRows.filter((i) => y[i] === c).length / 50;
      expect(Math.abs(share - y.filter((v) => v === c).length / 250)).toBeLessThanOrEqual(1 / 50);
    }
    const named = fitWithReducedErrorPruning({}, X, y, { featureNames: ['a', 'b', 'c'] });
    expect(named.model.featureNames).toEqual(['a', 'b', 'c']);
    expect(named.unpruned.featureNames).toEqual(['a', 'b', 'c']);
    expect(chooseCcpAlpha({}, X, y, { featureNames: ['a', 'b', 'c'] }).model.featureNames).toEqual(['a', 'b', 'c']);
    expect(() => fitWithReducedErrorPruning({}, X, y, { pruneFraction: 1 })).toThrowError(/options.pruneFraction must be a number in \(0, 1\)/);
  });
});
