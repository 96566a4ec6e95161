import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { costComplexityPath, pruneTree } from '../prune/cost-complexity.js';
import { DecisionTreeClassifier } from './decision-tree-classifier.js';
import { exportDot, exportText } from '../export/export.js';
import { leafArgmax, leafProba } from '../tree/leaf-values.js';
import { loadModel } from '../model-file/load-model.js';
import { serializeModel } from '../model-file/model-format.js';

/** n rows of two uniform features (seeded), every row its own class: a full tree of 2n − 1 nodes. */
function distinctClasses(n: number): { X: number[][]; y: number[] } {
  let s = 7;
  const rnd = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { X: Array.from({ length: n }, () => [rnd(), rnd()]), y: Array.from({ length: n }, (_, i) => i) };
}

describe('many classes: storage proportional to the classes present per node', () => {
  const n = 3000;
  const { X, y } = distinctClasses(n);
  const model = new DecisionTreeClassifier().fit(X, y);
  const tree = model.tree;

  it('saving a tree past 2^24 node × class values is refused at once, the tree kept sparse (10,000 classes failed after 201 s and 3.2 GB)', () => {
    const t0 = performance.now();
    expect(() => serializeModel(model)).toThrowError(/model must be a tree of at most 16777216 node × class values to save.*5999 nodes × 3000 classes/);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(tree.hasSparseValues).toBe(true);
  });

  it('stores Σ classes present per node, not nodes × classes', () => {
    expect(tree.nodeCount).toBe(2 * n - 1);
    // Before: nodes × C = 5,999 × 3,000 ≈ 18 million entries (2.7 GB at 10,000 × 10,000).
    let present = 0;
    for (let i = 0; i < tree.nodeCount; i++) present += tree.nSamples[i]!;
    expect(tree.hasSparseValues).toBe(true);
    expect(tree.storedValueCount).toBeLessThanOrEqual(present);
    expect(tree.storedValueCount).toBeLessThan((tree.nodeCount * n) / 100);
  });

  it('predicts, scores, prunes, exports and reports importances without turning dense', () => {
    expect(model.predict(X.slice(0, 50))).toEqual(y.slice(0, 50));
    const proba = model.predictProbaFlat(X.slice(0, 5));
    for (let r = 0; r < 5; r++) expect(proba[r * n + r]).toBe(1);
    expect(model.score(X, y)).toBe(1);
    expect(model.featureImportances.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(exportDot(model, { maxDepth: 1 })).toContain('class = ');
    expect(costComplexityPath(tree, { risk: 'misclassification' }).alphas.length).toBeGreaterThan(1);
    const pruned = pruneTree(tree, 1e-4);
    expect(pruned.hasSparseValues).toBe(true);
    expect(tree.hasSparseValues).toBe(true);
  });

  it('fits with ccpAlpha and class weights on many classes', () => {
    const m = new DecisionTreeClassifier({ ccpAlpha: 1e-3, criterion: 'entropy' }).fit(X, y, { sampleWeight: y.map((v) => 1 + (v % 3)) });
    expect(m.tree.hasSparseValues).toBe(true);
    expect(m.nodeCount).toBeLessThan(2 * n - 1);
  });
});

describe("splitter 'random' with many classes", () => {
  it('does not sweep the 2 × C class histogram per feature and node', () => {
    const C = 4000;
    const { X, y } = distinctClasses(C);
    // Before: every feature of every node cleared and swept all 2 × C cells (fill(0) of 8,000 entries).
    const fill = vi.spyOn(Float64Array.prototype, 'fill');
    try {
      const m = new DecisionTreeClassifier({ splitter: 'random', seed: 1 }).fit(X, y);
      expect(m.nLeaves).toBe(C);
      const sweeps = fill.mock.contexts.filter((a) => (a as Float64Array).length === 2 * C).length;
      expect(sweeps).toBeLessThan(10);
    } finally {
      fill.mockRestore();
    }
  });
});

describe('sparse and dense values give the same model', () => {
  it('values, probabilities, argmax (ties to the first class) and the model file agree', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 9 })), { minLength: 2, maxLength: 60 }),
        fc.boolean(),
        (rows, weighted) => {
          const X = rows.map((r) => [r[0], r[1]]);
          const y = rows.map((r) => `c${r[2]}`);
          const sampleWeight = weighted ? rows.map((r) => (r[0] + r[2]) % 3) : undefined;
          if (sampleWeight && !sampleWeight.some((w) => w > 0)) return;
          const m = new DecisionTreeClassifier({ maxDepth: 3 }).fit(X, y, sampleWeight ? { sampleWeight } : {});
          const sparse = m.tree;
          expect(sparse.hasSparseValues).toBe(true);
          const dense = sparse.compact();
          const values = dense.value; // reading `value` turns this copy dense
          expect(dense.hasSparseValues).toBe(false);
          const C = sparse.nOutputs;
          const leaves = Int32Array.from({ length: sparse.nodeCount }, (_, i) => i);
          for (let i = 0; i < sparse.nodeCount; i++) expect(Array.from(sparse.valueRow(i))).toEqual(Array.from(values.subarray(i * C, i * C + C)));
          expect(Array.from(sparse.leafArgmax(leaves))).toEqual(Array.from(leafArgmax(values, leaves, C)));
          expect(Array.from(sparse.leafProba(leaves))).toEqual(Array.from(leafProba(values, leaves, C)));
          const back = loadModel(serializeModel(m)) as DecisionTreeClassifier;
          expect(back.tree.hasSparseValues).toBe(false);
          expect(serializeModel(back)).toBe(serializeModel(m));
          expect(Array.from(back.predictProbaFlat(X))).toEqual(Array.from(m.predictProbaFlat(X)));
          expect(exportText(back)).toBe(exportText(m));
        },
      ),
      { seed: 3, numRuns: 150 },
    );
  });
});
