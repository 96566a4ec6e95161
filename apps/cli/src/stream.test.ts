import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { run } from './run.js';

async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await run(args, {
    stdout: { write: (s: string) => ((stdout += s), true) },
    stderr: { write: (s: string) => ((stderr += s), true), isTTY: false },
  } as never);
  return { code, stdout, stderr };
}

it('--algorithm stream trains, saves, predicts and shows a Decision Stream; eval compares it with CART', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dt-cli-stream-'));
  const out = join(dir, 's.json');
  const r = await cli(['train', '--data', 'wine', '--algorithm', 'stream', '--alpha', '0.05', '--merge', 'on', '--out', out]);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toMatch(/^Trained stream \(alpha=0\.05, merge=true\)/);
  expect(JSON.parse(readFileSync(out, 'utf8')).format).toBe('dt-stream');
  const p = await cli(['predict', '--model', out, '--data', 'wine', '--proba']);
  expect(p.code, p.stderr).toBe(0);
  expect(p.stdout.split('\n')[0]).toBe('prediction,proba_1,proba_2,proba_3');
  expect(p.stderr).toMatch(/accuracy 0\.\d{4}/);
  const dot = await cli(['show', '--model', out, '--format', 'dot']);
  expect(dot.stdout.startsWith('digraph')).toBe(true);
  const reg = await cli(['train', '--data', 'wine-quality-red', '--task', 'regression', '--algorithm', 'stream', '--test', 'parametric', '--out', join(dir, 'r.json')]);
  expect(reg.code, reg.stderr).toBe(0);
  const e = await cli(['eval', '--data', 'wine', '--folds', '3', '--json', '--config', 'criterion=gini', '--config', 'algorithm=stream,alpha=0.05,merge=off']);
  expect(e.code, e.stderr).toBe(0);
  expect(JSON.parse(e.stdout).results).toHaveLength(2);
  const bad = await cli(['train', '--data', 'wine', '--algorithm', 'stream', '--max-depth', '3', '--out', join(dir, 'x.json')]);
  expect(bad.stderr).toMatch(/--max-depth must be used with tree algorithms, not stream/);
  const bad2 = await cli(['train', '--data', 'wine', '--alpha', '0.1', '--out', join(dir, 'x.json')]);
  expect(bad2.stderr).toMatch(/--alpha must be used with --algorithm stream/);
});

it('reads a model file by its format field wherever it stands (here after 200 characters of other fields)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dt-cli-stream-'));
  const out = join(dir, 's.json');
  const r = await cli(['train', '--data', 'wine', '--algorithm', 'stream', '--out', out]);
  expect(r.code, r.stderr).toBe(0);
  const { format, ...rest } = JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>;
  const moved = join(dir, 'moved.json');
  writeFileSync(moved, JSON.stringify({ note: 'x'.repeat(250), ...rest, format }));
  expect(readFileSync(moved, 'utf8').indexOf('"format"')).toBeGreaterThan(200);
  const p = await cli(['predict', '--model', moved, '--data', 'wine']);
  expect(p.code, p.stderr).toBe(0);
  expect(p.stderr).toMatch(/accuracy 0\.\d{4}/);
  const s = await cli(['show', '--model', moved]);
  expect(s.code, s.stderr).toBe(0);
});
