/**
 * Conformance with shap 0.51's TreeExplainer on scikit-learn 1.9 trees and forests (fixtures made by
 * scripts/make-fixtures.py): dt builds each fitted tree from its arrays, explains it through the tree
 * ensemble view, and every SHAP value, expected value and interaction value equals shap's to 1e-9
 * relative. The single trees are also refitted by dt from the same data; where dt's tree equals
 * scikit-learn's node for node, the dt model itself is explained and compared.
 */
import { readFileSync } from 'node:fs';
import { DecisionTreeClassifier, DecisionTreeRegressor, Tree } from '@dt/core';
import { describe, expect, it } from 'vitest';
import type { TreeEnsembleView } from './ensemble-view.js';
import { treeShap, treeShapInteractions } from './tree-shap.js';

interface TreeArrays {
  nFeatures: number;
  childrenLeft: number[];
  childrenRight: number[];
  feature: number[];
  threshold: (number | 'Infinity')[];
  value: number[];
  nOutputs: number;
  weightedNNodeSamples: number[];
  missingGoToLeft: number[];
}
interface Case {
  name: string;
  kind: 'classifier' | 'regressor';
  model: string;
  train: { X: (number | null)[][]; y: number[] };
  trees: TreeArrays[];
  nClasses: number;
  X: (number | null)[][];
  prediction: number[];
  pathDependent: { values: number[]; shape: number[]; expectedValue: number[] };
  interactions?: { values: number[]; shape: number[] };
  interventional?: { background: (number | null)[][]; values: number[]; shape: number[]; expectedValue: number[] };
}

const doc = JSON.parse(readFileSync(new URL('../fixtures/sklearn-shap.json', import.meta.url), 'utf8')) as { versions: Record<string, string>; cases: Case[] };
const rows = (a: (number | null)[][]): number[][] => a.map((r) => r.map((v) => (v === null ? Number.NaN : v)));

/** The dt Tree with scikit-learn's arrays (node ids, splits, NaN sides, covers and values as fitted). */
export function treeFromArrays(t: TreeArrays): Tree {
  const n = t.feature.length;
  const tree = new Tree(t.nFeatures, t.nOutputs, n);
  const parent = new Int32Array(n).fill(-1);
  const isLeft = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (t.childrenLeft[i]! >= 0) {
      parent[t.childrenLeft[i]!] = i;
      isLeft[t.childrenLeft[i]!] = 1;
      parent[t.childrenRight[i]!] = i;
    }
  }
  for (let i = 0; i < n; i++) {
    const id = tree.addNode(parent[i]!, isLeft[i] === 1, { impurity: 0, nSamples: 0, weightedNSamples: t.weightedNNodeSamples[i]! });
    expect(id).toBe(i);
  }
  for (let i = 0; i < n; i++) if (t.childrenLeft[i]! >= 0) tree.setAxisSplit(i, t.feature[i]!, Number(t.threshold[i]!), t.missingGoToLeft[i]!);
  const value = new Float64Array(tree.capacity * t.nOutputs);
  value.set(t.value);
  tree.value = value;
  return tree;
}

function viewOf(c: Case): TreeEnsembleView {
  const classifier = c.kind === 'classifier';
  return {
    nFeatures: c.trees[0]!.nFeatures,
    nOutputs: c.nClasses,
    trees: c.trees.map((t) => ({ tree: treeFromArrays(t), weight: 1 / c.trees.length, output: 0, normalize: classifier, features: null, classMap: null })),
    baseValue: new Float64Array(c.nClasses),
    units: classifier ? 'probability' : 'value',
    outputNames: null,
    featureNames: null,
  };
}

function expectClose(actual: ArrayLike<number>, expected: ArrayLike<number>, what: string, tol = 1e-9): void {
  expect(actual.length, what).toBe(expected.length);
  let scale = 0;
  for (let i = 0; i < expected.length; i++) scale = Math.max(scale, Math.abs(expected[i]!));
  for (let i = 0; i < expected.length; i++) {
    if (!(Math.abs(actual[i]! - expected[i]!) <= tol * scale)) expect.fail(`${what}[${i}]: dt ${actual[i]} vs shap ${expected[i]}`);
  }
}

describe(`shap ${doc.versions.shap} TreeExplainer on scikit-learn ${doc.versions['scikit-learn']}`, () => {
  it('fixtures cover classifiers, regressors, forests, extra trees and NaN', () => {
    expect(doc.cases.map((c) => c.name)).toEqual(['tree-classifier', 'tree-regressor', 'forest-classifier', 'forest-regressor', 'extra-trees-regressor', 'tree-classifier-nan', 'forest-regressor-nan']);
    expect(doc.cases.filter((c) => c.X.some((r) => r.includes(null))).length).toBe(2);
  });

  for (const c of doc.cases) {
    describe(c.name, () => {
      const model = { toTreeEnsembleView: () => viewOf(c) };
      const X = rows(c.X);
      it('predictions equal scikit-learn', () => {
        expectClose(treeShap(model, X).prediction, c.prediction, 'prediction');
      });
      it('path-dependent SHAP values and expected value', () => {
        const r = treeShap(model, X);
        // shap: (rows, features) for one output, (rows, features, classes) otherwise; dt: always rows × features × outputs.
        expectClose(r.values, c.pathDependent.values, 'values');
        expectClose(r.expectedValue, c.pathDependent.expectedValue, 'expectedValue');
      });
      it('interaction values', () => {
        const r = treeShapInteractions(model, X);
        expectClose(r.values, c.interactions!.values, 'interactions');
      });
      // shap's interventional kernel (tree_shap_indep) keeps thresholds, coalition weights and its
      // per-node sums in float32, so it agrees with the exact values to float32 precision; dt's
      // float64 kernel equals the brute-force enumeration to 1e-9 (brute-force.test.ts).
      it('interventional SHAP values and expected value (to shap float32 precision)', () => {
        const r = treeShap(model, X, { background: rows(c.interventional!.background) });
        expectClose(r.values, c.interventional!.values, 'values', 1e-6);
        expectClose(r.expectedValue, c.interventional!.expectedValue, 'expectedValue');
      });
    });
  }

  it('dt refits the single trees node for node and explains its own models identically', () => {
    let compared = 0;
    for (const c of doc.cases.filter((k) => k.trees.length === 1)) {
      const X = rows(c.train.X);
      // The fixture script's options: classifiers max_depth 5, min_samples_leaf 5; the regressor 6 and 4.
      const model = c.kind === 'classifier' ? new DecisionTreeClassifier({ maxDepth: 5, minSamplesLeaf: 5 }).fit(X, c.train.y) : new DecisionTreeRegressor({ maxDepth: 6, minSamplesLeaf: 4 }).fit(X, c.train.y);
      const t = model.tree;
      const ref = c.trees[0]!;
      expect(t.nodeCount, c.name).toBe(ref.feature.length);
      const sameStructure = ref.feature.every((f, i) => (f < 0 ? t.right[i]! < 0 : t.feature[i] === f && t.left[i] === ref.childrenLeft[i] && t.threshold[i] === Number(ref.threshold[i]!) && t.missingGoToLeft[i] === ref.missingGoToLeft[i]));
      expect(sameStructure, c.name).toBe(true);
      const r = treeShap(model, rows(c.X));
      expectClose(r.values, c.pathDependent.values, `${c.name} values`);
      expectClose(r.expectedValue, c.pathDependent.expectedValue, `${c.name} expectedValue`);
      expectClose(treeShapInteractions(model, rows(c.X)).values, c.interactions!.values, `${c.name} interactions`);
      compared++;
    }
    expect(compared).toBe(3);
  });
});
