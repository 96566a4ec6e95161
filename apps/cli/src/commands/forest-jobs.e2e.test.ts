// Forests on worker threads from the command line: every --jobs run starts threads that compile the
// sources through tsx (seconds of CPU each), so these are end-to-end tests (e2e project, run by CI);
// forest.test.ts covers the forests themselves in the inner loop.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../test-helpers/cli.js';

const dir = tempDir();

describe('dt train forests with --jobs', () => {
  it('--jobs 2 fits on worker threads and gives the same forest as --jobs 1', async () => {
    const a = await cli(dir, ['train', '--data', 'wine', '--algorithm', 'extra-trees', '--n-estimators', '4', '--max-depth', '4', '--jobs', '1', '--out', 'et1.json']);
    const b = await cli(dir, ['train', '--data', 'wine', '--algorithm', 'extra-trees', '--n-estimators', '4', '--max-depth', '4', '--jobs', '2', '--out', 'et2.json']);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const one = JSON.parse(readFileSync(join(dir, 'et1.json'), 'utf8'));
    const two = JSON.parse(readFileSync(join(dir, 'et2.json'), 'utf8'));
    expect([two.members, two.nodes]).toEqual([one.members, one.nodes]);
    expect(two.params.nJobs).toBe(2);
    expect(a.stdout).toMatch(/^Trained extra-trees \(maxDepth=4, nJobs=1, nEstimators=4\) on wine .*: 4 trees, mean [\d.]+ leaves, mean depth [\d.]+; training accuracy/);
  }, 120_000);

  it('Decision Stream forests: --jobs 2 writes the same forest as --jobs 1', async () => {
    const args = ['train', '--data', 'iris', '--algorithm', 'bagging', '--base', 'decision-stream', '--n-estimators', '4', '--max-features', 'sqrt', '--oob', 'on', '--seed', '2'];
    const r1 = await cli(dir, [...args, '--out', 'ds1.json']);
    expect(r1.code, r1.stderr).toBe(0);
    const r2 = await cli(dir, [...args, '--jobs', '2', '--out', 'ds2.json']);
    expect(r2.code, r2.stderr).toBe(0);
    const one = JSON.parse(readFileSync(join(dir, 'ds1.json'), 'utf8'));
    const two = JSON.parse(readFileSync(join(dir, 'ds2.json'), 'utf8'));
    expect([two.members, two.nodes]).toEqual([one.members, one.nodes]);
    expect(two.params.nJobs).toBe(2);
  }, 120_000);
});

describe('--jobs beyond the cores (issue 31: --jobs 200 was killed at 4 GB)', () => {
  it('fits on every core, says so, and writes the same forest as --jobs 1', async () => {
    const a = await cli(dir, ['train', '--data', 'iris', '--algorithm', 'random-forest', '--n-estimators', '3', '--seed', '1', '--out', 'j1.json']);
    const b = await cli(dir, ['train', '--data', 'iris', '--algorithm', 'random-forest', '--n-estimators', '3', '--seed', '1', '--jobs', '100000', '--out', 'j2.json']);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stderr).toMatch(/^dt: --jobs 100000 is more than the \d+ cores this process may use; fitting on \d+ threads/);
    const [j1, j2] = ['j1.json', 'j2.json'].map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
    expect([j2.members, j2.nodes]).toEqual([j1.members, j1.nodes]);
    expect(j1.nodes.threshold.data.length).toBeGreaterThan(0);
  }, 120_000);
});
