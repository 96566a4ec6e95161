/**
 * Native missing values (issue #19), scikit-learn ≥ 1.3's rule (user guide "Missing Values Support";
 * sklearn/tree/_splitter.pyx node_split_best / node_split_random, _tree.pyx apply):
 * - at each threshold NaN is tried on the right, then on the left; then "every value left, NaN right"
 *   (threshold +inf); a later candidate wins only on a strict improvement;
 * - a feature whose non-missing values in the node are all equal (or absent) is constant: not split on;
 * - a node whose split feature saw no NaN in training sends NaN to the child with more samples
 *   (counts, not weights; a tie goes right: `n_left > n_right`).
 * scikit-learn ≥ 1.3 is not in Debian 12, so the expected trees below are derived by hand from that rule.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createSplitResult, getCriterion, midpoint, valuesDiffer } from '@dt/criteria';
import { DecisionTreeClassifier } from '../estimators/decision-tree-classifier.js';
import { DecisionTreeRegressor } from '../estimators/decision-tree-regressor.js';
import { exportDot, exportText } from '../export/export.js';
import { loadModel } from '../model-file/load-model.js';
import { serializeModel } from '../model-file/model-format.js';
import { Tree } from '../tree/tree.js';

// 'hist' with at most maxBins distinct values per feature is exact: NaN gets its own bin.
const EXACT_SPLITTERS = ['best', 'hist'] as const;
const N = Number.NaN;

/** Rows reaching each node, routed as prediction routes them (NaN by missingGoToLeft). */
function nodeRows(tree: Tree, X: number[][]): Map<number, number[]> {
  const rows = new Map<number, number[]>();
  X.forEach((x, i) => {
    let n = 0;
    for (;;) {
      if (!rows.has(n)) rows.set(n, []);
      rows.get(n)!.push(i);
      if (tree.isLeaf(n)) break;
      const v = x[tree.feature[n]!]!;
      const left = Number.isNaN(v) ? tree.missingGoToLeft[n] === 1 : v <= tree.threshold[n]!;
      n = left ? tree.left[n]! : tree.right[n]!;
    }
  });
  return rows;
}

/**
 * The criterion's score of a two-sided partition, through its own scan over entries valued 0 (left)
 * and 1 (right): one candidate position, so the scan is a pure partition scorer here (the criteria
 * are checked against their formulas in @dt/criteria). Limits are checked by the enumeration.
 */
function partitionScorer(task: 'c' | 'r', name: string, y: number[], w: number[], C: number) {
  const res = createSplitResult();
  return (L: number[], R: number[]): number => {
    const ids = [...L, ...R];
    const n = ids.length;
    const values = Float64Array.from(ids, (_, k) => (k < L.length ? 0 : 1));
    const weights = Float64Array.from(ids, (i) => w[i]!);
    const totalWeight = weights.reduce((a, b) => a + b, 0);
    let ok: boolean;
    if (task === 'c') {
      const classWeights = new Float64Array(C);
      ids.forEach((i) => (classWeights[y[i]!]! += w[i]!));
      ok = getCriterion(name, 'classification').scan(
        { n, values, labels: Int32Array.from(ids, (i) => y[i]!), weights, counts: null, nClasses: C, classWeights, totalWeight, totalCount: n, minSamplesLeaf: 1, minWeightLeaf: 0 },
        res,
      );
    } else {
      const targets = Float64Array.from(ids, (i) => y[i]!);
      const weightedSum = ids.reduce((a, i) => a + w[i]! * y[i]!, 0);
      ok = getCriterion(name, 'regression').scan({ n, values, targets, weights, totalWeight, weightedSum, minSamplesLeaf: 1, minWeightLeaf: 0 }, res);
    }
    if (!ok) throw new Error('partition scorer found no position');
    return res.score;
  };
}

/** Every (feature, threshold, NaN side) of scikit-learn's search on the rows idx, with its score. */
function enumerate(X: number[][], idx: number[], w: number[], score: (L: number[], R: number[]) => number, minLeaf: number, minWeight: number) {
  const d = X[0]!.length;
  const out: { f: number; t: number; side: number; s: number }[] = [];
  const wsum = (ids: number[]) => ids.reduce((a, i) => a + w[i]!, 0);
  const valid = (L: number[], R: number[]) =>
    L.length >= minLeaf && R.length >= minLeaf && wsum(L) >= minWeight && wsum(R) >= minWeight && wsum(L) > 0 && wsum(R) > 0;
  for (let f = 0; f < d; f++) {
    const present = idx.filter((i) => !Number.isNaN(X[i]![f]!));
    const miss = idx.filter((i) => Number.isNaN(X[i]![f]!));
    const vals = [...new Set(present.map((i) => X[i]![f]!))].sort((a, b) => a - b);
    if (vals.length < 2 || !valuesDiffer(vals[0]!, vals[vals.length - 1]!)) continue; // constant, as in scikit-learn
    for (let k = 0; k + 1 < vals.length; k++) {
      if (!valuesDiffer(vals[k]!, vals[k + 1]!)) continue;
      const t = midpoint(vals[k]!, vals[k + 1]!);
      const L0 = present.filter((i) => X[i]![f]! <= t);
      const R0 = present.filter((i) => X[i]![f]! > t);
      for (const side of miss.length > 0 ? [0, 1] : [0]) {
        const L = side === 1 ? [...L0, ...miss] : L0;
        const R = side === 1 ? R0 : [...R0, ...miss];
        if (valid(L, R)) out.push({ f, t, side, s: score(L, R) });
      }
    }
    if (miss.length > 0 && valid(present, miss)) out.push({ f, t: Infinity, side: 0, s: score(present, miss) });
  }
  return out;
}

const cell = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 4 }) }, { weight: 1, arbitrary: fc.constant(Number.NaN) });
const problem = fc.record({
  n: fc.integer({ min: 4, max: 28 }),
  d: fc.integer({ min: 1, max: 3 }),
  seed: fc.integer({ min: 0, max: 1e6 }),
  weighted: fc.boolean(),
  minSamplesLeaf: fc.integer({ min: 1, max: 3 }),
  minWeightFractionLeaf: fc.constantFrom(0, 0.1, 0.25),
});

function data(p: { n: number; d: number; seed: number; weighted: boolean }, cells: number[], labels: number[]) {
  const X = Array.from({ length: p.n }, (_, i) => Array.from({ length: p.d }, (_, f) => cells[(i * p.d + f) % cells.length]!));
  const y = Array.from({ length: p.n }, (_, i) => labels[(i + p.seed) % labels.length]!);
  const w = Array.from({ length: p.n }, (_, i) => (p.weighted ? 1 + ((i * 7 + p.seed) % 3) : 1));
  return { X, y, w };
}

function checkTree(tree: Tree, X: number[][], y: number[], w: number[], task: 'c' | 'r', criterion: string, C: number, minLeaf: number, minWeight: number): void {
  const rows = nodeRows(tree, X);
  const score = partitionScorer(task, criterion, y, w, C);
  for (const [node, idx] of rows) {
    // Training partition = prediction routing (the builder partitioned by the stored side).
    expect(tree.nSamples[node]).toBe(idx.length);
    const cands = enumerate(X, idx, w, score, minLeaf, minWeight);
    const best = Math.max(...cands.map((c) => c.s));
    if (tree.isLeaf(node)) continue;
    const L = rows.get(tree.left[node]!)!;
    const R = rows.get(tree.right[node]!)!;
    const f = tree.feature[node]!;
    const chosen = score(L, R);
    expect(cands.length).toBeGreaterThan(0);
    expect(chosen).toBeGreaterThanOrEqual(best - 1e-9 * Math.max(1, Math.abs(best)));
    // The chosen split is one of the enumerated (feature, threshold, side) candidates.
    const t = tree.threshold[node]!;
    const hasMissing = idx.some((i) => Number.isNaN(X[i]![f]!));
    const side = tree.missingGoToLeft[node]!;
    expect(cands.some((c) => c.f === f && c.t === t && (!hasMissing || c.side === side))).toBe(true);
    // A node that saw no NaN on its feature sends NaN to the child with more samples (tie: right).
    if (!hasMissing) expect(side).toBe(L.length > R.length ? 1 : 0);
  }
}

describe('missing-side choice = exhaustive enumeration of (feature, threshold, side) (fast-check oracle)', () => {
  for (const [criterion, splitter] of ['gini', 'entropy', 'misclassification', 'twoing'].flatMap((c) => EXACT_SPLITTERS.map((s) => [c, s] as const))) {
    it(`classification, ${criterion}, splitter ${splitter}, weights, minSamplesLeaf, minWeightFractionLeaf`, () => {
      fc.assert(
        fc.property(problem, fc.array(cell, { minLength: 8, maxLength: 90 }), fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 3, maxLength: 30 }), (p, cells, labels) => {
          const { X, y, w } = data(p, cells, labels);
          const m = new DecisionTreeClassifier({ criterion, splitter, maxDepth: 3, minSamplesLeaf: p.minSamplesLeaf, minWeightFractionLeaf: p.minWeightFractionLeaf }).fit(X, y, {
            sampleWeight: w,
          });
          // Classes are encoded in sorted order: codes = labels here when all appear; map otherwise.
          const codes = y.map((v) => m.classes.indexOf(v));
          const W = w.reduce((a, b) => a + b, 0);
          checkTree(m.tree, X, codes, w, 'c', criterion, m.nClasses, p.minSamplesLeaf, p.minWeightFractionLeaf * W);
        }),
        { numRuns: 120, seed: 19 },
      );
    });
  }
  for (const [criterion, splitter] of ['squared_error', 'absolute_error'].flatMap((c) => EXACT_SPLITTERS.map((s) => [c, s] as const))) {
    it(`regression, ${criterion}, splitter ${splitter}, weights, minSamplesLeaf, minWeightFractionLeaf`, () => {
      fc.assert(
        fc.property(problem, fc.array(cell, { minLength: 8, maxLength: 90 }), fc.array(fc.integer({ min: -3, max: 5 }), { minLength: 3, maxLength: 30 }), (p, cells, targets) => {
          const { X, y, w } = data(p, cells, targets);
          const m = new DecisionTreeRegressor({ criterion, splitter, maxDepth: 3, minSamplesLeaf: p.minSamplesLeaf, minWeightFractionLeaf: p.minWeightFractionLeaf }).fit(X, y, {
            sampleWeight: w,
          });
          const W = w.reduce((a, b) => a + b, 0);
          checkTree(m.tree, X, y, w, 'r', criterion === 'squared_error' ? 'mse' : 'mae', 0, p.minSamplesLeaf, p.minWeightFractionLeaf * W);
        }),
        { numRuns: 120, seed: 19 },
      );
    });
  }
});

describe("hand-derived trees from scikit-learn's documented rule", () => {
  const root = (m: { tree: Tree }) => ({ feature: m.tree.feature[0], threshold: m.tree.threshold[0], missingGoToLeft: m.tree.missingGoToLeft[0], nodes: m.tree.nodeCount });

  it('NaN with the high values: t = 3.5 with NaN right wins (first search, pure children)', () => {
    for (const splitter of EXACT_SPLITTERS) {
      const m = new DecisionTreeClassifier({ splitter }).fit([[1], [2], [N], [N], [5], [6]], [0, 0, 1, 1, 1, 1]);
      expect(root(m)).toEqual({ feature: 0, threshold: 3.5, missingGoToLeft: 0, nodes: 3 });
      expect(m.predict([[N], [0], [9]])).toEqual([1, 0, 1]);
    }
  });

  it('NaN with the low values: t = 3.5 with NaN left wins (second search)', () => {
    for (const splitter of EXACT_SPLITTERS) {
      const m = new DecisionTreeClassifier({ splitter }).fit([[1], [2], [N], [N], [5], [6]], [0, 0, 0, 0, 1, 1]);
      expect(root(m)).toEqual({ feature: 0, threshold: 3.5, missingGoToLeft: 1, nodes: 3 });
      expect(m.predict([[N], [9]])).toEqual([0, 1]);
    }
  });

  it('NaN alone in a class: "every value left, NaN right" (threshold +inf) wins', () => {
    const hist = new DecisionTreeClassifier({ splitter: 'hist' }).fit([[1], [2], [3], [N], [N]], [0, 0, 0, 1, 1]);
    expect(root(hist)).toEqual({ feature: 0, threshold: Infinity, missingGoToLeft: 0, nodes: 3 });
    const m = new DecisionTreeClassifier().fit([[1], [2], [3], [N], [N]], [0, 0, 0, 1, 1]);
    expect(root(m)).toEqual({ feature: 0, threshold: Infinity, missingGoToLeft: 0, nodes: 3 });
    // Every number goes left, however large.
    expect(m.predict([[1e300], [N]])).toEqual([0, 1]);
    expect(exportText(m)).toContain('feature_0 <= +inf (missing → right)');
    // +inf is stored as null in JSON and reads back.
    const back = loadModel(serializeModel(m));
    expect(back.tree.threshold[0]).toBe(Infinity);
    expect(serializeModel(back)).toBe(serializeModel(m));
  });

  it('a three-way tie (NaN right, NaN left, +inf all score alike) keeps the first: NaN right', () => {
    // t = 1.5: {0 | 1, 2} with NaN right, {0, 2 | 1} with NaN left, {0, 1 | 2} at +inf: all Gini 1/3.
    for (const splitter of EXACT_SPLITTERS) {
      const m = new DecisionTreeClassifier({ splitter }).fit([[1], [2], [N]], [0, 1, 2]);
      expect(root(m)).toEqual({ feature: 0, threshold: 1.5, missingGoToLeft: 0, nodes: 3 });
      // The right child {2, NaN} has one non-missing value: constant for scikit-learn, so a leaf.
      expect(m.tree.isLeaf(m.tree.right[0]!)).toBe(true);
    }
  });

  it("'hist' with every value its own bin grows the same tree as 'best' on data with NaN (property)", () => {
    fc.assert(
      fc.property(problem, fc.array(cell, { minLength: 8, maxLength: 90 }), fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 3, maxLength: 30 }), (p, cells, labels) => {
        const { X, y, w } = data(p, cells, labels);
        const fit = (splitter: 'best' | 'hist') => new DecisionTreeClassifier({ splitter, minSamplesLeaf: p.minSamplesLeaf }).fit(X, y, { sampleWeight: w });
        const a = fit('best');
        const b = fit('hist');
        expect(JSON.parse(serializeModel(b)).tree).toEqual(JSON.parse(serializeModel(a)).tree);
      }),
      { numRuns: 100, seed: 5 },
    );
  });

  it('a node without NaN in training sends NaN to the child with more samples — counts, not weights; a tie goes right', () => {
    const more = new DecisionTreeClassifier().fit([[1], [2], [3]], [0, 1, 1]);
    expect(root(more)).toEqual({ feature: 0, threshold: 1.5, missingGoToLeft: 0, nodes: 3 });
    expect(more.predict([[N]])).toEqual([1]);
    const left = new DecisionTreeClassifier().fit([[1], [2], [3]], [0, 0, 1]);
    expect(root(left).missingGoToLeft).toBe(1);
    expect(left.predict([[N]])).toEqual([0]);
    // Weight 10 on the single left sample does not matter: 1 sample < 2 samples.
    const weighted = new DecisionTreeClassifier().fit([[1], [2], [3]], [0, 1, 1], { sampleWeight: [10, 1, 1] });
    expect(root(weighted).missingGoToLeft).toBe(0);
    const tie = new DecisionTreeClassifier().fit([[1], [2]], [0, 1]);
    expect(root(tie).missingGoToLeft).toBe(0);
    expect(tie.predict([[N]])).toEqual([1]);
    // apply, decisionPath and predict agree.
    expect(Array.from(left.apply([[N]]))).toEqual([left.tree.left[0]]);
    expect(Array.from(left.decisionPath([[N]]).indices)).toEqual([0, left.tree.left[0]]);
  });

  it('regression: NaN goes with the targets it resembles', () => {
    const m = new DecisionTreeRegressor().fit([[1], [2], [N], [3]], [0, 10, 10, 10]);
    expect(root(m)).toEqual({ feature: 0, threshold: 1.5, missingGoToLeft: 0, nodes: 3 });
    expect(Array.from(m.predict([[N], [1]]))).toEqual([10, 0]);
    const l = new DecisionTreeRegressor().fit([[1], [2], [N], [3]], [0, 10, 0, 10]);
    expect(root(l)).toEqual({ feature: 0, threshold: 1.5, missingGoToLeft: 1, nodes: 3 });
  });

  it('a feature that is all NaN in a node is constant there (never split on)', () => {
    const m = new DecisionTreeClassifier().fit([[N, 1], [N, 2], [N, 3], [N, 4]], [0, 0, 1, 1]);
    expect(root(m)).toEqual({ feature: 1, threshold: 2.5, missingGoToLeft: 0, nodes: 3 });
  });
});

describe('missing values end to end', () => {
  it('feature importances and cost-complexity pruning use the node statistics of the NaN-aware partition', () => {
    const X = [[1, 0], [2, 1], [N, 0], [N, 1], [5, 0], [6, 1], [N, 1], [7, 0]];
    const y = [0, 0, 1, 1, 1, 1, 1, 0];
    const m = new DecisionTreeClassifier().fit(X, y);
    const rows = nodeRows(m.tree, X);
    for (const [node, idx] of rows) expect(m.tree.nSamples[node]).toBe(idx.length);
    const imp = m.featureImportances;
    expect(imp[0]! + imp[1]!).toBeCloseTo(1, 12);
    // Node 2 holds 6 of 8 rows (NaN went left at its split), Gini 5/18, pure children: its effective
    // alpha is 6/8 · 5/18 ≈ 0.208, so 0.25 prunes it and 0.2 does not.
    expect(new DecisionTreeClassifier({ ccpAlpha: 0.2 }).fit(X, y).nodeCount).toBe(5);
    const pruned = new DecisionTreeClassifier({ ccpAlpha: 0.25 }).fit(X, y);
    expect(pruned.nodeCount).toBe(3);
    for (const [node, idx] of nodeRows(pruned.tree, X)) expect(pruned.tree.nSamples[node]).toBe(idx.length);
  });

  it("splitters 'random' and 'hist' with merged bins learn a side too: valid splits, training partition = prediction routing", () => {
    fc.assert(
      fc.property(problem, fc.array(cell, { minLength: 8, maxLength: 90 }), fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 3, maxLength: 30 }), fc.boolean(), (p, cells, labels, random) => {
        const { X, y, w } = data(p, cells, labels);
        const options = random ? { splitter: 'random' as const, seed: p.seed } : { splitter: 'hist' as const, maxBins: 2 };
        const m = new DecisionTreeClassifier({ ...options, minSamplesLeaf: p.minSamplesLeaf }).fit(X, y, { sampleWeight: w });
        const rows = nodeRows(m.tree, X);
        for (const [node, idx] of rows) {
          expect(m.tree.nSamples[node]).toBe(idx.length);
          if (!m.tree.isLeaf(node)) {
            expect(rows.get(m.tree.left[node]!)!.length).toBeGreaterThanOrEqual(p.minSamplesLeaf);
            expect(rows.get(m.tree.right[node]!)!.length).toBeGreaterThanOrEqual(p.minSamplesLeaf);
          }
        }
      }),
      { numRuns: 80, seed: 7 },
    );
  });

  it('model files: missingGoToLeft round-trips; a version 1 file (no field) loads with the count rule and the same predictions', () => {
    const X = [[1, 0], [2, 1], [N, 0], [N, 1], [5, 0], [6, 1], [3, 1], [7, 0]];
    const y = [0, 0, 0, 0, 1, 1, 1, 0];
    const m = new DecisionTreeClassifier().fit(X, y);
    const json = JSON.parse(serializeModel(m)) as { version: number; tree: { missingGoToLeft?: number[]; threshold: (number | null)[]; nSamples: number[]; left: number[]; right: number[]; kind: number[] } };
    expect(json.version).toBe(2);
    expect(json.tree.missingGoToLeft).toEqual(Array.from(m.tree.missingGoToLeft.subarray(0, m.nodeCount)));
    const v1 = structuredClone(json);
    v1.version = 1;
    delete v1.tree.missingGoToLeft;
    const old = loadModel(v1);
    const probe = [[1, 1], [4, 0], [6, 0], [7, 1]];
    expect(old.predict(probe)).toEqual(m.predict(probe));
    for (let i = 0; i < json.tree.kind.length; i++) {
      const want = json.tree.kind[i] === 1 && json.tree.nSamples[json.tree.left[i]!]! > json.tree.nSamples[json.tree.right[i]!]! ? 1 : 0;
      expect(old.tree.missingGoToLeft[i]).toBe(want);
    }
    // Validation: bad values, a side on a leaf, a missing field in version 2, the field in version 1.
    const bad = (edit: (j: typeof json) => void) => {
      const j = structuredClone(json);
      edit(j);
      return () => loadModel(j);
    };
    const leaf = json.tree.kind.indexOf(0);
    expect(bad((j) => (j.tree.missingGoToLeft![0] = 2))).toThrowError(/invalid model at tree\.missingGoToLeft\.0/);
    expect(bad((j) => (j.tree.missingGoToLeft![leaf] = 1))).toThrowError(`missingGoToLeft[${leaf}] is 1 on a leaf`);
    expect(bad((j) => delete j.tree.missingGoToLeft)).toThrowError('missingGoToLeft is missing');
    expect(bad((j) => (j.tree.missingGoToLeft = [0]))).toThrowError(/missingGoToLeft has 1 entries/);
    expect(bad((j) => (j.tree.threshold[leaf] = null))).toThrowError(/threshold null/);
    expect(bad((j) => (j.version = 1))).toThrowError('missingGoToLeft is not part of this format version');
    expect(bad((j) => (j.version = 3))).toThrowError('unsupported dt-model version 3 (this library reads versions 1, 2)');
  });

  it('exportText and exportDot show where NaN goes with showMissing', () => {
    const m = new DecisionTreeClassifier().fit([[1], [2], [N], [N], [5], [6]], [0, 0, 0, 0, 1, 1]);
    expect(exportText(m, { showMissing: true })).toBe(
      ['|--- feature_0 <= 3.50 (missing → left)', '|   |--- class: 0', '|--- feature_0 >  3.50', '|   |--- class: 1', ''].join('\n'),
    );
    expect(exportText(m)).not.toContain('missing');
    expect(exportDot(m, { showMissing: true })).toContain('feature_0 <= 3.500 (missing → left)');
    expect(() => exportText(m, { showMissing: 'yes' as never })).toThrowError('options.showMissing must be true or false, got "yes"');
  });

  it('Tree routing: NaN follows the side at axis nodes, and is refused only where a categorical map reads the feature', () => {
    const t = new Tree(2, 1, 4);
    t.addNode(-1, true, { impurity: 1, nSamples: 4, weightedNSamples: 4 });
    t.addNode(0, true, { impurity: 0, nSamples: 3, weightedNSamples: 3 });
    t.addNode(0, false, { impurity: 0, nSamples: 1, weightedNSamples: 1 });
    t.setAxisSplit(0, 1, 0.5, 1);
    t.setCategoricalMaps(0, [{ feature: 0, values: [1, -1] }]);
    expect(t.goesLeft(0, Float64Array.of(0, N), 0)).toBe(true);
    expect(Array.from(t.apply(Float64Array.of(1, N), 1))).toEqual([1]);
    t.setAxisSplit(0, 0, 0.5, 1);
    expect(() => t.goesLeft(0, Float64Array.of(N, 0), 0)).toThrowError(/X\[0\]\[0\] must be a number \(a categorical feature has no side for NaN/);
  });

  it('models without a rule for NaN refuse it naming the first cell and suggesting imputation', () => {
    const X = [[1, 2], [3, N], [N, 1], [2, 2]];
    const y = [0, 1, 0, 1];
    const msg = (what: string) => `X[1][1] must be a number: ${what} has no rule for missing values (NaN); impute them first, e.g. with SimpleImputer from @dt/datasets, got NaN`;
    expect(() => new DecisionTreeClassifier({ criterion: 'maxCut' }).fit(X, y)).toThrowError(msg('the maxCut criterion'));
    expect(() => new DecisionTreeClassifier({ categoricalFeatures: [0] }).fit([[0, 2], [1, N]], [0, 1])).toThrowError(msg('categoricalFeatures (CRIMCOORD)'));
    expect(() => new DecisionTreeClassifier({ scale: true }).fit(X, y)).toThrowError(msg('scale'));
  });
});
