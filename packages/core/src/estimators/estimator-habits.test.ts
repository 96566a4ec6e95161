import { describe, expect, it } from 'vitest';
import { DecisionTreeClassifier, DecisionTreeRegressor, loadModel, serializeModel } from '../index.js';
import { ModelFormatError, NotFittedError } from '@dt/errors';

const X = [
  [0, 1.5],
  [1, 0.5],
  [2, 2.5],
  [0, 3.5],
  [1, 1.0],
  [2, 0.2],
  [3, 0.7],
  [3, 2.2],
];
const y = ['a', 'b', 'a', 'a', 'b', 'b', 'c', 'c'];
const t = [1, 2, 3, 4, 5, 6, 7, 8];

describe('scikit-learn habits on the trees', () => {
  it('getParams lists every option of the task; new Estimator(getParams()) has the same options and grows the same tree', () => {
    const clf = new DecisionTreeClassifier({ maxDepth: 2, criterion: 'entropy', classWeight: 'balanced', seed: 7, splitter: 'random' });
    const p = clf.getParams();
    expect(p).toMatchObject({ maxDepth: 2, seed: 7, splitter: 'random', classWeight: 'balanced', minSamplesLeaf: 1 });
    expect(Object.keys(p)).not.toContain('nothing');
    const again = new DecisionTreeClassifier(p);
    expect(again.options).toEqual(clf.options);
    expect(serializeModel(again.fit(X, y))).toBe(serializeModel(clf.fit(X, y)));
    // Regressors do not list classifier-only options.
    expect(Object.keys(new DecisionTreeRegressor().getParams())).not.toContain('classWeight');
  });

  it('clone is an unfitted copy with the same options (not sharing arrays)', () => {
    const reg = new DecisionTreeRegressor({ maxDepth: 3, criterion: 'mae', categoricalFeatures: [0] }).fit(X, t);
    const c = reg.clone();
    expect(c).toBeInstanceOf(DecisionTreeRegressor);
    expect(c.isFitted).toBe(false);
    expect(c.options).toEqual(reg.options);
    expect(c.getParams().categoricalFeatures).not.toBe(reg.getParams().categoricalFeatures);
    expect(c.fit(X, t).predict(X)).toEqual(reg.predict(X));
  });

  it('setParams validates like the constructor, returns this unfitted, and rejects unknown keys and bad values', () => {
    const clf = new DecisionTreeClassifier({ maxDepth: 1 }).fit(X, y);
    expect(clf.setParams({ maxDepth: 3 })).toBe(clf);
    expect(clf.options.maxDepth).toBe(3);
    expect(clf.isFitted).toBe(false);
    expect(() => clf.setParams({ maxDepht: 3 } as never)).toThrow('options.maxDepht must be one of the known options');
    expect(() => clf.setParams({ maxDepth: -1 })).toThrow('maxDepth');
    expect(() => clf.setParams(null as never)).toThrow('params');
    expect(clf.options.maxDepth).toBe(3); // a rejected change leaves the options as they were
  });

  it('JSON.stringify(model) is a model file: loadModel and fromJSON/load read it back', () => {
    const clf = new DecisionTreeClassifier({ maxDepth: 3 }).fit(X, y, { featureNames: ['u', 'v'] });
    const text = JSON.stringify(clf);
    expect(text).toBe(serializeModel(clf));
    expect(loadModel(text).predict(X)).toEqual(clf.predict(X));
    const back = DecisionTreeClassifier.fromJSON(text);
    expect(back).toBeInstanceOf(DecisionTreeClassifier);
    expect(back.predictProba(X)).toEqual(clf.predictProba(X));
    expect(DecisionTreeClassifier.load(JSON.parse(text)).featureNames).toEqual(['u', 'v']);
    const reg = new DecisionTreeRegressor().fit(X, t);
    expect(DecisionTreeRegressor.fromJSON(JSON.stringify(reg)).predict(X)).toEqual(reg.predict(X));
    expect(DecisionTreeRegressor.load(JSON.stringify(reg)).predict(X)).toEqual(reg.predict(X));
  });

  it('fromJSON refuses the other estimator, malformed files, and toJSON refuses unfitted models', () => {
    const reg = JSON.stringify(new DecisionTreeRegressor().fit(X, t));
    expect(() => DecisionTreeClassifier.fromJSON(reg)).toThrow(ModelFormatError);
    expect(() => DecisionTreeClassifier.fromJSON(reg)).toThrow('holds a DecisionTreeRegressor, not a DecisionTreeClassifier');
    expect(() => DecisionTreeRegressor.fromJSON('{"format":"x"}')).toThrow(ModelFormatError);
    expect(() => DecisionTreeRegressor.load('not json')).toThrow(ModelFormatError);
    expect(() => JSON.stringify(new DecisionTreeClassifier())).toThrow(NotFittedError);
  });

  it('predictLogProba is the log of predictProba (-Infinity for 0)', () => {
    const clf = new DecisionTreeClassifier().fit(X, y);
    const lp = clf.predictLogProba(X);
    const p = clf.predictProba(X);
    expect(lp).toEqual(p.map((r) => r.map(Math.log)));
    expect(lp.flat()).toContain(Number.NEGATIVE_INFINITY);
    expect(lp.flat().some(Number.isNaN)).toBe(false);
    expect(() => new DecisionTreeClassifier().predictLogProba(X)).toThrow(NotFittedError);
    expect(() => clf.predictLogProba([[1, 2, 3]])).toThrow('X has 3 features but the model was fitted with 2');
  });

  it('score takes sample weights: weighted accuracy and weighted R² (scikit-learn values)', () => {
    const clf = new DecisionTreeClassifier({ maxDepth: 1 }).fit(X, y);
    const pred = clf.predict(X);
    const right = pred.map((p, i) => (p === y[i] ? 1 : 0));
    const w = [1, 2, 3, 4, 5, 6, 7, 8];
    const expected = right.reduce((s: number, r, i) => s + r * w[i]!, 0) / 36;
    expect(clf.score(X, y, w)).toBeCloseTo(expected, 12);
    expect(clf.score(X, y, null)).toBe(clf.score(X, y));
    const reg = new DecisionTreeRegressor({ maxDepth: 1 }).fit([[0], [1], [2]], [1, 2, 3]);
    const p = reg.predict([[0], [1], [2]]);
    expect(Array.from(p)).toEqual([1, 2.5, 2.5]);
    // sklearn.metrics.r2_score([1, 2, 3], [1, 2.5, 2.5], sample_weight=[1, 1, 2]) = 0.7272727272727273
    expect(reg.score([[0], [1], [2]], [1, 2, 3], [1, 1, 2])).toBeCloseTo(0.7272727272727273, 12);
    expect(() => clf.score(X, y, [1, 2])).toThrow('sampleWeight has 2 values but X has 8 rows');
    expect(() => clf.score(X, y, w.map(() => 0))).toThrow('sampleWeight must be weights with a positive sum');
    expect(() => reg.score([[0], [1], [2]], [1, 2, 3], [1, -1, 2])).toThrow('sampleWeight[1] must be a finite number >= 0, got -1');
  });
});
