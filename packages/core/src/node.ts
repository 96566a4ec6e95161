import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { open, readdir, readFile, realpath, rename, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { DtError } from '@dt/errors';
// Node programs get every split strategy (the main entry's `node` condition does the same).
import './hist.js';
import './random.js';
import './ccp.js';
import './scale.js';
import './load.js';
import type { DecisionTreeClassifier } from './decision-tree-classifier.js';
import type { DecisionTreeRegressor } from './decision-tree-regressor.js';
import type { FitOptions } from './decision-tree.js';
import type { FeatureInput, LabelInput } from './input.js';
import { loadModel, serializeModel, type TreeModel } from './model-format.js';
import type { HistogramWorkers } from './split-search/histogram-parallel.js';

export type { HistogramWorkers } from './split-search/histogram-parallel.js';

/**
 * A worker running `name` (a script beside the module at `base`, its import.meta.url): the compiled
 * JS, or — from the TypeScript sources (workspace, tests) — the .ts file through tsx's loader (a dev
 * dependency of the workspace only). Shared by @dt packages' worker pools.
 */
export function startModuleWorker(base: string, name: string, workerData?: unknown): Worker {
  if (!base.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, base), { workerData });
  const url = new URL(`./${name}.ts`, base).href;
  const boot = `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(url)}); });`;
  return new Worker(boot, { eval: true, workerData, execArgv: ['--conditions=@dt/source'] });
}

/** nJobs as threads: -1 is every core the process may use. */
export function resolveJobs(nJobs: number): number {
  return nJobs === -1 ? availableParallelism() : nJobs;
}

/** Worker threads for 'hist' fits (fit options `workers`); close() when done. Idle workers never keep the process alive. */
export interface HistogramWorkerPool extends HistogramWorkers {
  close(): Promise<void>;
}

/**
 * Starts `threads` worker threads for the large nodes of 'hist' fits and resolves once each is up.
 * Reuse one pool for many fits (`fit(X, y, { workers })`); one fit at a time per pool.
 */
export async function createHistogramWorkers(threads: number): Promise<HistogramWorkerPool> {
  if (!Number.isInteger(threads) || threads < 1) throw new DtError('INVALID_ARGUMENT', `threads must be an integer >= 1, got ${String(threads)}`);
  const workers: Worker[] = [];
  let failure: Error | null = null;
  const ready: Promise<void>[] = [];
  for (let k = 0; k < threads; k++) {
    const w = startModuleWorker(import.meta.url, 'histogram-worker');
    workers.push(w);
    ready.push(
      new Promise<void>((res, rej) => {
        w.once('message', () => res());
        w.once('error', rej);
      }),
    );
    w.on('error', (e) => (failure = e));
  }
  try {
    await Promise.all(ready);
  } catch (e) {
    await Promise.all(workers.map((w) => w.terminate()));
    throw new DtError('IO', `cannot start hist worker threads: ${(e as Error).message}`, { cause: e });
  }
  for (const w of workers) w.unref();
  return {
    threads,
    post(j, message, transfer) {
      if (failure !== null) throw new DtError('IO', `a hist worker thread failed: ${(failure as Error).message}`);
      workers[j]!.postMessage(message, transfer as never);
    },
    receive: (port) => receiveMessageOnPort(port as MessagePort),
    async close() {
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
  const binned = model.options.splitter === 'hist' || model.options.splitter === 'auto';
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

export interface WriteFileOptions {
  /** Input files the write must never replace (compared by real path and by device + inode). */
  inputs?: readonly string[];
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

export async function readModel(path: string): Promise<TreeModel> {
  return loadModel(await readModelText(path));
}
