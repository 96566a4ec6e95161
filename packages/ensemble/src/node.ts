/**
 * @dt/ensemble/node: Node-only parts — forest files (atomic writes) and parallel fits on
 * worker_threads. The main entry stays browser-safe.
 */
import type { Worker } from 'node:worker_threads';
import type { ClassLabel, FeatureInput } from '@dt/core';
import { readModelText, resolveJobs, startModuleWorker, writeFileAtomic, type WorkerFault } from '@dt/core/node';
import { FIT_CELLS_WITH_MISSING, reviveTree, toRowMajor, toSampleWeight } from '@dt/core/internal';
import { DtError, InvalidArgumentError, WorkerFailedError } from '@dt/errors';
import { PREPARE_FIT, type EnsembleFitOptions } from './ensemble.js';
import { forestSpec, loadForest, memberFromJson, serializeForest, type ForestModel, type MemberJson } from './model-format.js';

export { FOREST_FORMAT } from './model-format.js';

/** Writes the forest atomically (temp file + rename). */
export async function saveForest(path: string, model: ForestModel): Promise<void> {
  await writeFileAtomic(path, serializeForest(model));
}

/** Reads and validates a forest file. */
export async function readForest(path: string): Promise<ForestModel> {
  return loadForest(await readModelText(path));
}

/** Options of fitForest's worker pool: injected faults (tests) and the stall limit. */
export interface ForestPoolOptions {
  /** Per worker, a fault to inject (tests and the fuzz campaign). */
  faults?: readonly (WorkerFault | null)[];
  /**
   * A worker holding one member longer than max(stallMs, 20 × the slowest member so far) is
   * stalled; before any member is done the limit is 10 × stallMs. Default 60,000 ms.
   */
  stallMs?: number;
  /** Called as member i arrives from worker k (0-based): which thread fitted what (tests, benchmarks). */
  onMember?: (i: number, worker: number) => void;
}

const STALL_MS = 60_000;
const STARTUP_MS = 120_000;

/**
 * Fits a forest (trees of any @dt/core algorithm, or Decision Streams) with `forest.options.nJobs` worker threads (nJobs 1: in this
 * thread; at most the cores, maxJobs()). Members are handed out one index at a time to idle workers; each member depends only on
 * the data and its draws from (seed, index), and comes back exactly (a tree or a stream graph), so the fitted
 * forest is identical for every nJobs; X is shared (SharedArrayBuffer), trees come back as their
 * structured-cloned typed arrays. (Plain worker_threads rather than tinypool/piscina: one
 * long-lived worker per job and one message per tree is all a forest needs.) A worker that exits,
 * throws or stalls fails the fit at once with a WorkerFailedError naming the cause; every worker is
 * stopped either way.
 */
export async function fitForest<F extends ForestModel>(forest: F, X: FeatureInput, y: unknown, fitOptions: EnsembleFitOptions = {}, pool: ForestPoolOptions = {}): Promise<F> {
  const total = forest.options.nEstimators;
  const jobs = Math.min(resolveJobs(forest.options.nJobs), total);
  if (jobs <= 1) {
    (forest as { fit(X: FeatureInput, y: unknown, o: EnsembleFitOptions): unknown }).fit(X, y, fitOptions);
    return forest;
  }
  // The plan bins X once ('hist' members) into shared memory: the workers read these codes in place.
  const plan = forest[PREPARE_FIT](X, y, fitOptions, { sharedBins: true });
  let spec: ReturnType<typeof forestSpec>;
  try {
    spec = forestSpec(forest);
  } catch {
    // A Bagging forest's member factory is code: worker threads cannot rebuild it.
    throw new InvalidArgumentError('nJobs', '1 for a Bagging forest of custom members (its member factory cannot run on worker threads)', forest.options.nJobs);
  }
  // The rows as fit reads them (NaN included: forests of axis trees learn missing values).
  const x = toRowMajor(X, 'X', FIT_CELLS_WITH_MISSING);
  // X once in shared memory: every worker reads it, none gets a copy.
  const data = new Float64Array(new SharedArrayBuffer(x.data.byteLength));
  data.set(x.data);
  const shared = { data, rows: x.rows, cols: x.cols };
  const sampleWeight = toSampleWeight(fitOptions.sampleWeight, x.rows);
  const members = new Array<unknown>(total);
  const workers: Worker[] = [];
  const floor = pool.stallMs ?? STALL_MS;
  try {
    await new Promise<void>((resolve, reject) => {
      let next = 0;
      let done = 0;
      let slowest = 0;
      let settled = false;
      const fail = (e: Error): void => {
        if (settled) return;
        settled = true;
        clearInterval(watch);
        reject(e);
      };
      // Per worker: the member it holds and since when (-1: idle).
      const holding = new Map<Worker, { i: number; since: number }>();
      const started = Date.now();
      const give = (w: Worker): void => {
        if (next >= total) return void holding.delete(w);
        holding.set(w, { i: next, since: Date.now() });
        w.postMessage(next++);
      };
      const watch = setInterval(() => {
        const limit = done === 0 ? 10 * floor : Math.max(floor, 20 * slowest);
        // A worker that never comes up (start-up compiles the sources from TypeScript: slow) is stalled too.
        if (holding.size === 0 && next === 0 && Date.now() - started > 10 * floor + STARTUP_MS) return fail(new WorkerFailedError('stalled', 'the forest workers did not start'));
        for (const [, h] of holding) {
          if (Date.now() - h.since > limit) return fail(new WorkerFailedError('stalled', `a forest worker stalled: member ${h.i} took more than ${(limit / 1000).toFixed(1)} s`));
        }
      }, Math.min(1000, Math.max(50, floor / 4)));
      for (let k = 0; k < jobs; k++) {
        const binned = plan.binned === null ? null : plan.binned.toShared();
        const w = startModuleWorker(import.meta.url, 'fit-worker', { spec, X: shared, y: Array.from(y as ArrayLike<unknown>), sampleWeight, featureNames: fitOptions.featureNames ?? null, binned }, { fault: pool.faults?.[k] ?? null });
        workers.push(w);
        w.on('error', (e) => fail(new WorkerFailedError('threw', `a forest worker threw: ${e.message}`, { cause: e })));
        w.on('messageerror', (e) => fail(new WorkerFailedError('threw', `a forest worker sent an unreadable message: ${e.message}`, { cause: e })));
        w.on('exit', (code) => fail(new WorkerFailedError('exited', `a forest worker exited (code ${code})`)));
        w.on('message', (msg: { ready?: true; i: number; tree?: unknown; member?: MemberJson; classes?: ClassLabel[] | null; error?: string }) => {
          if (settled) return;
          if (msg.ready === true) return give(w);
          if (msg.error !== undefined) return fail(new DtError('INVALID_ARGUMENT', `member ${msg.i}: ${msg.error}`));
          try {
            members[msg.i] =
              msg.member !== undefined
                ? memberFromJson(spec, msg.member, `members.${msg.i}`, x.cols, plan.nClasses)
                : plan.restoreMember(msg.i, reviveTree(msg.tree), msg.classes ?? null);
          } catch (e) {
            return fail(e as Error);
          }
          const h = holding.get(w);
          if (h !== undefined) slowest = Math.max(slowest, Date.now() - h.since);
          pool.onMember?.(msg.i, k);
          done++;
          fitOptions.onProgress?.(done, total);
          if (done === total) {
            settled = true;
            clearInterval(watch);
            resolve();
          } else give(w);
        });
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  plan.finish(members as never[]);
  return forest;
}
