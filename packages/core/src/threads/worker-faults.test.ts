import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, WorkerFailedError } from '@dt/errors';
import { DecisionTreeClassifier, serializeModel } from '../index.js';
import { createHistogramWorkers, fitTree, maxJobs, type HistogramWorkerOptions, type HistogramWorkerPool } from '../node.js';
import type { HistogramWorkers } from '../search/hist/histogram-parallel.js';

/**
 * Worker faults in 'hist' fits with nJobs (issue 31): a worker that exits, throws or stalls mid-fit
 * fails the fit within seconds with a WorkerFailedError naming the cause, and the pool is stopped —
 * before, the fitting thread waited out its 600 s timeout (even on a closed pool).
 */
const rows = 400;
const X = Array.from({ length: rows }, (_, i) => [(i * 7) % 13, (i * 11) % 17, (i * 3) % 5, i % 9]);
const y = X.map((x, i) => (x[0]! + x[1]! > 14 ? 1 : (x[2]! + i) % 3 === 0 ? 2 : 0));

/** The pool with every node handed to the workers, so a fault at any of their steps falls mid-fit. */
function everyNode(pool: HistogramWorkerPool): HistogramWorkers {
  return { threads: pool.threads, post: (j, m, t) => pool.post(j, m, t), receive: pool.receive!, minParallelCells: 0, failure: pool.failure, ...(pool.stallMs === undefined ? {} : { stallMs: pool.stallMs }), stall: pool.stall! };
}

async function faulty(options: HistogramWorkerOptions): Promise<{ error: unknown; ms: number; pool: HistogramWorkerPool }> {
  const pool = await createHistogramWorkers(1, options);
  const t0 = performance.now();
  let error: unknown = null;
  try {
    new DecisionTreeClassifier({ splitter: 'hist' }).fit(X, y, { workers: everyNode(pool) });
  } catch (e) {
    error = e;
  }
  return { error, ms: performance.now() - t0, pool };
}

describe('hist worker faults', () => {
  it.each([
    ['exits', { kind: 'exit', at: 4 }, 'exited', /exited \(code 70\)/],
    ['throws', { kind: 'throw', at: 4 }, 'threw', /threw: injected worker fault/],
    ['stalls', { kind: 'stall', at: 4 }, 'stalled', /stalled/],
  ] as const)('a worker that %s mid-fit fails the fit within seconds, naming the cause; the pool is stopped', async (_name, fault, reason, message) => {
    const { error, ms, pool } = await faulty({ faults: [fault], stallMs: 1000 });
    expect(error).toBeInstanceOf(WorkerFailedError);
    expect((error as WorkerFailedError).reason).toBe(reason);
    expect((error as Error).message).toMatch(message);
    expect(ms).toBeLessThan(10_000);
    expect(pool.failure()).not.toBeNull();
    // The next fit with the failed pool fails at once, too.
    const t0 = performance.now();
    expect(() => new DecisionTreeClassifier({ splitter: 'hist' }).fit(X, y, { workers: everyNode(pool) })).toThrowError(WorkerFailedError);
    expect(performance.now() - t0).toBeLessThan(1000);
    await pool.close();
  }, 60_000);

  it('a fit on a closed pool fails at once (it blocked for the 600 s timeout)', async () => {
    const pool = await createHistogramWorkers(1);
    const good = new DecisionTreeClassifier({ splitter: 'hist' }).fit(X, y, { workers: everyNode(pool) });
    expect(serializeModel(good)).toBe(serializeModel(new DecisionTreeClassifier({ splitter: 'hist' }).fit(X, y)));
    await pool.close();
    const t0 = performance.now();
    expect(() => new DecisionTreeClassifier({ splitter: 'hist' }).fit(X, y, { workers: everyNode(pool) })).toThrowError(/pool was closed/);
    expect(performance.now() - t0).toBeLessThan(1000);
  }, 60_000);

  it('threads are bounded by the cores: a pool beyond them is refused, nJobs beyond them runs on every core (same tree)', async () => {
    await expect(createHistogramWorkers(2 ** 31)).rejects.toThrowError(InvalidArgumentError);
    await expect(createHistogramWorkers(maxJobs() + 1)).rejects.toThrowError(new RegExp(`threads must be an integer from 1 to ${maxJobs()}`));
    const many = await fitTree(new DecisionTreeClassifier({ splitter: 'hist', nJobs: 100_000 }), X, y);
    expect(serializeModel(many).replace('"nJobs":100000', '"nJobs":1')).toBe(serializeModel(new DecisionTreeClassifier({ splitter: 'hist' }).fit(X, y)));
  }, 60_000);
});
