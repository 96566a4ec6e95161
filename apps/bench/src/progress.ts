import cliProgress from 'cli-progress';

export interface Progress {
  /** Sets the total (cells to run) and starts the bar. */
  start(total: number, label: string): void;
  tick(detail: string): void;
  stop(): void;
}

/**
 * A progress bar on stderr, only when stderr is a terminal (so logs and CI output stay clean);
 * otherwise a line every `every` cells through `log`.
 */
export function createProgress(log: (s: string) => void, every = 25): Progress {
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      { stream: process.stderr, format: '{label} [{bar}] {value}/{total} | {eta_formatted} left | {detail}', hideCursor: true, etaBuffer: 20 },
      cliProgress.Presets.shades_classic,
    );
    let label = '';
    return {
      start(total, l) {
        label = l;
        bar.start(total, 0, { label, detail: '' });
      },
      tick(detail) {
        bar.increment(1, { label, detail });
      },
      stop() {
        bar.stop();
      },
    };
  }
  let done = 0;
  let total = 0;
  let label = '';
  const t0 = Date.now();
  return {
    start(t, l) {
      total = t;
      label = l;
      done = 0;
    },
    tick(detail) {
      done++;
      if (done % every === 0 || done === total) log(`${label}: ${done}/${total} (${((Date.now() - t0) / 1000).toFixed(0)} s) ${detail}`);
    },
    stop() {},
  };
}
