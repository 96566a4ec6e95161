import { describe, expect, it } from 'vitest';
import type { Projection } from '@dt/projections';
import fc from 'fast-check';
import { createRandom } from '@dt/errors';
import { Crimcoord } from './crimcoord.js';
import { DecisionTreeClassifier, DecisionTreeRegressor, loadModel, serializeModel } from '../../index.js';

function mixedData(n: number, seed: number) {
  const rng = createRandom(seed);
  const X: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i++) {
    const level = rng.int(6);
    const x1 = rng.next() * 2 - 1;
    X.push([level, x1, rng.int(3)]);
    // Class depends on level set membership {1, 3, 4} and on x1.
    const inSet = level === 1 || level === 3 || level === 4;
    y.push(inSet !== x1 > 0.5 ? 1 : 0);
  }
  return { X, y };
}

function leafCountsMatch(m: DecisionTreeClassifier | DecisionTreeRegressor, X: number[][]) {
  const counts = new Map<number, number>();
  for (const leaf of m.apply(X)) counts.set(leaf, (counts.get(leaf) ?? 0) + 1);
  const t = m.tree;
  for (const n of t.reachable()) if (t.isLeaf(n)) expect(counts.get(n) ?? 0).toBe(t.nSamples[n]);
}

describe('CRIMCOORD', () => {
  it('gives standard coordinates (weighted mean 0, variance 1) that order levels by class share for 2 classes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), (seed) => {
        const rng = createRandom(seed);
        const n = 200;
        const codes = Float64Array.from({ length: n }, () => rng.int(5));
        const p = [0.1, 0.9, 0.5, 0.3, 0.7];
        const labels = Int32Array.from(codes, (c) => (rng.next() < p[c]! ? 1 : 0));
        const crim = new Crimcoord({ data: codes, rows: n }, [0], labels, 2, null, null);
        const samples = Int32Array.from({ length: n }, (_, i) => i);
        const col = new Float64Array(n);
        const scores = crim.transform(0, samples, 0, n, [col], n);
        let mean = 0;
        let sq = 0;
        for (let i = 0; i < n; i++) {
          mean += col[i]!;
          sq += col[i]! ** 2;
        }
        if (new Set(labels).size < 2) return;
        expect(mean / n).toBeCloseTo(0, 10);
        expect(sq / n).toBeCloseTo(1, 10);
        // Two classes: scores are monotone in the level's class-1 share (either direction).
        const share = [0, 1, 2, 3, 4].map((l) => {
          let a = 0;
          let b = 0;
          for (let i = 0; i < n; i++) {
            if (codes[i] !== l) continue;
            b++;
            a += labels[i]!;
          }
          return b ? a / b : Number.NaN;
        });
        const present = [0, 1, 2, 3, 4].filter((l) => !Number.isNaN(share[l]!));
        const byShare = [...present].sort((a, b) => share[a]! - share[b]!);
        const byScore = [...present].sort((a, b) => scores[a]! - scores[b]!);
        const rev = [...byScore].reverse();
        const ok = (order: number[]) => order.every((l, i) => i === 0 || share[l]! >= share[order[i - 1]!]! - 1e-12);
        expect(ok(byScore) || ok(rev), `${byShare} vs ${byScore}`).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('lets one axis split isolate a set of levels, where level codes as numbers need several', () => {
    const { X } = mixedData(600, 1);
    const Xl = X.map((r) => [r[0]!]);
    const yl = X.map((r) => (r[0] === 1 || r[0] === 3 || r[0] === 4 ? 1 : 0));
    const cat = new DecisionTreeClassifier({ categoricalFeatures: [0] }).fit(Xl, yl);
    expect(cat.nLeaves).toBe(2);
    expect(cat.score(Xl, yl)).toBe(1);
    expect(new DecisionTreeClassifier().fit(Xl, yl).nLeaves).toBeGreaterThan(2);
  });

  it('training partitions equal prediction routing, axis and oblique, and models round-trip exactly', () => {
    const { X, y } = mixedData(400, 2);
    for (const options of [
      { categoricalFeatures: [0, 2] },
      { categoricalFeatures: [0, 2], projection: 'node-means-pca', scale: true },
      { categoricalFeatures: [0], projection: 'node-features-pca' },
    ]) {
      const m = new DecisionTreeClassifier(options).fit(X, y);
      leafCountsMatch(m, X);
      expect(m.score(X, y)).toBe(1);
      const back = loadModel(serializeModel(m)) as DecisionTreeClassifier;
      expect(serializeModel(back)).toBe(serializeModel(m));
      expect(back.predictProba(X)).toEqual(m.predictProba(X));
      const used = Array.from(m.tree.reachable()).filter((n) => m.tree.catCount[n]! > 0);
      expect(used.length).toBeGreaterThan(0);
    }
  });

  it('treats an unseen level at prediction as the node mean (value 0), deterministically', () => {
    const { X, y } = mixedData(300, 3);
    const m = new DecisionTreeClassifier({ categoricalFeatures: [0], maxDepth: 1 }).fit(X, y);
    const t = m.tree;
    expect(t.catCount[0]).toBe(1);
    const root = t.feature[0] === 0;
    const rows = [[99, 0.2, 1], [2.5, 0.2, 1], [-1, 0.2, 1]];
    const leaves = m.apply(rows);
    if (root) {
      const expected = 0 <= t.threshold[0]! ? t.left[0]! : t.right[0]!;
      expect(Array.from(leaves)).toEqual([expected, expected, expected]);
    }
    expect(() => m.predict([[Number.NaN, 0, 0]])).toThrowError(/must be a number \(a categorical feature has no side for NaN; impute missing values first, e\.g\. with SimpleImputer from @dt\/datasets\), got NaN/);
  });

  it('works for regression with level mean targets', () => {
    const { X } = mixedData(300, 4);
    const y = X.map((r) => [5, -1, 3, 0, 8, 2][r[0]!]! + r[1]!);
    const m = new DecisionTreeRegressor({ categoricalFeatures: [0, 2], maxDepth: 6 }).fit(X, y);
    leafCountsMatch(m, X);
    expect(m.score(X, y)).toBeGreaterThan(0.9);
  });

  it('rejects bad categorical settings naming the value', () => {
    expect(() => new DecisionTreeClassifier({ categoricalFeatures: [0, 0] })).toThrowError('categoricalFeatures[1] must be a feature index listed once, got 0');
    expect(() => new DecisionTreeClassifier({ categoricalFeatures: [-1] })).toThrowError(/categoricalFeatures\[0\] must be a non-negative integer/);
    const mixed = mixedData(60, 3);
    expect(() => new DecisionTreeClassifier({ categoricalFeatures: [0], projection: 'global-pca' }).fit(mixed.X, mixed.y)).toThrowError(
      /not the global projection "global-pca"/,
    );
    // The guard keys on the kind the projection prepares, not on its name.
    const customGlobal: Projection = {
      name: 'my-fixed-directions',
      prepare: (data) => ({ kind: 'global', globalDirections: { dirs: new Float64Array(data.cols).fill(1 / Math.sqrt(data.cols)), count: 1 } }),
    };
    expect(() => new DecisionTreeClassifier({ categoricalFeatures: [0], projection: customGlobal }).fit(mixed.X, mixed.y)).toThrowError(
      /categoricalFeatures must be used with axis or per-node projections, not the global projection "my-fixed-directions"/,
    );
    // Without categorical features the same projection fits.
    expect(new DecisionTreeClassifier({ projection: customGlobal, maxDepth: 2 }).fit(mixed.X, mixed.y).nodeCount).toBeGreaterThan(1);
    expect(() => new DecisionTreeClassifier({ categoricalFeatures: [5] }).fit([[1, 2]], [0])).toThrowError('categoricalFeatures must be feature indices below 2, got 5');
    expect(() => new DecisionTreeClassifier({ categoricalFeatures: [1] }).fit([[1, 2.5], [2, 1]], [0, 1])).toThrowError(
      'X[0][1] must be a level code (an integer in [0, 100000)) for a categorical feature, got 2.5',
    );
  });
});
