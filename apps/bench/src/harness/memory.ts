/**
 * Fit memory, measured the same way in every worker: the kernel's peak resident set (VmHWM) is reset
 * to the current resident set just before the fit (/proc/self/clear_refs, Linux ≥ 4.0), so the peak
 * after the fit minus the resident set before it is the fit's own peak growth — not hidden by a higher
 * peak reached while loading the data. apps/bench/python/hist_peers.py does the same for the peers.
 */
import { readFileSync, writeFileSync } from 'node:fs';

/** VmRSS and VmHWM in MiB from /proc/self/status (NaN where unavailable). */
function status(): { rss: number; hwm: number } {
  let text = '';
  try {
    text = readFileSync('/proc/self/status', 'utf8');
  } catch {
    return { rss: Number.NaN, hwm: Number.NaN };
  }
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? Number.NaN) / 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Starts a measurement (after a GC when exposed); call the result after the fit for its peak growth in MiB (NaN if the peak could not be reset). */
export function startPeakMeasure(): () => number {
  (globalThis as { gc?: () => void }).gc?.();
  let reset = true;
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    reset = false;
  }
  const before = status().rss;
  return () => (reset ? status().hwm - before : Number.NaN);
}
