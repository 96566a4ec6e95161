import { describe, expect, it } from 'vitest';
import { DtError, InvalidArgumentError, NotFittedError, ShapeMismatchError, UnknownNameError } from '@dt/errors';
import { loadDataset } from '@dt/datasets';
import { DecisionTreeClassifier, DecisionTreeRegressor } from '../index.js';
import { randomClassification } from '../test-helpers/random-data.js';

describe('DecisionTreeClassifier — behaviours ported from scikit-learn tree tests', () => {
  it('a pure training set gives a single leaf that predicts its class', () => {
    const X = [[1, 2], [3, 4], [5, 6]];
    const m = new DecisionTreeClassifier().fit(X, ['a', 'a', 'a']);
    expect(m.nodeCount).toBe(1);
    expect(m.nLeaves).toBe(1);
    expect(m.depth).toBe(0);
    expect(m.predict([[0, 0], [9, 9]])).toEqual(['a', 'a']);
    expect(m.predictProba([[0, 0]])).toEqual([[1]]);
  });

  it('learns the XOR grid perfectly (test_xor)', () => {
    const X: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 10; i++)
      for (let j = 0; j < 10; j++) {
        X.push([i, j]);
        y.push(Number(i > 5) ^ Number(j > 5));
      }
    for (const criterion of ['gini', 'entropy']) {
      const m = new DecisionTreeClassifier({ criterion }).fit(X, y);
      expect(m.score(X, y)).toBe(1);
      expect(m.nLeaves).toBe(4);
    }
  });

  it('predictProba rows sum to 1 and agree with predict', () => {
    const { X, y } = randomClassification(300, 5, 4, 1);
    const m = new DecisionTreeClassifier({ maxDepth: 4 }).fit(X, y);
    const proba = m.predictProba(X);
    const pred = m.predict(X);
    proba.forEach((row, i) => {
      expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      const arg = row.indexOf(Math.max(...row));
      expect(m.classes[arg]).toBe(pred[i]);
    });
  });

  it('respects minSamplesLeaf, minSamplesSplit and maxDepth in every node', () => {
    const { X, y } = randomClassification(400, 4, 3, 2);
    const m = new DecisionTreeClassifier({ minSamplesLeaf: 7, minSamplesSplit: 20, maxDepth: 6 }).fit(X, y);
    const t = m.tree;
    for (const n of t.reachable()) {
      if (t.isLeaf(n)) expect(t.nSamples[n]).toBeGreaterThanOrEqual(7);
      else expect(t.nSamples[n]).toBeGreaterThanOrEqual(20);
    }
    expect(m.depth).toBeLessThanOrEqual(6);
  });

  it('grows exactly maxLeafNodes leaves when the data allows it', () => {
    const { X, y } = randomClassification(500, 5, 3, 3);
    for (const k of [2, 5, 13, 40]) {
      const m = new DecisionTreeClassifier({ maxLeafNodes: k }).fit(X, y);
      expect(m.nLeaves).toBe(k);
    }
  });

  it('best-first with enough leaves equals depth-first growth', () => {
    const { X, y } = randomClassification(200, 4, 3, 4);
    const full = new DecisionTreeClassifier().fit(X, y);
    const bf = new DecisionTreeClassifier({ maxLeafNodes: 10_000 }).fit(X, y);
    // Same tree, numbered in expansion order; compact() renumbers both in preorder.
    const a = bf.tree.compact();
    const b = full.tree.compact();
    expect(Array.from(a.threshold.subarray(0, a.nodeCount))).toEqual(Array.from(b.threshold.subarray(0, b.nodeCount)));
    expect(Array.from(a.left.subarray(0, a.nodeCount))).toEqual(Array.from(b.left.subarray(0, b.nodeCount)));
  });

  it('never splits on a constant feature and gives one leaf when all features are constant', () => {
    const X = Array.from({ length: 50 }, (_, i) => [3, i % 7, -1]);
    const y = Array.from({ length: 50 }, (_, i) => (i % 7 > 3 ? 1 : 0));
    const m = new DecisionTreeClassifier().fit(X, y);
    const t = m.tree;
    for (const n of t.reachable()) if (!t.isLeaf(n)) expect(t.feature[n]).toBe(1);
    const c = new DecisionTreeClassifier().fit(
      Array.from({ length: 20 }, () => [1, 1]),
      Array.from({ length: 20 }, (_, i) => i % 2),
    );
    expect(c.nodeCount).toBe(1);
  });

  it('breaks exact ties (up to rounding) by the lower feature index, then the lower position', () => {
    const { X, y } = randomClassification(200, 2, 3, 9);
    // Columns 1 and 2 are monotone copies of each other: every split on one has a twin on the other.
    const Xd = X.map((r) => [r[1]!, r[0]!, 3 * r[0]! + 1]);
    const m = new DecisionTreeClassifier({ maxDepth: 5 }).fit(Xd, y, {
      sampleWeight: y.map((_, i) => 0.1 * (1 + (i % 3))),
    });
    const t = m.tree;
    for (const n of t.reachable()) if (!t.isLeaf(n)) expect(t.feature[n]).not.toBe(2);
    // Mirror-image end splits tie on score and balance: the lower position wins.
    const e = new DecisionTreeClassifier({ maxDepth: 1 }).fit([[0], [1], [2], [3], [4], [5]], [0, 1, 1, 1, 1, 0]);
    expect(e.tree.threshold[0]).toBe(0.5);
  });

  it('does not split values closer than the feature tolerance', () => {
    const X = [[0], [1e-9], [2e-9], [3e-9]];
    const m = new DecisionTreeClassifier().fit(X, [0, 1, 0, 1]);
    expect(m.nodeCount).toBe(1);
  });

  it('keeps string and numeric labels and decodes predictions', () => {
    const X = [[0], [1], [2], [3]];
    expect(new DecisionTreeClassifier().fit(X, ['cat', 'cat', 'dog', 'dog']).predict([[0.2], [2.7]])).toEqual(['cat', 'dog']);
    const m = new DecisionTreeClassifier().fit(X, [10, 10, -3, -3]);
    expect(m.classes).toEqual([-3, 10]);
    expect(m.predict([[0.2], [2.7]])).toEqual([10, -3]);
  });

  it('integer sample weights equal duplicated rows', () => {
    const { X, y } = randomClassification(80, 3, 3, 5);
    const w = X.map((_, i) => 1 + (i % 3));
    const Xd: number[][] = [];
    const yd: number[] = [];
    X.forEach((row, i) => {
      for (let k = 0; k < w[i]!; k++) {
        Xd.push(row);
        yd.push(y[i]!);
      }
    });
    const a = new DecisionTreeClassifier({ minSamplesLeaf: 1 }).fit(X, y, { sampleWeight: w });
    const b = new DecisionTreeClassifier().fit(Xd, yd);
    expect(Array.from(a.tree.threshold.subarray(0, a.nodeCount))).toEqual(Array.from(b.tree.threshold.subarray(0, b.nodeCount)));
    expect(Array.from(a.tree.value.subarray(0, a.nodeCount * 3))).toEqual(Array.from(b.tree.value.subarray(0, b.nodeCount * 3)));
  });

  it('zero-weight samples do not influence the split values', () => {
    const X = [[0], [1], [2], [3], [100]];
    const y = [0, 0, 1, 1, 0];
    const m = new DecisionTreeClassifier().fit(X, y, { sampleWeight: [1, 1, 1, 1, 0] });
    expect(m.predict([[0.5], [2.5]])).toEqual([0, 1]);
  });

  it("classWeight 'balanced' equals explicit per-class sample weights", () => {
    const { X, y } = randomClassification(150, 3, 3, 6);
    const counts = [0, 0, 0];
    y.forEach((c) => counts[c]!++);
    const sw = y.map((c) => 150 / (3 * counts[c]!));
    const a = new DecisionTreeClassifier({ classWeight: 'balanced', maxDepth: 4 }).fit(X, y);
    const b = new DecisionTreeClassifier({ maxDepth: 4 }).fit(X, y, { sampleWeight: sw });
    expect(a.predictProba(X)).toEqual(b.predictProba(X));
  });

  it('is deterministic for a seed when sampling features, and the seed matters', () => {
    const { X, y } = randomClassification(300, 8, 3, 7);
    const fit = (seed: number) => new DecisionTreeClassifier({ maxFeatures: 'sqrt', seed }).fit(X, y);
    const thr = (m: DecisionTreeClassifier) => Array.from(m.tree.threshold.subarray(0, m.nodeCount));
    expect(thr(fit(1))).toEqual(thr(fit(1)));
    expect(thr(fit(1))).not.toEqual(thr(fit(2)));
  });

  it('reaches training accuracy 1 on data without conflicting duplicates', async () => {
    const iris = await loadDataset('iris');
    const m = new DecisionTreeClassifier().fit(iris.X, iris.y as (string | number)[]);
    // iris's duplicate rows all share their label, so a fully grown tree separates everything.
    expect(m.score(iris.X, iris.y as (string | number)[])).toBe(1);
  });

  it('featureImportances sum to 1 and are zero for unused features', () => {
    const { X, y } = randomClassification(200, 4, 2, 8);
    const Xn = X.map((r) => [...r, 0]);
    const m = new DecisionTreeClassifier({ maxDepth: 3 }).fit(Xn, y);
    const imp = m.featureImportances;
    expect(imp.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(imp[4]).toBe(0);
  });
});

describe('DecisionTreeClassifier — input errors name the argument and value', () => {
  it('rejects bad options', () => {
    expect(() => new DecisionTreeClassifier({ maxDepth: -1 })).toThrowError('maxDepth must be a positive integer or null, got -1');
    expect(() => new DecisionTreeClassifier({ minSamplesSplit: 1 })).toThrowError(/minSamplesSplit must be/);
    expect(() => new DecisionTreeClassifier({ minSamplesLeaf: 0 })).toThrowError(/minSamplesLeaf must be/);
    expect(() => new DecisionTreeClassifier({ maxLeafNodes: 1 })).toThrowError(/maxLeafNodes must be an integer >= 2/);
    expect(() => new DecisionTreeClassifier({ minImpurityDecrease: -0.1 })).toThrowError(InvalidArgumentError);
    expect(() => new DecisionTreeClassifier({ maxFeatures: 'half' as never })).toThrowError(/maxFeatures/);
    expect(() => new DecisionTreeClassifier({ criterion: 'ginni' })).toThrowError(UnknownNameError);
    expect(() => new DecisionTreeClassifier({ criterion: 'mse' })).toThrowError(/criterion must be a classification criterion/);
    expect(() => new DecisionTreeClassifier({ maxDeth: 3 } as never)).toThrowError(/options.maxDeth/);
  });

  it('rejects bad data with typed errors', () => {
    const m = new DecisionTreeClassifier();
    expect(() => m.fit([], [])).toThrowError(InvalidArgumentError);
    expect(() => m.fit([[1, 2], [3]], [0, 1])).toThrowError(ShapeMismatchError);
    expect(() => m.fit([[1], [2]], [0])).toThrowError('y has 1 labels but X has 2 rows');
    expect(() => m.fit([[1], [Infinity]], [0, 1])).toThrowError('X[1][0] must be a finite number, got Infinity');
    expect(() => m.fit([[1], [2]], [0, null as never])).toThrowError(/y\[1\] must be a string or a finite number/);
    expect(() => m.fit([[1], [2]], [0, 1], { sampleWeight: [1, -1] })).toThrowError('sampleWeight[1] must be a finite number >= 0, got -1');
    expect(() => m.fit([[1], [2]], [0, 1], { sampleWeight: [0, 0] })).toThrowError(/positive sum/);
    expect(() => m.predict([[1]])).toThrowError(NotFittedError);
    m.fit([[1, 2], [3, 4]], [0, 1]);
    expect(() => m.predict([[1, 2, 3]])).toThrowError('X has 3 features but the model was fitted with 2');
    expect(() => new DecisionTreeClassifier({ maxFeatures: 5 }).fit([[1, 2]], [0])).toThrowError(/maxFeatures must be at most/);
    // A NaN follows the node's missing side (this root saw none: the child with more samples, a tie
    // going right — scikit-learn's rule); ±Infinity compares like any number.
    expect(m.predict([[1, 2], [NaN, NaN]])).toEqual([0, 1]);
    expect(Array.from(m.decisionPath([[NaN, NaN]]).indices)).toEqual([0, 2]);
    expect(() => m.decisionPath([[1, 2, 3]])).toThrowError(DtError);
    expect(m.predict([[-Infinity, -Infinity], [Infinity, Infinity]])).toEqual([0, 1]);
  });
});

describe("HHCART's stopping rules", () => {
  it('minParent splits only nodes with more than minParent samples', () => {
    const { X, y } = randomClassification(300, 3, 3, 31);
    const m = new DecisionTreeClassifier({ minParent: 20 }).fit(X, y);
    const t = m.tree;
    for (const n of t.reachable()) if (!t.isLeaf(n)) expect(t.nSamples[n]).toBeGreaterThan(20);
    const same = new DecisionTreeClassifier({ minSamplesSplit: 21 }).fit(X, y);
    expect(same.nodeCount).toBe(m.nodeCount);
    expect(() => new DecisionTreeClassifier({ minParent: 0 })).toThrowError('minParent must be a positive integer, got 0');
  });
  it('misRate turns nodes whose misclassification rate is at most misRate into leaves', () => {
    const { X, y } = randomClassification(300, 3, 3, 32);
    const m = new DecisionTreeClassifier({ misRate: 0.2 }).fit(X, y);
    const t = m.tree;
    const C = m.nClasses;
    for (const n of t.reachable()) {
      const v = Array.from(t.value.subarray(n * C, n * C + C));
      const rate = 1 - Math.max(...v) / v.reduce((a, b) => a + b, 0);
      if (!t.isLeaf(n)) expect(rate).toBeGreaterThan(0.2);
    }
    expect(m.nLeaves).toBeLessThan(new DecisionTreeClassifier().fit(X, y).nLeaves);
    expect(() => new DecisionTreeClassifier({ misRate: 1 })).toThrowError('misRate must be a number in [0, 1), got 1');
    expect(() => new DecisionTreeRegressor({ misRate: 0.1 } as never)).toThrowError(/options.misRate/);
  });

  it('misRate boundary: a rate exactly equal to misRate makes a leaf, just above it splits', () => {
    // Root rate 1 - 3/4 = 0.25 exactly (also with weights: 1 - 6/8).
    const X = [[0], [1], [2], [3]];
    const y = [0, 0, 0, 1];
    expect(new DecisionTreeClassifier({ misRate: 0.25 }).fit(X, y).nodeCount).toBe(1);
    expect(new DecisionTreeClassifier({ misRate: 0.25 }).fit(X, y, { sampleWeight: [2, 2, 2, 2] }).nodeCount).toBe(1);
    expect(new DecisionTreeClassifier({ misRate: 0.2499 }).fit(X, y).nodeCount).toBe(3);
    // At a child: the root (rate 3/8) splits at 3.5; its left child [0, 0, 1, 0] has rate 0.25 = misRate and is a leaf.
    const X2 = [[0], [1], [2], [3], [4], [5], [6], [7]];
    const y2 = [0, 0, 1, 0, 1, 1, 1, 1];
    const m = new DecisionTreeClassifier({ misRate: 0.25 }).fit(X2, y2);
    expect(m.tree.threshold[0]).toBe(3.5);
    expect(m.nodeCount).toBe(3);
    expect(new DecisionTreeClassifier({ misRate: 0.2499 }).fit(X2, y2).nodeCount).toBeGreaterThan(3);
  });
});
