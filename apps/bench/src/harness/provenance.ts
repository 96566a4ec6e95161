import { cpus } from 'node:os';

/** Where and when a report's numbers were measured: the header line every command writes. */
export const today = (): string => new Date().toISOString().slice(0, 10);
export const cpuModel = (): string => cpus()[0]?.model ?? 'unknown CPU';
export const coreCount = (): number => cpus().length;

/**
 * `now`, or — when `keep` (this invocation measured nothing, it only re-rendered stored records) —
 * what `pattern` matches in the previous report (its first group if it has one): the records do not
 * store the machine or date, and a re-render must not change a committed report.
 */
export function keptFromPrevious(previous: string, pattern: RegExp, keep: boolean, now: string): string {
  const m = keep ? pattern.exec(previous) : null;
  return m ? (m[1] ?? m[0]) : now;
}
