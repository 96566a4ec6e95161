import type { Timing } from '@dt/eval';

/**
 * The bench's one timer is @dt/eval's `measure` (wall time from performance.now(), CPU time of the
 * whole process from process.cpuUsage(), GC and worker threads included). These read its result in
 * seconds, the unit of every results file.
 */

/** CPU seconds of a measurement; the bench runs on Node, where CPU time is always known. */
export function cpuSeconds(t: Timing): number {
  if (t.cpuMs === null) throw new Error('this runtime cannot measure CPU time (no process.cpuUsage); the bench needs Node');
  return t.cpuMs / 1000;
}

export function wallSeconds(t: Timing): number {
  return t.wallMs / 1000;
}
