import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DecisionTreeClassifier, DecisionTreeRegressor, type Tree } from '../index.js';

/**
 * Conformance with scikit-learn 1.2 (fixtures made by scripts/make-sklearn-fixtures.py): fitted trees
 * equal sklearn's node for node. Where sklearn's random feature order breaks an exact tie between
 * splits that cut the node's samples identically, the fixture lists the alternatives (see
 * fixtures/sklearn/README.md) and any of them is accepted.
 */
interface SkTree {
  node_count: number;
  children_left: number[];
  children_right: number[];
  feature: number[];
  threshold: number[];
  impurity: number[];
  n_node_samples: number[];
  weighted_n_node_samples: number[];
  value: number[][];
}
interface SkCase {
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
  X: number[][];
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
  ties: { node: number; alternatives: [number, number, boolean][] }[] | null;
  X_test_ambiguous_rows: number[] | null;
  tree_exact: boolean;
  ambiguity: string | null;
  facts?: Record<string, unknown>;
}

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../fixtures/sklearn/${name}`, import.meta.url), 'utf8')) as {
    cases: SkCase[];
    datasets: CvDataset[];
  };

function fitCase(c: SkCase): DecisionTreeClassifier | DecisionTreeRegressor {
  const options = {
    criterion: c.criterion,
    maxDepth: c.params.max_depth,
    minSamplesSplit: c.params.min_samples_split,
    minSamplesLeaf: c.params.min_samples_leaf,
    minImpurityDecrease: c.params.min_impurity_decrease,
    maxLeafNodes: c.params.max_leaf_nodes,
  };
  const fitOptions = { sampleWeight: c.sample_weight };
  return c.task === 'classification'
    ? new DecisionTreeClassifier(options).fit(c.X, c.y, fitOptions)
    : new DecisionTreeRegressor(options).fit(c.X, c.y as number[], fitOptions);
}

const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(1, Math.abs(a), Math.abs(b));

/** Walks both trees from the root; returns a description of the first difference, or null. */
function compareTrees(ours: Tree, sk: SkTree, c: SkCase): string | null {
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
    if (!(f === sk.feature[s] && rel(t, sk.threshold[s]!) <= 1e-9)) {
      const alt = ties.get(s)?.find(([af, at2]) => af === f && rel(t, at2) <= 1e-9);
      if (!alt) return `${at}: split x${f} <= ${t} vs sklearn x${sk.feature[s]} <= ${sk.threshold[s]}`;
      mirrored = alt[2];
    }
    const [sl, sr] = mirrored ? [sk.children_right[s]!, sk.children_left[s]!] : [sk.children_left[s]!, sk.children_right[s]!];
    return walk(ours.left[o]!, sl, `${path}L`) ?? walk(ours.right[o]!, sr, `${path}R`);
  };
  return walk(0, 0, 'root');
}

function checkPredictions(m: DecisionTreeClassifier | DecisionTreeRegressor, c: SkCase): void {
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

describe('scikit-learn conformance: random trees (trees.json)', () => {
  const cases = fixture('trees.json').cases;
  it('covers the settings the issue asks for', () => {
    expect(cases.length).toBeGreaterThanOrEqual(50);
    expect(new Set(cases.map((c) => c.criterion))).toEqual(new Set(['gini', 'entropy', 'squared_error']));
    expect(cases.some((c) => c.sample_weight !== null)).toBe(true);
    expect(cases.some((c) => c.params.max_leaf_nodes !== null)).toBe(true);
    expect(cases.some((c) => c.params.min_impurity_decrease > 0)).toBe(true);
  });
  for (const c of cases) it(c.name, () => checkTreeCase(c));
});

/** A random-tree case: dt grows sklearn's tree node for node and predicts as it does. */
function checkTreeCase(c: SkCase): void {
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

describe('scikit-learn conformance: Poisson regression trees (poisson.json)', () => {
  const cases = fixture('poisson.json').cases;
  it('covers counts and rates, weights and every stopping rule', () => {
    expect(cases.length).toBeGreaterThanOrEqual(15);
    expect(new Set(cases.map((c) => c.criterion))).toEqual(new Set(['poisson']));
    expect(cases.some((c) => c.sample_weight !== null)).toBe(true);
    expect(cases.some((c) => c.params.max_leaf_nodes !== null)).toBe(true);
    expect(cases.some((c) => c.params.max_depth !== null)).toBe(true);
    expect(cases.some((c) => c.params.min_samples_leaf > 1)).toBe(true);
    expect(cases.some((c) => c.params.min_impurity_decrease > 0)).toBe(true);
    expect(cases.some((c) => (c.y as number[]).every(Number.isInteger))).toBe(true);
    expect(cases.some((c) => (c.y as number[]).includes(0))).toBe(true);
    // Every split node has positive sums on both sides, so no node has sklearn's +inf impurity.
    expect(cases.every((c) => c.tree.impurity.every(Number.isFinite))).toBe(true);
  });
  for (const c of cases) it(c.name, () => checkTreeCase(c));
});

describe('scikit-learn conformance: behaviours from sklearn tree tests (behaviours.json)', () => {
  for (const c of fixture('behaviours.json').cases) {
    it(c.name, () => {
      const m = fitCase(c);
      const facts = c.facts ?? {};
      if (c.ambiguity === null) {
        expect(compareTrees(m.tree, c.tree, c)).toBeNull();
        expect(m.nLeaves).toBe(c.n_leaves);
        expect(m.depth).toBe(c.depth);
        checkPredictions(m, c);
      }
      if ('train_accuracy' in facts && m instanceof DecisionTreeClassifier) expect(m.score(c.X, c.y)).toBe(facts.train_accuracy);
      if ('node_count' in facts) expect(m.nodeCount).toBe(facts.node_count);
      if ('n_leaves' in facts) expect(m.nLeaves).toBe(facts.n_leaves);
      if ('min_leaf_samples' in facts) {
        for (const n of m.tree.reachable()) if (m.tree.isLeaf(n)) expect(m.tree.nSamples[n]).toBeGreaterThanOrEqual(facts.min_leaf_samples as number);
      }
      if ('leaf_n_node_samples' in facts) {
        const leaves = Array.from(m.tree.reachable()).filter((n) => m.tree.isLeaf(n)).map((n) => m.tree.nSamples[n]);
        expect(leaves).toEqual(facts.leaf_n_node_samples);
      }
      if (m instanceof DecisionTreeClassifier) {
        for (const row of m.predictProba(c.X_test)) expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      }
    });
  }
});

interface CvResult {
  fold_accuracy: number[];
  mean_accuracy: number;
  mean_accuracy_by_random_state: number[];
  train_accuracy_full: number;
}
interface CvDataset {
  name: string;
  X: number[][];
  y: (number | string)[];
  folds: { train: number[]; test: number[] }[];
  gini: CvResult;
  entropy: CvResult;
  conflicting_duplicate_rows: number;
}

describe('scikit-learn conformance: 10-fold CV on iris, wine, breast-cancer-wisconsin (cv.json)', () => {
  for (const ds of fixture('cv.json').datasets) {
    for (const criterion of ['gini', 'entropy'] as const) {
      it(`${ds.name} / ${criterion}: full-data training accuracy 1.0 and CV accuracy as sklearn's`, () => {
        const full = new DecisionTreeClassifier({ criterion }).fit(ds.X, ds.y);
        if (ds.conflicting_duplicate_rows === 0) expect(full.score(ds.X, ds.y)).toBe(1);
        const accs = ds.folds.map(({ train, test }) => {
          const m = new DecisionTreeClassifier({ criterion }).fit(train.map((i) => ds.X[i]!), train.map((i) => ds.y[i]!));
          return m.score(test.map((i) => ds.X[i]!), test.map((i) => ds.y[i]!));
        });
        const mean = accs.reduce((a, b) => a + b, 0) / accs.length;
        // Fully grown trees meet exact ties between features at almost every small node; sklearn
        // breaks them by its random feature order, we by balance then feature index. So the
        // tolerance is: within 0.02 of sklearn (random_state 0), or inside the range sklearn itself
        // spans over random_state 0..99 (wine/entropy: ours 0.887, sklearn 0.881..0.937, rs0 0.909).
        const sk = ds[criterion];
        const lo = Math.min(...sk.mean_accuracy_by_random_state);
        const hi = Math.max(...sk.mean_accuracy_by_random_state);
        const within = Math.abs(mean - sk.mean_accuracy) <= 0.02 || (mean >= lo && mean <= hi);
        expect(within, `ours ${mean}, sklearn ${sk.mean_accuracy} (range ${lo}..${hi})`).toBe(true);
        expect(Math.abs(mean - sk.mean_accuracy)).toBeLessThanOrEqual(0.03);
      });
    }
  }
});
