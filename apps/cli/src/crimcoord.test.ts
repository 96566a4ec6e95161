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

it('--crimcoord on splits categorical columns by per-node level scores (HHCART, CART alike)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dt-cli-crim-'));
  const csv = join(dir, 'mixed.csv');
  // Class is "colour in {blue, red}": one CRIMCOORD split; level codes (blue=0, green=1, red=2) need two.
  const rows = ['colour,size,label'];
  ['red', 'blue', 'green', 'red', 'blue', 'green', 'blue', 'red'].forEach((c, i) => rows.push(`${c},${(i * 0.37) % 3},${c === 'green' ? 'no' : 'yes'}`));
  writeFileSync(csv, rows.join('\n') + '\n');
  for (const algorithm of ['cart', 'hhcart-d']) {
    const out = join(dir, `${algorithm}.json`);
    const r = await cli(['train', '--data', csv, '--algorithm', algorithm, '--crimcoord', 'on', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('2 leaves');
    const model = JSON.parse(readFileSync(out, 'utf8'));
    expect(model.params.categoricalFeatures).toEqual([0]);
    expect(model.tree.catFeature).toEqual([0]);
    const p = await cli(['predict', '--model', out, '--data', csv]);
    expect(p.stderr).toMatch(/accuracy 1\.0000/);
    // dt show names the levels each branch receives.
    const s = await cli(['show', '--model', out]);
    expect(s.code, s.stderr).toBe(0);
    expect(s.stdout).toMatch(/\|--- colour in \{green\}( or unseen)?\n\|   \|--- class: no/);
    expect(s.stdout).toMatch(/\|--- colour in \{(blue, red|red, blue)\}( or unseen)?\n\|   \|--- class: yes/);
  }
  const codes = await cli(['train', '--data', csv, '--out', join(dir, 'codes.json')]);
  expect(codes.stdout).toContain('3 leaves');
});
