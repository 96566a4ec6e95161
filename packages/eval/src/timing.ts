import { InvalidArgumentError } from '@dt/errors';

/**
 * Wall and CPU time. Wall time comes from `performance.now()` (Date.now() if absent). CPU time is
 * user + system time of the whole process from `process.cpuUsage()` (Node, Deno, Bun) — it includes
 * GC and any worker threads; where that API is missing (browsers) `cpuMs` is `null`, never NaN.
 */

export interface Timing {
  readonly wallMs: number;
  /** Process CPU milliseconds, or null where the runtime cannot tell. */
  readonly cpuMs: number | null;
}

/** A measured call: its result with its wall and CPU time. */
export interface Measured<T> extends Timing {
  readonly result: T;
}

type CpuUsage = (previous?: { user: number; system: number }) => { user: number; system: number };

function cpuUsageFn(): CpuUsage | null {
  const proc = (globalThis as { process?: { cpuUsage?: unknown } }).process;
  const fn = proc?.cpuUsage;
  return typeof fn === 'function' ? (fn.bind(proc) as CpuUsage) : null;
}

function wallNow(): number {
  const perf = (globalThis as { performance?: { now?: () => number } }).performance;
  return typeof perf?.now === 'function' ? perf.now() : Date.now();
}

interface Stopwatch {
  stop(): Timing;
}

function start(): Stopwatch {
  const cpu = cpuUsageFn();
  const cpu0 = cpu === null ? null : cpu();
  const wall0 = wallNow();
  return {
    stop(): Timing {
      const wallMs = wallNow() - wall0;
      if (cpu === null || cpu0 === null) return { wallMs, cpuMs: null };
      const d = cpu(cpu0);
      return { wallMs, cpuMs: (d.user + d.system) / 1000 };
    },
  };
}

/** Runs `fn` once and reports its result with elapsed wall and CPU time. Errors propagate. */
export function measure<T>(fn: () => T): Measured<T> {
  if (typeof fn !== 'function') throw new InvalidArgumentError('fn', 'a function', fn);
  const sw = start();
  const result = fn();
  return { result, ...sw.stop() };
}

/** Like `measure`, awaiting `fn()`; the times cover the whole promise, including idle waits. */
export async function measureAsync<T>(fn: () => Promise<T> | T): Promise<Measured<T>> {
  if (typeof fn !== 'function') throw new InvalidArgumentError('fn', 'a function', fn);
  const sw = start();
  const result = await fn();
  return { result, ...sw.stop() };
}
