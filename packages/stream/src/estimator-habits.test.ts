import { describe, expect, it } from 'vitest';
import { loadAnyModel } from '@dt/core';
import { ModelFormatError, NotFittedError } from '@dt/errors';
import { DecisionStreamClassifier, DecisionStreamRegressor, loadStreamModel, serializeStreamModel, streamModelFormat } from './index.js';

const X = Array.from({ length: 40 }, (_, i) => [i % 10, (i * 7) % 13]);
const y = X.map(([a]) => (a! < 5 ? 'lo' : 'hi'));
const t = X.map(([a, b]) => a! * 2 + (b! > 6 ? 10 : 0));

describe('scikit-learn habits on Decision Stream', () => {
  it('getParams / clone / setParams', () => {
    const clf = new DecisionStreamClassifier({ alpha: 0.05, seed: 3 });
    const p = clf.getParams();
    expect(p).toMatchObject({ alpha: 0.05, seed: 3 });
    expect(new DecisionStreamClassifier(p).options).toEqual(clf.options);
    clf.fit(X, y);
    const c = clf.clone();
    expect(c.isFitted).toBe(false);
    expect(c.options).toEqual(clf.options);
    expect(serializeStreamModel(c.fit(X, y))).toBe(serializeStreamModel(clf));
    expect(clf.setParams({ alpha: 0.1 })).toBe(clf);
    expect(clf.isFitted).toBe(false);
    expect(clf.options.alpha).toBe(0.1);
    expect(() => clf.setParams({ alpah: 0.1 } as never)).toThrow('options.alpah must be one of the known options');
    expect(() => clf.setParams({ alpha: 2 })).toThrow('alpha');
  });

  it('JSON.stringify(model) is a dt-stream file; fromJSON/load check the estimator', () => {
    const clf = new DecisionStreamClassifier().fit(X, y);
    const text = JSON.stringify(clf);
    expect(text).toBe(serializeStreamModel(clf));
    expect(loadStreamModel(text).predict(X)).toEqual(clf.predict(X));
    expect(DecisionStreamClassifier.fromJSON(text).predictProba(X)).toEqual(clf.predictProba(X));
    expect((loadAnyModel(text, [streamModelFormat]) as DecisionStreamClassifier).predict(X)).toEqual(clf.predict(X));
    const reg = new DecisionStreamRegressor().fit(X, t);
    expect(DecisionStreamRegressor.load(JSON.stringify(reg)).predict(X)).toEqual(reg.predict(X));
    expect(() => DecisionStreamRegressor.fromJSON(text)).toThrow(ModelFormatError);
    expect(() => DecisionStreamRegressor.fromJSON(text)).toThrow('holds a DecisionStreamClassifier, not a DecisionStreamRegressor');
    expect(() => DecisionStreamClassifier.load('{}')).toThrow(ModelFormatError);
    expect(() => JSON.stringify(new DecisionStreamRegressor())).toThrow(NotFittedError);
  });

  it('predictLogProba and weighted score', () => {
    const clf = new DecisionStreamClassifier().fit(X, y);
    expect(clf.predictLogProba(X)).toEqual(clf.predictProba(X).map((r) => r.map(Math.log)));
    const w = X.map((_, i) => (i % 3) + 1);
    const pred = clf.predict(X);
    const expected = pred.reduce((s: number, p, i) => s + (p === y[i] ? w[i]! : 0), 0) / w.reduce((a, b) => a + b, 0);
    expect(clf.score(X, y, w)).toBeCloseTo(expected, 12);
    expect(() => clf.score(X, y, [1])).toThrow('sampleWeight has 1 values but X has 40 rows');
    const reg = new DecisionStreamRegressor().fit(X, t);
    expect(reg.score(X, t, null)).toBe(reg.score(X, t));
    expect(() => reg.score(X, t, w.map(() => Number.NaN))).toThrow('sampleWeight[0] must be a finite number >= 0, got NaN');
  });
});
