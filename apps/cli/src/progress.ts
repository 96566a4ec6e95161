import { setImmediate as nextTick } from 'node:timers/promises';
import type { Context } from './io.js';

/**
 * Progress on stderr for commands that can run for seconds: one line, rewritten in place, naming the
 * stage (reading, fitting, writing, …), the count of its work when known (trees, folds, bytes), the
 * elapsed time and an ETA from the stage's rate so far. Quiet when stderr is not a terminal, in CI,
 * and with --quiet, so piped and logged output stays clean. The line is cleared when the command ends.
 *
 * Hand-written rather than cli-progress: a stage line with a count, ETA and a clock that tests can
 * fake is a few lines, and cli-progress reads Date.now itself and draws a bar we no longer show.
 */
export interface Progress {
  /** Starts a stage: its name and, when the work is countable, its size and unit (shown at once). */
  stage(name: string, total?: number, unit?: string): void;
  /** Sets the stage's work done so far (repaints at most every REPAINT_MS; synchronous). */
  update(done: number): void;
  /** Advances by `n` (optionally renaming the stage's detail) and yields once so the line repaints. */
  tick(n?: number, detail?: string): Promise<void>;
  /** Clears the line. */
  stop(): void;
}

/** Repaints closer together than this are skipped (a terminal cannot show them anyway). */
export const REPAINT_MS = 100;

const NONE: Progress = {
  stage: () => {},
  update: () => {},
  tick: () => Promise.resolve(),
  stop: () => {},
};

/** Progress is shown only on a terminal, outside CI, and without --quiet. */
export function progressEnabled(ctx: Context): boolean {
  const ci = ctx.env.CI;
  const inCi = ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
  return ctx.stderr.isTTY === true && !inCi && ctx.quiet !== true;
}

/** `1.2s`, `42s`, `3m05s`, `1h02m`: short enough for one status line. */
export function formatDuration(ms: number): string {
  const s = ms / 1000;
  if (s < 10) return `${s.toFixed(1)}s`;
  if (s < 60) return `${Math.round(s)}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(Math.round(s - m * 60)).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

function formatCount(n: number, unit: string): string {
  if (unit === 'bytes') return `${(n / 1e6).toFixed(1)}`;
  return n.toLocaleString('en-US');
}

/** The status line for a stage (exported for tests). */
export function progressLine(title: string, s: { name: string; detail: string; done: number; total: number | null; unit: string; stageMs: number; totalMs: number }): string {
  const parts = [`${title}: ${s.name}${s.detail === '' ? '' : ` ${s.detail}`}`];
  if (s.total !== null) {
    const unit = s.unit === 'bytes' ? 'MB' : s.unit;
    parts.push(`${formatCount(s.done, s.unit)}/${formatCount(s.total, s.unit)} ${unit} (${Math.floor((100 * s.done) / Math.max(s.total, 1))}%)`);
  } else if (s.done > 0) parts.push(`${formatCount(s.done, s.unit)} ${s.unit === 'bytes' ? 'MB' : s.unit}`);
  parts.push(`elapsed ${formatDuration(s.totalMs)}`);
  if (s.total !== null && s.done > 0 && s.done < s.total) parts.push(`ETA ${formatDuration((s.stageMs / s.done) * (s.total - s.done))}`);
  return parts.join(' · ');
}

export function createProgress(ctx: Context, title: string): Progress {
  if (!progressEnabled(ctx)) return NONE;
  const now = ctx.now ?? (() => performance.now());
  const start = now();
  const st = { name: '', detail: '', done: 0, total: null as number | null, unit: '', started: start };
  let lastPaint = -Infinity;
  let shown = false;
  const paint = (force: boolean): void => {
    const t = now();
    if (!force && t - lastPaint < REPAINT_MS) return;
    lastPaint = t;
    let line = progressLine(title, { ...st, stageMs: t - st.started, totalMs: t - start });
    const width = ctx.stderr.columns;
    if (width !== undefined && width > 1 && line.length > width - 1) line = line.slice(0, width - 1);
    ctx.stderr.write(`\r${line}\x1b[K`);
    shown = true;
  };
  return {
    stage(name, total, unit = '') {
      Object.assign(st, { name, detail: '', done: 0, total: total ?? null, unit, started: now() });
      paint(true);
    },
    update(done) {
      st.done = done;
      paint(false);
    },
    async tick(n = 1, detail) {
      st.done += n;
      if (detail !== undefined) st.detail = detail;
      paint(false);
      await nextTick();
    },
    stop() {
      if (shown) ctx.stderr.write('\r\x1b[K');
      shown = false;
    },
  };
}

/** Runs `work` as the stage `name` and clears the line after it, whether it succeeds or throws. */
export async function duringStage<T>(progress: Progress, name: string, work: () => Promise<T>): Promise<T> {
  progress.stage(name);
  try {
    return await work();
  } finally {
    progress.stop();
  }
}
