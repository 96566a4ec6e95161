import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir, toyCsv, writeText } from './test-helpers/cli.js';

const dir = tempDir();
const csv = toyCsv();

function refused(r: { code: number; stderr: string }, out: string, input: string): void {
  expect([r.code, r.stderr]).toEqual([1, `dt: refusing to write ${join(dir, out)}: it is the input file ${join(dir, input)}; choose another output path\n`]);
}

describe('the CLI never replaces its inputs', () => {
  it('dt train --out naming the data file (also through a symlink or a hard link) writes nothing', async () => {
    writeText(dir, 'd.csv', csv);
    symlinkSync(join(dir, 'd.csv'), join(dir, 'sym.csv'));
    linkSync(join(dir, 'd.csv'), join(dir, 'hard.csv'));
    for (const out of ['d.csv', 'sym.csv', 'hard.csv']) {
      const r = await cli(dir, ['train', '--data', 'd.csv', '--out', out]);
      refused(r, out, 'd.csv');
    }
    expect(readFileSync(join(dir, 'd.csv'), 'utf8')).toBe(csv);
  });

  it('dt predict --out naming the model or the data file writes nothing', async () => {
    writeText(dir, 'p.csv', csv);
    expect((await cli(dir, ['train', '--data', 'p.csv', '--out', 'p.json'])).code).toBe(0);
    const model = readFileSync(join(dir, 'p.json'), 'utf8');
    linkSync(join(dir, 'p.json'), join(dir, 'p-hard.json'));
    symlinkSync(join(dir, 'p.csv'), join(dir, 'p-sym.csv'));
    refused(await cli(dir, ['predict', '--model', 'p.json', '--data', 'p.csv', '--out', 'p.json']), 'p.json', 'p.json');
    refused(await cli(dir, ['predict', '--model', 'p.json', '--data', 'p.csv', '--out', 'p-hard.json']), 'p-hard.json', 'p.json');
    refused(await cli(dir, ['predict', '--model', 'p.json', '--data', 'p.csv', '--out', 'p.csv']), 'p.csv', 'p.csv');
    refused(await cli(dir, ['predict', '--model', 'p.json', '--data', 'p.csv', '--out', 'p-sym.csv']), 'p-sym.csv', 'p.csv');
    expect(readFileSync(join(dir, 'p.json'), 'utf8')).toBe(model);
    expect(readFileSync(join(dir, 'p.csv'), 'utf8')).toBe(csv);
    // Another path is fine.
    expect((await cli(dir, ['predict', '--model', 'p.json', '--data', 'p.csv', '--out', 'preds.csv'])).code).toBe(0);
  });
});

describe('model writes', () => {
  it('re-training over a 0600 model keeps it 0600', async () => {
    writeText(dir, 'm.csv', csv);
    expect((await cli(dir, ['train', '--data', 'm.csv', '--out', 'm.json'])).code).toBe(0);
    chmodSync(join(dir, 'm.json'), 0o600);
    expect((await cli(dir, ['train', '--data', 'm.csv', '--max-depth', '2', '--out', 'm.json'])).code).toBe(0);
    expect(statSync(join(dir, 'm.json')).mode & 0o777).toBe(0o600);
  });

  it('writes through a symlink to its target, leaving the link a link', async () => {
    writeText(dir, 'l.csv', csv);
    expect((await cli(dir, ['train', '--data', 'l.csv', '--out', 'target.json'])).code).toBe(0);
    symlinkSync(join(dir, 'target.json'), join(dir, 'link.json'));
    expect((await cli(dir, ['train', '--data', 'l.csv', '--max-depth', '1', '--out', 'link.json'])).code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'target.json'), 'utf8')).params.maxDepth).toBe(1);
  });

  it('removes temp files left by a killed writer, keeps those of live writers, leaves none of its own', async () => {
    writeText(dir, 's.csv', csv);
    // pid 2^22+1 is above Linux's pid_max limit: no such process.
    const stale = `.s.json.dt-${2 ** 22 + 1}-0123456789ab.tmp`;
    const live = `.s.json.dt-${process.ppid}-0123456789ab.tmp`;
    const other = `.other.json.dt-${2 ** 22 + 1}-0123456789ab.tmp`;
    for (const f of [stale, live, other]) writeFileSync(join(dir, f), 'x'.repeat(1000));
    expect((await cli(dir, ['train', '--data', 's.csv', '--out', 's.json'])).code).toBe(0);
    expect(existsSync(join(dir, stale))).toBe(false);
    expect(existsSync(join(dir, live))).toBe(true);
    expect(existsSync(join(dir, other))).toBe(true);
    expect(readdirSync(dir).filter((f) => f.startsWith('.s.json') && f !== live)).toEqual([]);
  });
});

describe('--out writes only regular files (issue 31)', () => {
  const fifo = join(dir, 'pipe');
  it('refuses a FIFO, a device, a directory, a dangling symlink and a path ending in /, writing nothing', async () => {
    writeText(dir, 'o.csv', csv);
    execFileSync('mkfifo', [fifo]);
    mkdirSync(join(dir, 'sub'));
    symlinkSync(join(dir, 'nowhere.json'), join(dir, 'dangling.json'));
    const cases: [string, RegExp][] = [
      ['pipe', /refusing to write \S*pipe: it is not a regular file \(a FIFO\)/],
      ['/dev/null', /refusing to write \/dev\/null: it is not a regular file \(a device\)/],
      ['sub', /refusing to write \S*sub: it is a directory/],
      ['dangling.json', /refusing to write \S*dangling\.json: it is a symbolic link to nothing/],
      ['x.json/', /refusing to write x\.json\/: the path ends in a separator/],
    ];
    for (const [out, message] of cases) {
      for (const argv of [
        ['train', '--data', 'o.csv', '--out', out],
        ['show', '--model', 'm0.json', '--out', out],
      ]) {
        if (argv[0] === 'show') expect((await cli(dir, ['train', '--data', 'o.csv', '--out', 'm0.json'])).code).toBe(0);
        const r = await cli(dir, argv);
        expect([r.code, r.stderr], argv.join(' ')).toEqual([1, expect.stringMatching(message)]);
      }
    }
    expect(existsSync(join(dir, 'x.json'))).toBe(false);
    expect(existsSync(join(dir, 'nowhere.json'))).toBe(false);
    expect(statSync(join(dir, 'sub')).isDirectory()).toBe(true);
  });

  it('honours a read-only target unless --force', async () => {
    writeText(dir, 'r.csv', csv);
    writeText(dir, 'ro.json', 'keep');
    chmodSync(join(dir, 'ro.json'), 0o444);
    const r = await cli(dir, ['train', '--data', 'r.csv', '--out', 'ro.json']);
    expect([r.code, r.stderr]).toEqual([1, expect.stringMatching(/ro\.json: it is read-only; use --force to replace it/)]);
    expect(readFileSync(join(dir, 'ro.json'), 'utf8')).toBe('keep');
    const f = await cli(dir, ['train', '--data', 'r.csv', '--out', 'ro.json', '--force']);
    expect(f.code, f.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'ro.json'), 'utf8')).format).toBe('dt-model');
    expect(statSync(join(dir, 'ro.json')).mode & 0o777).toBe(0o444);
  });

  it('--out - writes to standard output (train: the model, its summary on stderr; predict; show), no file named -', async () => {
    writeText(dir, 's.csv', csv);
    const t = await cli(dir, ['train', '--data', 's.csv', '--out', '-']);
    expect(t.code, t.stderr).toBe(0);
    expect(JSON.parse(t.stdout).format).toBe('dt-model');
    expect(t.stderr).toMatch(/Model written to standard output/);
    writeText(dir, 's.json', t.stdout);
    const p = await cli(dir, ['predict', '--model', 's.json', '--data', 's.csv', '--out', '-']);
    expect([p.code, p.stdout.split('\n')[0]]).toEqual([0, 'prediction']);
    const s = await cli(dir, ['show', '--model', 's.json', '--out', '-']);
    expect(s.code, s.stderr).toBe(0);
    expect(s.stdout).toMatch(/class/);
    expect(existsSync(join(dir, '-'))).toBe(false);
  });
});
