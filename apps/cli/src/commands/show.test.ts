import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
    const f = await cli(dir, ['show', '--model', 'iris.json', '--format', 'png']);
    expect([f.code, f.stderr]).toEqual([1, 'dt: --format must be one of "text", "dot", "svg", "html", got "png"\n']);
    const d = await cli(dir, ['show', '--model', 'iris.json', '--max-depth', '-2']);
    expect([d.code, d.stderr]).toEqual([1, 'dt: --max-depth must be a non-negative integer, got -2\n']);
  });

  it('draws an SVG picture or an HTML page, to stdout or --out', async () => {
    const r = await cli(dir, ['show', '--model', 'iris.json', '--format', 'svg', '--max-depth', '2']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect((r.stdout.match(/<g class="node[ "]/g) ?? []).length).toBe(5);
    const w = await cli(dir, ['show', '--model', 'iris.json', '--format', 'svg', '--out', 'tree.svg']);
    expect([w.code, w.stdout, w.stderr]).toEqual([0, '', '']);
    expect(readFileSync(join(dir, 'tree.svg'), 'utf8')).toContain('petal_length &lt;= 2.45');
    const h = await cli(dir, ['show', '--model', 'iris.json', '--format', 'html', '--out', 'tree.html']);
    expect(h.code, h.stderr).toBe(0);
    const html = readFileSync(join(dir, 'tree.html'), 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<title>iris.json</title>');
  });

  it('names the levels of coded string columns and ranks oblique terms by weight × spread (issue 32)', async () => {
    // A string column the CLI codes 0..L-1: splits read "colour = red" / "colour ∈ {…}", never "colour <= 0.5".
    const rows = Array.from({ length: 60 }, (_, i) => `${['red', 'green', 'blue'][i % 3]},${(i * 7) % 10},${i % 3 === 0 ? 'a' : 'b'}`);
    const csv = join(dir, 'colours.csv');
    writeFileSync(csv, `colour,size,label\n${rows.join('\n')}\n`);
    expect((await cli(dir, ['train', '--data', 'colours.csv', '--out', 'colours.json'])).code).toBe(0);
    const svg = (await cli(dir, ['show', '--model', 'colours.json', '--format', 'svg'])).stdout;
    expect(svg).toMatch(/>colour (=|≠) (red|green|blue)</);
    expect(svg).not.toContain('colour &lt;=');
    expect((await cli(dir, ['show', '--model', 'colours.json'])).stdout).toMatch(/colour in \{(red|green|blue)\}/);
    // Oblique on wine (magnesium in the hundreds, ash near 2): no term prints as 0.00; the file records the spreads.
    expect((await cli(dir, ['train', '--data', 'wine', '--algorithm', 'hhcart-a', '--out', 'wine.json'])).code).toBe(0);
    const file = JSON.parse(readFileSync(join(dir, 'wine.json'), 'utf8')) as { training: { featureSpread: number[] } };
    expect(file.training.featureSpread).toHaveLength(13);
    const wine = (await cli(dir, ['show', '--model', 'wine.json', '--format', 'svg', '--max-depth', '3'])).stdout;
    expect(wine).toMatch(/\d·[a-z]/);
    expect(wine).not.toMatch(/(^|[^.\d])0\.00·/);
    // The SVG carries the viewer script; the HTML page too.
    expect(wine).toContain('<script><![CDATA[');
  });

  it('draws a Decision Stream DAG', async () => {
    expect((await cli(dir, ['train', '--data', 'iris', '--algorithm', 'stream', '--out', 'stream.json'])).code).toBe(0);
    const r = await cli(dir, ['show', '--model', 'stream.json', '--format', 'svg']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/<g class="node[^"]*merged"/);
  });

  it('never overwrites the model file with --out, also through another spelling or a symlink', async () => {
    const before = readFileSync(join(dir, 'iris.json'), 'utf8');
    symlinkSync(join(dir, 'iris.json'), join(dir, 'link.json'));
    for (const out of ['iris.json', './iris.json', join(dir, 'iris.json'), 'link.json']) {
      const r = await cli(dir, ['show', '--model', 'iris.json', '--format', 'svg', '--out', out]);
      expect([r.code, r.stderr]).toEqual([1, `dt: refusing to write ${join(dir, out === join(dir, 'iris.json') ? 'iris.json' : out)}: it is the input file ${join(dir, 'iris.json')}; choose another output path\n`]);
    }
    expect(readFileSync(join(dir, 'iris.json'), 'utf8')).toBe(before);
  });
});
