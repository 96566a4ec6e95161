import { availableParallelism } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DecisionTreeClassifier, DecisionTreeRegressor, treeToJson } from '../index.js';
import { randomClassification, randomRegression } from '../test-helpers/random-data.js';

const json = (m: { tree: Parameters<typeof treeToJson>[0] }): string => JSON.stringify(treeToJson(m.tree));

describe('nJobs in fit (Node)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('new DecisionTreeClassifier({ nJobs: 2 }).fit runs on two threads — the worker did work — and grows the one-thread tree', () => {
    const { X, y } = randomClassification(20_000, 6, 3, 26);
    const one = new DecisionTreeClassifier({ splitter: 'hist' }).fit(X, y);
    expect(one.threadReport).toEqual({ requested: 1, threads: 1, stats: null });
    const two = new DecisionTreeClassifier({ splitter: 'hist', nJobs: 2 }).fit(X, y);
    const report = two.threadReport!;
    expect(report.requested).toBe(2);
    expect(report.threads).toBe(Math.min(2, availableParallelism()));
    if (report.threads === 2) {
      // Large nodes searched across both threads and subtree tasks grown on the worker: it ran.
      expect(report.stats!.nodes).toBeGreaterThan(0);
      expect(report.stats!.subtreesOnWorkers).toBeGreaterThan(0);
    }
    expect(json(two)).toBe(json(one));
  });

  it("the default splitter ('auto') uses the threads too; regressors alike", () => {
    const { X, y } = randomRegression(12_000, 5, 7);
    const Xi = X.map((r) => r.map((v) => Math.round(v * 10))); // few distinct values: 'auto' bins
    const one = new DecisionTreeRegressor().fit(Xi, y);
    const two = new DecisionTreeRegressor({ nJobs: 2 }).fit(Xi, y);
    expect(two.threadReport!.threads).toBe(Math.min(2, availableParallelism()));
    expect(json(two)).toBe(json(one));
  });

  it('nJobs above the cores available is clamped to them and reported', () => {
    const { X, y } = randomClassification(3_000, 4, 2, 3);
    const m = new DecisionTreeClassifier({ splitter: 'hist', nJobs: 1024 }).fit(X, y);
    expect(m.threadReport!.requested).toBe(1024);
    expect(m.threadReport!.threads).toBeLessThanOrEqual(availableParallelism());
  });

  it('splitters without threads run on one thread and say so', () => {
    const { X, y } = randomClassification(500, 3, 2, 4);
    expect(new DecisionTreeClassifier({ splitter: 'best', nJobs: 2 }).fit(X, y).threadReport!.threads).toBe(1);
  });

  it('outside Node (no worker_threads), nJobs > 1 is refused with a typed error naming nJobs', () => {
    const { X, y } = randomClassification(200, 3, 2, 5);
    vi.stubGlobal('process', { ...process, getBuiltinModule: undefined });
    expect(() => new DecisionTreeClassifier({ splitter: 'hist', nJobs: 2 }).fit(X, y)).toThrow(/nJobs must be 1 here: this runtime has no worker_threads/);
  });
});
