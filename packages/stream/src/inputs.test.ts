import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '@dt/errors';
import { DecisionStreamClassifier, DecisionStreamRegressor } from './index.js';

const X = Array.from({ length: 40 }, (_, i) => [i % 7, (i * 3) % 5, i % 2]);
const y = X.map((r) => (r[0]! < 3 ? 'a' : 'b'));
const t = X.map((r) => r[0]! * 2);

describe('Decision Stream inputs: nothing coerced, nothing ignored', () => {
  for (const [name, make] of [
    ['classifier', () => new DecisionStreamClassifier().fit(X, y)],
    ['regressor', () => new DecisionStreamRegressor().fit(X, t)],
  ] as const) {
    it(`${name}: non-number cells are refused at fit and predict naming the cell and the value`, () => {
      const bad = X.map((r) => [...r]) as unknown[][];
      bad[3]![1] = '1.5';
      const fit = (): unknown => (name === 'classifier' ? new DecisionStreamClassifier().fit(bad as never, y) : new DecisionStreamRegressor().fit(bad as never, t));
      expect(fit).toThrowError('X[3][1] must be a number, got "1.5"');
      const m = make();
      expect(() => m.predict([['5', '3', '1']] as never)).toThrowError('X[0][0] must be a number, got "5"');
      expect(() => m.predict([[null, null, null]] as never)).toThrowError('X[0][0] must be a number, got null');
      expect(() => m.predict([[1, true, 2]] as never)).toThrowError('X[0][1] must be a number, got true');
    });
    it(`${name}: sample weights and unknown fit options are refused`, () => {
      const fit = (o: object): unknown => (name === 'classifier' ? new DecisionStreamClassifier().fit(X, y, o as never) : new DecisionStreamRegressor().fit(X, t, o as never));
      expect(() => fit({ sampleWeight: X.map(() => 1) })).toThrowError(/fitOptions.sampleWeight must be absent: Decision Stream does not support sample weights/);
      expect(() => fit({ featureName: ['a', 'b', 'c'] })).toThrowError(/fitOptions.featureName must be one of the known options \(featureNames; did you mean featureNames\?\)/);
      expect(() => fit({ featureNames: ['a', 'b', 'c'], sampleWeight: null })).not.toThrow();
    });
  }

  it('large mode refuses categorical codes that are not level codes', () => {
    for (const code of [-3, 5.1]) {
      const Xc = X.map((r, i) => [r[0]!, r[1]!, i === 5 ? code : r[2]!]);
      const fit = (): unknown => new DecisionStreamClassifier({ mode: 'large', categoricalFeatures: [2] }).fit(Xc, y);
      expect(fit).toThrowError(InvalidArgumentError);
      expect(fit).toThrowError(`X[5][2] must be a level code (an integer in [0, 100000)) for a categorical feature, got ${code}`);
    }
  });
});

describe('stream export options are checked', () => {
  it('rejects bad decimals and unknown keys with typed errors', async () => {
    const { exportStreamDot, exportStreamText } = await import('./index.js');
    const m = new DecisionStreamClassifier().fit(X, y);
    for (const exporter of [exportStreamDot, exportStreamText]) {
      expect(() => exporter(m, { decimals: 1000 })).toThrowError('options.decimals must be an integer in [0, 100], got 1000');
      expect(() => exporter(m, { decimals: Number.NaN })).toThrowError(InvalidArgumentError);
      expect(() => exporter(m, { maxDepth: 2 } as never)).toThrowError(/options.maxDepth must be one of the known options/);
    }
  });
});

describe('stream regressor targets near the float range', () => {
  it('refuses targets beyond ±1e100 (squared sums would overflow to ±Infinity) and stays finite below', () => {
    const Xs = Array.from({ length: 40 }, (_, i) => [i]);
    const big = (v: number): number[] => Xs.map((_, i) => (i < 20 ? v : -v));
    expect(() => new DecisionStreamRegressor().fit(Xs, big(1e308))).toThrowError('y[0] must be a number in [-1e100, 1e100]');
    const m = new DecisionStreamRegressor().fit(Xs, big(1e100));
    expect(Array.from(m.predict(Xs)).every(Number.isFinite)).toBe(true);
  });
});
