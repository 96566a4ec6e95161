import { describe, expect, it } from 'vitest';
import { toContext } from './io.js';
import { createProgress, formatDuration, progressLine, REPAINT_MS } from './progress.js';
import { Capture, cli, steppingClock, tempDir, toyCsv, writeText } from './test-helpers/cli.js';

/** A terminal stderr and a clock the test moves by hand. */
function terminal(env: Record<string, string> = {}, quiet = false, columns = 200) {
  const stderr = new Capture(true, columns);
  let t = 1000;
  const ctx = toContext({ stdout: new Capture(), stderr, env, now: () => t }, quiet);
  return { stderr, ctx, advance: (ms: number) => (t += ms) };
}

describe('progress line', () => {
  it('formats durations for a status line', () => {
    expect([900, 12_400, 185_000, 3_725_000].map(formatDuration)).toEqual(['0.9s', '12s', '3m05s', '1h02m']);
  });

  it('names the stage, counts the work, and gives elapsed and an ETA from the stage rate', () => {
    expect(progressLine('train', { name: 'fitting', detail: '', done: 30, total: 300, unit: 'trees', stageMs: 3000, totalMs: 4500 })).toBe(
      'train: fitting · 30/300 trees (10%) · elapsed 4.5s · ETA 27s',
    );
    expect(progressLine('train', { name: 'reading', detail: '', done: 12_300_000, total: 44_000_000, unit: 'bytes', stageMs: 1000, totalMs: 1000 })).toBe(
      'train: reading · 12.3/44.0 MB (27%) · elapsed 1.0s · ETA 2.6s',
    );
    expect(progressLine('train', { name: 'fitting', detail: '', done: 1234, total: null, unit: 'nodes', stageMs: 1, totalMs: 2100 })).toBe('train: fitting · 1,234 nodes · elapsed 2.1s');
    expect(progressLine('eval', { name: 'writing', detail: '', done: 0, total: null, unit: '', stageMs: 0, totalMs: 61_000 })).toBe('eval: writing · elapsed 1m01s');
  });
});

describe('createProgress (fake clock, fake terminal)', () => {
  it('paints a stage at once, repaints updates at most every REPAINT_MS, and clears the line at stop', () => {
    const { stderr, ctx, advance } = terminal();
    const p = createProgress(ctx, 'train');
    p.stage('fitting', 300, 'trees');
    expect(stderr.text).toBe('\rtrain: fitting · 0/300 trees (0%) · elapsed 0.0s\x1b[K');
    advance(REPAINT_MS / 2);
    p.update(1);
    expect(stderr.text.split('\r')).toHaveLength(2); // throttled
    advance(3000 - REPAINT_MS / 2);
    p.update(30);
    expect(stderr.text.endsWith('\rtrain: fitting · 30/300 trees (10%) · elapsed 3.0s · ETA 27s\x1b[K')).toBe(true);
    p.stop();
    expect(stderr.text.endsWith('\r\x1b[K')).toBe(true);
  });

  it('fits the line to the terminal width', () => {
    const { stderr, ctx } = terminal({}, false, 20);
    createProgress(ctx, 'train').stage('fitting', 300, 'trees');
    expect(stderr.text).toBe('\rtrain: fitting · 0/\x1b[K');
  });

  it('writes nothing when quiet, in CI, or when stderr is not a terminal', async () => {
    for (const [env, quiet] of [[{ CI: 'true' }, false], [{}, true]] as const) {
      const { stderr, ctx } = terminal(env, quiet);
      const p = createProgress(ctx, 'eval');
      p.stage('reading');
      await p.tick(1);
      p.stop();
      expect(stderr.text).toBe('');
    }
    const stderr = new Capture(false);
    createProgress(toContext({ stdout: new Capture(), stderr, env: {} }), 'eval').stage('reading');
    expect(stderr.text).toBe('');
  });
});

describe('reading a CSV file on a terminal', () => {
  const dir = tempDir();

  it("shows the MB read with % and ETA, then the columns parsed; nothing when quiet or not a terminal", async () => {
    const csv = toyCsv(8000);
    writeText(dir, 'toy.csv', csv);
    const mb = (Buffer.byteLength(csv) / 1e6).toFixed(1);
    const stderr = new Capture(true);
    const r = await cli(dir, ['train', '--data', 'toy.csv', '--max-depth', '2', '--out', 'm.json'], { stderr, now: steppingClock(150) });
    expect(r.code, r.stderr).toBe(0);
    expect(stderr.text).toMatch(new RegExp(`\\rtrain: reading · \\d\\.\\d/${mb.replace('.', '\\.')} MB \\(\\d+%\\) · elapsed \\d+(\\.\\d)?s · ETA `));
    expect(stderr.text).toContain('\rtrain: parsing · 0/4 columns (0%)');
    expect(stderr.text).toContain('\rtrain: fitting · elapsed ');
    writeText(dir, 'small.csv', toyCsv(300));
    for (const [argv, tty] of [[['--quiet'], true], [[], false]] as const) {
      const quiet = new Capture(tty);
      const q = await cli(dir, ['train', '--data', 'small.csv', '--max-depth', '2', '--out', 'q.json', ...argv], { stderr: quiet, now: steppingClock(150) });
      expect(q.code, q.stderr).toBe(0);
      expect(quiet.text).toBe('');
    }
  });

  it('counts the MB read from standard input (size unknown)', async () => {
    const stderr = new Capture(true);
    const r = await cli(dir, ['train', '--data', '-', '--max-depth', '2', '--out', 's.json'], { stderr, stdin: toyCsv(200), now: steppingClock(150) });
    expect(r.code, r.stderr).toBe(0);
    expect(stderr.text).toMatch(/\rtrain: reading standard input · 0\.0 MB · elapsed /);
  });
});
