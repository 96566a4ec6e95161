// dt train --jobs on a 20,000-row set: worker threads that compile the sources through tsx and a
// tree of thousands of nodes, tens of seconds of CPU, so an end-to-end test (e2e project, run by CI).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../test-helpers/cli.js';

const dir = tempDir();

describe('dt train --jobs', () => {
  it('--jobs 2 with --splitter hist writes the same tree as one thread (letter: 20,000 × 16, nodes split across threads)', async () => {
    const one = await cli(dir, ['train', '--data', 'letter-recognition', '--splitter', 'hist', '--out', 'letter-1.json']);
    expect(one.code, one.stderr).toBe(0);
    const two = await cli(dir, ['train', '--data', 'letter-recognition', '--splitter', 'hist', '--jobs', '2', '--out', 'letter-2.json']);
    expect(two.code, two.stderr).toBe(0);
    expect(two.stdout).toMatch(/nJobs=2/);
    const a = JSON.parse(readFileSync(join(dir, 'letter-1.json'), 'utf8'));
    const b = JSON.parse(readFileSync(join(dir, 'letter-2.json'), 'utf8'));
    expect(b.params.nJobs).toBe(2);
    expect(JSON.stringify(b.tree)).toBe(JSON.stringify(a.tree));
  }, 120_000);
});
