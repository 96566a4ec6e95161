import { describe, expect, it } from 'vitest';
import { loadDataset } from '@dt/datasets';
import { InvalidArgumentError, NotFittedError, ShapeMismatchError } from '@dt/errors';
import { DecisionStreamClassifier, DecisionStreamRegressor, loadStreamModel, serializeStreamModel, twoSampleTest } from './index.js';
import { createRandom } from './test-helpers.js';
import type { StreamOptions } from './index.js';

function blobs(seed: number, n: number, d = 4): { X: number[][]; y: string[]; t: number[] } {
  const rng = createRandom(seed);
  const X: number[][] = [];
  const y: string[] = [];
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const row = Array.from({ length: d }, () => Math.round(rng.next() * 100) / 10);
    // three bands of x0, the outer two with the same label: splitting separates them, merging rejoins them
    const band = row[0]! < 3.3 ? 0 : row[0]! < 6.6 ? 1 : 2;
    const label = rng.next() < 0.85 ? (band === 1 ? (row[1]! > 5 ? 'b' : 'c') : 'a') : ['a', 'b', 'c'][rng.int(3)]!;
    X.push(row);
    y.push(label);
    t.push((band === 1 ? 20 : 10) + rng.next() * 4 + (row[2]! > 7 ? 3 : 0));
  }
  return { X, y, t };
}

/** Training labels grouped by the leaf each row ends in. */
function leafGroups(leaf: Int32Array, labels: number[]): number[][] {
  const m = new Map<number, number[]>();
  leaf.forEach((l, i) => m.set(l, [...(m.get(l) ?? []), labels[i]!]));
  return [...m.values()];
}

describe('DecisionStreamClassifier / Regressor', () => {
  const { X, y, t } = blobs(1, 400);
  const codes = y.map((v) => ['a', 'b', 'c'].indexOf(v));

  for (const opts of [
    {},
    { merge: false },
    { candidates: 'exhaustive' },
    { test: 'parametric' },
    { mode: 'large' },
    { mode: 'large', merge: false },
    { maxFeatures: 2, seed: 3 },
  ] as StreamOptions[]) {
    it(`routes every training row to the leaf that holds it, and leaves stay distinct (${JSON.stringify(opts)})`, () => {
      for (const task of ['classification', 'regression'] as const) {
        const m = task === 'classification' ? new DecisionStreamClassifier(opts).fit(X, y) : new DecisionStreamRegressor(opts).fit(X, t);
        expect(m.apply(X)).toEqual(m.trainLeaf);
        expect(m.history.length).toBeGreaterThan(0);
        expect(m.nLeaves).toBeGreaterThan(1);
        const g = m.graph;
        // edges go to higher ids (topological), every node but the root has a parent
        const deg = g.inDegree();
        for (let i = 0; i < g.nodeCount; i++) {
          for (let k = g.childStart[i]!; k < g.childStart[i + 1]!; k++) expect(g.children[k]!).toBeGreaterThan(i);
          if (i > 0) expect(deg[i]).toBeGreaterThan(0);
        }
        if (opts.merge === false) expect(m.nMergedNodes).toBe(0);
        else {
          // Algorithm 1's fixed point after the last round: every pair of leaves is distinguishable.
          const groups = leafGroups(m.trainLeaf!, task === 'classification' ? codes : t);
          const family = opts.test ?? 'nonparametric';
          for (let i = 0; i < groups.length; i++) {
            for (let j = i + 1; j < groups.length; j++) {
              expect(twoSampleTest(groups[i]!, groups[j]!, { family, ksMethod: 'fast' }).pValue).toBeLessThanOrEqual(m.options.alpha);
            }
          }
        }
      }
    });
  }

  it('merges branches into a DAG on data whose regions repeat labels, and predicts well', () => {
    const m = new DecisionStreamClassifier({ alpha: 0.01 }).fit(X, y);
    expect(m.nMergedNodes).toBeGreaterThan(0);
    const test = blobs(2, 300);
    expect(m.score(test.X, test.y)).toBeGreaterThan(0.8);
    const p = m.predictProba(test.X.slice(0, 5));
    for (const row of p) expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(m.classes).toEqual(['a', 'b', 'c']);
    const r = new DecisionStreamRegressor({ alpha: 0.01 }).fit(X, t);
    expect(r.score(test.X, test.t)).toBeGreaterThan(0.7);
  });

  it('the large-data mode makes multi-way splits and handles categorical features', () => {
    // a label that steps with x0 (three bands): one three-way split at the root
    const steps = X.map((row) => (row[0]! < 3.3 ? 'low' : row[0]! < 6.6 ? 'mid' : 'high'));
    const m = new DecisionStreamClassifier({ mode: 'large' }).fit(X, steps);
    const g = m.graph;
    expect(g.feature[0]).toBe(0);
    expect(g.childStart[1]! - g.childStart[0]!).toBe(3);
    expect(Array.from(g.thresholds.subarray(0, 2)).map((v) => Math.round(v * 10) / 10)).toEqual([3.3, 6.6]);
    expect(m.score(X, steps)).toBe(1);
    // a categorical column with 5 levels that carries the label
    const rng = createRandom(5);
    const Xc = X.map((row, i) => [...row, (codes[i]! * 2 + rng.int(2)) % 5]);
    const c = new DecisionStreamClassifier({ mode: 'large', categoricalFeatures: [4] }).fit(Xc, y);
    expect(c.apply(Xc)).toEqual(c.trainLeaf);
    expect(c.categoricalFeatures).toEqual([4]);
    expect(loadStreamModel(serializeStreamModel(c)).categoricalFeatures).toEqual([4]);
    expect(() => new DecisionStreamClassifier({ mode: 'large', categoricalFeatures: [7] }).fit(Xc, y)).toThrow('categoricalFeatures must be feature indices below 5, got 7');
    expect(() => new DecisionStreamClassifier({ categoricalFeatures: [-1] })).toThrow(/categoricalFeatures\[0\] must be a non-negative integer/);
  });

  it('is deterministic: same data, options and seed give the same model', () => {
    for (const opts of [{}, { maxFeatures: 'sqrt', seed: 11 }, { mode: 'large' }] as StreamOptions[]) {
      const a = serializeStreamModel(new DecisionStreamClassifier(opts).fit(X, y));
      const b = serializeStreamModel(new DecisionStreamClassifier(opts).fit(X, y));
      expect(a).toBe(b);
    }
    const s1 = serializeStreamModel(new DecisionStreamClassifier({ maxFeatures: 1, seed: 1 }).fit(X, y));
    const s2 = serializeStreamModel(new DecisionStreamClassifier({ maxFeatures: 1, seed: 2 }).fit(X, y));
    expect(s1).not.toBe(s2);
  });

  it('stop rules: pure labels give one leaf, maxRounds caps the rounds, no open leaf ends the fit', () => {
    const pure = new DecisionStreamClassifier().fit(X, X.map(() => 'only'));
    expect(pure.nodeCount).toBe(1);
    expect(pure.depth).toBe(0);
    expect(pure.predict([[1, 2, 3, 4]])).toEqual(['only']);
    const capped = new DecisionStreamClassifier({ maxRounds: 2 }).fit(X, y);
    expect(capped.history.length).toBeLessThanOrEqual(2);
    const full = new DecisionStreamClassifier().fit(X, y);
    expect(['no-open-leaves', 'impurity-stalled']).toContain(full.stopReason);
    // the stall rule: stop after ⌈√(d+1)⌉ rounds without a new impurity minimum
    const h = full.history;
    if (full.stopReason === 'impurity-stalled') {
      const patience = Math.ceil(Math.sqrt(4 + 1));
      const tail = h.slice(-patience);
      const before = Math.min(...h.slice(0, -patience).map((r) => r.impurity), 0.6666666666666666);
      for (const r of tail) expect(r.impurity).toBeGreaterThanOrEqual(before * (1 - 1e-12));
    }
  });

  it('validates options and inputs with errors that name the problem', () => {
    expect(() => new DecisionStreamClassifier({ alpha: 0 })).toThrow('alpha must be a number in (0, 1), got 0');
    expect(() => new DecisionStreamClassifier({ alpha: 1.5 })).toThrow(InvalidArgumentError);
    expect(() => new DecisionStreamClassifier({ test: 'welch' as never })).toThrow(/test must be one of "nonparametric", "parametric"/);
    expect(() => new DecisionStreamClassifier({ candidates: 'all' as never })).toThrow(/candidates must be one of/);
    expect(() => new DecisionStreamClassifier({ maxRounds: 0 })).toThrow(/maxRounds must be a positive integer/);
    expect(() => new DecisionStreamClassifier({ maxFeatures: 1.5 })).toThrow(/maxFeatures/);
    // @dt/core's maxFeatures rules: a count above the number of features is an error, not clamped.
    expect(() => new DecisionStreamClassifier({ maxFeatures: 5 }).fit([[1, 2], [3, 4]], ['a', 'b'])).toThrow(
      'maxFeatures must be at most the number of features (2), got 5',
    );
    expect(() => new DecisionStreamClassifier({ alpah: 0.1 } as never)).toThrow(/options.alpah/);
    const m = new DecisionStreamClassifier();
    expect(() => m.predict([[1, 2, 3, 4]])).toThrow(NotFittedError);
    // Missing values: refused naming the first cell in row order, suggesting imputation (issue #19).
    expect(() => m.fit([[1, 2], [3, Number.NaN], [Number.NaN, 1]], ['a', 'b', 'a'])).toThrow(
      'X[1][1] must be a number: Decision Stream has no rule for missing values (NaN); impute them first, e.g. with SimpleImputer from @dt/datasets, got NaN',
    );
    expect(() => m.fit([[1, Number.POSITIVE_INFINITY]], ['a'])).toThrow('X[0][1] must be a finite number, got Infinity');
    expect(() => m.fit([[1], [2]], ['a'])).toThrow(ShapeMismatchError);
    m.fit(X, y);
    expect(() => m.predict([[1, 2, 3]])).toThrow('X has 3 features but the model was fitted with 4');
    expect(() => m.predict([[Number.NaN, Number.NaN, Number.NaN, Number.NaN]])).toThrow(/must be a number \(not NaN\)/);
    expect(() => new DecisionStreamRegressor().fit([[1], [2]], [1, Number.POSITIVE_INFINITY])).toThrow('y[1] must be a finite number, got Infinity');
  });

  it('fits a real dataset quickly and beats chance by far (wine-quality-red)', async () => {
    const ds = await loadDataset('wine-quality-red');
    const m = new DecisionStreamClassifier({ alpha: 0.02 }).fit(ds.X, ds.y as number[]);
    expect(m.score(ds.X, ds.y as number[])).toBeGreaterThan(0.55);
    expect(m.apply(ds.X)).toEqual(m.trainLeaf);
  });
});
