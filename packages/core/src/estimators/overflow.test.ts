import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '@dt/errors';
import { listProjections } from '@dt/projections';
import { createClassifier, DecisionTreeClassifier, DecisionTreeRegressor } from '../index.js';
import { Tree } from '../tree/tree.js';

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
  it('an oblique split weight near 1e308 (a loaded file) gives finite importances (fuzz: NaN before)', () => {
    const t = new Tree(2, 2, 3);
    const root = t.addNode(-1, true, { impurity: 0.5, nSamples: 4, weightedNSamples: 4 });
    const l = t.addNode(root, true, { impurity: 0, nSamples: 2, weightedNSamples: 2 });
    const r = t.addNode(root, false, { impurity: 0, nSamples: 2, weightedNSamples: 2 });
    t.setObliqueSplit(root, [0, 1], [1e308, 95], 0);
    void l;
    void r;
    const imp = Array.from(t.featureImportances());
    expect(imp.every((v) => v >= 0 && v <= 1)).toBe(true);
    expect(imp[0]! + imp[1]!).toBeCloseTo(1, 12);
  });
  it('HHCART on subnormal features fits (fuzz: raw TypeError inside ml-matrix before)', () => {
    const v = [-1.785903261495222e-75, 1.5481844416284433e-197, -1.250054993494811e-90, 2, -8.4e-323, -1, 2.415566340028451e-229, 0, 4, -3, 4, 4.711397556097447e-115];
    const Xs = [v.slice(0, 3), v.slice(3, 6), v.slice(6, 9), v.slice(9, 12)];
    const m = createClassifier('hhcart-a', { ccpAlpha: 0.01 }).fit(Xs, [2, 'a', 'a', 2]);
    expect(m.predict(Xs)).toEqual([2, 'a', 'a', 2]);
  });
  it('per-node feature PCA on subnormal features fits (fuzz seed 2: raw TypeError inside ml-pca before)', () => {
    const v = [-3e-323, -4, -707.5319359093911, 4.630091384218346e-29, -4, -1.3094770103132444e-128, 0, -3, 1, 1.756183120201107e-14, 3, -2.0387472276065795e-54, 5, 2, 3, -5, -4, 1.421363672308446e-260, 0, -1.8574622297870848e-274, 0, -1, -1, -7e-323, 999999.9999999986, -1.0657956524652053e-167, -6.4e-323, -7e-323];
    const Xs = Array.from({ length: 14 }, (_, r) => [v[2 * r]!, v[2 * r + 1]!]);
    const y = [1, 2, 1, 'c', 2, 'a', 'a', 2, 'a', 'b', 'c', 2, 'b', 2];
    const m = createClassifier('maxcut-node-features-pca', { ccpAlpha: 0.01 }).fit(Xs, y);
    expect(m.predict(Xs).every((p) => y.includes(p))).toBe(true);
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
