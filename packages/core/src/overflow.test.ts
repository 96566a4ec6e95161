import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '@dt/errors';
import { listProjections } from '@dt/projections';
import { createClassifier, DecisionTreeClassifier, DecisionTreeRegressor } from './index.js';

const X = [[0], [1], [2], [3]];

describe('values near the float range: never NaN, never a raw TypeError', () => {
  it('huge sample weights are rescaled (relative), so probabilities and importances stay finite', () => {
    const big = new DecisionTreeClassifier().fit(X, ['a', 'a', 'b', 'b'], { sampleWeight: [1e308, 1e308, 1e308, 1e308] });
    const unit = new DecisionTreeClassifier().fit(X, ['a', 'a', 'b', 'b']);
    expect(big.predictProba([[0], [3]])).toEqual([[1, 0], [0, 1]]);
    expect(Array.from(big.featureImportances)).toEqual([1]);
    expect(big.tree.threshold[0]).toBe(unit.tree.threshold[0]);
    const mixed = new DecisionTreeRegressor().fit(X, [1, 2, 3, 4], { sampleWeight: [1e308, 1, 1e300, 1e308] });
    expect(Array.from(mixed.predict(X)).every(Number.isFinite)).toBe(true);
  });
  it('class weights that overflow the sums are rescaled too', () => {
    const m = new DecisionTreeClassifier({ classWeight: { a: 1e308, b: 1e308 } }).fit(X, ['a', 'a', 'b', 'b']);
    expect(m.predictProba([[0]])).toEqual([[1, 0]]);
  });
  it('regression targets beyond ±1e100 are refused naming the target', () => {
    expect(() => new DecisionTreeRegressor().fit(X, [1e308, -1e308, 1e308, -1e308])).toThrowError(
      'y[0] must be a number in [-1e100, 1e100] (squared errors of larger targets overflow; rescale the targets), got 1e+308',
    );
    const m = new DecisionTreeRegressor().fit(X, [1e100, -1e100, 1e100, -1e100]);
    expect(Array.from(m.featureImportances).every(Number.isFinite)).toBe(true);
    expect(Array.from(m.predict(X))).toEqual([1e100, -1e100, 1e100, -1e100]);
  });
  it('every projection and scaling refuses features beyond ±1e100 with a typed error naming the cell', () => {
    const Xb = [[1, 2], [2, 1e200], [3, 2], [1, 5]];
    const y = ['a', 'b', 'a', 'b'];
    for (const projection of listProjections().filter((p) => p !== 'axis')) {
      const fit = (): unknown => new DecisionTreeClassifier({ projection }).fit(Xb, y);
      expect(fit, projection).toThrowError(InvalidArgumentError);
      expect(fit, projection).toThrowError(`X[1][1] must be a number in [-1e100, 1e100] (projection "${projection}" squares features; rescale X), got 1e+200`);
    }
    for (const name of ['gini-pre-pca', 'hhcart-a', 'hhcart-d', 'maxcut-node-features-pca']) {
      expect(() => createClassifier(name).fit(Xb, y), name).toThrowError(InvalidArgumentError);
    }
    expect(() => new DecisionTreeClassifier({ scale: true }).fit(Xb, y)).toThrowError('X[1][1] must be a number in [-1e100, 1e100] (scale squares features');
    // axis-aligned splits compare values and never square them: still accepted
    expect(new DecisionTreeClassifier().fit(Xb, y).predict(Xb)).toEqual(y);
  });
});
