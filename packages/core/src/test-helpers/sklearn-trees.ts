/**
 * The scikit-learn fixtures' case format (fixtures/sklearn/README.md) and the comparisons every
 * conformance test runs on it: fit a case, walk our tree beside scikit-learn's from the root
 * (accepting the recorded same-partition ties), compare predictions.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { DecisionTreeClassifier, DecisionTreeRegressor, type Tree } from '../index.js';

export interface SkTree {
  node_count: number;
  children_left: number[];
  children_right: number[];
  feature: number[];
  /** null: +Infinity ("every value left, NaN right"; monotonic.json). */
  threshold: (number | null)[];
  /** monotonic.json: scikit-learn's missing_go_to_left per node. */
  missing_go_to_left?: number[];
  impurity: number[];
  n_node_samples: number[];
  weighted_n_node_samples: number[];
  value: number[][];
}
export interface SkCase {
  name: string;
  task: 'classification' | 'regression';
  criterion: string;
  params: {
    max_depth: number | null;
    min_samples_split: number;
    min_samples_leaf: number;
    min_impurity_decrease: number;
    max_leaf_nodes: number | null;
  };
  /** null: NaN (monotonic.json's missing values). */
  X: (number | null)[][];
  y: (number | string)[];
  sample_weight: number[] | null;
  X_test: number[][];
  classes?: (number | string)[];
  tree: SkTree;
  predict: (number | string)[];
  predict_proba?: number[][];
  feature_importances: number[];
  depth: number;
  n_leaves: number;
  ties: { node: number; alternatives: [number, number | null, boolean][] }[] | null;
  X_test_ambiguous_rows: number[] | null;
  tree_exact: boolean;
  ambiguity: string | null;
  facts?: Record<string, unknown>;
  /** monotonic.json: scikit-learn's monotonic_cst of the fit. */
  monotonic_cst?: number[];
}

/** A fixture file of fixtures/sklearn/ (cases, or cv.json's datasets). */
export function fixture<T = { cases: SkCase[] }>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../../fixtures/sklearn/${name}`, import.meta.url), 'utf8')) as T;
}

/** The case's X with null read as NaN. */
export const caseX = (c: SkCase): number[][] => c.X.map((row) => row.map((v) => v ?? Number.NaN));

export function fitCase(c: SkCase): DecisionTreeClassifier | DecisionTreeRegressor {
  const options = {
    criterion: c.criterion,
    maxDepth: c.params.max_depth,
    minSamplesSplit: c.params.min_samples_split,
    minSamplesLeaf: c.params.min_samples_leaf,
    minImpurityDecrease: c.params.min_impurity_decrease,
    maxLeafNodes: c.params.max_leaf_nodes,
    ...(c.monotonic_cst ? { monotonicCst: c.monotonic_cst } : {}),
  };
  const fitOptions = { sampleWeight: c.sample_weight };
  return c.task === 'classification'
    ? new DecisionTreeClassifier(options).fit(caseX(c), c.y, fitOptions)
    : new DecisionTreeRegressor(options).fit(caseX(c), c.y as number[], fitOptions);
}

export const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(1, Math.abs(a), Math.abs(b));

/** A threshold equal to scikit-learn's (null: +Infinity) up to 1e-9 relative. */
const sameThreshold = (t: number, sk: number | null): boolean => (sk === null ? t === Number.POSITIVE_INFINITY : rel(t, sk) <= 1e-9);

/** Walks both trees from the root; returns a description of the first difference, or null. */
export function compareTrees(ours: Tree, sk: SkTree, c: SkCase): string | null {
  const ties = new Map((c.ties ?? []).map((t) => [t.node, t.alternatives]));
  const k = ours.nOutputs;
  const walk = (o: number, s: number, path: string): string | null => {
    const at = `${path} (ours ${o}, sklearn ${s})`;
    if (ours.nSamples[o] !== sk.n_node_samples[s]) return `${at}: n_node_samples ${ours.nSamples[o]} vs ${sk.n_node_samples[s]}`;
    if (rel(ours.weightedNSamples[o]!, sk.weighted_n_node_samples[s]!) > 1e-9) return `${at}: weighted_n_node_samples`;
    if (Math.abs(ours.impurity[o]! - sk.impurity[s]!) > 1e-9 * Math.max(1, Math.abs(sk.impurity[s]!))) {
      return `${at}: impurity ${ours.impurity[o]} vs ${sk.impurity[s]}`;
    }
    for (let j = 0; j < k; j++) {
      if (rel(ours.value[o * k + j]!, sk.value[s]![j]!) > 1e-9) return `${at}: value[${j}] ${ours.value[o * k + j]} vs ${sk.value[s]![j]}`;
    }
    const skLeaf = sk.children_left[s] === -1;
    if (ours.isLeaf(o) !== skLeaf) return `${at}: ours is ${ours.isLeaf(o) ? 'a leaf' : 'split'}, sklearn's is ${skLeaf ? 'a leaf' : 'split'}`;
    if (skLeaf) return null;
    let mirrored = false;
    const f = ours.feature[o]!;
    const t = ours.threshold[o]!;
    if (!(f === sk.feature[s] && sameThreshold(t, sk.threshold[s] ?? null))) {
      const alt = ties.get(s)?.find(([af, at2]) => af === f && sameThreshold(t, at2));
      if (!alt) return `${at}: split x${f} <= ${t} vs sklearn x${sk.feature[s]} <= ${sk.threshold[s]}`;
      mirrored = alt[2];
    }
    const skMiss = sk.missing_go_to_left?.[s];
    if (skMiss !== undefined && !mirrored && ours.missingGoToLeft[o] !== skMiss) return `${at}: NaN goes ${ours.missingGoToLeft[o] ? 'left' : 'right'}, sklearn's ${skMiss ? 'left' : 'right'}`;
    const [sl, sr] = mirrored ? [sk.children_right[s]!, sk.children_left[s]!] : [sk.children_left[s]!, sk.children_right[s]!];
    return walk(ours.left[o]!, sl, `${path}L`) ?? walk(ours.right[o]!, sr, `${path}R`);
  };
  return walk(0, 0, 'root');
}

export function checkPredictions(m: DecisionTreeClassifier | DecisionTreeRegressor, c: SkCase): void {
  const ambiguous = new Set(c.X_test_ambiguous_rows ?? []);
  const pred = m.predict(c.X_test);
  const proba = m instanceof DecisionTreeClassifier ? m.predictProba(c.X_test) : null;
  c.X_test.forEach((_, i) => {
    if (ambiguous.has(i)) return;
    if (typeof c.predict[i] === 'number' && m instanceof DecisionTreeRegressor) {
      expect(rel(pred[i] as number, c.predict[i] as number), `${c.name} row ${i}`).toBeLessThanOrEqual(1e-9);
    } else {
      expect(pred[i], `${c.name} row ${i}`).toBe(c.predict[i]);
    }
    if (proba) proba[i]!.forEach((p, j) => expect(p).toBeCloseTo(c.predict_proba![i]![j]!, 12));
  });
}

/** A random-tree case: dt grows sklearn's tree node for node and predicts as it does. */
export function checkTreeCase(c: SkCase): void {
  const m = fitCase(c);
  expect(compareTrees(m.tree, c.tree, c)).toBeNull();
  expect(m.nodeCount).toBe(c.tree.node_count);
  expect(m.depth).toBe(c.depth);
  expect(m.nLeaves).toBe(c.n_leaves);
  if (m instanceof DecisionTreeClassifier) expect(m.classes).toEqual(c.classes);
  checkPredictions(m, c);
  if ((c.ties ?? []).length === 0) {
    m.featureImportances.forEach((v, j) => expect(v).toBeCloseTo(c.feature_importances[j]!, 9));
  }
  if (c.tree_exact) {
    // Same node numbering too (depth-first preorder, or best-first expansion order).
    expect(Array.from(m.tree.left.subarray(0, m.nodeCount))).toEqual(c.tree.children_left);
    expect(Array.from(m.tree.feature.subarray(0, m.nodeCount)).map((f, i) => (m.tree.isLeaf(i) ? -2 : f))).toEqual(c.tree.feature);
  }
}

