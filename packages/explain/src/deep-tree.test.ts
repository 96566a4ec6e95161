import { Tree } from '@dt/core';
import { describe, expect, it } from 'vitest';
import type { TreeEnsembleView } from './ensemble-view.js';
import { treeShap, treeShapInteractions } from './tree-shap.js';

/**
 * A 100,000-deep chain (each split peels one leaf off, features cycling over 3): recursion over depth
 * would overflow the stack; the kernels' explicit stacks and path buffers do not.
 */
function chain(depth: number): Tree {
  const tree = new Tree(3, 1, 2 * depth + 1);
  let node = tree.addNode(-1, true, { impurity: 0, nSamples: 0, weightedNSamples: depth + 1 });
  const value: number[] = [];
  for (let d = 0; d < depth; d++) {
    tree.setAxisSplit(node, d % 3, d / depth, d % 2);
    const leaf = tree.addNode(node, true, { impurity: 0, nSamples: 0, weightedNSamples: 1 });
    value[leaf] = Math.sin(d);
    const next = tree.addNode(node, false, { impurity: 0, nSamples: 0, weightedNSamples: depth - d });
    node = next;
  }
  value[node] = 2;
  const dense = new Float64Array(tree.capacity);
  for (let i = 0; i < tree.nodeCount; i++) dense[i] = value[i] ?? 0;
  tree.value = dense;
  return tree;
}

describe('100,000-deep trees', () => {
  const tree = chain(100_000);
  const view: TreeEnsembleView = {
    nFeatures: 3,
    nOutputs: 1,
    trees: [{ tree, weight: 1, output: 0, normalize: false, features: null, classMap: null }],
    baseValue: [0],
    units: 'value',
    outputNames: null,
    featureNames: null,
  };
  const model = { toTreeEnsembleView: () => view };
  // Row 0 reaches the bottom (every value above every threshold); row 1 stops half-way; row 2 has NaN.
  const X = [
    [2, 2, 2],
    [0.5, 0.5, 0.5],
    [Number.NaN, 2, Number.NaN],
  ];
  it('path-dependent values add up (checked inside) and reach the bottom leaf', () => {
    const r = treeShap(model, X);
    expect(r.prediction[0]).toBe(2);
    expect(r.values.every(Number.isFinite)).toBe(true);
  });
  it('interventional and interaction values', () => {
    expect(treeShap(model, X, { background: [[0, 0, 0], [0.9, 0.1, 0.3]] }).values.every(Number.isFinite)).toBe(true);
    expect(treeShapInteractions(model, X.slice(0, 1)).values.every(Number.isFinite)).toBe(true);
  });
});
