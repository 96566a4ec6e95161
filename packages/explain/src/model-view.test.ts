import { DecisionTreeClassifier, DecisionTreeRegressor } from '@dt/core';
import { BaggingClassifier, ExtraTreesRegressor, RandomForestClassifier, RandomForestRegressor } from '@dt/ensemble';
import { createRandom, InvalidArgumentError, NotFittedError, ShapeMismatchError } from '@dt/errors';
import { DecisionStreamClassifier } from '@dt/stream';
import { describe, expect, it } from 'vitest';
import { treeEnsembleView } from './model-view.js';
import { bruteShapley, pathValue } from './testing-fixtures/brute-force.js';
import { shapImportance } from './shap-importance.js';
import { additivityError, treeShap, treeShapInteractions } from './tree-shap.js';

function data(seed: number, n: number, d: number, nanRate = 0): { X: number[][]; y: number[]; yc: number[] } {
  const rng = createRandom(seed);
  const X = Array.from({ length: n }, () => Array.from({ length: d }, () => rng.next() * 2 - 1));
  const y = X.map((r) => r[0]! + r[1]! * r[2]! - 0.5 * r[3 % d]!);
  // Class 2 is rare, so some bootstrap samples miss it (members with fewer class columns).
  const yc = y.map((v, i) => (i % 60 === 0 ? 2 : v > 0 ? 1 : 0));
  for (const r of X) for (let j = 0; j < d; j++) if (rng.next() < nanRate) r[j] = Number.NaN;
  return { X, y, yc };
}

function expectNear(a: ArrayLike<number>, b: ArrayLike<number>, tol = 1e-9): void {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < a.length; i++) if (!(Math.abs(a[i]! - b[i]!) <= tol * (1 + Math.abs(b[i]!)))) expect.fail(`[${i}] ${a[i]} vs ${b[i]}`);
}

describe('dt models explain themselves', () => {
  const { X, y, yc } = data(1, 120, 5, 0.05);
  const rows = X.slice(0, 6);
  const models: [string, object, (x: number[][]) => Float64Array][] = [];
  const clf = new DecisionTreeClassifier({ maxDepth: 6 }).fit(X, yc);
  models.push(['tree classifier (NaN learnt)', clf, (x) => clf.predictProbaFlat(x)]);
  const reg = new DecisionTreeRegressor({ maxDepth: 6 }).fit(X, y);
  models.push(['tree regressor', reg, (x) => reg.predict(x)]);
  const rf = new RandomForestClassifier({ nEstimators: 8, maxDepth: 5, seed: 3 }).fit(X, yc);
  models.push(['random forest classifier', rf, (x) => rf.predictProbaFlat(x)]);
  const rfr = new RandomForestRegressor({ nEstimators: 5, maxDepth: 5, seed: 3 }).fit(X, y);
  models.push(['random forest regressor', rfr, (x) => rfr.predict(x)]);
  const et = new ExtraTreesRegressor({ nEstimators: 5, maxDepth: 5, seed: 4 }).fit(X, y);
  models.push(['extra trees regressor', et, (x) => et.predict(x)]);
  const bag = new BaggingClassifier({ base: (seed) => new DecisionTreeClassifier({ seed, maxDepth: 4 }), nEstimators: 6, maxFeatures: 3, seed: 5 }).fit(X, yc);
  models.push(['bagging with feature subsets', bag, (x) => bag.predictProbaFlat(x)]);

  it('some bagging member misses a class (its class columns are mapped); members see feature subsets', () => {
    expect(treeEnsembleView(bag).trees.some((t) => t.classMap !== null)).toBe(true);
    expect(treeEnsembleView(bag).trees.every((t) => t.features !== null && t.features.length === 3)).toBe(true);
  });

  for (const [name, model, predict] of models) {
    it(`${name}: prediction as the model's, values equal subset enumeration`, () => {
      const r = treeShap(model, rows);
      expectNear(r.prediction, predict(rows));
      const view = treeEnsembleView(model);
      const M = view.nFeatures;
      const K = view.nOutputs;
      rows.forEach((x, i) => expectNear(r.values.subarray(i * M * K, (i + 1) * M * K), bruteShapley(M, K, (inS) => pathValue(view, x, inS))));
      const bg = treeShap(model, rows, { background: X.slice(50, 60) });
      expectNear(bg.prediction, predict(rows));
    });
  }

  it('names outputs and features', () => {
    const named = new DecisionTreeClassifier({ maxDepth: 3 }).fit(X, yc.map((c) => ['no', 'yes', 'maybe'][c]!), { featureNames: ['a', 'b', 'c', 'd', 'e'] });
    const r = treeShap(named, rows);
    expect(r.outputNames).toEqual(['maybe', 'no', 'yes']);
    expect(r.featureNames).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(r.units).toBe('probability');
    expect(treeShap(reg, rows).units).toBe('value');
  });
});

describe('models without per-feature paths are refused with the reason', () => {
  const { X, yc } = data(2, 80, 4);
  it('oblique trees', () => {
    const m = new DecisionTreeClassifier({ projection: 'node-means-pca', maxDepth: 3 }).fit(X, yc);
    expect(() => treeShap(m, X)).toThrow(InvalidArgumentError);
    expect(() => treeShap(m, X)).toThrow(/oblique split/);
  });
  it('CRIMCOORD trees', () => {
    const Xc = X.map((r, i) => [i % 3, ...r.slice(1)]);
    const m = new DecisionTreeClassifier({ categoricalFeatures: [0], maxDepth: 3 }).fit(Xc, Xc.map((r) => (r[0] === 1 ? 1 : 0)));
    expect(() => treeShap(m, Xc)).toThrow(/CRIMCOORD/);
  });
  it('Decision Streams and forests of them', () => {
    const s = new DecisionStreamClassifier().fit(X, yc);
    expect(() => treeShap(s, X)).toThrow(/Decision Stream is a DAG/);
    const bag = new BaggingClassifier({ base: () => new DecisionStreamClassifier(), nEstimators: 2, repeatRows: true }).fit(X, yc);
    expect(() => treeShap(bag, X)).toThrow(/model\.estimators\[0\] must be a dt DecisionTreeClassifier/);
  });
  it('oblique forest members name the member', () => {
    const bag = new BaggingClassifier({ base: (seed) => new DecisionTreeClassifier({ seed, projection: 'node-means-pca', maxDepth: 3 }), nEstimators: 2 }).fit(X, yc);
    expect(() => treeShap(bag, X)).toThrow(/model\.estimators\[0\] must be an axis-aligned tree model: node 0 splits/);
  });
});

describe('bad input is refused at the boundary, naming the argument and the value', () => {
  const { X, y } = data(3, 60, 3);
  const m = new DecisionTreeRegressor({ maxDepth: 3 }).fit(X, y);
  it.each([
    [() => treeShap(null, X), InvalidArgumentError, /model must be a fitted dt tree/],
    [() => treeShap({}, X), InvalidArgumentError, /model must be/],
    [() => treeShap(new DecisionTreeRegressor(), X), NotFittedError, /not fitted/],
    [() => treeShap(m, [[1, 2]]), ShapeMismatchError, /X has 2 features but the model has 3/],
    [() => treeShap(m, [[1, '2', 3]] as unknown as number[][]), InvalidArgumentError, /X\[0\]\[1\] must be a number, got "2"/],
    [() => treeShap(m, []), InvalidArgumentError, /X must be a non-empty matrix/],
    [() => treeShap(m, X, { featurePerturbation: 'marginal' as never }), InvalidArgumentError, /featurePerturbation/],
    [() => treeShap(m, X, { featurePerturbation: 'interventional' }), InvalidArgumentError, /background must be rows/],
    [() => treeShap(m, X, { featurePerturbation: 'treePathDependent', background: X }), InvalidArgumentError, /background must be null/],
    [() => treeShap(m, X, { background: [[1, 2]] }), ShapeMismatchError, /background has 2 features/],
    [() => treeShap(m, X, { checkAdditivity: 1 as never }), InvalidArgumentError, /checkAdditivity/],
    [() => treeShap(m, X, { bogus: 1 } as never), InvalidArgumentError, /bogus/],
    [() => treeShapInteractions(m, X, { background: X }), InvalidArgumentError, /'treePathDependent' for interaction values/],
  ])('%#', (f, type, message) => {
    expect(f).toThrow(type);
    expect(f).toThrow(message);
  });

  it('views from other packages are checked', () => {
    const view = treeEnsembleView(m);
    const bad = (patch: object): (() => unknown) => () => treeShap({ toTreeEnsembleView: () => ({ ...view, ...patch }) }, X);
    expect(bad({ baseValue: [0, 1] })).toThrow(/view\.baseValue must be 1 numbers/);
    expect(bad({ units: 'logits' })).toThrow(/view\.units/);
    expect(bad({ trees: [{ ...view.trees[0]!, output: 1 }] })).toThrow(/view\.trees\[0\]\.output/);
    expect(bad({ trees: [{ ...view.trees[0]!, features: Int32Array.of(0, 1, 7) }] })).toThrow(/view\.trees\[0\]\.features/);
  });

  it('covers that do not add up are refused for path-dependent values, allowed for interventional', () => {
    const view = treeEnsembleView(m);
    const tree = view.trees[0]!.tree;
    const saved = tree.weightedNSamples[0]!;
    tree.weightedNSamples[0] = 0;
    try {
      expect(() => treeShap(m, X)).toThrow(/model tree 0 node 0 cover must be positive/);
      expect(treeShap(m, X.slice(0, 2), { background: X.slice(0, 5) }).rows).toBe(2);
    } finally {
      tree.weightedNSamples[0] = saved;
    }
  });

  it('additivityError measures Σ values + expectedValue − prediction', () => {
    const r = treeShap(m, X);
    expect(additivityError(r)).toBeLessThan(1e-12);
    const broken = { ...r, values: r.values.slice() };
    broken.values[4]! += 1e-3;
    expect(additivityError(broken)).toBeGreaterThan(1e-5);
  });
});

describe('shapImportance', () => {
  it('is the mean |SHAP value| per feature, summed over outputs or for one', () => {
    const { X, yc } = data(4, 60, 3);
    const r = treeShap(new DecisionTreeClassifier({ maxDepth: 3 }).fit(X, yc), X);
    const all = shapImportance(r);
    const one = shapImportance(r, { output: 1 });
    for (let j = 0; j < 3; j++) {
      let s = 0;
      let s1 = 0;
      for (let row = 0; row < r.rows; row++) {
        for (let k = 0; k < r.nOutputs; k++) s += Math.abs(r.values[(row * 3 + j) * r.nOutputs + k]!);
        s1 += Math.abs(r.values[(row * 3 + j) * r.nOutputs + 1]!);
      }
      expect(all[j]).toBeCloseTo(s / r.rows, 14);
      expect(one[j]).toBeCloseTo(s1 / r.rows, 14);
    }
    expect(() => shapImportance(r, { output: 5 })).toThrow(/output must be an output index below 3, got 5/);
  });
});
