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
import { DtError, InvalidArgumentError } from '@dt/errors';
import type { HistogramWorkers, ParallelFitStats } from '../search/hist/histogram-parallel.js';

interface NodeProcess {
  getBuiltinModule?(id: string): unknown;
}
interface WorkerLike {
  postMessage(message: unknown, transfer?: unknown): void;
  on(event: 'error', listener: (e: Error) => void): void;
  unref(): void;
  terminate(): Promise<number>;
}
interface WorkerThreads {
  Worker: new (script: string | URL, options: Record<string, unknown>) => WorkerLike;
  receiveMessageOnPort(port: unknown): { message: unknown } | undefined;
}

/** The workers of one fit, what they did, and how to stop them. */
export interface FitWorkers {
  workers: HistogramWorkers;
  /** Threads of the fit: the fitting thread and the workers. */
  threads: number;
  /** Stats of the fit as the workers' driver reports them (null until the fit ends). */
  stats: ParallelFitStats | null;
  close(): void;
}

function builtin<T>(id: string): T | null {
  const p = (globalThis as { process?: NodeProcess }).process;
  return p !== undefined && typeof p.getBuiltinModule === 'function' ? (p.getBuiltinModule(id) as T) : null;
}

/** Threads for `nJobs` (−1: every core), clamped to the cores available; 1 outside Node. */
export function jobsToThreads(nJobs: number): number {
  const os = builtin<{ availableParallelism(): number }>('node:os');
  const cores = os === null ? 1 : os.availableParallelism();
  return nJobs === -1 ? cores : Math.min(nJobs, cores);
}

/**
 * Starts the worker threads for one fit with `nJobs`, or null when it runs on one thread (nJobs 1,
 * or one core). Throws a typed error outside Node, or when the worker script is not beside this
 * module (a bundle for Node: pass fit option `workers` from @dt/core/node's createHistogramWorkers).
 */
export function startFitWorkers(nJobs: number): FitWorkers | null {
  const wt = builtin<WorkerThreads>('node:worker_threads');
  if (wt === null) {
    throw new InvalidArgumentError(
      'nJobs',
      "1 here: this runtime has no worker_threads (a browser or edge runtime); fit on one thread, or pass fit option `workers` (HistogramWorkers over your own Web Workers)",
      nJobs,
    );
  }
  const threads = jobsToThreads(nJobs);
  if (threads <= 1) return null;
  const fs = builtin<{ existsSync(p: string): boolean }>('node:fs')!;
  const url = builtin<{ fileURLToPath(u: URL): string }>('node:url')!;
  const source = import.meta.url.endsWith('.ts');
  const script = new URL('./histogram-worker' + (source ? '.ts' : '.js'), import.meta.url);
  if (script.protocol !== 'file:' || !fs.existsSync(url.fileURLToPath(script))) {
    throw new DtError('IO', `nJobs ${nJobs}: the worker script ${script.href} is missing (a bundled @dt/core?); pass fit option \`workers\` (createHistogramWorkers from @dt/core/node)`);
  }
  const list: WorkerLike[] = [];
  let failure: Error | null = null;
  for (let k = 0; k < threads - 1; k++) {
    // From the TypeScript sources (workspace, tests) through tsx's loader, as node.ts's startModuleWorker.
    const w = source
      ? new wt.Worker(`import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(script.href)}); });`, { eval: true, execArgv: ['--conditions=@dt/source'] })
      : new wt.Worker(script, {});
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
