import { listDatasets } from '@dt/datasets';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../test-helpers/cli.js';

const dir = tempDir();

describe('dt datasets', () => {
  it('prints a table of the built-in datasets', async () => {
    const r = await cli(dir, ['datasets']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^name\s+task\s+rows\s+features\s+classes$/);
    expect(lines).toHaveLength(2 + listDatasets().length);
    expect(r.stdout).toMatch(/^iris\s+classification\s+150\s+4\s+3$/m);
    expect(r.stdout).toMatch(/^magic-gamma\s+classification\s+19,020\s+10\s+2$/m);
  });

  it('prints JSON with --json', async () => {
    const r = await cli(dir, ['datasets', '--json']);
    const list = JSON.parse(r.stdout) as { name: string; rows: number }[];
    expect(list.map((d) => d.name)).toEqual(listDatasets().map((d) => d.name));
    expect(list.find((d) => d.name === 'wine')?.rows).toBe(178);
  });
});
