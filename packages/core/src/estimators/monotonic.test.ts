import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidArgumentError } from '@dt/errors';
import { DecisionTreeClassifier, DecisionTreeRegressor, loadModel, modelToJson, type Tree } from '../index.js';
import { caseX, checkTreeCase, fixture, type SkCase } from '../test-helpers/sklearn-trees.js';

/**
 * Monotonic constraints (`monotonicCst`, scikit-learn ≥ 1.4's monotonic_cst): trees equal scikit-learn
 * 1.9.1's node for node (fixtures/sklearn/monotonic.json, made by
 * scripts/make-sklearn-monotonic-fixtures.py, where every node is re-derived by a constrained brute
 * force), and predictions are monotone along every constrained feature for every splitter.
 */

describe('monotonicCst: scikit-learn 1.9.1 trees node for node (monotonic.json)', () => {
  const cases = fixture<{ cases: (SkCase & { facts: Record<string, number> })[] }>('monotonic.json').cases;
  it('covers both tasks, both builders and constraints that change the tree', () => {
    expect(new Set(cases.map((c) => c.criterion))).toEqual(new Set(['gini', 'entropy', 'squared_error', 'poisson']));
    expect(cases.some((c) => c.params.max_leaf_nodes !== null)).toBe(true);
    expect(cases.some((c) => c.sample_weight !== null)).toBe(true);
    // Missing values, including scikit-learn's +inf split (every value left, NaN right: null in the file).
    expect(cases.filter((c) => c.X.some((row) => row.includes(null))).length).toBeGreaterThanOrEqual(3);
    expect(cases.some((c) => c.tree.threshold.some((t, i) => t === null && c.tree.feature[i]! >= 0))).toBe(true);
    // The constraint rejects the unconstrained best split somewhere in every case, and clips values in most.
    expect(cases.every((c) => c.facts.constraint_binding_nodes! > 0)).toBe(true);
    expect(cases.filter((c) => c.facts.clipped_nodes! > 0).length).toBeGreaterThanOrEqual(8);
  });
  for (const c of cases) {
    it(c.name, () => {
      checkTreeCase(c);
      // 'best' and 'hist' grow the same tree when every value is its own bin (auto picks hist here).
      const hist = fitWith(c, 'hist');
      const best = fitWith(c, 'best');
      expect(hist.nodeCount).toBe(best.nodeCount);
      expect(Array.from(hist.tree.feature.subarray(0, hist.nodeCount))).toEqual(Array.from(best.tree.feature.subarray(0, best.nodeCount)));
      // Node sums are taken in each search's sample order: equal up to rounding.
      const hv = hist.tree.value;
      best.tree.value.subarray(0, best.nodeCount * best.tree.nOutputs).forEach((v, i) => expect(Math.abs(hv[i]! - v)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(v))));
    });
  }
});

function fitWith(c: SkCase, splitter: 'best' | 'hist'): DecisionTreeClassifier | DecisionTreeRegressor {
  const options = {
    criterion: c.criterion,
    maxDepth: c.params.max_depth,
    minSamplesSplit: c.params.min_samples_split,
    minSamplesLeaf: c.params.min_samples_leaf,
    minImpurityDecrease: c.params.min_impurity_decrease,
    maxLeafNodes: c.params.max_leaf_nodes,
    monotonicCst: c.monotonic_cst!,
    splitter,
  };
  const fitOptions = { sampleWeight: c.sample_weight };
  return c.task === 'classification'
    ? new DecisionTreeClassifier(options).fit(caseX(c), c.y, fitOptions)
    : new DecisionTreeRegressor(options).fit(caseX(c), c.y as number[], fitOptions);
}

/** Points along feature f that visit every interval between the tree's thresholds on f, ascending. */
function probePoints(tree: Tree, f: number): number[] {
  const pts = [-1e300, 1e300];
  for (const node of tree.reachable()) {
    if (tree.isLeaf(node) || tree.feature[node] !== f) continue;
    const t = tree.threshold[node]!;
    if (!Number.isFinite(t)) continue;
    pts.push(t, t + Math.max(Math.abs(t) * 1e-12, 1e-300));
  }
  return pts.sort((a, b) => a - b);
}

/**
 * The property: for each base row and each constrained feature f, the prediction (regression) or
 * P(positive class) (classification) along f never moves against the constraint.
 */
export function violations(predict: (rows: number[][]) => number[], trees: Tree[], base: number[][], cst: readonly number[]): string[] {
  const out: string[] = [];
  cst.forEach((s, f) => {
    if (s === 0) return;
    const pts = [...new Set(trees.flatMap((t) => probePoints(t, f)))].sort((a, b) => a - b);
    for (const row of base) {
      const rows = pts.map((v) => row.map((x, j) => (j === f ? v : x)));
      const p = predict(rows);
      for (let k = 1; k < p.length; k++) {
        if ((p[k]! - p[k - 1]!) * s < -1e-12) out.push(`x${f} ${pts[k - 1]} → ${pts[k]}: ${p[k - 1]} → ${p[k]} (constraint ${s})`);
      }
    }
  });
  return out;
}

const SPLITTERS = ['best', 'hist', 'random'] as const;

const dataArb = fc.record({
  n: fc.integer({ min: 8, max: 60 }),
  d: fc.integer({ min: 1, max: 3 }),
  seed: fc.integer({ min: 0, max: 1e6 }),
  splitter: fc.constantFrom(...SPLITTERS),
  missing: fc.boolean(),
  weighted: fc.boolean(),
  maxLeafNodes: fc.option(fc.integer({ min: 2, max: 12 }), { nil: null }),
  minSamplesLeaf: fc.integer({ min: 1, max: 3 }),
  levels: fc.option(fc.integer({ min: 2, max: 5 }), { nil: null }),
  // 3 bins: 'hist' then bins at quantiles (not the exact search's tree); the property must still hold.
  maxBins: fc.constantFrom(256, 3),
});

interface Drawn {
  X: number[][];
  yReg: number[];
  yBin: number[];
  w: number[] | null;
  cst: number[];
}

/** Seeded data whose target runs against some constraints (so they bind), with optional NaN and weights. */
function draw(a: { n: number; d: number; seed: number; missing: boolean; weighted: boolean; levels: number | null }): Drawn {
  let s = a.seed >>> 0 || 1;
  const rnd = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
  const X: number[][] = [];
  const yReg: number[] = [];
  const yBin: number[] = [];
  for (let i = 0; i < a.n; i++) {
    const row = Array.from({ length: a.d }, () => (a.levels === null ? Math.fround(rnd() * 4 - 2) : Math.floor(rnd() * a.levels)));
    const t = Math.sin(2 * row[0]!) + (a.d > 1 ? row[1]! * 0.7 : 0) + rnd() - 0.5;
    if (a.missing) for (let j = 0; j < a.d; j++) if (rnd() < 0.15) row[j] = Number.NaN;
    X.push(row);
    yReg.push(t + 3);
    yBin.push(t + rnd() * 0.8 > 0.2 ? 1 : 0);
  }
  // Both classes present.
  yBin[0] = 0;
  yBin[1] = 1;
  const cst: number[] = Array.from({ length: a.d }, () => [1, -1, 0][Math.floor(rnd() * 3)]!);
  if (!cst.some((c) => c !== 0)) cst[0] = rnd() < 0.5 ? 1 : -1;
  const w = a.weighted ? Array.from({ length: a.n }, () => 0.25 + Math.floor(rnd() * 12) / 4) : null;
  return { X, yReg, yBin, w, cst };
}

function baseRows(X: number[][]): number[][] {
  // Training rows (NaN kept: the property holds whatever the other coordinates are).
  return X.slice(0, 12);
}

describe('monotonicCst: predictions are monotone along each constrained feature (fast-check)', () => {
  it('regression trees (squared_error, poisson), every splitter, with NaN, weights, best-first', () => {
    fc.assert(
      fc.property(dataArb, fc.constantFrom('squared_error', 'poisson'), (a, criterion) => {
        const { X, yReg, w, cst } = draw(a);
        const m = new DecisionTreeRegressor({ criterion, splitter: a.splitter, monotonicCst: cst, maxLeafNodes: a.maxLeafNodes, minSamplesLeaf: a.minSamplesLeaf, seed: a.seed, maxBins: a.maxBins }).fit(X, yReg, { sampleWeight: w });
        expect(violations((r) => Array.from(m.predict(r)), [m.tree], baseRows(X), cst)).toEqual([]);
      }),
      { seed: 33, numRuns: 150 },
    );
  });

  it('binary classification trees (gini, entropy), every splitter: P(positive class) is monotone', () => {
    fc.assert(
      fc.property(dataArb, fc.constantFrom('gini', 'entropy'), (a, criterion) => {
        const { X, yBin, w, cst } = draw(a);
        const m = new DecisionTreeClassifier({ criterion, splitter: a.splitter, monotonicCst: cst, maxLeafNodes: a.maxLeafNodes, minSamplesLeaf: a.minSamplesLeaf, seed: a.seed, maxBins: a.maxBins }).fit(X, yBin, { sampleWeight: w });
        const proba = (r: number[][]) => m.predictProba(r).map((p) => p[1]!);
        expect(violations(proba, [m.tree], baseRows(X), cst)).toEqual([]);
        for (const p of m.predictProba(X)) expect(p[0]! + p[1]!).toBeCloseTo(1, 12);
      }),
      { seed: 34, numRuns: 150 },
    );
  });

  it('the property can fail: without the constraint the same draws give non-monotone trees', () => {
    let broken = 0;
    for (let seed = 0; seed < 20; seed++) {
      const { X, yReg, cst } = draw({ n: 60, d: 2, seed, missing: false, weighted: false, levels: null });
      const m = new DecisionTreeRegressor({ splitter: 'best' }).fit(X, yReg);
      if (violations((r) => Array.from(m.predict(r)), [m.tree], baseRows(X), cst).length > 0) broken++;
    }
    expect(broken).toBeGreaterThan(10);
  });
});

describe('monotonicCst: scikit-learn behaviours (test_monotonic_tree.py)', () => {
  it('data increasing against a decreasing constraint: one node, the mean (test_1d_opposite_monotonicity_cst_data)', () => {
    const X = Array.from({ length: 10 }, (_, i) => [-2 + (4 * i) / 9]);
    const y = X.map((r) => r[0]!);
    for (const splitter of SPLITTERS) {
      const m = new DecisionTreeRegressor({ monotonicCst: [-1], splitter }).fit(X, y);
      expect(m.nodeCount).toBe(1);
      expect(m.tree.value[0]).toBeCloseTo(0, 12);
      const flipped = new DecisionTreeRegressor({ monotonicCst: [1], splitter }).fit(X, y.map((v) => -v));
      expect(flipped.nodeCount).toBe(1);
    }
  });

  it('refuses multiclass classification, a wrong length and values other than -1, 0, 1 (typed, naming monotonicCst)', () => {
    const X = [[1, 2], [3, 4], [5, 6], [7, 8], [9, 10], [2, 2]];
    expect(() => new DecisionTreeClassifier({ monotonicCst: [1, 0] }).fit(X, [0, 1, 2, 0, 1, 2])).toThrow(InvalidArgumentError);
    expect(() => new DecisionTreeClassifier({ monotonicCst: [1, 0] }).fit(X, [0, 1, 2, 0, 1, 2])).toThrow(/monotonicCst.*multiclass/);
    expect(() => new DecisionTreeClassifier({ monotonicCst: [-1, 1, 0] }).fit(X, [0, 1, 0, 1, 0, 1])).toThrow(/monotonicCst.*2 features/);
    expect(() => new DecisionTreeRegressor({ monotonicCst: [-2, 2] })).toThrow(/monotonicCst\[0\].*-2/);
    expect(() => new DecisionTreeRegressor({ monotonicCst: [-1, 0.8] })).toThrow(/monotonicCst\[1\].*0\.8/);
    expect(() => new DecisionTreeRegressor({ monotonicCst: 'increasing' as never })).toThrow(InvalidArgumentError);
  });

  it('refuses what cannot honour it: oblique projections, CRIMCOORD, the Max-Cut criterion', () => {
    expect(() => new DecisionTreeClassifier({ monotonicCst: [1, 0], projection: 'global-pca' })).toThrow(/monotonicCst/);
    expect(() => new DecisionTreeClassifier({ monotonicCst: [1, 0], categoricalFeatures: [1] })).toThrow(/monotonicCst/);
    expect(() => new DecisionTreeClassifier({ monotonicCst: [1, 0], criterion: 'maxCut' })).toThrow(/monotonicCst/);
  });

  it('by feature name: an object of name → constraint, resolved with the fit’s featureNames', () => {
    const { X, yReg } = draw({ n: 50, d: 2, seed: 7, missing: false, weighted: false, levels: null });
    const byIndex = new DecisionTreeRegressor({ monotonicCst: [0, -1] }).fit(X, yReg);
    const byName = new DecisionTreeRegressor({ monotonicCst: { b: -1 } }).fit(X, yReg, { featureNames: ['a', 'b'] });
    expect(Array.from(byName.predict(X))).toEqual(Array.from(byIndex.predict(X)));
    expect(() => new DecisionTreeRegressor({ monotonicCst: { c: 1 } }).fit(X, yReg, { featureNames: ['a', 'b'] })).toThrow(/monotonicCst\.c/);
    expect(() => new DecisionTreeRegressor({ monotonicCst: { b: 1 } }).fit(X, yReg)).toThrow(/featureNames/);
  });

  it("'hist' with nJobs 2: the same tree as one thread, and the report says one thread ran (the workers' searches know no constraints)", () => {
    const { X, yReg } = draw({ n: 400, d: 3, seed: 11, missing: false, weighted: false, levels: null });
    const one = new DecisionTreeRegressor({ splitter: 'hist', monotonicCst: [1, -1, 0] }).fit(X, yReg);
    const two = new DecisionTreeRegressor({ splitter: 'hist', monotonicCst: [1, -1, 0], nJobs: 2 }).fit(X, yReg);
    expect(Array.from(two.predict(X))).toEqual(Array.from(one.predict(X)));
    expect(two.threadReport!.threads).toBe(1);
  });

  it('is a recorded fit option: getParams, clone and model files keep it; the loaded model predicts the same', () => {
    const { X, yBin } = draw({ n: 60, d: 3, seed: 3, missing: true, weighted: false, levels: null });
    const m = new DecisionTreeClassifier({ monotonicCst: [1, -1, 0] }).fit(X, yBin);
    expect(m.getParams().monotonicCst).toEqual([1, -1, 0]);
    expect(m.clone().options.monotonicCst).toEqual([1, -1, 0]);
    const json = modelToJson(m);
    expect((json as { params: Record<string, unknown> }).params.monotonicCst).toEqual([1, -1, 0]);
    const back = loadModel(JSON.parse(JSON.stringify(json))) as DecisionTreeClassifier;
    expect(back.options.monotonicCst).toEqual([1, -1, 0]);
    expect(back.predictProba(X)).toEqual(m.predictProba(X));
  });
});
