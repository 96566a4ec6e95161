import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRandom } from '@dt/errors';
import { DecisionTreeClassifier } from '../estimators/decision-tree-classifier.js';
import { DecisionTreeRegressor } from '../estimators/decision-tree-regressor.js';
import { randomClassification, randomRegression } from '../test-helpers/random-data.js';
import type { Tree } from '../tree/tree.js';

/** Rows reaching each node (routes the training rows; no recursion). */
function nodeRows(tree: Tree, X: number[][]): number[][] {
  const rows: number[][] = Array.from({ length: tree.nodeCount }, () => []);
  X.forEach((x, r) => {
    let node = 0;
    rows[0]!.push(r);
    while (tree.left[node]! >= 0) {
      node = x[tree.feature[node]!]! <= tree.threshold[node]! ? tree.left[node]! : tree.right[node]!;
      rows[node]!.push(r);
    }
  });
  return rows;
}

const gini = (ys: number[], C: number): number => {
  const c = new Array<number>(C).fill(0);
  for (const y of ys) c[y]!++;
  return 1 - c.reduce((s, k) => s + (k / ys.length) ** 2, 0);
};
const mse = (ys: number[]): number => {
  const m = ys.reduce((a, b) => a + b, 0) / ys.length;
  return ys.reduce((s, y) => s + (y - m) ** 2, 0) / ys.length;
};

describe("splitter: 'random'", () => {
  it('every split threshold lies in [min, max) of its feature over the node rows, both sides non-empty', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 10, max: 80 }), fc.integer({ min: 1, max: 5 }), fc.boolean(), (seed, n, d, ints) => {
        const { X, y } = randomClassification(n, d, 3, seed, { integerValues: ints });
        const clf = new DecisionTreeClassifier({ splitter: 'random', seed, maxFeatures: d > 2 ? 2 : null }).fit(X, y);
        const t = clf.tree;
        const rows = nodeRows(t, X);
        for (let node = 0; node < t.nodeCount; node++) {
          if (t.left[node]! < 0) continue;
          const f = t.feature[node]!;
          const vals = rows[node]!.map((r) => X[r]![f]!);
          const lo = Math.min(...vals);
          const hi = Math.max(...vals);
          expect(t.threshold[node]!).toBeGreaterThanOrEqual(lo);
          expect(t.threshold[node]!).toBeLessThan(hi);
          expect(rows[t.left[node]!]!.length).toBe(vals.filter((v) => v <= t.threshold[node]!).length);
        }
        // Fully grown on separable-or-not data: training rows of each leaf are pure or indistinguishable.
        expect(clf.score(X, y)).toBeGreaterThan(0.5);
      }),
      { numRuns: 60, seed: 14 },
    );
  });

  it('is deterministic by seed, and the seed matters', () => {
    const { X, y } = randomClassification(200, 4, 3, 5);
    const a = new DecisionTreeClassifier({ splitter: 'random', seed: 3 }).fit(X, y).tree;
    const b = new DecisionTreeClassifier({ splitter: 'random', seed: 3 }).fit(X, y).tree;
    const c = new DecisionTreeClassifier({ splitter: 'random', seed: 4 }).fit(X, y).tree;
    expect(Array.from(b.threshold.subarray(0, b.nodeCount))).toEqual(Array.from(a.threshold.subarray(0, a.nodeCount)));
    expect(Array.from(b.feature.subarray(0, b.nodeCount))).toEqual(Array.from(a.feature.subarray(0, a.nodeCount)));
    expect(Array.from(c.threshold.subarray(0, 3))).not.toEqual(Array.from(a.threshold.subarray(0, 3)));
  });

  it('root: one uniform draw per feature from the seeded generator, best by gini (brute-force oracle)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 20, max: 60 }), (seed, n) => {
        const d = 3;
        const { X, y } = randomClassification(n, d, 3, seed);
        const t = new DecisionTreeClassifier({ splitter: 'random', seed, maxDepth: 1 }).fit(X, y).tree;
        // No feature sampling: features in index order, one rng.next() each (none constant here).
        const rng = createRandom(seed);
        const parent = gini(y, 3);
        const scores = [0, 1, 2].map((f) => {
          const v = X.map((x) => x[f]!);
          const lo = Math.min(...v);
          const hi = Math.max(...v);
          let thr = lo + rng.next() * (hi - lo);
          if (thr >= hi) thr = lo;
          const L = y.filter((_, i) => v[i]! <= thr);
          const R = y.filter((_, i) => v[i]! > thr);
          return { thr, score: parent - (L.length * gini(L, 3) + R.length * gini(R, 3)) / n };
        });
        const sorted = [...scores].sort((a, b) => b.score - a.score);
        fc.pre(sorted[0]!.score - sorted[1]!.score > 1e-9);
        const f = scores.indexOf(sorted[0]!);
        expect(t.feature[0]).toBe(f);
        expect(t.threshold[0]).toBe(scores[f]!.thr);
      }),
      { numRuns: 40, seed: 7 },
    );
  });

  it('regression root: best of the drawn thresholds by mse (brute-force oracle), with sample weights 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 20, max: 60 }), (seed, n) => {
        const { X, y } = randomRegression(n, 2, seed);
        const t = new DecisionTreeRegressor({ splitter: 'random', seed, maxDepth: 1 }).fit(X, y).tree;
        const rng = createRandom(seed);
        const scores = [0, 1].map((f) => {
          const v = X.map((x) => x[f]!);
          const lo = Math.min(...v);
          const hi = Math.max(...v);
          let thr = lo + rng.next() * (hi - lo);
          if (thr >= hi) thr = lo;
          const L = y.filter((_, i) => v[i]! <= thr);
          const R = y.filter((_, i) => v[i]! > thr);
          return { thr, score: mse(y) - (L.length * mse(L) + R.length * mse(R)) / n };
        });
        fc.pre(Math.abs(scores[0]!.score - scores[1]!.score) > 1e-9);
        const f = scores[0]!.score > scores[1]!.score ? 0 : 1;
        expect(t.feature[0]).toBe(f);
        expect(t.threshold[0]).toBe(scores[f]!.thr);
      }),
      { numRuns: 40, seed: 8 },
    );
  });

  it('honours minSamplesLeaf (a draw that leaves a side too small is skipped)', () => {
    const { X, y } = randomClassification(150, 3, 2, 9);
    const t = new DecisionTreeClassifier({ splitter: 'random', seed: 1, minSamplesLeaf: 7 }).fit(X, y).tree;
    for (let node = 0; node < t.nodeCount; node++) if (t.left[node]! < 0) expect(t.nSamples[node]!).toBeGreaterThanOrEqual(7);
  });

  it('rejects per-node projections and Max-Cut, naming splitter', () => {
    const { X, y } = randomClassification(40, 3, 2, 1);
    expect(() => new DecisionTreeClassifier({ splitter: 'random', projection: 'node-means-pca' }).fit(X, y)).toThrow(/splitter/);
    expect(() => new DecisionTreeClassifier({ splitter: 'random', criterion: 'maxCut' }).fit(X, y)).toThrow(/splitter/);
    expect(() => new DecisionTreeClassifier({ splitter: 'worst' as never })).toThrow(/splitter/);
    // Global projections: random thresholds on the projected columns.
    expect(new DecisionTreeClassifier({ splitter: 'random', projection: 'global-pca' }).fit(X, y).nodeCount).toBeGreaterThan(1);
  });
});
