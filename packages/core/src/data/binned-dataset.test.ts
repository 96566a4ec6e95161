import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidArgumentError, ShapeMismatchError } from '@dt/errors';
import { binDataset, BinnedDataset, DecisionTreeClassifier, DecisionTreeRegressor, treeToJson, type Tree } from '../index.js';
import { createHistogramWorkers, type HistogramWorkerPool } from '../node.js';
import type { ParallelFitStats } from '../search/hist/histogram-parallel.js';

/** The whole flat tree, bit for bit (node statistics included). */
function same(a: Tree, b: Tree): void {
  expect(JSON.stringify(treeToJson(b))).toBe(JSON.stringify(treeToJson(a)));
}

function data(seed: number, rows: number, cols: number, levels: number, nan: boolean) {
  let s = seed + 11;
  const next = (): number => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const X = Array.from({ length: rows }, () =>
    Array.from({ length: cols }, (_, f) => (nan && next() < 0.1 ? Number.NaN : f % 2 === 0 ? Math.floor(next() * levels) : levels > 50 ? next() * 10 - 3 : Math.floor(next() * levels) / 3)),
  );
  const y = X.map((x) => ((x[0]! || 0) + (x[1]! || 0) * next() > levels / 3 ? Math.floor(next() * 3) : 0));
  const yr = X.map((x) => (x[0]! || 0) * 1.7 - (x[1]! || 0) * next() + next());
  const w = X.map(() => [0.5, 1, 2, 3.25][Math.floor(next() * 4)]!);
  return { X, y, yr, w };
}

const problem = fc.record({
  seed: fc.integer({ min: 0, max: 1_000_000 }),
  rows: fc.integer({ min: 2, max: 300 }),
  cols: fc.integer({ min: 1, max: 5 }),
  levels: fc.constantFrom(3, 12, 1000),
  nan: fc.boolean(),
  weighted: fc.boolean(),
  maxBins: fc.constantFrom(4, 16, 256),
  maxLeafNodes: fc.option(fc.integer({ min: 2, max: 30 }), { nil: null }),
});

describe('binDataset: bin once, fit many', () => {
  it("a fit on the dataset grows the tree 'hist' grows on raw X, bit for bit: classification and regression, NaN, weights, quantile bins (property)", () => {
    fc.assert(
      fc.property(problem, (p) => {
        const { X, y, yr, w } = data(p.seed, p.rows, p.cols, p.levels, p.nan);
        const sampleWeight = p.weighted ? w : null;
        const ds = binDataset(X, { maxBins: p.maxBins, sampleWeight });
        const o = { splitter: 'hist' as const, maxBins: p.maxBins, maxLeafNodes: p.maxLeafNodes };
        same(new DecisionTreeClassifier(o).fit(X, y, { sampleWeight }).tree, new DecisionTreeClassifier(o).fit(ds, y, { sampleWeight }).tree);
        // The same dataset again, for another model: nothing of it was moved by the first fit.
        same(new DecisionTreeRegressor(o).fit(X, yr, { sampleWeight }).tree, new DecisionTreeRegressor(o).fit(ds, yr, { sampleWeight }).tree);
      }),
      { numRuns: 60, seed: 26 },
    );
  });

  it('fits never move the codes, and the fitted model predicts from raw features', () => {
    const { X, y } = data(1, 500, 4, 1000, true);
    const ds = binDataset(X, { maxBins: 32 });
    const before = ds.codes.slice();
    const a = new DecisionTreeClassifier({ splitter: 'hist', maxBins: 32 }).fit(ds, y);
    new DecisionTreeClassifier({ splitter: 'hist', maxBins: 32, maxDepth: 3 }).fit(ds.subset([3, 1, 4, 1, 5, 9, 2, 6]), y.slice(0, 8));
    expect(ds.codes).toEqual(before);
    const b = new DecisionTreeClassifier({ splitter: 'hist', maxBins: 32 }).fit(X, y);
    expect(a.predict(X)).toEqual(b.predict(X));
    expect(a.score(X, y)).toBe(b.score(X, y));
  });

  it("a subset (CV fold, bootstrap draw with repeats) with exact bins grows the tree 'hist' grows on those rows of X (property)", () => {
    fc.assert(
      fc.property(problem, fc.array(fc.nat(), { minLength: 2, maxLength: 200 }), (p, picks) => {
        // Exact bins: few levels, maxBins above them.
        const { X, y, yr, w } = data(p.seed, p.rows, p.cols, 12, p.nan);
        const rows = picks.map((r) => r % p.rows);
        const ds = binDataset(X);
        const sub = ds.subset(rows);
        const Xs = rows.map((r) => X[r]!);
        const ys = rows.map((r) => y[r]!);
        const yrs = rows.map((r) => yr[r]!);
        const sampleWeight = p.weighted ? rows.map((r) => w[r]!) : null;
        const o = { splitter: 'hist' as const, maxLeafNodes: p.maxLeafNodes };
        expect(sub.rows).toBe(rows.length);
        same(new DecisionTreeClassifier(o).fit(Xs, ys, { sampleWeight }).tree, new DecisionTreeClassifier(o).fit(sub, ys, { sampleWeight }).tree);
        same(new DecisionTreeRegressor(o).fit(Xs, yrs, { sampleWeight }).tree, new DecisionTreeRegressor(o).fit(sub, yrs, { sampleWeight }).tree);
        // A subset of a subset indexes the subset's rows.
        const inner = [0, rows.length - 1];
        expect(sub.subset(inner).rowIndex).toEqual(Int32Array.from(inner, (i) => rows[i]!));
      }),
      { numRuns: 60, seed: 27 },
    );
  });

  it('bootstrap as per-row counts: the counts are the fit\'s sampleWeight (exact bins: the same tree as on raw X with them)', () => {
    // Quantile edges would follow the weights on raw X; one dataset for every member keeps its own.
    const { X, y } = data(5, 200, 3, 12, true);
    const counts = new Float64Array(200);
    for (let i = 0; i < 200; i++) counts[(i * 7919) % 200 >> 1]! += 1;
    const ds = binDataset(X, { maxBins: 32 });
    const o = { splitter: 'hist' as const, maxBins: 32 };
    same(new DecisionTreeClassifier(o).fit(X, y, { sampleWeight: counts }).tree, new DecisionTreeClassifier(o).fit(ds, y, { sampleWeight: counts }).tree);
  });

  it('given edges: codes by (edges[b-1], edges[b]], NaN in the missing bin, splits at the edges', () => {
    const X = [[0.5], [1], [1.5], [2], [3], [Number.NaN], [10]];
    const y = [0, 0, 1, 1, 1, 1, 0];
    const ds = binDataset(X, { edges: [[1, 2.5, 5]] });
    expect(ds.nBins(0)).toBe(4);
    expect(Array.from(ds.codes)).toEqual([0, 0, 1, 1, 2, 4, 3]);
    expect(Array.from(ds.edges(0))).toEqual([1, 2.5, 5]);
    const m = new DecisionTreeClassifier({ splitter: 'hist' }).fit(ds, y);
    const t = m.tree;
    const thresholds = Array.from({ length: t.nodeCount }, (_, i) => t.threshold[i]!).filter((_, i) => t.left[i]! >= 0);
    // At the edges 1 and 5, not at the training values' midpoints 1.25 and 6.5.
    expect(thresholds.sort((a, b) => a - b)).toEqual([1, 5]);
    expect(m.predict([[1.2], [2.4], [2.6], [6], [Number.NaN]])).toEqual([1, 1, 1, 0, 1]);
    expect(m.score(X, y)).toBe(1);
  });

  it('computed edges are the midpoints between adjacent bins', () => {
    const ds = binDataset([[1], [2], [4], [8]]);
    expect(Array.from(ds.edges(0))).toEqual([1.5, 3, 6]);
  });

  it('shared: the codes live in a SharedArrayBuffer and survive a structured clone as the same memory', () => {
    const { X, y } = data(3, 300, 3, 1000, false);
    const ds = binDataset(X, { maxBins: 16, shared: true });
    expect(ds.shared).toBe(true);
    const copy = BinnedDataset.fromShared(structuredClone(ds.toShared()));
    expect(copy.codes.buffer).toBeInstanceOf(SharedArrayBuffer);
    same(new DecisionTreeClassifier({ splitter: 'hist', maxBins: 16 }).fit(ds, y).tree, new DecisionTreeClassifier({ splitter: 'hist', maxBins: 16 }).fit(copy, y).tree);
    expect(binDataset(X).shared).toBe(false);
  });

  it('refuses, naming the argument: unknown options, bad maxBins/edges/rows, other splitters, a different maxBins, projections, wrong y length', () => {
    const X = [[1, 2], [3, 4], [5, 6]];
    expect(() => binDataset(X, { maxBin: 8 } as never)).toThrow(/maxBin/);
    expect(() => binDataset(X, { maxBins: 1 })).toThrow(InvalidArgumentError);
    expect(() => binDataset(X, { edges: [[1]] })).toThrow(ShapeMismatchError);
    expect(() => binDataset(X, { edges: [[2, 1], [1]] })).toThrow(/edges\[0\]\[1\]/);
    expect(() => binDataset(X, { edges: [[1], [Number.NaN]] })).toThrow(/edges\[1\]\[0\]/);
    expect(() => binDataset(X, { edges: [[1], [2, 3, 4]], maxBins: 3 })).toThrow(/edges\[1\]/);
    expect(() => binDataset(X, { shared: 'yes' } as never)).toThrow(/shared/);
    const ds = binDataset(X);
    expect(() => ds.subset([0, 3])).toThrow(/rows\[1\]/);
    expect(() => ds.subset([])).toThrow(InvalidArgumentError);
    expect(() => ds.nBins(2)).toThrow(/feature/);
    expect(() => new DecisionTreeClassifier({ splitter: 'best' }).fit(ds, [0, 1, 0])).toThrow(/splitter/);
    expect(() => new DecisionTreeClassifier().fit(ds, [0, 1, 0])).toThrow(/splitter/);
    expect(() => new DecisionTreeClassifier({ splitter: 'hist', maxBins: 16 }).fit(ds, [0, 1, 0])).toThrow(/maxBins/);
    expect(() => new DecisionTreeRegressor({ splitter: 'hist', scale: true }).fit(ds, [0, 1, 0])).toThrow(/scale/);
    expect(() => new DecisionTreeClassifier({ splitter: 'hist' }).fit(ds, [0, 1])).toThrow(ShapeMismatchError);
    expect(() => new DecisionTreeClassifier({ splitter: 'hist' }).fit(ds.subset([0, 1]), [0, 1, 0])).toThrow(ShapeMismatchError);
  });

  it("refuses NaN for a criterion without a rule for it (maxCut), as on raw X", () => {
    const ds = binDataset([[1, Number.NaN], [2, 3], [3, 4]]);
    expect(() => new DecisionTreeClassifier({ splitter: 'hist', criterion: 'maxCut' }).fit(ds, [0, 1, 0])).toThrow(/maxCut/);
    const clean = binDataset([[1, 2], [2, 3], [3, 4]]);
    expect(new DecisionTreeClassifier({ splitter: 'hist', criterion: 'maxCut' }).fit(clean, [0, 1, 0]).nLeaves).toBeGreaterThan(1);
  });
});

describe('binDataset with worker threads', () => {
  let pool: HistogramWorkerPool;
  beforeAll(async () => {
    pool = await createHistogramWorkers(1);
  }, 300_000);
  afterAll(async () => {
    await pool.close();
  });

  it('grows the same tree on 1 and 2 threads, and the worker did work', () => {
    const { X, y } = data(9, 3000, 6, 1000, false);
    const ds = binDataset(X, { maxBins: 64 });
    const stats: ParallelFitStats[] = [];
    const workers = { threads: pool.threads, post: pool.post.bind(pool), receive: pool.receive!, minParallelCells: 0, onFitEnd: (s: ParallelFitStats) => stats.push(s) };
    const o = { splitter: 'hist' as const, maxBins: 64 };
    const one = new DecisionTreeClassifier(o).fit(ds, y);
    const two = new DecisionTreeClassifier(o).fit(ds, y, { workers });
    same(one.tree, two.tree);
    same(new DecisionTreeClassifier(o).fit(X, y).tree, two.tree);
    expect(stats).toHaveLength(1);
    expect(stats[0]!.threads).toHaveLength(2);
    expect(stats[0]!.threads[1]!.featuresScanned).toBeGreaterThan(0);
  }, 300_000);

  it('given edges: the same tree on 1 and 2 threads (the workers split at the edges too)', () => {
    const { X, y } = data(4, 2000, 4, 1000, false);
    const edges = Array.from({ length: 4 }, (_, f) => Array.from({ length: 30 }, (_, b) => (f % 2 === 0 ? b * 33 : b * 0.33 - 3)));
    const ds = binDataset(X, { edges });
    const stats: ParallelFitStats[] = [];
    const workers = { threads: pool.threads, post: pool.post.bind(pool), receive: pool.receive!, minParallelCells: 0, onFitEnd: (s: ParallelFitStats) => stats.push(s) };
    const one = new DecisionTreeClassifier({ splitter: 'hist' }).fit(ds, y);
    same(one.tree, new DecisionTreeClassifier({ splitter: 'hist' }).fit(ds, y, { workers }).tree);
    expect(stats[0]!.threads[1]!.featuresScanned).toBeGreaterThan(0);
    // Every split sits at one of the given edges.
    const t = one.tree;
    for (let i = 0; i < t.nodeCount; i++) if (t.left[i]! >= 0) expect(edges[t.feature[i]!]).toContain(t.threshold[i]);
  }, 300_000);
});
