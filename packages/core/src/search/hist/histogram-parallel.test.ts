import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DecisionTreeClassifier, DecisionTreeRegressor, treeToJson, type Tree } from '../../index.js';
import { createHistogramWorkers, fitTree, type HistogramWorkerPool } from '../../node.js';
import type { HistogramWorkers, ParallelFitStats } from './histogram-parallel.js';

/** The whole flat tree, bit for bit (node statistics included). */
function same(a: Tree, b: Tree): void {
  expect(JSON.stringify(treeToJson(b))).toBe(JSON.stringify(treeToJson(a)));
}

let pool: HistogramWorkerPool;
/** The pool with every node handed to the workers (the default leaves nodes under 65,536 cells on this thread). */
let everyNode: HistogramWorkers;

// Timeouts: these tests' time goes mostly to thread wake-ups (every node is two fork/joins across the
// threads with everyNode, and starting a worker compiles the sources through tsx), which on a loaded
// machine take scheduler time slices instead of microseconds: the property test once overran 60 s at
// a load average far above the core count. The work itself takes a few seconds.
const LOADED = 300_000;

beforeAll(async () => {
  pool = await createHistogramWorkers(2);
  everyNode = { threads: pool.threads, post: (j, m, t) => pool.post(j, m, t), receive: pool.receive!, minParallelCells: 0 };
}, LOADED);
afterAll(async () => {
  await pool.close();
});

const problem = fc.record({
  rows: fc.integer({ min: 2, max: 400 }),
  cols: fc.integer({ min: 2, max: 7 }),
  // Few levels: exact bins; many: quantile bins (maxBins below the distinct count).
  levels: fc.constantFrom(3, 12, 1000),
  continuous: fc.boolean(),
  classes: fc.integer({ min: 2, max: 4 }),
  seed: fc.integer({ min: 0, max: 1_000_000 }),
  weighted: fc.boolean(),
  maxLeafNodes: fc.option(fc.integer({ min: 2, max: 30 }), { nil: null }),
  minSamplesLeaf: fc.integer({ min: 1, max: 3 }),
  maxBins: fc.constantFrom(4, 16, 256),
  // A tiny budget keeps no histograms; a large one keeps them for sibling subtraction.
  splitter: fc.constantFrom('hist' as const, 'auto' as const),
});

function data(p: typeof problem extends fc.Arbitrary<infer T> ? T : never) {
  let s = p.seed + 7;
  const next = (): number => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const X = Array.from({ length: p.rows }, () => Array.from({ length: p.cols }, () => (p.continuous ? next() * 10 - 3 : Math.floor(next() * p.levels))));
  const y = X.map((x) => (x[0]! + x[1]! * next() > 4 ? Math.floor(next() * p.classes) : 0));
  const yr = X.map((x) => x[0]! * 1.7 - x[1]! * next() + next());
  const w = p.weighted ? X.map(() => [0.5, 1, 2, 3.25][Math.floor(next() * 4)]!) : null;
  return { X, y, yr, w };
}

describe("nJobs for splitter 'hist'", () => {
  it('grows the identical tree on 1 and 3 threads: classification and regression, weights, exact and quantile bins (property)', () => {
    fc.assert(
      fc.property(problem, fc.constantFrom('gini', 'entropy', 'twoing', 'max-cut', 'mse'), (p, criterion) => {
        const { X, y, yr, w } = data(p);
        const o = { criterion, maxBins: p.maxBins, maxLeafNodes: p.maxLeafNodes, minSamplesLeaf: p.minSamplesLeaf, splitter: p.splitter };
        const fit = (workers: HistogramWorkers | null): Tree =>
          criterion === 'mse'
            ? new DecisionTreeRegressor(o).fit(X, yr, { sampleWeight: w, workers }).tree
            : new DecisionTreeClassifier(o).fit(X, y, { sampleWeight: w, workers }).tree;
        same(fit(null), fit(everyNode));
      }),
      { numRuns: 150, seed: 1317 },
    );
  }, LOADED);

  it('data with NaN grows the identical tree with workers (no node split by feature; subtree tasks on the workers)', () => {
    const seen: ParallelFitStats[] = [];
    const observed: HistogramWorkers = { ...everyNode, onFitEnd: (s) => seen.push(s) };
    fc.assert(
      fc.property(problem, fc.constantFrom('gini', 'entropy', 'mse'), fc.integer({ min: 1, max: 5 }), (p, criterion, every) => {
        const { X, y, yr, w } = data(p);
        X.forEach((row, i) => row.forEach((_, j) => ((i * 7 + j * 3) % (every + 2) === 0 ? (row[j] = Number.NaN) : 0)));
        const o = { criterion, maxBins: p.maxBins, maxLeafNodes: p.maxLeafNodes, minSamplesLeaf: p.minSamplesLeaf, splitter: 'hist' as const };
        const fit = (workers: HistogramWorkers | null): Tree =>
          criterion === 'mse'
            ? new DecisionTreeRegressor(o).fit(X, yr, { sampleWeight: w, workers }).tree
            : new DecisionTreeClassifier(o).fit(X, y, { sampleWeight: w, workers }).tree;
        same(fit(null), fit(observed));
      }),
      { numRuns: 60, seed: 2026 },
    );
    expect(seen.reduce((a, s) => a + s.nodes, 0)).toBe(0);
    expect(seen.reduce((a, s) => a + s.subtreesOnWorkers, 0)).toBeGreaterThan(0);
  }, LOADED);

  it('hands large nodes to the workers and keeps their histograms for sibling subtraction (same tree as one thread)', async () => {
    // 20,000 rows × 8 features of 0..63: the top nodes exceed 65,536 cells and keep full histograms.
    let s = 11;
    const next = (): number => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s / 2147483648;
    };
    const rows = 20_000;
    const X = new Float64Array(rows * 8);
    const y = new Int32Array(rows);
    const yr = new Float64Array(rows);
    // Every feature carries signal, so that a feature some thread skipped would change the tree.
    for (let i = 0; i < rows; i++) {
      let sum = 0;
      for (let f = 0; f < 8; f++) {
        X[i * 8 + f] = Math.floor(next() * 64);
        sum += X[i * 8 + f]! * (f + 1) * next();
      }
      y[i] = sum > 120 ? Math.floor(next() * 3) : 0;
      yr[i] = sum + next();
    }
    const input = { data: X, rows, cols: 8 };
    const w = Float64Array.from({ length: rows }, (_, i) => 1 + (i % 3));
    for (const weighted of [false, true]) {
      const sampleWeight = weighted ? w : null;
      const one = new DecisionTreeClassifier({ splitter: 'hist' }).fit(input, y, { sampleWeight });
      // The large nodes went to the workers, and their children's histograms were kept (subtraction).
      let stats: ParallelFitStats | null = null;
      const observed: HistogramWorkers = { threads: pool.threads, post: (j, m, t) => pool.post(j, m, t), receive: pool.receive!, onFitEnd: (s) => (stats = s) };
      same(one.tree, new DecisionTreeClassifier({ splitter: 'hist' }).fit(input, y, { sampleWeight, workers: observed }).tree);
      expect(stats!.nodes).toBeGreaterThan(3);
      expect(stats!.keptChildren).toBeGreaterThan(0);
      expect(stats!.subtreesOnWorkers).toBeGreaterThan(0);
      // Every thread did its share, counted by the thread itself: each scanned and moved its features
      // (f ≡ j mod 3) of the large nodes, and the workers grew the subtree tasks they reported.
      const threads = stats!.threads;
      expect(threads).toHaveLength(pool.threads + 1);
      for (const t of threads) {
        expect(t.featuresScanned).toBeGreaterThan(0);
        expect(t.featuresMoved).toBeGreaterThan(0);
      }
      expect(threads.slice(1).reduce((a, t) => a + t.subtrees, 0)).toBe(stats!.subtreesOnWorkers);
      expect(threads.reduce((a, t) => a + t.subtrees, 0)).toBe(stats!.subtrees);
      // Thread j scans features j, j + 3, ...: of 8 features, 3, 3 and 2 per node at most.
      expect(threads[2]!.featuresScanned).toBeLessThanOrEqual(2 * stats!.nodes);
      const two = await fitTree(new DecisionTreeClassifier({ splitter: 'hist', nJobs: 2 }), input, y, { sampleWeight });
      same(one.tree, two.tree);
      same(one.tree, new DecisionTreeClassifier({ splitter: 'hist' }).fit(input, y, { sampleWeight, workers: pool }).tree);
      const r1 = new DecisionTreeRegressor({ splitter: 'hist' }).fit(input, yr, { sampleWeight });
      same(r1.tree, new DecisionTreeRegressor({ splitter: 'hist' }).fit(input, yr, { sampleWeight, workers: pool }).tree);
    }
  }, LOADED);

  it("'auto' with feature sampling (maxFeatures < features, as in forests) searches as 'best': no bins, no workers, the same tree", () => {
    let posts = 0;
    const counting: HistogramWorkers = { threads: pool.threads, post: (j, m, t) => (posts++, pool.post(j, m, t)), minParallelCells: 0 };
    const X = Array.from({ length: 300 }, (_, i) => [i % 7, (i * 13) % 5, (i * 7) % 11, (i * 3) % 4]);
    const y = X.map(([a, b, c]) => ((a! + b! + c!) % 3 === 0 ? 1 : 0));
    const auto = new DecisionTreeClassifier({ splitter: 'auto', maxFeatures: 2, seed: 3 }).fit(X, y, { workers: counting });
    expect(posts).toBe(0);
    same(new DecisionTreeClassifier({ splitter: 'best', maxFeatures: 2, seed: 3 }).fit(X, y).tree, auto.tree);
    new DecisionTreeClassifier({ splitter: 'auto', seed: 3 }).fit(X, y, { workers: counting });
    expect(posts).toBeGreaterThan(0);
  });

  it("'auto' bins (and uses the workers) exactly when every feature has <= maxBins distinct values, else searches as 'best'", () => {
    let posts = 0;
    const counting: HistogramWorkers = { threads: pool.threads, post: (j, m, t) => (posts++, pool.post(j, m, t)), minParallelCells: 0 };
    const X = Array.from({ length: 200 }, (_, i) => [i % 7, (i * 13) % 5]);
    const Xc = X.map(([a, b], i) => [a! + i / 1000, b!]);
    const y = X.map(([a, b]) => ((a! + b!) % 3 === 0 ? 1 : 0));
    const auto = new DecisionTreeClassifier({ splitter: 'auto', maxBins: 8 }).fit(X, y, { workers: counting });
    expect(posts).toBe(pool.threads);
    same(new DecisionTreeClassifier({ splitter: 'best' }).fit(X, y).tree, auto.tree);
    posts = 0;
    // 200 distinct values in feature 0 > 8 bins: the exact search, and 'hist' would differ.
    const autoC = new DecisionTreeClassifier({ splitter: 'auto', maxBins: 8 }).fit(Xc, y, { workers: counting });
    expect(posts).toBe(0);
    const best = new DecisionTreeClassifier({ splitter: 'best' }).fit(Xc, y).tree;
    same(best, autoC.tree);
    expect(JSON.stringify(treeToJson(new DecisionTreeClassifier({ splitter: 'hist', maxBins: 8 }).fit(Xc, y).tree))).not.toBe(JSON.stringify(treeToJson(best)));
  });

  it('validates nJobs and fits other splitters on one thread', async () => {
    expect(() => new DecisionTreeClassifier({ nJobs: 0 })).toThrow(/nJobs/);
    expect(() => new DecisionTreeClassifier({ nJobs: -2 })).toThrow(/nJobs/);
    expect(() => new DecisionTreeClassifier({ nJobs: 1.5 })).toThrow(/nJobs/);
    const X = [[0], [1], [2], [3]];
    const m = await fitTree(new DecisionTreeClassifier({ nJobs: -1 }), X, [0, 0, 1, 1]);
    expect(m.tree.threshold[0]).toBe(1.5);
  });
});
