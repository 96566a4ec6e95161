/**
 * @dt/ensemble/node: Node-only parts — forest files (atomic writes) and parallel fits on
 * worker_threads. The main entry stays browser-safe.
 */
import type { Worker } from 'node:worker_threads';
import type { ClassLabel, FeatureInput } from '@dt/core';
import { readModelText, resolveJobs, startModuleWorker, writeFileAtomic } from '@dt/core/node';
import { reviveTree, toRowMajor, toSampleWeight } from '@dt/core/internal';
import { DtError } from '@dt/errors';
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

/**
 * Fits a forest (trees of any @dt/core algorithm, or Decision Streams) with `forest.options.nJobs` worker threads (nJobs 1: in this
 * thread). Members are handed out one index at a time to idle workers; each member depends only on
 * the data and its draws from (seed, index), and comes back exactly (a tree or a stream graph), so the fitted
 * forest is identical for every nJobs; X is shared (SharedArrayBuffer), trees come back as their
 * structured-cloned typed arrays. (Plain worker_threads rather than tinypool/piscina: one
 * long-lived worker per job and one message per tree is all a forest needs.)
 */
export async function fitForest<F extends ForestModel>(forest: F, X: FeatureInput, y: unknown, fitOptions: EnsembleFitOptions = {}): Promise<F> {
  const plan = forest[PREPARE_FIT](X, y, fitOptions);
  const total = plan.draws.length;
  const jobs = Math.min(resolveJobs(forest.options.nJobs), total);
  if (jobs <= 1) {
    (forest as { fit(X: FeatureInput, y: unknown, o: EnsembleFitOptions): unknown }).fit(X, y, fitOptions);
    return forest;
  }
  const spec = forestSpec(forest);
  const x = toRowMajor(X, 'X');
  // X once in shared memory: every worker reads it, none gets a copy.
  const data = new Float64Array(new SharedArrayBuffer(x.data.byteLength));
  data.set(x.data);
  const shared = { data, rows: x.rows, cols: x.cols };
  const sampleWeight = toSampleWeight(fitOptions.sampleWeight, x.rows);
  const members = new Array<unknown>(total);
  const workers: Worker[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let next = 0;
      let done = 0;
      const give = (w: Worker): void => {
        if (next < total) w.postMessage(next++);
      };
      for (let k = 0; k < jobs; k++) {
        const w = startModuleWorker(import.meta.url, 'fit-worker', { spec, X: shared, y: Array.from(y as ArrayLike<unknown>), sampleWeight });
        workers.push(w);
        w.on('error', reject);
        w.on('message', (msg: { i: number; tree?: unknown; member?: MemberJson; classes?: ClassLabel[] | null; error?: string }) => {
          if (msg.error !== undefined) return reject(new DtError('INVALID_ARGUMENT', `member ${msg.i}: ${msg.error}`));
          try {
            members[msg.i] =
              msg.member !== undefined
                ? memberFromJson(spec, msg.member, `members.${msg.i}`, x.cols, plan.nClasses)
                : plan.restoreMember(msg.i, reviveTree(msg.tree), msg.classes ?? null);
          } catch (e) {
            return reject(e as Error);
          }
          done++;
          fitOptions.onProgress?.(done, total);
          if (done === total) resolve();
          else give(w);
        });
        give(w);
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  plan.finish(members as never[]);
  return forest;
}
