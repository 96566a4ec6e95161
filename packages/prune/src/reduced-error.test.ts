import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  collapseNodes,
  DecisionTreeClassifier,
  DecisionTreeRegressor,
  loadModel,
  serializeModel,
  treeToJson,
  type Tree,
  type TreeModel,
} from '@dt/core';
import { RESTORE } from '@dt/core/internal';
import { NotFittedError } from '@dt/errors';
import { reducedErrorPrune } from './index.js';
import { fitKind, isPrunedFrom, randomData, taskOf, type Kind } from './testing-fixtures/random-data.js';

/** Pruning-set accuracy (classifier) or −MSE (regressor): higher is better. */
function score(m: TreeModel, X: number[][], y: number[]): number {
  if (m instanceof DecisionTreeClassifier) return m.score(X, y);
  const p = (m as DecisionTreeRegressor).predict(X);
  return -y.reduce((s, v, i) => s + (v - p[i]!) ** 2, 0) / y.length;
}

/**
 * The report's algorithm taken literally: internal nodes bottom-up (deepest first), each replaced
 * by a leaf if the WHOLE tree's pruning-set score does not drop, re-scoring the whole tree each time.
 */
function bruteForceRep(m: TreeModel, X: number[][], y: number[]): Tree {
  const t = m.tree;
  const depth = new Map<number, number>([[0, 0]]);
  for (const i of t.reachable()) if (!t.isLeaf(i)) for (const c of [t.left[i]!, t.right[i]!]) depth.set(c, depth.get(i)! + 1);
  const internal = [...t.reachable()].filter((i) => !t.isLeaf(i)).sort((a, b) => depth.get(b)! - depth.get(a)! || b - a);
  const cuts: number[] = [];
  const withTree = (tree: Tree) => {
    const c = m instanceof DecisionTreeClassifier ? new DecisionTreeClassifier() : new DecisionTreeRegressor();
    c[RESTORE]({ fitted: tree, featureNames: null, ...(m instanceof DecisionTreeClassifier ? { classes: m.classes } : {}) });
    return c;
  };
  let current = score(m, X, y);
  for (const i of internal) {
    const s = score(withTree(collapseNodes(t, [...cuts, i])), X, y);
    if (s >= current - 1e-12 * Math.abs(current)) {
      cuts.push(i);
      current = s;
    }
  }
  return collapseNodes(t, cuts);
}

const kinds: Kind[] = ['gini', 'entropy', 'oblique', 'weighted', 'mse', 'mae'];

describe('reducedErrorPrune', () => {
  it('equals the whole-tree re-scoring algorithm of the report (brute force)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 5, max: 80 }), (kind, seed, nPrune) => {
        const task = taskOf(kind);
        const train = randomData(120, 3, seed, task);
        const prune = randomData(nPrune, 3, seed + 1, task);
        const m = fitKind(kind, train.X, train.y);
        const ours = reducedErrorPrune(m, prune.X, prune.y);
        expect(treeToJson(ours.tree)).toEqual(treeToJson(bruteForceRep(m, prune.X, prune.y)));
      }),
      { numRuns: 40 },
    );
  });

  it('never lowers pruning-set accuracy (raises MSE), only collapses subtrees, leaves the input untouched, and is idempotent', () => {
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 150 }), (kind, seed, nPrune) => {
        const task = taskOf(kind);
        const train = randomData(150, 3, seed, task);
        const prune = randomData(nPrune, 3, seed + 7, task);
        const m = fitKind(kind, train.X, train.y);
        const before = serializeModel(m);
        const p = reducedErrorPrune(m, prune.X, prune.y);
        expect(score(p, prune.X, prune.y)).toBeGreaterThanOrEqual(score(m, prune.X, prune.y) - 1e-12);
        expect(isPrunedFrom(p.tree, m.tree)).toBe(true);
        expect(p.nLeaves).toBeLessThanOrEqual(m.nLeaves);
        expect(serializeModel(m)).toBe(before);
        expect(treeToJson(reducedErrorPrune(p, prune.X, prune.y).tree)).toEqual(treeToJson(p.tree));
      }),
      { numRuns: 60 },
    );
  });

  it('cuts a subtree no pruning row reaches; keeps one the pruning rows need', () => {
    // Two well separated classes plus label noise on the right: x < 0 → 'a', x > 0 → 'b'.
    const X = [[-3], [-2.5], [-2], [-1], [1], [1.5], [2], [2.2], [2.4], [3], [3.5]];
    const y = ['a', 'a', 'a', 'a', 'b', 'b', 'a', 'b', 'b', 'b', 'b'];
    const m = new DecisionTreeClassifier().fit(X, y);
    expect(m.nLeaves).toBe(4); // root split, then the noisy 'a' at 2 isolated on the right
    // Pruning rows only on the left: the right subtree sees nothing, so it collapses to 'b'.
    const left = reducedErrorPrune(m, [[-2.2], [-1.5]], ['a', 'a']);
    expect(left.nLeaves).toBe(2);
    // A pruning row that agrees with the isolated noise keeps it.
    const keep = reducedErrorPrune(m, [[2], [2.1], [-2]], ['a', 'a', 'a']);
    expect(keep.nLeaves).toBe(m.nLeaves);
    // The one pruning row disagrees with the left leaf: a single leaf (the root's majority 'b', 6:5) is better.
    expect(reducedErrorPrune(m, [[-2]], ['b']).nLeaves).toBe(1);
  });

  it('weights the pruning rows when sampleWeight is given; unknown labels always count as errors', () => {
    const { X, y } = randomData(200, 3, 3, 'classification');
    const m = new DecisionTreeClassifier().fit(X, y);
    const prune = randomData(60, 3, 4, 'classification');
    const w = prune.y.map((_, i) => (i % 3) + 0.5);
    const weighted = reducedErrorPrune(m, prune.X, prune.y, { sampleWeight: w });
    const dup = { X: prune.X.flatMap((r, i) => Array<number[]>(2 * i % 3 + 1).fill(r)), y: prune.y.flatMap((v, i) => Array<number>(2 * i % 3 + 1).fill(v)) };
    // Weights 0.5, 1.5, 2.5 act as multiplicities 1, 3, 5 (scaled by 2).
    expect(treeToJson(weighted.tree)).toEqual(treeToJson(reducedErrorPrune(m, dup.X, dup.y).tree));
    const unknown = reducedErrorPrune(m, prune.X, prune.y.map(() => 99));
    expect(unknown.nLeaves).toBe(1);
  });

  it('returns a new estimator with the same options, classes and feature names', () => {
    const { X, y } = randomData(150, 3, 5, 'classification');
    const labels = y.map((v) => ['x', 'y', 'z'][v]!);
    const m = new DecisionTreeClassifier({ criterion: 'entropy', minSamplesLeaf: 2 }).fit(X, labels, { featureNames: ['f0', 'f1', 'f2'] });
    const prune = randomData(50, 3, 6, 'classification');
    const p = reducedErrorPrune(m, prune.X, prune.y.map((v) => ['x', 'y', 'z'][v]!));
    expect(p).not.toBe(m);
    expect(p).toBeInstanceOf(DecisionTreeClassifier);
    expect(p.classes).toEqual(['x', 'y', 'z']);
    expect(p.featureNames).toEqual(['f0', 'f1', 'f2']);
    expect(p.options.criterion.name).toBe('entropy');
    expect(p.options.minSamplesLeaf).toBe(2);
    expect(loadModel(serializeModel(p)).predict(X)).toEqual(p.predict(X));
    const r = randomData(100, 2, 8, 'regression');
    const reg = new DecisionTreeRegressor({ maxDepth: 6 }).fit(r.X, r.y);
    const pr = reducedErrorPrune(reg, r.X.slice(0, 30), r.y.slice(0, 30));
    expect(pr).toBeInstanceOf(DecisionTreeRegressor);
    expect(pr.options.maxDepth).toBe(6);
  });

  it('validates its input', () => {
    const { X, y } = randomData(60, 3, 9, 'classification');
    const m = new DecisionTreeClassifier().fit(X, y);
    expect(() => reducedErrorPrune(new DecisionTreeClassifier(), X, y)).toThrow(NotFittedError);
    expect(() => reducedErrorPrune(m, [[1, 2]], [0])).toThrowError('Xprune has 2 features but the model was fitted with 3');
    expect(() => reducedErrorPrune(m, X, y.slice(1))).toThrowError(/yPrune has 59 values but the feature rows are 60/);
    expect(() => reducedErrorPrune(m, [[1, Number.POSITIVE_INFINITY, 0]], [0])).toThrowError(/Xprune\[0\]\[1\] must be a finite number/);
    expect(() => reducedErrorPrune(m, X, y, { sampleWeight: y.map(() => -1) })).toThrowError('sampleWeight[0] must be a finite number >= 0, got -1');
    expect(() => reducedErrorPrune(m, X, y, { weights: [] } as never)).toThrowError(/options.weights must be one of the known options/);
    const r = new DecisionTreeRegressor().fit(X, y);
    expect(() => reducedErrorPrune(r, X, y.map(() => Number.NaN))).toThrowError(/yPrune\[0\] must be a finite number/);
  });
});
