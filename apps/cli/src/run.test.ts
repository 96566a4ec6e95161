import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Capture, steppingClock, cli, tempDir, writeText } from './test-helpers/cli.js';
import { run } from './run.js';

const dir = tempDir();

/** Exit code and stderr; stderr must be exactly one `dt: ...` line with no stack trace. */
async function fails(argv: string[]): Promise<{ code: number; message: string }> {
  const r = await cli(dir, argv);
  expect(r.stderr).toMatch(/^dt: [^\n]+\n$/);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  return { code: r.code, message: r.stderr.slice(4, -1) };
}

describe('errors: one line on stderr, exit 1 for bad input', () => {
  it('unknown dataset and missing files', async () => {
    expect(await fails(['train', '--data', 'irsi', '--out', 'm.json'])).toEqual({
      code: 1,
      message: expect.stringMatching(/^unknown dataset "irsi": not a built-in \(iris, .*\) nor a file; did you mean iris\?$/),
    });
    expect(await fails(['eval', '--data', 'nope.csv'])).toEqual({
      code: 1,
      message: expect.stringMatching(/^cannot read CSV file .*nope\.csv: no such file$/),
    });
    expect(await fails(['show', '--model', 'missing.json'])).toEqual({
      code: 1,
      message: expect.stringMatching(/^cannot read model .*missing\.json: no such file$/),
    });
  });

  it('bad option values', async () => {
    expect(await fails(['train', '--data', 'iris', '--max-depth', '-1', '--out', 'm.json'])).toEqual({
      code: 1,
      message: '--max-depth must be a positive integer or null, got -1',
    });
    expect(await fails(['train', '--data', 'iris', '--max-depth', 'deep', '--out', 'm.json'])).toEqual({
      code: 1,
      message: '--max-depth must be a number, got "deep"',
    });
    expect(await fails(['train', '--data', 'iris', '--criterion', 'mse', '--out', 'm.json'])).toMatchObject({ code: 1 });
    expect(await fails(['train', '--data', 'iris', '--algorithm', 'c45', '--out', 'm.json'])).toEqual({
      code: 1,
      message: 'unknown algorithm "c45"; known: cart, gini-features, gini-pre-pca, gini-node-features-pca, gini-node-means-pca, maxcut-features, maxcut-pre-pca, maxcut-node-features-pca, maxcut-node-means-pca, hhcart-a, hhcart-d, stream, random-forest, extra-trees, bagging, hist-gradient-boosting',
    });
    expect(await fails(['train', '--data', 'iris', '--task', 'ranking', '--out', 'm.json'])).toEqual({
      code: 1,
      message: '--task must be one of "classification", "regression", got "ranking"',
    });
    expect(await fails(['eval', '--data', 'iris', '--config', 'depth=3'])).toMatchObject({ code: 1, message: expect.stringMatching(/^unknown key "depth"/) });
  });

  it('bad model files', async () => {
    writeText(dir, 'not-json.json', '{ nope');
    expect(await fails(['show', '--model', 'not-json.json'])).toEqual({
      code: 1,
      message: expect.stringMatching(/not-json\.json: not a JSON document: /),
    });
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ format: 'sklearn', version: 1 }));
    expect(await fails(['predict', '--model', 'other.json', '--data', 'iris'])).toEqual({
      code: 1,
      message: expect.stringMatching(/other\.json: not a dt model \(format is "sklearn", expected one of "dt-model", "dt-stream", "dt-forest"\)$/),
    });
  });

  it('bad CSV data passes the DataFormatError message through', async () => {
    writeText(dir, 'ragged.csv', 'a,b,label\n1,2,x\n3,y\n');
    expect(await fails(['train', '--data', 'ragged.csv', '--out', 'm.json'])).toEqual({
      code: 1,
      message: expect.stringMatching(/ragged\.csv line 3: expected 3 fields as in the header, got 2$/),
    });
  });
});

describe('usage errors exit 2', () => {
  it('unknown options and commands, missing required options', async () => {
    expect(await fails(['train', '--data', 'iris'])).toEqual({
      code: 2,
      message: "required option '--out <model.json>' not specified (see dt --help)",
    });
    expect(await fails(['train', '--data', 'iris', '--out', 'm.json', '--depth', '3'])).toMatchObject({
      code: 2,
      message: expect.stringMatching(/^unknown option '--depth'/),
    });
    expect(await fails(['trian'])).toMatchObject({ code: 2, message: expect.stringMatching(/^unknown command 'trian' \(Did you mean train\?\)/) });
    expect(await fails(['train', '--data', 'iris', '--label', 'species', '--out', 'm.json'])).toEqual({
      code: 2,
      message: '--label and --categorical apply to CSV files, not to the built-in dataset iris',
    });
  });

  it('no command prints the help to stderr', async () => {
    const r = await cli(dir, []);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^Usage: dt \[options\] \[command\]/);
  });

  it('--help and --version exit 0 on stdout', async () => {
    const h = await cli(dir, ['--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/Commands:\n\s+datasets.*\n\s+train.*\n\s+predict[\s\S]*eval[\s\S]*show/);
    const v = await cli(dir, ['--version']);
    // The package's version, whatever `changeset version` made it.
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect([v.code, v.stdout]).toEqual([0, `${version}\n`]);
  });
});

describe('progress', () => {
  writeText(dir, 'small.csv', `a,b,label\n${Array.from({ length: 90 }, (_, i) => `${i % 13},${(i * 7) % 11},${(i % 13) + ((i * 7) % 11) > 11 ? 'x' : 'y'}`).join('\n')}\n`);
  const argv = ['eval', '--data', 'small.csv', '--folds', '3', '--config', 'maxDepth=2'];

  it('goes to a TTY stderr, never to stdout: stages, folds with elapsed and ETA, cleared at the end', async () => {
    const stderr = new Capture(true);
    const r = await cli(dir, argv, { stderr, now: steppingClock(250) });
    expect(r.code).toBe(0);
    expect(stderr.text).toContain('\reval: reading · elapsed ');
    expect(stderr.text).toMatch(/\reval: cross-validating maxDepth=2 · 1\/3 folds \(33%\) · elapsed [\d.]+s · ETA [\d.]+s\x1b\[K/);
    expect(stderr.text.endsWith('\r\x1b[K')).toBe(true);
    expect(r.stdout).not.toContain('eval:');
  });

  it('stays off when stderr is not a TTY, with CI=true, and with --quiet (before or after the command)', async () => {
    expect((await cli(dir, argv)).stderr).toBe('');
    for (const [extra, env] of [[[], { CI: 'true' }], [['--quiet'], {}], [['-q'], {}]] as const) {
      const stderr = new Capture(true);
      const r = await cli(dir, [...argv, ...extra], { stderr, env });
      expect(r.code).toBe(0);
      expect(stderr.text).toBe('');
    }
    const stderr = new Capture(true);
    expect((await cli(dir, ['--quiet', ...argv], { stderr })).code).toBe(0);
    expect(stderr.text).toBe('');
  });
});

describe('run', () => {
  it('returns the exit code and writes to the given streams', async () => {
    const out = new Capture();
    expect(await run(['datasets'], { stdout: out, stderr: out })).toBe(0);
    expect(out.text).toContain('iris');
  });
});
