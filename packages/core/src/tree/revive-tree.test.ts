import { describe, expect, it } from 'vitest';
import { makeClassification, makeRegression } from '@dt/datasets';
import { modelToJson } from '../model-file/model-format.js';
import { DecisionTreeClassifier, DecisionTreeRegressor, Tree } from '../index.js';
import { RESTORE } from '../model-file/restore.js';
import { reviveTree } from './tree.js';

describe('reviveTree', () => {
  it('a structured-cloned tree is the same tree again: class weights held sparse, and dense values', () => {
    const c = makeClassification({ nSamples: 300, nFeatures: 5, nClasses: 4, nInformative: 3, seed: 3 });
    const clf = new DecisionTreeClassifier({ seed: 1 }).fit(c.X, c.y);
    expect(clf.tree.hasSparseValues).toBe(true);
    const back = reviveTree(structuredClone(clf.tree));
    expect(back).toBeInstanceOf(Tree);
    expect(back.hasSparseValues).toBe(true);
    const copy = new DecisionTreeClassifier({ seed: 1 });
    copy[RESTORE]({ fitted: back, featureNames: null, classes: clf.classes });
    expect(copy.predictProbaFlat(c.X)).toEqual(clf.predictProbaFlat(c.X));
    expect(JSON.stringify(modelToJson(copy))).toBe(JSON.stringify(modelToJson(clf)));
    const r = makeRegression({ nSamples: 200, nFeatures: 4, seed: 2 });
    const reg = new DecisionTreeRegressor({ maxDepth: 6 }).fit(r.X as never, r.y as never);
    const rb = reviveTree(structuredClone(reg.tree));
    expect(rb.apply(r.X.data as Float64Array, r.X.rows)).toEqual(reg.tree.apply(r.X.data as Float64Array, r.X.rows));
    expect(Array.from(rb.value.subarray(0, rb.nodeCount))).toEqual(Array.from(reg.tree.value.subarray(0, reg.tree.nodeCount)));
  });
});
