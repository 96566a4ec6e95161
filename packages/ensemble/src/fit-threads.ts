/**
 * A forest's fit on its own threads (`fit` with nJobs > 1 in Node), synchronously as trees' fit: this
 * thread and nJobs − 1 worker threads (fit-thread.ts) fit members t, t + T, t + 2T, ... of the same
 * planned fit — member i depends only on the data and its draws from (seed, i), so the forest is the
 * same for every nJobs. The workers send each member back on a MessagePort and count it in shared
 * memory; this thread, once its own share is fitted, blocks on Atomics (allowed on Node's main
 * thread) and takes their messages with receiveMessageOnPort. A static share rather than a queue:
 * members cost about the same, and every worker then provably fits some (threadReport).
 *
 * `node:worker_threads` is reached through the runtime (@dt/core/internal's workerThreads), never
 * imported, so the main entry stays browser-safe; outside Node nJobs > 1 is a typed error pointing
 * at the asynchronous form, fitForest from @dt/ensemble/node (which also takes injected faults).
 */
import type { ClassLabel, FeatureInput, Tree } from '@dt/core';
import { FIT_CELLS_WITH_MISSING, jobsToThreads, reviveTree, startScriptWorker, toRowMajor, toSampleWeight, workerThreads, type WorkerLike } from '@dt/core/internal';
import { DtError, WorkerFailedError } from '@dt/errors';

/** Slots of the shared counters: members the workers sent, and workers up (their fit planned). */
export const SENT = 0;
export const READY = 1;

const INSTEAD = 'use fitForest from @dt/ensemble/node (asynchronous), or fit with nJobs 1';
const STALL_MS = 60_000;
// Start-up loads the package in each worker (from the TypeScript sources, compiles it: slow on a busy machine).
const STARTUP_MS = 600_000;

/** What a worker thread needs to rebuild the forest and read back the members it fitted that are not dt trees. */
export interface ForestThreadSpec<M> {
  /** The forest as its model file describes it (forestFromSpec rebuilds it unfitted). */
  spec: unknown;
  /** Member i from the forest-file JSON a worker sent (a Decision Stream member); nClasses 0 for regression. */
  readMember(json: unknown, i: number, nFeatures: number, nClasses: number): M;
}

/** The part of a planned fit (ensemble.ts PreparedFit) the threads use. */
export interface MemberPlan<M> {
  readonly draws: readonly unknown[];
  readonly nClasses: number;
  fitMember(i: number): M;
  restoreMember(i: number, tree: Tree, classes: ClassLabel[] | null): M;
}

/** A fitted member as a worker sends it (member-message.ts). */
export interface MemberMessage {
  i: number;
  tree?: unknown;
  classes?: ClassLabel[] | null;
  member?: unknown;
  error?: string;
}

/** Threads of a forest fit: nJobs as given, the threads that ran, and how many members each fitted (index 0: this thread). */
export interface ForestThreadReport {
  requested: number;
  threads: number;
  membersPerThread: number[];
}

/**
 * Threads a fit of `members` members runs on for `nJobs`: at most the cores (os.availableParallelism)
 * and the members. Outside Node, nJobs other than 1 is refused (InvalidArgumentError naming nJobs).
 */
export function forestThreads(nJobs: number, members: number): number {
  if (nJobs === 1) return 1;
  workerThreads(nJobs, INSTEAD);
  return Math.max(1, Math.min(jobsToThreads(nJobs), members));
}

/**
 * Fits every member of `plan` on `threads` threads (this one included) and returns them in index
 * order with the count each thread fitted. X, y and the sample weights are what the plan was made
 * from; X goes to the workers once, in shared memory. A worker that fails (its error, or no member
 * within max(60 s, 20 × the slowest member here) once every worker is up, or not up within 10 min)
 * fails the fit; every worker is stopped either way.
 */
export function fitOnThreads<M>(
  plan: MemberPlan<M>,
  how: ForestThreadSpec<M>,
  data: { X: FeatureInput; y: unknown; sampleWeight: ArrayLike<number> | null | undefined; featureNames?: readonly string[] | null | undefined },
  nJobs: number,
  threads: number,
  onProgress?: (done: number, total: number) => void,
): { members: M[]; membersPerThread: number[] } {
  const wt = workerThreads(nJobs, INSTEAD);
  const total = plan.draws.length;
  const x = toRowMajor(data.X, 'X', FIT_CELLS_WITH_MISSING);
  const shared = new Float64Array(new SharedArrayBuffer(x.data.byteLength));
  shared.set(x.data);
  const init = { spec: how.spec, X: { data: shared, rows: x.rows, cols: x.cols }, y: Array.from(data.y as ArrayLike<unknown>), sampleWeight: toSampleWeight(data.sampleWeight, x.rows), featureNames: data.featureNames ?? null };
  const ctl = new Int32Array(new SharedArrayBuffer(8));
  const workers: WorkerLike[] = [];
  const ports: unknown[] = [];
  const members = new Array<M>(total);
  const membersPerThread = new Array<number>(threads).fill(0);
  let done = 0;
  const take = (msg: MemberMessage, t: number): void => {
    if (msg.error !== undefined) {
      if (msg.i < 0) throw new WorkerFailedError('threw', `a forest worker thread threw: ${msg.error}`);
      throw new DtError('INVALID_ARGUMENT', `member ${msg.i}: ${msg.error}`);
    }
    members[msg.i] = msg.tree !== undefined ? plan.restoreMember(msg.i, reviveTree(msg.tree), msg.classes ?? null) : how.readMember(msg.member, msg.i, x.cols, plan.nClasses);
    membersPerThread[t]!++;
    done++;
    onProgress?.(done, total);
  };
  const drain = (): void => {
    for (let k = 0; k < ports.length; k++) {
      for (let m = wt.receiveMessageOnPort(ports[k]); m !== undefined; m = wt.receiveMessageOnPort(ports[k])) take(m.message as MemberMessage, k + 1);
    }
  };
  try {
    for (let t = 1; t < threads; t++) {
      const { port1, port2 } = new wt.MessageChannel();
      const w = startScriptWorker(wt, import.meta.url, 'fit-thread', nJobs, INSTEAD, { workerData: { ...init, ctl, port: port2, thread: t, threads }, transferList: [port2] });
      w.unref();
      workers.push(w);
      ports.push(port1);
    }
    let slowest = 0;
    for (let i = 0; i < total; i += threads) {
      const t0 = Date.now();
      members[i] = plan.fitMember(i);
      slowest = Math.max(slowest, Date.now() - t0);
      membersPerThread[0]!++;
      done++;
      onProgress?.(done, total);
      drain();
    }
    let seen = -1;
    let since = Date.now();
    while (done < total) {
      drain();
      if (done >= total) break;
      const sent = Atomics.load(ctl, SENT);
      const up = Atomics.load(ctl, READY) === threads - 1;
      if (sent !== seen || !up) {
        seen = sent;
        since = Date.now();
      }
      const limit = up ? Math.max(STALL_MS, 20 * slowest) : STARTUP_MS;
      if (Date.now() - since > limit) throw new WorkerFailedError('stalled', `a forest worker thread stalled: no member within ${(limit / 1000).toFixed(0)} s`);
      Atomics.wait(ctl, SENT, sent, 250);
    }
  } finally {
    for (const w of workers) void w.terminate();
  }
  return { members, membersPerThread };
}
