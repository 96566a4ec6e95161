/**
 * Worker threads a fit starts itself for nJobs > 1 (splitters with threads: 'hist', 'auto'). Reached
 * through `process.getBuiltinModule` (Node ≥ 20.16), a capability of the runtime, never imported: this
 * module stays browser-safe and bundles without Node's modules, and outside Node (browsers, edge
 * runtimes) nJobs > 1 is refused with a typed error pointing at the fit option `workers`.
 *
 * nJobs is clamped to the cores available (os.availableParallelism): more threads than cores only
 * add contention, and the tree is the same for every thread count. The estimator reports the count
 * that ran (DecisionTree.threadReport). The fit is synchronous: the fitting thread blocks on Atomics
 * while the workers build histograms and grow subtree tasks (search/hist/histogram-parallel.ts).
 */
import { DtError } from '@dt/errors';
import type { HistogramWorkers, ParallelFitStats } from '../search/hist/histogram-parallel.js';
import { jobsToThreads, startScriptWorker, workerThreads, type WorkerLike } from './worker-script.js';

const INSTEAD = 'pass fit option `workers` (HistogramWorkers: createHistogramWorkers from @dt/core/node, or your own Web Workers)';

/** The workers of one fit, what they did, and how to stop them. */
export interface FitWorkers {
  workers: HistogramWorkers;
  /** Threads of the fit: the fitting thread and the workers. */
  threads: number;
  /** Stats of the fit as the workers' driver reports them (null until the fit ends). */
  stats: ParallelFitStats | null;
  close(): void;
}

/**
 * Starts the worker threads for one fit with `nJobs`, or null when it runs on one thread (nJobs 1,
 * or one core). Throws a typed error outside Node, or when the worker script is not beside this
 * module (a bundle for Node: pass fit option `workers` from @dt/core/node's createHistogramWorkers).
 */
export function startFitWorkers(nJobs: number): FitWorkers | null {
  const wt = workerThreads(nJobs, INSTEAD);
  const threads = jobsToThreads(nJobs);
  if (threads <= 1) return null;
  const list: WorkerLike[] = [];
  let failure: Error | null = null;
  for (let k = 0; k < threads - 1; k++) {
    const w = startScriptWorker(wt, import.meta.url, 'histogram-worker', nJobs, INSTEAD);
    w.on('error', (e) => (failure = e));
    w.unref();
    list.push(w);
  }
  const fit: FitWorkers = {
    threads,
    stats: null,
    workers: {
      threads: threads - 1,
      post(j, message, transfer) {
        if (failure !== null) throw new DtError('IO', `a hist worker thread failed: ${(failure as Error).message}`);
        list[j]!.postMessage(message, transfer);
      },
      receive: (port) => wt.receiveMessageOnPort(port),
      onFitEnd: (stats) => (fit.stats = stats),
    },
    close() {
      for (const w of list) void w.terminate();
    },
  };
  return fit;
}
