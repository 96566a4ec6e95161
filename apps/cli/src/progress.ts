import { setImmediate as nextTick } from 'node:timers/promises';
import cliProgress from 'cli-progress';
import type { Context } from './io.js';

/** Work below this many rows finishes too fast for a bar to help. */
export const PROGRESS_MIN_ROWS = 5000;

export interface Progress {
  /** Advances by `n` and lets the bar repaint (yields to the event loop once). */
  tick(n?: number, stage?: string): Promise<void>;
  /** Shows a new stage label now, before a long synchronous step. */
  stage(stage: string): void;
  stop(): void;
}

const NONE: Progress = {
  tick: () => Promise.resolve(),
  stage: () => {},
  stop: () => {},
};

/** Bars go to stderr, and only to a terminal outside CI, so piped and logged output stays clean. */
export function progressEnabled(ctx: Context): boolean {
  const ci = ctx.env.CI;
  const inCi = ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
  return ctx.stderr.isTTY === true && !inCi;
}

export function createProgress(ctx: Context, title: string, total: number, rows: number): Progress {
  if (!progressEnabled(ctx) || rows < PROGRESS_MIN_ROWS) return NONE;
  const bar = new cliProgress.SingleBar(
    {
      stream: ctx.stderr as NodeJS.WritableStream,
      format: `${title} [{bar}] {value}/{total} {stage}`,
      clearOnComplete: true,
      hideCursor: false,
      barsize: 24,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { stage: '' });
  return {
    async tick(n = 1, stage) {
      bar.increment(n, stage === undefined ? {} : { stage });
      await nextTick();
    },
    stage(stage) {
      bar.update({ stage });
      bar.render();
    },
    stop() {
      bar.stop();
    },
  };
}
