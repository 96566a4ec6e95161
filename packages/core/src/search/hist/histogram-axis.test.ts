import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { DecisionTreeClassifier, DecisionTreeRegressor, type Tree } from '../../index.js';
import { HistogramAxisSearch } from './histogram-axis.js';

/** Same structure, splits and thresholds bit for bit; node statistics equal up to summation order. */
function expectSameTree(a: Tree, b: Tree): void {
  expect(b.nodeCount).toBe(a.nodeCount);
  const n = a.nodeCount;
  expect(Array.from(b.feature.subarray(0, n))).toEqual(Array.from(a.feature.subarray(0, n)));
  expect(Array.from(b.threshold.subarray(0, n))).toEqual(Array.from(a.threshold.subarray(0, n)));
  expect(Array.from(b.left.subarray(0, n))).toEqual(Array.from(a.left.subarray(0, n)));
  expect(Array.from(b.right.subarray(0, n))).toEqual(Array.from(a.right.subarray(0, n)));
  expect(Array.from(b.nSamples.subarray(0, n))).toEqual(Array.from(a.nSamples.subarray(0, n)));
  const k = a.nOutputs;
  for (let i = 0; i < n * k; i++) expect(b.value[i]).toBeCloseTo(a.value[i]!, 9);
  for (let i = 0; i < n; i++) expect(b.impurity[i]).toBeCloseTo(a.impurity[i]!, 9);
}

const CLASSIFICATION = ['gini', 'entropy', 'twoing', 'misclassification', 'max-cut'] as const;
const REGRESSION = ['mse', 'mae'] as const;

/** Integer-valued data (few distinct values, many ties), optional weights, random growth options. */
const problem = fc.record({
  rows: fc.integer({ min: 2, max: 60 }),
  cols: fc.integer({ min: 1, max: 5 }),
  levels: fc.integer({ min: 1, max: 12 }),
  classes: fc.integer({ min: 2, max: 4 }),
  seed: fc.integer({ min: 0, max: 1_000_000 }),
  weighted: fc.boolean(),
  maxDepth: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
  minSamplesSplit: fc.integer({ min: 2, max: 8 }),
  minSamplesLeaf: fc.integer({ min: 1, max: 4 }),
  minWeightFractionLeaf: fc.constantFrom(0, 0, 0.05, 0.2),
  minImpurityDecrease: fc.constantFrom(0, 0, 0.01),
  maxLeafNodes: fc.option(fc.integer({ min: 2, max: 12 }), { nil: null }),
  maxFeatures: fc.constantFrom(null, null, 1, 0.5, 'sqrt' as const),
  scale: fc.boolean(),
  maxBins: fc.constantFrom(16, 256, 300),
  projection: fc.constantFrom('axis', 'axis', 'global-pca'),
});

type Problem = typeof problem extends fc.Arbitrary<infer T> ? T : never;

function data(p: Problem): { X: number[][]; y: number[]; yr: number[]; w: number[] | null } {
  let s = p.seed + 1;
  const next = (m: number): number => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return Math.floor((s / 2147483648) * m);
  };
  const X = Array.from({ length: p.rows }, () => Array.from({ length: p.cols }, () => next(p.levels) - 3));
  const y = X.map((x) => (x[0]! + next(3) > 2 ? next(p.classes) : 0));
  const yr = X.map((x) => x[0]! * 2 + next(5) - (x.length > 1 ? x[1]! : 0));
  const w = p.weighted ? X.map(() => [0.5, 1, 2, 3.25][next(4)]!) : null;
  return { X, y, yr, w };
}

function growth(p: Problem) {
  return {
    maxDepth: p.maxDepth,
    minSamplesSplit: p.minSamplesSplit,
    minSamplesLeaf: p.minSamplesLeaf,
    minWeightFractionLeaf: p.minWeightFractionLeaf,
    minImpurityDecrease: p.minImpurityDecrease,
    maxLeafNodes: p.maxLeafNodes,
    maxFeatures: p.maxFeatures,
    seed: p.seed,
    scale: p.scale,
    // Projections of <= 60 rows take <= 60 distinct values: exact with 256 bins.
    maxBins: p.projection === 'global-pca' ? 256 : p.maxBins,
    projection: p.projection,
  };
}

describe("splitter 'hist'", () => {
  it('grows the same tree as the exact splitter when every feature (or global projection) has <= maxBins distinct values (property)', () => {
    fc.assert(
      fc.property(problem, fc.constantFrom(...CLASSIFICATION, ...REGRESSION), (p, criterion) => {
        const { X, y, yr, w } = data(p);
        const o = { ...growth(p), criterion };
        const fit = (splitter: 'best' | 'hist'): Tree => {
          if ((REGRESSION as readonly string[]).includes(criterion)) {
            return new DecisionTreeRegressor({ ...o, splitter }).fit(X, yr, { sampleWeight: w }).tree;
          }
          return new DecisionTreeClassifier({ ...o, splitter }).fit(X, y, { sampleWeight: w }).tree;
        };
        expectSameTree(fit('best'), fit('hist'));
      }),
      { numRuns: 400, seed: 1313 },
    );
  });

  it('grows the same tree as the exact splitter on data above the small-node threshold (codes moved at the top, positions below)', () => {
    // 6,000 rows: the top nodes move every feature's codes, nodes of <= 2,048 rows move positions.
    let s = 7;
    const next = (m: number): number => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return Math.floor((s / 2147483648) * m);
    };
    const X = Array.from({ length: 6000 }, () => [next(40), next(7), next(250), next(3)]);
    const y = X.map((x) => (x[0]! + next(20) > 30 ? next(3) : (x[2]! > 120 ? 1 : 0)));
    const yr = X.map((x) => x[0]! - x[1]! * 3 + next(9));
    const w = X.map(() => [0.5, 1, 2][next(3)]!);
    for (const criterion of ['gini', 'entropy'] as const) {
      for (const sampleWeight of [null, w]) {
        const fit = (splitter: 'best' | 'hist') => new DecisionTreeClassifier({ criterion, splitter }).fit(X, y, { sampleWeight }).tree;
        expectSameTree(fit('best'), fit('hist'));
      }
    }
    for (const criterion of ['mse', 'mae'] as const) {
      const fit = (splitter: 'best' | 'hist') => new DecisionTreeRegressor({ criterion, splitter, maxDepth: 12 }).fit(X, yr, { sampleWeight: w }).tree;
      expectSameTree(fit('best'), fit('hist'));
    }
  });

  it('splits between real training values when bins hold several values', () => {
    // 1..100 in 4 quantile bins: thresholds sit between the largest value of a bin and the next bin's smallest.
    const X = Array.from({ length: 100 }, (_, i) => [i + 1]);
    const y = X.map(([v]) => (v! > 50 ? 1 : 0));
    const m = new DecisionTreeClassifier({ splitter: 'hist', maxBins: 4 }).fit(X, y);
    expect(m.tree.threshold[0]).toBe(50.5);
    expect(m.predict([[50], [51]])).toEqual([0, 1]);
    const coarse = new DecisionTreeClassifier({ splitter: 'hist', maxBins: 2 }).fit(X, X.map(([v]) => (v! > 30 ? 1 : 0)));
    // Two bins, 1..50 and 51..100: the only possible cut is at 50.5, although 30.5 would separate the classes.
    expect(coarse.tree.threshold[0]).toBe(50.5);
  });

  it('rejects what it cannot bin', () => {
    expect(() => new DecisionTreeClassifier({ splitter: 'fast' as never })).toThrow(/splitter/);
    expect(() => new DecisionTreeClassifier({ splitter: 'hist', maxBins: 1 })).toThrow(/maxBins/);
    expect(() => new DecisionTreeClassifier({ splitter: 'hist', maxBins: 70000 })).toThrow(/maxBins/);
    expect(() => new DecisionTreeClassifier({ splitter: 'hist', categoricalFeatures: [0] })).toThrow(/categoricalFeatures/);
    expect(() =>
      new DecisionTreeClassifier({ splitter: 'hist', projection: 'node-means-pca' }).fit([[0, 1], [1, 0], [2, 2]], [0, 1, 0]),
    ).toThrow(/splitter/);
  });
});

describe("'hist' with more (bin, class) cells than MAX_CLASS_CELLS", () => {
  // 9,000 rows, one feature of 9,000 distinct values, 9,000 classes: 9,000 bins × 16,384 (classes
  // rounded up) ≈ 1.5e8 cells > 2^25. Without the limit the non-empty-cell marks' int32 bit index
  // wraps and the entry arrays take gigabytes.
  const n = 9000;
  const X = Array.from({ length: n }, (_, i) => [(i * 7919) % n]);
  const y = Array.from({ length: n }, (_, i) => i);

  it("an explicit 'hist' throws a typed error naming maxBins and the bins × classes it cannot hold", () => {
    let caught: unknown;
    try {
      new DecisionTreeClassifier({ splitter: 'hist', maxBins: 16384, maxDepth: 2 }).fit(X, y);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(Error);
    expect((caught as { name: string }).name).toBe('InvalidArgumentError');
    expect((caught as Error).message).toMatch(/maxBins/);
    expect((caught as Error).message).toMatch(/9000 bins × 9000 classes/);
  });

  it("'auto' searches exactly instead (no binned search runs): the same tree as 'best'", () => {
    const binned = vi.spyOn(HistogramAxisSearch.prototype, 'findBest');
    const auto = new DecisionTreeClassifier({ splitter: 'auto', maxBins: 16384, maxDepth: 3 }).fit(X, y).tree;
    expect(binned).not.toHaveBeenCalled();
    binned.mockRestore();
    const best = new DecisionTreeClassifier({ splitter: 'best', maxDepth: 3 }).fit(X, y).tree;
    expect(Array.from(auto.threshold.subarray(0, auto.nodeCount))).toEqual(Array.from(best.threshold.subarray(0, best.nodeCount)));
    expect(auto.nodeCount).toBe(best.nodeCount);
  });
});
