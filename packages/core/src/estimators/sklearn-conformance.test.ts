import { describe, expect, it } from 'vitest';
import { DecisionTreeClassifier } from '../index.js';
import { caseX, checkPredictions, checkTreeCase, compareTrees, fitCase, fixture } from '../test-helpers/sklearn-trees.js';

/**
 * Conformance with scikit-learn 1.2 (fixtures made by scripts/make-sklearn-fixtures.py): fitted trees
 * equal sklearn's node for node. Where sklearn's random feature order breaks an exact tie between
 * splits that cut the node's samples identically, the fixture lists the alternatives (see
 * fixtures/sklearn/README.md) and any of them is accepted.
 */
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
      if ('train_accuracy' in facts && m instanceof DecisionTreeClassifier) expect(m.score(caseX(c), c.y)).toBe(facts.train_accuracy);
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
  for (const ds of fixture<{ datasets: CvDataset[] }>('cv.json').datasets) {
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
