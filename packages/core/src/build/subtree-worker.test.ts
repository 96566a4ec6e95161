import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DtError } from '@dt/errors';
import { DecisionTreeClassifier, DecisionTreeRegressor, treeToJson, type Tree } from '../index.js';
import { createHistogramWorkers, startModuleWorker, type HistogramWorkerPool } from '../node.js';
import type { HistogramWorkers, ParallelFitStats } from '../search/hist/histogram-parallel.js';
import { SUBTREE_DIVISOR } from './growth-params.js';

/** The whole flat tree, bit for bit (node statistics and values included). */
const json = (t: Tree): string => JSON.stringify(treeToJson(t));

let one: HistogramWorkerPool;
let two: HistogramWorkerPool;

beforeAll(async () => {
  [one, two] = await Promise.all([createHistogramWorkers(1), createHistogramWorkers(2)]);
}, 300_000);
afterAll(async () => {
  await Promise.all([one.close(), two.close()]);
});

const problem = fc.record({
  // Enough rows for several subtree tasks of a few rows each (rows / SUBTREE_DIVISOR).
  rows: fc.integer({ min: 2 * SUBTREE_DIVISOR, max: 700 }),
  cols: fc.integer({ min: 1, max: 6 }),
  // Few levels: many ties among values; 1000: quantile bins.
  levels: fc.constantFrom(2, 5, 12, 1000),
  classes: fc.integer({ min: 2, max: 5 }),
  weighted: fc.boolean(),
  criterion: fc.constantFrom('gini', 'entropy', 'twoing', 'mse', 'mae'),
  maxDepth: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
  minSamplesLeaf: fc.integer({ min: 1, max: 5 }),
  minSamplesSplit: fc.integer({ min: 2, max: 12 }),
  minImpurityDecrease: fc.constantFrom(0, 0.0005, 0.01),
  minWeightFractionLeaf: fc.constantFrom(0, 0.01),
  seed: fc.integer({ min: 0, max: 1_000_000 }),
});

function dataOf(p: typeof problem extends fc.Arbitrary<infer T> ? T : never) {
  let s = p.seed + 3;
  const next = (): number => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const X = Array.from({ length: p.rows }, () => Array.from({ length: p.cols }, () => Math.floor(next() * p.levels)));
  const y = X.map((x) => ((x[0]! + (x[1] ?? 0)) * next() > p.levels / 3 ? Math.floor(next() * p.classes) : 0));
  const yr = X.map((x) => x[0]! * 0.37 - (x[1] ?? 0) * next() + next());
  const w = p.weighted ? X.map(() => 0.1 + next() * 3) : null;
  return { X, y, yr, w };
}

/** `pool` with its subtree statistics reported into `seen`. */
function observed(pool: HistogramWorkerPool, seen: ParallelFitStats[]): HistogramWorkers {
  return { threads: pool.threads, post: pool.post, receive: pool.receive!, onFitEnd: (s) => seen.push(s) };
}

describe("nJobs for splitter 'hist': subtree tasks", () => {
  it('grows the identical tree on 1, 2 and 3 threads: classification and regression, weights, stopping rules, ties (property)', () => {
    const seen: ParallelFitStats[] = [];
    fc.assert(
      fc.property(problem, (p) => {
        const { X, y, yr, w } = dataOf(p);
        const o = {
          criterion: p.criterion,
          splitter: 'hist' as const,
          maxDepth: p.maxDepth,
          minSamplesLeaf: p.minSamplesLeaf,
          minSamplesSplit: p.minSamplesSplit,
          minImpurityDecrease: p.minImpurityDecrease,
          minWeightFractionLeaf: p.minWeightFractionLeaf,
        };
        const regression = p.criterion === 'mse' || p.criterion === 'mae';
        const fit = (workers: HistogramWorkers | null): string =>
          json(regression ? new DecisionTreeRegressor(o).fit(X, yr, { sampleWeight: w, workers }).tree : new DecisionTreeClassifier(o).fit(X, y, { sampleWeight: w, workers }).tree);
        const single = fit(null);
        expect(fit(observed(one, seen))).toBe(single);
        expect(fit(observed(two, seen))).toBe(single);
      }),
      { numRuns: 120, seed: 4242 },
    );
    // The workers did grow subtrees (not only the fitting thread).
    expect(seen.reduce((a, s) => a + s.subtreesOnWorkers, 0)).toBeGreaterThan(0);
  }, 300_000);

  it('grows most subtrees of a larger fit on the workers, the same tree as one thread', () => {
    const rows = 6000;
    let s = 5;
    const next = (): number => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s / 2147483648;
    };
    const X = new Float64Array(rows * 10);
    for (let i = 0; i < X.length; i++) X[i] = Math.floor(next() * 40);
    const y = Int32Array.from({ length: rows }, (_, i) => (X[i * 10]! + X[i * 10 + 1]! * next() > 30 ? Math.floor(next() * 4) : 0));
    const input = { data: X, rows, cols: 10 };
    const seen: ParallelFitStats[] = [];
    const single = json(new DecisionTreeClassifier({ splitter: 'hist' }).fit(input, y).tree);
    expect(json(new DecisionTreeClassifier({ splitter: 'hist' }).fit(input, y, { workers: observed(two, seen) }).tree)).toBe(single);
    expect(seen[0]!.subtrees).toBeGreaterThan(SUBTREE_DIVISOR / 2);
    expect(seen[0]!.subtreesOnWorkers).toBeGreaterThan(0);
  }, 300_000);

  it('fails the fit when a worker fails in a subtree task (DtError IO), or does not answer in time (WorkerFailedError stalled)', async () => {
    const X = Array.from({ length: 400 }, (_, i) => [i % 13, (i * 7) % 11, (i * 5) % 3]);
    const y = X.map(([a, b, c]) => ((a! + b! * c!) % 4 === 0 ? 1 : 0));
    for (const mode of ['throw', 'stall'] as const) {
      const w = startModuleWorker(import.meta.url, '../test-helpers/failing-subtree-worker', { mode, seconds: 3 });
      await new Promise((res) => w.once('message', res));
      const workers: HistogramWorkers = {
        threads: 1,
        post: (_, m, t) => w.postMessage(m, t as never),
        receive: one.receive!,
        // 'stall' keeps its first task 3 s: the fit gives up after 1 s.
        timeoutMs: 1000,
      };
      try {
        let error: unknown = null;
        try {
          new DecisionTreeClassifier({ splitter: 'hist' }).fit(X, y, { workers });
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(DtError);
        expect((error as DtError).code).toBe(mode === 'throw' ? 'IO' : 'WORKER');
        expect((error as Error).message).toMatch(mode === 'throw' ? /failed during the fit: Error: cannot grow subtrees/ : /stalled: no answer within 1 s/);
      } finally {
        await w.terminate();
      }
    }
  }, 300_000);
});
