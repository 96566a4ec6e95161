import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../test-helpers/cli.js';

const dir = tempDir();
const rows = Array.from({ length: 30 }, (_, i) => `${i},${(i * 7) % 11},${i < 15 ? 'a' : 'b'}`);
rows[4] = '4,?,a';
writeFileSync(join(dir, 'marked.csv'), `x,z,label\n${rows.join('\n')}\n`);

describe('dt train: CSV missing values', () => {
  it('refuses a file with a missing marker by default, naming the count and the first cell', async () => {
    const r = await cli(dir, ['train', '--data', 'marked.csv', '--out', 'm.json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/1 missing value in 1 row, the first "\?" at \S*marked\.csv line 6, column 2 \("z"\)/);
    expect(r.stderr).toContain('--missing drop');
  });
  it('--missing drop drops the row, keeps the column numeric and says so', async () => {
    const r = await cli(dir, ['train', '--data', 'marked.csv', '--missing', 'drop', '--out', 'm.json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('(29 rows, 2 features, 2 classes; dropped 1 rows with 1 missing values)');
  });
  it('--missing takes error or drop', async () => {
    const r = await cli(dir, ['train', '--data', 'marked.csv', '--missing', 'mean', '--out', 'm.json']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('--missing must be one of "error", "drop", got "mean"');
  });
});
