import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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

describe('pruning flags', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dt-cli-prune-'));

  it('--prune rep holds out a fraction, prunes, and saves the pruned model', async () => {
    const out = join(dir, 'rep.json');
    const r = await cli(['train', '--data', 'wine', '--prune', 'rep', '--prune-fraction', '0.3', '--seed', '1', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/reduced-error pruning on 54 held-out rows: \d+ -> \d+ leaves/);
    const saved = JSON.parse(readFileSync(out, 'utf8'));
    expect(saved.format).toBe('dt-model');
  });

  it('--prune ccp takes --ccp-alpha (an estimator option) or --ccp-cv (alpha by CV)', async () => {
    const a = await cli(['train', '--data', 'iris', '--prune', 'ccp', '--ccp-alpha', '0.02', '--out', join(dir, 'a.json')]);
    expect(a.code, a.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8')).params.ccpAlpha).toBe(0.02);
    const cv = await cli(['train', '--data', 'iris', '--prune', 'ccp', '--ccp-cv', '5', '--ccp-rule', 'one-se', '--out', join(dir, 'cv.json')]);
    expect(cv.code, cv.stderr).toBe(0);
    expect(cv.stdout).toMatch(/cost-complexity alpha [\d.e-]+ chosen by 5-fold CV \(one-se rule\)/);
  });

  it('rejects flags that do not fit together, naming them', async () => {
    const cases: [string[], RegExp][] = [
      [['--prune', 'ccp'], /--prune must be ccp together with --ccp-alpha A or --ccp-cv K/],
      [['--prune-fraction', '0.3'], /--prune-fraction must be used only with --prune rep/],
      [['--prune', 'ccp', '--ccp-cv', '5', '--ccp-alpha', '0.1'], /--ccp-cv must be given without --ccp-alpha/],
      [['--prune', 'rep', '--prune-fraction', '1'], /--prune-fraction must be a number in \(0, 1\), got 1/],
      [['--prune', 'maybe'], /--prune must be one of "none", "rep", "ccp"/],
    ];
    for (const [flags, message] of cases) {
      const r = await cli(['train', '--data', 'iris', ...flags, '--out', join(dir, 'x.json')]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(message);
    }
  });

  it('dt eval compares pruned and unpruned configurations on the same folds', async () => {
    const r = await cli(['eval', '--data', 'wine', '--folds', '3', '--json', '--config', 'criterion=gini', '--config', 'criterion=gini,prune=rep', '--config', 'prune=ccp,ccpCv=3']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    const leaves = report.results.map((x: { leaves: { mean: number } }) => x.leaves.mean);
    expect(leaves).toHaveLength(3);
    expect(leaves[1]).toBeLessThan(leaves[0]);
    expect(leaves[2]).toBeLessThan(leaves[0]);
  });
});
