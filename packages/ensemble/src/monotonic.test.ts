/**
 * Forests pass `monotonicCst` to every member tree (scikit-learn forests'
 * monotonic_cst): each member is monotone along each constrained feature, so is their average.
 * The forest file records the option and loads to the same predictions.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRandom } from '@dt/errors';
import type { Tree } from '@dt/core';
import { loadForest, serializeForest } from './model-format.js';
import { ExtraTreesClassifier, ExtraTreesRegressor, RandomForestClassifier, RandomForestRegressor } from './random-forest.js';

function data(n: number, seed: number, missing: boolean) {
  const rng = createRandom(seed);
  const X: number[][] = [];
  const y: number[] = [];
  const yb: number[] = [];
  for (let i = 0; i < n; i++) {
    const row = [rng.next() * 4 - 2, rng.next() * 4 - 2, rng.next() * 4 - 2];
    const t = Math.sin(2 * row[0]!) - 0.7 * row[1]! + row[2]! * 0.3 + rng.next() - 0.5;
    if (missing) for (let j = 0; j < 3; j++) if (rng.next() < 0.1) row[j] = Number.NaN;
    X.push(row);
    y.push(t);
    yb.push(t + rng.next() > 0.3 ? 1 : 0);
  }
  return { X, y, yb };
}

/** Every threshold interval of feature f in any member, probed from below and above, ascending. */
function probes(trees: Tree[], f: number): number[] {
  const pts = new Set([-1e300, 1e300]);
  for (const t of trees) {
    for (const node of t.reachable()) {
      if (t.isLeaf(node) || t.feature[node] !== f || !Number.isFinite(t.threshold[node]!)) continue;
      const th = t.threshold[node]!;
      pts.add(th);
      pts.add(th + Math.max(Math.abs(th) * 1e-12, 1e-300));
    }
  }
  return [...pts].sort((a, b) => a - b);
}

function monotone(predict: (rows: number[][]) => number[], trees: Tree[], base: number[][], cst: number[]): boolean {
  return cst.every((s, f) => {
    if (s === 0) return true;
    const pts = probes(trees, f);
    return base.every((row) => {
      const p = predict(pts.map((v) => row.map((x, j) => (j === f ? v : x))));
      return p.every((v, k) => k === 0 || (v - p[k - 1]!) * s >= -1e-12);
    });
  });
}

const cstArb = fc.array(fc.constantFrom(-1, 0, 1), { minLength: 3, maxLength: 3 }).filter((c) => c.some((v) => v !== 0));

describe('forests with monotonicCst (fast-check)', () => {
  it('RandomForest / ExtraTrees regressors: the average is monotone along each constrained feature', () => {
    fc.assert(
      fc.property(cstArb, fc.integer({ min: 0, max: 1000 }), fc.boolean(), fc.boolean(), (cst, seed, extra, missing) => {
        const { X, y } = data(80, seed, missing);
        const F = extra ? ExtraTreesRegressor : RandomForestRegressor;
        const f = new F({ nEstimators: 4, seed, monotonicCst: cst, maxFeatures: 2 }).fit(X, y);
        expect(f.estimators.every((m) => m.options.monotonicCst !== null)).toBe(true);
        expect(monotone((r) => Array.from(f.predict(r)), f.estimators.map((m) => m.tree), X.slice(0, 6), cst)).toBe(true);
      }),
      { seed: 35, numRuns: 25 },
    );
  });

  it('RandomForest / ExtraTrees classifiers: P(positive class) is monotone', () => {
    fc.assert(
      fc.property(cstArb, fc.integer({ min: 0, max: 1000 }), fc.boolean(), (cst, seed, extra) => {
        const { X, yb } = data(80, seed, false);
        const F = extra ? ExtraTreesClassifier : RandomForestClassifier;
        const f = new F({ nEstimators: 4, seed, monotonicCst: cst }).fit(X, yb);
        const p1 = (r: number[][]) => f.predictProba(r).map((p) => p[1]!);
        expect(monotone(p1, f.estimators.map((m) => m.tree), X.slice(0, 6), cst)).toBe(true);
      }),
      { seed: 36, numRuns: 25 },
    );
  });

  it('without the constraint the same forests are not monotone (the check can fail)', () => {
    const { X, y } = data(80, 1, false);
    const f = new RandomForestRegressor({ nEstimators: 4, seed: 1 }).fit(X, y);
    expect(monotone((r) => Array.from(f.predict(r)), f.estimators.map((m) => m.tree), X.slice(0, 6), [1, 1, 0])).toBe(false);
  });

  it('by feature name: resolved with the fit\'s featureNames for every member (the same forest as by column)', () => {
    const { X, y } = data(60, 4, false);
    const byName = new RandomForestRegressor({ nEstimators: 3, seed: 4, monotonicCst: { b: -1, a: 1 } }).fit(X, y, { featureNames: ['a', 'b', 'c'] });
    const byIndex = new RandomForestRegressor({ nEstimators: 3, seed: 4, monotonicCst: [1, -1, 0] }).fit(X, y);
    expect(Array.from(byName.predict(X))).toEqual(Array.from(byIndex.predict(X)));
    expect(() => new RandomForestRegressor({ nEstimators: 2, monotonicCst: { d: 1 } }).fit(X, y, { featureNames: ['a', 'b', 'c'] })).toThrow(/monotonicCst\.d/);
  });

  it('the forest file records monotonicCst; multiclass is refused naming it', () => {
    const { X, yb } = data(60, 2, true);
    const f = new RandomForestClassifier({ nEstimators: 3, seed: 2, monotonicCst: [1, -1, 0] }).fit(X, yb);
    const text = serializeForest(f);
    expect(text).toContain('"monotonicCst":[1,-1,0]');
    const back = loadForest(text) as RandomForestClassifier;
    expect(back.predictProba(X)).toEqual(f.predictProba(X));
    expect(() => new RandomForestClassifier({ nEstimators: 2, monotonicCst: [1, 0, 0] }).fit(X, yb.map((v, i) => (i % 3 === 0 ? 2 : v)))).toThrow(/monotonicCst.*multiclass/);
  });
});
