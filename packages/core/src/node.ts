import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { lstat, open, readdir, readFile, realpath, rename, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { DtError, InvalidArgumentError, WorkerFailedError } from '@dt/errors';
import type { DecisionTreeClassifier } from './estimators/decision-tree-classifier.js';
import type { DecisionTreeRegressor } from './estimators/decision-tree-regressor.js';
import type { FitOptions } from './estimators/decision-tree.js';
import type { FeatureInput, LabelInput } from './data/input.js';
import { loadModel, type TreeModel } from './model-file/load-model.js';
import { serializeModel } from './model-file/model-format.js';
import type { HistogramWorkers } from './search/hist/histogram-parallel.js';

export type { HistogramWorkers } from './search/hist/histogram-parallel.js';

/**
 * A fault to inject into a worker (tests and the fuzz campaign): at its `at`-th step after its
 * script loaded — a message received from the parent, or an Atomics.wait (the hist workers'
 * command loop) — the worker exits
 * (code 70), throws, or stalls (waits forever without answering).
 */
export interface WorkerFault {
  kind: 'exit' | 'throw' | 'stall';
  at: number;
}

/** Options of startModuleWorker: a fault to inject, for tests and the fuzz campaign only. */
export interface ModuleWorkerOptions {
  /** Inject a fault (tests and the fuzz campaign only). */
  fault?: WorkerFault | null;
}

// A worker's life cell (SharedArrayBuffer, written by the worker's boot code, read synchronously by
// a fitting thread blocked in Atomics.wait, whose event loop cannot see 'exit' or 'error' events):
// [0] state, [1] exit code, then up to LIFE_TEXT bytes of the error's message (UTF-8).
const LIFE_TEXT = 512;
const EXITED = 1;
const THREW = 2;
const lives = new WeakMap<Worker, Int32Array>();

function bootCode(url: string, tsx: boolean, fault: WorkerFault | null): string {
  const load = tsx ? `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(url)}); })` : `import(${JSON.stringify(url)})`;
  return `
const wt = require('node:worker_threads');
const life = new Int32Array(wt.receiveMessageOnPort(wt.parentPort).message);
const note = (state, text) => {
  if (Atomics.load(life, 0) !== 0) return;
  const bytes = new TextEncoder().encode(String(text)).subarray(0, ${LIFE_TEXT});
  new Uint8Array(life.buffer, 8, bytes.length).set(bytes);
  Atomics.store(life, 0, state);
  Atomics.notify(life, 0);
};
process.on('exit', (code) => { Atomics.store(life, 1, code | 0); note(${EXITED}, ''); });
process.on('uncaughtException', (e) => { note(${THREW}, e instanceof Error ? e.message : e); throw e; });
const fault = ${JSON.stringify(fault)};
// Armed once the script has loaded (module loading waits on Atomics too); a message step runs after the script's handler.
const arm = () => {
  if (fault === null) return;
  let n = 0;
  const step = () => {
    if (++n !== fault.at) return;
    if (fault.kind === 'exit') process.exit(70);
    if (fault.kind === 'throw') throw new Error('injected worker fault');
    for (;;) wait.call(Atomics, new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  };
  const wait = Atomics.wait;
  Atomics.wait = function (...args) { step(); return wait.apply(Atomics, args); };
  wt.parentPort.on('message', step);
};
${load}.then(arm, (e) => { note(${THREW}, e && e.message); throw e; });
`;
}

/**
 * A worker running `name` (a script beside the module at `base`, its import.meta.url): the compiled
 * JS, or — from the TypeScript sources (workspace, tests) — the .ts file through tsx's loader (a dev
 * dependency of the workspace only). Its exit or uncaught error is recorded in shared memory, so a
 * thread blocked waiting for it learns of it synchronously (workerFailure). The one start-up of
 * every `@dt` package's worker pool.
 */
export function startModuleWorker(base: string, name: string, workerData?: unknown, options: ModuleWorkerOptions = {}): Worker {
  const tsx = base.endsWith('.ts');
  const url = new URL(`./${name}.${tsx ? 'ts' : 'js'}`, base).href;
  const w = new Worker(bootCode(url, tsx, options.fault ?? null), { eval: true, workerData, ...(tsx ? { execArgv: ['--conditions=@dt/source'] } : {}) });
  const life = new Int32Array(new SharedArrayBuffer(8 + LIFE_TEXT));
  // The boot code reads this first message synchronously, before the script's own handlers exist.
  w.postMessage(life.buffer);
  lives.set(w, life);
  return w;
}

/** Why a worker of startModuleWorker stopped (read synchronously: exit code or error), or null while it runs. */
export function workerFailure(w: Worker): WorkerFailedError | null {
  const life = lives.get(w);
  if (life === undefined) return null;
  const state = Atomics.load(life, 0);
  if (state === 0) return null;
  if (state === EXITED) return new WorkerFailedError('exited', `a worker thread exited (code ${Atomics.load(life, 1)})`);
  const bytes = new Uint8Array(life.buffer, 8, LIFE_TEXT);
  const end = bytes.indexOf(0);
  const text = new TextDecoder().decode(bytes.subarray(0, end < 0 ? LIFE_TEXT : end));
  return new WorkerFailedError('threw', `a worker thread threw: ${text}`);
}

/**
 * Most threads a fit runs on: the cores this process may use (os.availableParallelism()). nJobs
 * above it runs on this many threads — the model is the same for every nJobs, only the speed and
 * the memory (a worker's heap each) would change.
 */
export function maxJobs(): number {
  return availableParallelism();
}

/** nJobs as threads: -1 is every core the process may use; at most maxJobs(). */
export function resolveJobs(nJobs: number): number {
  return nJobs === -1 ? maxJobs() : Math.min(nJobs, maxJobs());
}

/** Worker threads for 'hist' fits (fit options `workers`); close() when done. Idle workers never keep the process alive. */
export interface HistogramWorkerPool extends HistogramWorkers {
  /** Stops the pool's threads; resolves once they have exited. */
  close(): Promise<void>;
  /** Why the pool can no longer serve fits (a worker failed, or close() was called), or null. */
  failure(): WorkerFailedError | null;
}

/** Options of createHistogramWorkers: injected faults (tests) and the stall and timeout limits of HistogramWorkers. */
export interface HistogramWorkerOptions {
  /** Per worker, a fault to inject (tests and the fuzz campaign). */
  faults?: readonly (WorkerFault | null)[];
  /** See HistogramWorkers.stallMs. */
  stallMs?: number;
  /** See HistogramWorkers.timeoutMs. */
  timeoutMs?: number;
}

/**
 * Starts `threads` worker threads for the large nodes of 'hist' fits and resolves once each is up.
 * Reuse one pool for many fits (`fit(X, y, { workers })`); one fit at a time per pool. `threads`
 * is at most maxJobs() (InvalidArgumentError beyond: each thread holds a heap). A worker that
 * exits, throws or stalls fails the fit it serves at once (WorkerFailedError naming the cause) and
 * stops the pool's threads; later fits with the pool fail the same way.
 */
export async function createHistogramWorkers(threads: number, options: HistogramWorkerOptions = {}): Promise<HistogramWorkerPool> {
  if (!Number.isInteger(threads) || threads < 1 || threads > maxJobs()) {
    throw new InvalidArgumentError('threads', `an integer from 1 to ${maxJobs()} (the cores this process may use)`, threads);
  }
  const workers: Worker[] = [];
  let failed: WorkerFailedError | null = null;
  const ready: Promise<void>[] = [];
  const stop = (why: WorkerFailedError): WorkerFailedError => {
    if (failed === null) {
      failed = why;
      for (const w of workers) void w.terminate();
    }
    return failed;
  };
  for (let k = 0; k < threads; k++) {
    const w = startModuleWorker(import.meta.url, 'threads/histogram-worker', undefined, { fault: options.faults?.[k] ?? null });
    workers.push(w);
    ready.push(
      new Promise<void>((res, rej) => {
        w.once('message', () => res());
        w.once('error', rej);
        w.once('exit', (code) => rej(new Error(`exited with code ${code}`)));
      }),
    );
    w.on('error', (e) => stop(new WorkerFailedError('threw', `a hist worker thread threw: ${e.message}`, { cause: e })));
    w.on('exit', (code) => stop(new WorkerFailedError('exited', `a hist worker thread exited (code ${code})`)));
  }
  try {
    await Promise.all(ready);
  } catch (e) {
    await Promise.all(workers.map((w) => w.terminate()));
    throw new DtError('IO', `cannot start hist worker threads: ${(e as Error).message}`, { cause: e });
  }
  for (const w of workers) w.unref();
  const failure = (): WorkerFailedError | null => {
    if (failed !== null) return failed;
    for (const w of workers) {
      const why = workerFailure(w);
      if (why !== null) return stop(why);
    }
    return null;
  };
  return {
    threads,
    ...(options.stallMs === undefined ? {} : { stallMs: options.stallMs }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    post(j, message, transfer) {
      const why = failure();
      if (why !== null) throw why;
      workers[j]!.postMessage(message, transfer as never);
    },
    receive: (port) => receiveMessageOnPort(port as MessagePort),
    failure,
    stall(why) {
      stop(new WorkerFailedError('stalled', why));
    },
    async close() {
      stop(new WorkerFailedError('closed', 'the hist worker pool was closed'));
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/**
 * Fits `model` with its `nJobs` threads ('hist' and 'auto' splitters; others fit on this thread):
 * starts nJobs − 1 workers, fits (the same tree as any other nJobs) and stops them. For many fits,
 * create the workers once and pass them as fit option `workers`.
 */
export async function fitTree<M extends DecisionTreeClassifier | DecisionTreeRegressor>(
  model: M,
  X: FeatureInput,
  y: M extends DecisionTreeClassifier ? LabelInput : ArrayLike<number>,
  fitOptions: FitOptions = {},
): Promise<M> {
  const fit = (o: FitOptions): void => void (model as unknown as { fit(X: FeatureInput, y: unknown, o: FitOptions): unknown }).fit(X, y, o);
  const jobs = resolveJobs(model.options.nJobs);
  const binned = model.options.splitter.threads !== undefined;
  if (jobs <= 1 || !binned || (fitOptions.workers ?? null) !== null) {
    fit(fitOptions);
    return model;
  }
  const workers = await createHistogramWorkers(jobs - 1);
  try {
    fit({ ...fitOptions, workers });
  } finally {
    await workers.close();
  }
  return model;
}

/**
 * An output path that names one of the command's inputs (same real path, or the same file through
 * a symlink or a hard link): writing it would destroy the input, so nothing is written.
 */
export class OutputIsInputError extends DtError {
  readonly output: string;
  readonly input: string;
  constructor(output: string, input: string) {
    super('IO', `refusing to write ${output}: it is the input file ${input}; choose another output path`);
    this.name = 'OutputIsInputError';
    this.output = output;
    this.input = input;
  }
}

/** Options of writeFileAtomic: inputs it must never overwrite, and whether to replace a write-protected file. */
export interface WriteFileOptions {
  /** Input files the write must never replace (compared by real path and by device + inode). */
  inputs?: readonly string[];
  /** Replace a write-protected file (the user's own `chmod 444`) instead of refusing. */
  force?: boolean;
}

/**
 * Refuses (DtError 'IO', nothing written) an output path that is not a regular file or a new name:
 * a path ending in a separator, a directory, a device, a FIFO or a socket (by what a symlink points
 * to), a dangling symlink, or — unless `force` — a file its owner made read-only.
 */
export async function checkOutputTarget(path: string, options: { force?: boolean } = {}): Promise<void> {
  const refuse = (why: string): never => {
    throw new DtError('IO', `refusing to write ${path}: ${why}`);
  };
  if (path.endsWith('/') || path.endsWith(sep)) refuse('the path ends in a separator (a directory); name a file');
  let link;
  try {
    link = await lstat(path);
  } catch {
    return; // a new file (its directory is checked by the write)
  }
  let s = link;
  if (link.isSymbolicLink()) {
    try {
      s = await stat(path);
    } catch {
      refuse('it is a symbolic link to nothing (a dangling link); remove it or name another file');
    }
  }
  if (s.isDirectory()) refuse('it is a directory');
  if (!s.isFile()) refuse(`it is not a regular file (${s.isFIFO() ? 'a FIFO' : s.isCharacterDevice() || s.isBlockDevice() ? 'a device' : s.isSocket() ? 'a socket' : 'a special file'}); use --out - for standard output`);
  // The write bits, not access(): a rename replaces the file whatever they say, and root passes access().
  if (options.force !== true && (s.mode & 0o222) === 0) refuse('it is read-only; use --force to replace it');
}

// Temp files are `.<target name>.dt-<pid>-<12 hex>.tmp` beside the target: same directory (so the
// rename is atomic on one file system), hidden, and with the writer's pid so that leftovers of a
// killed writer can be told from a concurrent writer's file.
const TEMP_PATTERN = /^\.(.+)\.dt-(\d+)-[0-9a-f]{12}\.tmp$/;

function tempName(target: string): string {
  return `.${target}.dt-${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes temp files of `target` left by writers that no longer run (a kill during the write). */
async function removeStaleTemps(dir: string, target: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = TEMP_PATTERN.exec(name);
    if (m === null || m[1] !== target || processAlive(Number(m[2]))) continue;
    await rm(join(dir, name), { force: true });
  }
}

/** Throws OutputIsInputError when `path` is (or links to) one of `inputs`. */
export async function assertNotAnInput(path: string, inputs: readonly string[]): Promise<void> {
  const out = await identity(path);
  if (out === null) return;
  for (const input of inputs) {
    const id = await identity(input);
    if (id === null) continue;
    if (id.real === out.real || (id.dev === out.dev && id.ino === out.ino)) throw new OutputIsInputError(path, input);
  }
}

async function identity(path: string): Promise<{ real: string; dev: number; ino: number } | null> {
  try {
    const s = await stat(path);
    return { real: await realpath(path), dev: s.dev, ino: s.ino };
  } catch {
    return null; // does not exist (yet): cannot be an existing input
  }
}

/**
 * Writes `text` (or bytes) to `path` atomically and durably: a temp file in the same directory, fsync, rename,
 * fsync of the directory. A crash or a full disk never leaves a half-written file where a good one
 * was; an existing file keeps its permission bits; temp files left by killed writers are removed.
 * With `inputs`, refuses (OutputIsInputError) to replace any of them.
 */
export async function writeFileAtomic(path: string, text: string | Uint8Array, options: WriteFileOptions = {}): Promise<void> {
  if (options.inputs !== undefined) await assertNotAnInput(path, options.inputs);
  await checkOutputTarget(path, options);
  // Write through a symlink to its target, so the link stays a link.
  let target = resolve(path);
  try {
    target = realpathSync(target);
  } catch {
    // does not exist yet
  }
  const dir = dirname(target);
  const tmp = join(dir, tempName(basename(target)));
  let mode: number | undefined;
  try {
    mode = (await stat(target)).mode & 0o7777;
  } catch {
    mode = undefined;
  }
  try {
    await removeStaleTemps(dir, basename(target));
    const fh = await open(tmp, 'wx', mode ?? 0o666);
    try {
      await fh.writeFile(text);
      if (mode !== undefined) await fh.chmod(mode); // open's mode is filtered by the umask
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, target);
  } catch (e) {
    await rm(tmp, { force: true });
    // Name the file the user asked for, not the temporary one.
    const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new DtError('IO', `cannot write ${path}: ${reason}`, { cause: e });
  }
  await syncDir(dir);
}

async function syncDir(dir: string): Promise<void> {
  try {
    const fh = await open(dir, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch {
    // Some platforms (Windows) cannot open or fsync a directory; the rename is still atomic.
  }
}

/**
 * Writes a tree model file atomically (temporary file, fsync, rename): an existing file is replaced whole or not at all.
 * Throws InvalidArgumentError for a tree too large to save, DtError 'IO' when the write fails.
 */
export async function saveModel(path: string, model: TreeModel): Promise<void> {
  await writeFileAtomic(path, serializeModel(model));
}

/** The text of a model file, without a UTF-8 BOM (DtError 'IO' naming the path if unreadable). */
export async function readModelText(path: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (e as Error).message;
    throw new DtError('IO', `cannot read model ${path}: ${why}`, { cause: e });
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Reads and loads a tree model file (DtError 'IO' naming the path if unreadable; loadModel's errors if invalid). */
export async function readModel(path: string): Promise<TreeModel> {
  return loadModel(await readModelText(path));
}
