/**
 * Worker threads started by a browser-safe module (a fit's own threads for nJobs > 1, in @dt/core and
 * @dt/ensemble): `node:worker_threads` is reached through `process.getBuiltinModule` (Node ≥ 20.16), a
 * capability of the runtime, never imported, so the module bundles without Node's modules and finds
 * no threads outside Node. The script runs compiled (`name.js` beside the calling module) or, from the
 * TypeScript sources (workspace, tests), as `name.ts` through tsx's loader.
 */
import { DtError, InvalidArgumentError } from '@dt/errors';

interface NodeProcess {
  getBuiltinModule?(id: string): unknown;
}

/** The part of a worker_threads Worker the fits use. */
export interface WorkerLike {
  postMessage(message: unknown, transfer?: unknown): void;
  on(event: 'error', listener: (e: Error) => void): void;
  unref(): void;
  terminate(): Promise<number>;
}

/** The part of `node:worker_threads` the fits use. */
export interface WorkerThreads {
  Worker: new (script: string | URL, options: Record<string, unknown>) => WorkerLike;
  MessageChannel: new () => { port1: unknown; port2: unknown };
  receiveMessageOnPort(port: unknown): { message: unknown } | undefined;
}

/** A built-in module of the runtime (`node:os`, ...), or null outside Node. */
export function runtimeBuiltin<T>(id: string): T | null {
  const p = (globalThis as { process?: NodeProcess }).process;
  return p !== undefined && typeof p.getBuiltinModule === 'function' ? (p.getBuiltinModule(id) as T) : null;
}

/** Threads for `nJobs` (−1: every core), clamped to the cores this process may use; 1 outside Node. */
export function jobsToThreads(nJobs: number): number {
  const os = runtimeBuiltin<{ availableParallelism(): number }>('node:os');
  const cores = os === null ? 1 : os.availableParallelism();
  return nJobs === -1 ? cores : Math.min(nJobs, cores);
}

/**
 * `node:worker_threads`, or a typed error naming nJobs outside Node (a browser or edge runtime: fit
 * on one thread, or use `instead`, the asynchronous or injected form).
 */
export function workerThreads(nJobs: number, instead: string): WorkerThreads {
  const wt = runtimeBuiltin<WorkerThreads>('node:worker_threads');
  if (wt === null) throw new InvalidArgumentError('nJobs', `1 here: this runtime has no worker_threads (a browser or edge runtime); fit on one thread, or ${instead}`, nJobs);
  return wt;
}

/**
 * Starts the worker script `name` beside the module at `base` (its import.meta.url). A DtError 'IO'
 * when the script is not there (a bundled package: use `instead`).
 */
export function startScriptWorker(wt: WorkerThreads, base: string, name: string, nJobs: number, instead: string, options: Record<string, unknown> = {}): WorkerLike {
  const fs = runtimeBuiltin<{ existsSync(p: string): boolean }>('node:fs')!;
  const url = runtimeBuiltin<{ fileURLToPath(u: URL): string }>('node:url')!;
  const source = base.endsWith('.ts');
  const script = new URL(`./${name}${source ? '.ts' : '.js'}`, base);
  if (script.protocol !== 'file:' || !fs.existsSync(url.fileURLToPath(script))) {
    throw new DtError('IO', `nJobs ${nJobs}: the worker script ${script.href} is missing (a bundled package?); ${instead}`);
  }
  return source
    ? new wt.Worker(`import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(script.href)}); });`, { ...options, eval: true, execArgv: ['--conditions=@dt/source'] })
    : new wt.Worker(script, options);
}
