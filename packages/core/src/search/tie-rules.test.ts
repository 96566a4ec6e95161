import { describe, expect, it } from 'vitest';
import { DecisionTreeClassifier } from '../estimators/decision-tree-classifier.js';

// Rules no other test pins: each case below has an exact tie, so the rule alone decides it.

describe('categorical (CRIMCOORD) vs axis candidates', () => {
  // Feature "num" and feature "cat" (level codes) separate the classes identically: equal score
  // (a pure split) and equal balance (4 | 4), so the lower feature index must win.
  const num = [0, 1, 2, 3, 10, 11, 12, 13];
  const cat = [2, 2, 0, 0, 1, 1, 3, 3];
  const y = [0, 0, 0, 0, 1, 1, 1, 1];

  it('equal score and balance: the categorical feature wins at the lower index', () => {
    const X = num.map((v, i) => [cat[i]!, v]);
    const tree = new DecisionTreeClassifier({ categoricalFeatures: [0] }).fit(X, y).tree;
    expect(tree.feature[0]).toBe(0);
    expect(tree.categoricalMaps(0).map((m) => m.feature)).toEqual([0]);
  });

  it('equal score and balance: the axis feature wins at the lower index', () => {
    const X = num.map((v, i) => [v, cat[i]!]);
    const tree = new DecisionTreeClassifier({ categoricalFeatures: [1] }).fit(X, y).tree;
    expect(tree.feature[0]).toBe(0);
    expect(tree.threshold[0]).toBe(6.5);
    expect(tree.categoricalMaps(0)).toEqual([]);
  });
});

describe('best-first growth (maxLeafNodes)', () => {
  it('equal improvement: the lower node id is expanded first', () => {
    // The root splits 4 | 4 and both children split purely with the same improvement (0.25):
    // with room for one more split, node 1 (left, lower id) gets it and node 2 stays a leaf.
    const X = [[0], [1], [2], [3], [10], [11], [12], [13]];
    const y = [0, 0, 1, 1, 2, 2, 3, 3];
    const tree = new DecisionTreeClassifier({ maxLeafNodes: 3 }).fit(X, y).tree;
    expect(tree.threshold[0]).toBe(6.5);
    expect(tree.left[0]).toBe(1);
    expect(tree.right[0]).toBe(2);
    expect(tree.left[1]).not.toBe(-1);
    expect(tree.left[2]).toBe(-1);
    expect(tree.threshold[1]).toBe(1.5);
  });
});
