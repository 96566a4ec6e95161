import { beforeAll, describe, expect, it } from 'vitest';
import { cli, tempDir } from '../test-helpers/cli.js';

const dir = tempDir();

describe('dt show', () => {
  beforeAll(async () => {
    expect((await cli(dir, ['train', '--data', 'iris', '--out', 'iris.json'])).code).toBe(0);
  });

  it('prints text rules, optionally truncated', async () => {
    const r = await cli(dir, ['show', '--model', 'iris.json', '--max-depth', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      [
        '|--- petal_length <= 2.45',
        '|   |--- class: setosa',
        '|--- petal_length >  2.45',
        '|   |--- truncated branch of depth 4',
        '',
      ].join('\n'),
    );
    const full = await cli(dir, ['show', '--model', 'iris.json', '--decimals', '1']);
    expect(full.stdout).toMatch(/^\|--- petal_length <= 2\.5\n/);
    expect(full.stdout).not.toContain('truncated');
  });

  it('prints Graphviz DOT', async () => {
    const r = await cli(dir, ['show', '--model', 'iris.json', '--format', 'dot', '--max-depth', '2']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^digraph Tree \{\n/);
    expect(r.stdout).toMatch(/^0 \[label="petal_length <= 2\.450.*gini = 0\.667.*samples = 150/m);
    expect(r.stdout.trimEnd().endsWith('}')).toBe(true);
  });

  it('rejects an unknown format or a bad depth', async () => {
    const f = await cli(dir, ['show', '--model', 'iris.json', '--format', 'svg']);
    expect([f.code, f.stderr]).toEqual([1, 'dt: --format must be one of "text", "dot", got "svg"\n']);
    const d = await cli(dir, ['show', '--model', 'iris.json', '--max-depth', '-2']);
    expect([d.code, d.stderr]).toEqual([1, 'dt: --max-depth must be a non-negative integer, got -2\n']);
  });
});
