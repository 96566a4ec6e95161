/**
 * nJobs for the 'hist' splitter: the histograms, split search and code moves of a large node are
 * split by feature (f ≡ j mod J on thread j, the fitting thread being j = 0) across worker threads
 * that share the node-ordered arrays through SharedArrayBuffers. Every feature's histogram is summed
 * in node order by one thread whatever J is, and the fitting thread merges the per-feature bests in
 * feature order with the same tie rule as the one-thread search, so the tree is identical for every
 * nJobs. Small nodes stay on the fitting thread.
 *
 * The fit stays synchronous: the fitting thread posts a node's work through shared memory and waits
 * with Atomics.wait (allowed on Node's main thread, not on a browser's). Browser-safe: no Node API
 * here; the workers come injected (`HistogramWorkers`, created by @dt/core/node).
 *
 * Why not tinypool/piscina: they hand out tasks as messages settled through Promises, so the fit
 * would have to become async (the builder, shared by every strategy, is synchronous) and every large
 * node would pay message round trips through both event loops — two per node (search, partition),
 * for thousands of nodes in a Fashion-MNIST fit. Measured by `bench pool-latency` (2026-11-26, load
 * average 24 on 2 cores): a bare postMessage + Promise round trip, the floor under those libraries'
 * dispatch, 60.8 µs; the Atomics.notify/wait fork/join used here, 5.9 µs.
 */
import { getCriterion, isBetterCandidate, type ClassificationCriterion, type RegressionCriterion } from '@dt/criteria';
import { createRandom, DtError, WorkerFailedError } from '@dt/errors';
import type { BinCodes, Bins } from '../../data/bins.js';
import type { NodeHistogram } from './histogram-pool.js';
import type { HistogramAxisConfig, SharedNodeArrays } from './node-data.js';
import { createHistParts, searchShare, type FeatureResults, type HistParts, type NodeThreads } from './thread-shares.js';
import { createSplitRecord, type NodeView, type SplitRecord } from '../split-record.js';

/** Worker threads a fit may hand large nodes to (created by `createHistogramWorkers` in @dt/core/node). */
export interface HistogramWorkers {
  /** Worker threads; with the fitting thread, nJobs = threads + 1. */
  readonly threads: number;
  /** Posts `message` (transferring `transfer`) to worker `j` (0-based) for `runHistogramWorker`. */
  post(j: number, message: unknown, transfer?: readonly unknown[]): void;
  /** Nodes with fewer (row × feature) cells stay on the fitting thread (default 65,536). */
  readonly minParallelCells?: number;
  /** Milliseconds the fitting thread waits for the workers' answer to one command before the fit fails (default 600,000). */
  readonly timeoutMs?: number;
  /**
   * Reads one message from a port the fitting thread holds, synchronously (Node:
   * receiveMessageOnPort), or undefined when none is queued. Without it the workers take large nodes
   * only, never subtree tasks (the same tree).
   */
  receive?(port: unknown): { message: unknown } | undefined;
  /** Called at the end of each fit that used the workers (benchmarks, tests). */
  onFitEnd?(stats: ParallelFitStats): void;
  /**
   * Why a worker can no longer answer (it exited or threw), read synchronously while the fitting
   * thread waits; the fit fails with that error within WAKE_MS.
   */
  failure?(): Error | null;
  /**
   * A search or partition command whose worker shares take longer than max(stallMs, STALL_FACTOR ×
   * the fitting thread's own share) after the fitting thread finished its share is a stalled worker
   * (default 20,000 ms; the shares are equal by construction: features f ≡ j mod J).
   */
  readonly stallMs?: number;
  /** Told of a stalled worker before the fit fails (the pool stops its threads). */
  stall?(why: string): void;
}

/** What a fit handed to the workers. */
export interface ParallelFitStats {
  /** Nodes searched across the threads. */
  nodes: number;
  /** Of those, partitions that kept the children's histograms (the larger one by subtraction). */
  keptChildren: number;
  /** Full-node histograms allocated in shared memory. */
  slots: number;
  /** Subtree tasks (builder.ts), and of those the ones worker threads grew. */
  subtrees: number;
  subtreesOnWorkers: number;
  /**
   * What each thread did (index 0: the fitting thread, j: worker j): features it scanned and
   * features whose codes it moved in nodes split across the threads, and subtree tasks it grew.
   * Counted by each thread itself, so a worker that never ran shows zeros.
   */
  threads: ThreadWork[];
}

/** One thread's share of a fit (ParallelFitStats.threads). */
export interface ThreadWork {
  featuresScanned: number;
  featuresMoved: number;
  subtrees: number;
}

/** A subtree task as the driver sees it: a range of the node-ordered arrays (builder.ts makes them). */
export interface SubtreeRange {
  readonly start: number;
  readonly end: number;
}

/**
 * A worker's side of the subtree tasks (subtree-worker.ts, injected by the worker entry): from the
 * fit's subtree data (subtree-assembly.ts) and this thread's search configuration over the shared
 * arrays, a function growing one task.
 */
export type SubtreeGrower = (data: unknown, config: HistogramAxisConfig) => (task: SubtreeRange, totalWeight: number) => unknown;

/** The subtree tasks of one fit, posted to every worker with OP_SUBTREES. */
interface SubtreeBatch {
  data: unknown;
  tasks: SubtreeRange[];
  totalWeight: number;
}

/** A node is split across the threads when it has at least this many (row, feature) cells. */
const MIN_PARALLEL_CELLS = 1 << 16;

// Control words (Int32Array over a SharedArrayBuffer).
const SEQ = 0; // bumped by the fitting thread for every command
const DONE = 1; // workers that finished the current command
const OP = 2;
const START = 3;
const END = 4;
const SLOT = 5; // node histogram slot, -1 none
const FRESH = 6;
const SAME = 7;
const SMALL = 8; // smaller child's slot, -1 none
const S0 = 9;
const S1 = 10;
const N_SLOTS = 11;
const FAILED = 12;
const NEXT_TASK = 13; // subtree tasks claimed so far (Atomics.add)
const CONTROL_WORDS = 16;

// Per-thread work counters (Int32Array over a SharedArrayBuffer, WORK_WORDS per thread).
const W_SCANNED = 0;
const W_MOVED = 1;
const W_SUBTREES = 2;
const WORK_WORDS = 3;

const OP_SEARCH = 1;
const OP_PARTITION = 2;
const OP_END = 3;
const OP_SUBTREES = 4;

/** How long a command may wait for the workers before the fit fails (never forever). */
const WAIT_MS = 600_000;
/** How often a waiting fitting thread checks the workers' failure() (a dead worker fails the fit this fast). */
const WAKE_MS = 250;
const STALL_MS = 20_000;
const STALL_FACTOR = 20;

/** What a worker gets once per fit. */
interface WorkerInit {
  kind: 'dt-hist-fit';
  j: number;
  J: number;
  control: SharedArrayBuffer;
  work: SharedArrayBuffer;
  params: SharedArrayBuffer;
  results: { status: SharedArrayBuffer; score: SharedArrayBuffer; balance: SharedArrayBuffer; threshold: SharedArrayBuffer; cut: SharedArrayBuffer };
  bins: Omit<Bins, 'codes'> & { codes: SharedArrayBuffer; wide: boolean };
  scanValues: Float64Array[];
  task: 'classification' | 'regression';
  criterion: string;
  nClasses: number;
  minSamplesLeaf: number;
  minWeightLeaf: number;
  histogramBudget?: number;
  shared: { lab: SharedArrayBuffer; tgt: SharedArrayBuffer; wt: SharedArrayBuffer | null; flags: SharedArrayBuffer; constFlag: SharedArrayBuffer; pos: SharedArrayBuffer };
  /** Where new histogram slots and the subtree tasks arrive (read synchronously with receive()), and where subtree trees go. */
  port: unknown;
}

function sharedOf(a: Int32Array | Float64Array | Uint8Array | Uint16Array): SharedArrayBuffer {
  return a.buffer as SharedArrayBuffer;
}

function sharedCopy<T extends Int32Array | Float64Array | Uint8Array>(make: (b: SharedArrayBuffer, n: number) => T, src: ArrayLike<number> | null, n: number, bytes: number): T {
  const out = make(new SharedArrayBuffer(Math.max(1, n * bytes)), n);
  if (src !== null) out.set(src as ArrayLike<number>);
  return out;
}

/**
 * Waits until ctrl[index] >= target (workers' done count), failing after `ms` (a stall: `stalled`
 * tells the pool), or as soon as `failure` reports a dead worker.
 */
function waitAtLeast(ctrl: Int32Array, index: number, target: number, ms: number, workers: HistogramWorkers): void {
  const deadline = Date.now() + ms;
  for (let v = Atomics.load(ctrl, index); v < target; v = Atomics.load(ctrl, index)) {
    const woke = Atomics.wait(ctrl, index, v, Math.min(WAKE_MS, ms));
    const dead = workers.failure?.() ?? null;
    if (dead !== null) throw dead;
    if (woke === 'timed-out' && Date.now() > deadline) {
      const why = `a hist worker stalled: no answer within ${ms / 1000} s`;
      workers.stall?.(why);
      throw new WorkerFailedError('stalled', why);
    }
  }
}

/** The fitting thread's side: one per fit, created with the injected workers. */
export class HistogramParallel implements NodeThreads {
  private readonly workers: HistogramWorkers;
  private readonly J: number;
  private readonly ctrl = new Int32Array(new SharedArrayBuffer(CONTROL_WORDS * 4));
  private readonly work: Int32Array;
  private params: Float64Array<ArrayBufferLike> = new Float64Array(0);
  private results: FeatureResults | null = null;
  /** The fitting thread's parts (its share of each command runs on them). */
  private owner: HistParts | null = null;
  private ports: { postMessage(m: unknown): void; close(): void }[] = [];
  private nSlots = 0;
  private shared: SharedNodeArrays | null = null;
  private attached = false;
  /** In the subtree phase every thread grows its own tasks: no node is split across them any more. */
  private subtreePhase = false;
  /** Nodes may be split by feature across the threads (see supports). */
  private featureSplit = true;
  private readonly stats: Omit<ParallelFitStats, 'threads'> = { nodes: 0, keptChildren: 0, slots: 0, subtrees: 0, subtreesOnWorkers: 0 };

  constructor(workers: HistogramWorkers) {
    this.workers = workers;
    this.J = workers.threads + 1;
    this.work = new Int32Array(new SharedArrayBuffer(4 * WORK_WORDS * this.J));
  }

  /** Bin codes go to shared memory, so that workers read (and move) them in place. */
  readonly alloc = (bytes: number): ArrayBufferLike => new SharedArrayBuffer(bytes);

  /**
   * The workers need a criterion they can look up by name (not a custom instance). Nodes split by
   * feature also need a grouped criterion, NaN-free bins (the workers' feature scans know no missing
   * bin; MissingSideScan runs on the thread that grows the node) and two features; otherwise the
   * workers take subtree tasks only (they grow them with the full search, NaN included).
   */
  supports(cfg: HistogramAxisConfig): boolean {
    if (this.J < 2) return false;
    const criterion: ClassificationCriterion | RegressionCriterion | null = cfg.classification ?? cfg.regression;
    if (criterion === null) return false;
    try {
      if (getCriterion(criterion.name) !== criterion) return false;
    } catch {
      return false;
    }
    let missing = false;
    for (let f = 0; f < cfg.bins.d; f++) if (cfg.bins.nMissing[f]! > 0) missing = true;
    this.featureSplit = cfg.bins.d >= 2 && !missing && (cfg.regression === null || cfg.regression.groupedEntries === true);
    return true;
  }

  /** Shared copies of the node-ordered labels/targets/weights and the per-node flags. */
  sharedArrays(cfg: HistogramAxisConfig): SharedNodeArrays {
    const n = cfg.bins.n;
    const i32 = (b: SharedArrayBuffer, k: number): Int32Array => new Int32Array(b, 0, k);
    const f64 = (b: SharedArrayBuffer, k: number): Float64Array => new Float64Array(b, 0, k);
    const u8 = (b: SharedArrayBuffer, k: number): Uint8Array => new Uint8Array(b, 0, k);
    const isC = cfg.labels !== null;
    this.shared = {
      lab: sharedCopy(i32, cfg.labels, isC ? n : 0, 4),
      tgt: sharedCopy(f64, cfg.targets, isC ? 0 : n, 8),
      wt: cfg.weights === null ? null : sharedCopy(f64, cfg.weights, n, 8),
      flags: sharedCopy(u8, null, n, 1),
      constFlag: sharedCopy(u8, null, cfg.bins.d, 1),
      pos: sharedCopy(i32, null, n, 4),
      replica: false,
    };
    // Node positions start as the identity (NodeData.pos).
    const pos = this.shared.pos;
    for (let i = 0; i < n; i++) pos[i] = i;
    return this.shared;
  }

  /**
   * Sends the fit to every worker and waits until each holds its replica of `parts` (the fitting
   * thread's, over sharedArrays); false on any failure: the fit then stays on one thread.
   */
  attach(parts: HistParts): boolean {
    const cfg = parts.cfg;
    const d = cfg.bins.d;
    const sh = this.shared!;
    const C = Math.max(1, cfg.nClasses);
    const paramsBuf = new SharedArrayBuffer(8 * (2 + C));
    this.params = new Float64Array(paramsBuf);
    const res = {
      status: new SharedArrayBuffer(4 * d),
      score: new SharedArrayBuffer(8 * d),
      balance: new SharedArrayBuffer(8 * d),
      threshold: new SharedArrayBuffer(8 * d),
      cut: new SharedArrayBuffer(4 * d),
    };
    this.results = resultsOf(res, d);
    const { codes, ...meta } = cfg.bins;
    const criterion = (cfg.classification ?? cfg.regression)!.name;
    const ctrl = this.ctrl;
    Atomics.store(ctrl, DONE, 0);
    for (let w = 0; w < this.J - 1; w++) {
      const channel = new MessageChannel();
      this.ports.push(channel.port1);
      const init: WorkerInit = {
        kind: 'dt-hist-fit',
        j: w + 1,
        J: this.J,
        control: ctrl.buffer as SharedArrayBuffer,
        work: this.work.buffer as SharedArrayBuffer,
        params: paramsBuf,
        results: res,
        bins: { ...meta, codes: sharedOf(codes), wide: !(codes instanceof Uint8Array) },
        scanValues: cfg.scanValues,
        task: cfg.labels !== null ? 'classification' : 'regression',
        criterion,
        nClasses: cfg.nClasses,
        minSamplesLeaf: cfg.minSamplesLeaf,
        minWeightLeaf: cfg.minWeightLeaf,
        ...(cfg.histogramBudget === undefined ? {} : { histogramBudget: cfg.histogramBudget }),
        shared: { lab: sharedOf(sh.lab), tgt: sharedOf(sh.tgt), wt: sh.wt === null ? null : sharedOf(sh.wt), flags: sharedOf(sh.flags), constFlag: sharedOf(sh.constFlag), pos: sharedOf(sh.pos) },
        port: channel.port2,
      };
      this.workers.post(w, init, [channel.port2]);
    }
    // Building a replica is quick: a worker that has not answered within the stall limit is stalled.
    waitAtLeast(ctrl, DONE, this.J - 1, Math.min(this.workers.timeoutMs ?? WAIT_MS, this.workers.stallMs ?? STALL_MS), this.workers);
    this.attached = true;
    if (Atomics.load(ctrl, FAILED) !== 0) {
      this.end();
      return false;
    }
    this.owner = parts;
    return true;
  }

  /** Whether a node of m rows and `active` non-constant features is split across the threads. */
  worthSplitting(m: number, active: number): boolean {
    return this.featureSplit && !this.subtreePhase && m * active >= (this.workers.minParallelCells ?? MIN_PARALLEL_CELLS);
  }

  /** The workers can take subtree tasks: they hold this fit, and their results can be read synchronously. */
  get growsSubtrees(): boolean {
    return this.owner !== null && this.workers.receive !== undefined;
  }

  /**
   * Grows every task on this thread and the workers (each claims the next unclaimed task, the tasks
   * sorted largest first) and returns each task's tree, in task order: `local` here, structured
   * clones from the workers. A worker's failure fails the fit (DtError 'IO'), and so does a worker
   * that does not answer within timeoutMs (default WAIT_MS).
   */
  growSubtrees<T extends SubtreeRange>(tasks: readonly T[], totalWeight: number, data: unknown, local: (task: T) => unknown): unknown[] {
    const order = tasks.map((_, k) => k).sort((a, b) => tasks[b]!.end - tasks[b]!.start - (tasks[a]!.end - tasks[a]!.start) || a - b);
    const sorted = order.map((k) => tasks[k]!);
    const batch: SubtreeBatch = { data, tasks: sorted, totalWeight };
    for (const p of this.ports) p.postMessage(batch);
    const grown: unknown[] = new Array<unknown>(tasks.length);
    this.subtreePhase = true;
    Atomics.store(this.ctrl, NEXT_TASK, 0);
    this.stats.subtrees += tasks.length;
    this.run(OP_SUBTREES, () => {
      for (let k = Atomics.add(this.ctrl, NEXT_TASK, 1); k < sorted.length; k = Atomics.add(this.ctrl, NEXT_TASK, 1)) {
        grown[order[k]!] = local(sorted[k]!);
        this.work[W_SUBTREES]!++;
      }
    });
    // Each worker posted one message (its tasks' trees) before it counted itself done.
    const receive = this.workers.receive!;
    for (const p of this.ports) {
      const got = receive(p);
      if (got === undefined) throw new DtError('IO', 'a hist worker finished its subtree tasks without sending them');
      const { index, trees } = got.message as { index: number[]; trees: unknown[] };
      for (let i = 0; i < index.length; i++) grown[order[index[i]!]!] = trees[i];
      this.stats.subtreesOnWorkers += index.length;
    }
    return grown;
  }

  /** What a failed worker reported on its port (': message'), or '' (read synchronously when the workers allow it). */
  private workerError(): string {
    const receive = this.workers.receive;
    if (receive === undefined) return '';
    for (const p of this.ports) {
      for (let got = receive(p); got !== undefined; got = receive(p)) {
        const m = got.message as { error?: unknown } | null;
        if (m !== null && typeof m === 'object' && typeof m.error === 'string') return `: ${m.error}`;
      }
    }
    return '';
  }

  /** A new full-node histogram in shared memory; the workers learn its slot before their next command. */
  newSlot(cells: number): { cells: Float64Array; slot: number } {
    // Subtree tasks keep their histograms to themselves.
    if (this.subtreePhase) return { cells: new Float64Array(cells), slot: -1 };
    const buf = new SharedArrayBuffer(8 * cells);
    for (const p of this.ports) p.postMessage(buf);
    return { cells: new Float64Array(buf), slot: this.nSlots++ };
  }

  /** Runs one command on every thread (this one does share 0) and waits for the workers. */
  private run(op: number, share: () => void): void {
    const ctrl = this.ctrl;
    Atomics.store(ctrl, OP, op);
    Atomics.store(ctrl, N_SLOTS, this.nSlots);
    Atomics.store(ctrl, DONE, 0);
    Atomics.add(ctrl, SEQ, 1);
    Atomics.notify(ctrl, SEQ);
    const t0 = Date.now();
    share();
    // Search and partition shares are equal (features f ≡ j mod J): a worker far behind this thread's share is stalled.
    const limit = this.workers.timeoutMs ?? WAIT_MS;
    const ms = op === OP_SUBTREES ? limit : Math.min(limit, Math.max(this.workers.stallMs ?? STALL_MS, STALL_FACTOR * (Date.now() - t0)));
    waitAtLeast(ctrl, DONE, this.J - 1, ms, this.workers);
    if (Atomics.load(ctrl, FAILED) !== 0) throw new DtError('IO', `a hist worker failed during the fit${this.workerError()}`);
  }

  /** findBest for a large node: per-feature bests from every thread, merged in feature order. */
  search(node: NodeView, hist: NodeHistogram | null, fresh: boolean, scoreScale: number, best: SplitRecord): void {
    const ctrl = this.ctrl;
    const p = this.params;
    ctrl[START] = node.start;
    ctrl[END] = node.end;
    ctrl[SLOT] = hist === null ? -1 : hist.slot;
    ctrl[FRESH] = fresh ? 1 : 0;
    p[0] = node.weight;
    p[1] = node.weightedSum;
    if (node.classWeights !== null) p.set(node.classWeights, 2);
    const out = this.results!;
    this.stats.nodes++;
    this.run(OP_SEARCH, () => {
      this.work[W_SCANNED]! += searchShare(this.owner!, 0, this.J, node, hist, fresh, out);
    });
    const totalWeight = node.weight;
    const d = out.status.length;
    for (let f = 0; f < d; f++) {
      const st = out.status[f]!;
      if (st === 1) best.newConstants.push(f);
      if (st !== 3) continue;
      const score = out.score[f]!;
      const balance = out.balance[f]!;
      if (best.found && !isBetterCandidate(score, balance, f, best.score, best.balance, best.candidate, scoreScale, totalWeight)) continue;
      best.found = true;
      best.feature = f;
      best.candidate = f;
      best.score = score;
      best.balance = balance;
      best.cutRank = out.cut[f]!;
      best.threshold = out.threshold[f]!;
    }
  }

  /** The code moves (and children's histograms) of a node searched in parallel. */
  partition(start: number, end: number, parent: NodeHistogram | null, small: NodeHistogram | null): void {
    const ctrl = this.ctrl;
    ctrl[START] = start;
    ctrl[END] = end;
    ctrl[SAME] = 1;
    ctrl[SLOT] = parent === null ? -1 : parent.slot;
    ctrl[SMALL] = small === null ? -1 : small.slot;
    ctrl[S0] = small === null ? 0 : small.start;
    ctrl[S1] = small === null ? 0 : small.end;
    if (parent !== null) this.stats.keptChildren++;
    this.run(OP_PARTITION, () => {
      this.work[W_MOVED]! += this.owner!.partition.codes(0, this.J, start, end, true, parent, small);
    });
  }

  /** Releases the workers back to their event loops (end of the fit, also after a failure). */
  end(): void {
    if (!this.attached) return;
    this.attached = false;
    const ctrl = this.ctrl;
    Atomics.store(ctrl, OP, OP_END);
    Atomics.store(ctrl, DONE, 0);
    Atomics.add(ctrl, SEQ, 1);
    Atomics.notify(ctrl, SEQ);
    for (const p of this.ports) p.close();
    if (this.owner !== null) this.workers.onFitEnd?.({ ...this.stats, slots: this.nSlots, threads: threadWork(this.work, this.J) });
  }
}

/** The per-thread counters (each thread wrote its own words before counting itself done). */
function threadWork(work: Int32Array, J: number): ThreadWork[] {
  const out: ThreadWork[] = [];
  for (let j = 0; j < J; j++) {
    const w = j * WORK_WORDS;
    out.push({ featuresScanned: Atomics.load(work, w + W_SCANNED), featuresMoved: Atomics.load(work, w + W_MOVED), subtrees: Atomics.load(work, w + W_SUBTREES) });
  }
  return out;
}

function resultsOf(res: WorkerInit['results'], d: number): FeatureResults {
  return {
    status: new Int32Array(res.status),
    score: new Float64Array(res.score),
    balance: new Float64Array(res.balance),
    threshold: new Float64Array(res.threshold),
    cut: new Int32Array(res.cut),
    scratch: createSplitRecord(d),
  };
}

/**
 * A worker's side of one fit (called from its message handler with the init message): builds a
 * replica search over the shared arrays, reports ready, then serves commands until OP_END. `receive`
 * reads the fit's port synchronously (Node: receiveMessageOnPort); `grower` grows subtree tasks
 * (without it, a subtree command fails the fit).
 */
export function runHistogramWorker(message: unknown, receive: (port: unknown) => { message: unknown } | undefined, grower?: SubtreeGrower): boolean {
  const init = message as WorkerInit;
  if (init === null || typeof init !== 'object' || init.kind !== 'dt-hist-fit') return false;
  const ctrl = new Int32Array(init.control);
  const work = new Int32Array(init.work);
  const mine = init.j * WORK_WORDS;
  let parts: HistParts | null = null;
  let config: HistogramAxisConfig | null = null;
  let growTask: ((task: SubtreeRange, totalWeight: number) => unknown) | null = null;
  let out: FeatureResults | null = null;
  const slots: Float64Array[] = [];
  const params = new Float64Array(init.params);
  const isC = init.task === 'classification';
  try {
    const b = init.bins;
    const codes: BinCodes = b.wide ? new Uint16Array(b.codes) : new Uint8Array(b.codes);
    const sh = init.shared;
    const shared: SharedNodeArrays = {
      lab: new Int32Array(sh.lab, 0, isC ? b.n : 0),
      tgt: new Float64Array(sh.tgt, 0, isC ? 0 : b.n),
      wt: sh.wt === null ? null : new Float64Array(sh.wt),
      flags: new Uint8Array(sh.flags, 0, b.n),
      constFlag: new Uint8Array(sh.constFlag, 0, b.d),
      pos: new Int32Array(sh.pos, 0, b.n),
      replica: true,
    };
    config = {
      bins: { n: b.n, d: b.d, codes, nBins: b.nBins, nMissing: new Int32Array(b.d), lo: b.lo, hi: b.hi, mean: b.mean, exact: b.exact, ...(b.edges === undefined ? {} : { edges: b.edges }) },
      scanValues: init.scanValues,
      labels: isC ? shared.lab : null,
      nClasses: init.nClasses,
      targets: isC ? null : shared.tgt,
      weights: shared.wt,
      classification: isC ? getCriterion(init.criterion, 'classification') : null,
      regression: isC ? null : getCriterion(init.criterion, 'regression'),
      minSamplesLeaf: init.minSamplesLeaf,
      minWeightLeaf: init.minWeightLeaf,
      maxFeatures: b.d,
      rng: createRandom(0),
      ...(init.histogramBudget === undefined ? {} : { histogramBudget: init.histogramBudget }),
      shared,
    };
    parts = createHistParts(config);
    out = resultsOf(init.results, b.d);
  } catch {
    Atomics.store(ctrl, FAILED, 1);
  }
  let seen = Atomics.load(ctrl, SEQ);
  Atomics.add(ctrl, DONE, 1);
  Atomics.notify(ctrl, DONE);
  const node = { start: 0, end: 0, classWeights: isC ? params.subarray(2) : null, weightedSum: 0, weight: 0 };
  const hist = (slot: number, start: number, end: number): NodeHistogram | null => (slot < 0 ? null : { start, end, cells: slots[slot]!, slot });
  for (;;) {
    Atomics.wait(ctrl, SEQ, seen);
    seen = Atomics.load(ctrl, SEQ);
    const op = Atomics.load(ctrl, OP);
    if (op === OP_END) return true;
    try {
      const want = Atomics.load(ctrl, N_SLOTS);
      while (slots.length < want) slots.push(new Float64Array(receive(init.port)!.message as SharedArrayBuffer));
      const start = ctrl[START]!;
      const end = ctrl[END]!;
      if (op === OP_SEARCH) {
        node.start = start;
        node.end = end;
        node.weight = params[0]!;
        node.weightedSum = params[1]!;
        work[mine + W_SCANNED]! += searchShare(parts!, init.j, init.J, node, hist(ctrl[SLOT]!, start, end), ctrl[FRESH] === 1, out!);
      } else if (op === OP_PARTITION) {
        const parent = hist(ctrl[SLOT]!, start, end);
        const small = hist(ctrl[SMALL]!, ctrl[S0]!, ctrl[S1]!);
        work[mine + W_MOVED]! += parts!.partition.codes(init.j, init.J, start, end, ctrl[SAME] === 1, parent, small);
      } else if (op === OP_SUBTREES) {
        const batch = receive(init.port)!.message as SubtreeBatch;
        if (growTask === null) {
          // This thread's own search over the shared arrays: its own constant flags and move scratch.
          // With the bins' real NaN counts (the replica's feature scans never see a missing bin).
          const own = { ...config!.shared!, constFlag: new Uint8Array(config!.bins.d), replica: false };
          const bins = { ...config!.bins, nMissing: init.bins.nMissing };
          growTask = grower!(batch.data, { ...config!, bins, shared: own });
        }
        const index: number[] = [];
        const trees: unknown[] = [];
        for (let k = Atomics.add(ctrl, NEXT_TASK, 1); k < batch.tasks.length; k = Atomics.add(ctrl, NEXT_TASK, 1)) {
          trees.push(growTask(batch.tasks[k]!, batch.totalWeight));
          index.push(k);
          work[mine + W_SUBTREES]!++;
        }
        (init.port as { postMessage(m: unknown): void }).postMessage({ index, trees });
      }
    } catch (e) {
      // The fitting thread names the error in the DtError it throws.
      try {
        (init.port as { postMessage(m: unknown): void }).postMessage({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
      } catch {
        // the port is closed: the fit already ended
      }
      Atomics.store(ctrl, FAILED, 1);
    }
    Atomics.add(ctrl, DONE, 1);
    Atomics.notify(ctrl, DONE);
  }
}
