import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { datasetsCommand } from './commands/datasets.js';
import { evalCommand } from './commands/eval.js';
import { predictCommand } from './commands/predict.js';
import { showCommand } from './commands/show.js';
import { trainCommand } from './commands/train.js';
import { toContext } from './io.js';
import { cli, Capture, tempDir, toyCsv, writeText } from './test-helpers/cli.js';

const dir = tempDir();

describe('--json on every command', () => {
  it('train, predict, show, eval and datasets print JSON that parses', async () => {
    const t = await cli(dir, ['train', '--data', 'iris', '--max-depth', '2', '--out', 'j.json', '--json']);
    expect(t.code, t.stderr).toBe(0);
    const summary = JSON.parse(t.stdout);
    expect(summary).toMatchObject({ algorithm: 'cart', settings: { criterion: 'gini', maxDepth: '2' }, data: { name: 'iris', rows: 150, features: 4, classes: 3 }, depth: 2, model: 'j.json' });
    expect(summary.training.metric).toBe('accuracy');
    expect(summary.training.value).toBeGreaterThan(0.9);

    const p = await cli(dir, ['predict', '--model', 'j.json', '--data', 'iris', '--proba', '--json']);
    expect(p.code, p.stderr).toBe(0);
    const preds = JSON.parse(p.stdout);
    expect(preds.predictions).toHaveLength(150);
    expect(preds.classes).toEqual(['setosa', 'versicolor', 'virginica']);
    expect(preds.proba[0]).toEqual([1, 0, 0]);
    expect(preds.score).toMatchObject({ metric: 'accuracy', labelColumn: 'species' });
    expect(preds.score.value).toBeCloseTo(summary.training.value, 12);

    const s = await cli(dir, ['show', '--model', 'j.json', '--json']);
    expect(s.code, s.stderr).toBe(0);
    const shown = JSON.parse(s.stdout);
    expect(shown.summary).toMatchObject({ nodes: summary.nodes, leaves: summary.leaves, depth: 2, features: 4 });
    expect(shown.model).toMatchObject({ format: 'dt-model', estimator: 'DecisionTreeClassifier' });
    const bad = await cli(dir, ['show', '--model', 'j.json', '--json', '--format', 'dot']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--json prints the whole model');

    const e = await cli(dir, ['eval', '--data', 'iris', '--folds', '3', '--json']);
    expect(e.code, e.stderr).toBe(0);
    expect(JSON.parse(e.stdout)).toMatchObject({ data: 'iris', folds: 3 });
    const d = await cli(dir, ['datasets', '--json']);
    expect(JSON.parse(d.stdout).map((x: { name: string }) => x.name)).toContain('iris');
  });

  it('predict --json for a regressor reports r2', async () => {
    writeText(dir, 'reg.csv', `x,y\n${Array.from({ length: 20 }, (_, i) => `${i},${i * 2 + 0.5}`).join('\n')}\n`);
    expect((await cli(dir, ['train', '--data', 'reg.csv', '--task', 'regression', '--out', 'reg.json'])).code).toBe(0);
    const p = await cli(dir, ['predict', '--model', 'reg.json', '--data', 'reg.csv', '--json']);
    expect(p.code, p.stderr).toBe(0);
    const out = JSON.parse(p.stdout);
    expect(out.predictions).toHaveLength(20);
    expect(out.score).toMatchObject({ metric: 'r2', value: 1 });
  });
});

describe('--data - reads CSV from standard input', () => {
  const csv = toyCsv(40);
  it('train, eval and predict read stdin', async () => {
    const t = await cli(dir, ['train', '--data', '-', '--categorical', 'colour', '--out', 'toy.json'], { stdin: csv });
    expect(t.code, t.stderr).toBe(0);
    expect(t.stdout).toContain('on stdin (40 rows, 3 features, 2 classes)');
    expect(JSON.parse(readFileSync(join(dir, 'toy.json'), 'utf8')).training.data).toBe('stdin');
    const e = await cli(dir, ['eval', '--data', '-', '--folds', '3', '--json'], { stdin: csv });
    expect(e.code, e.stderr).toBe(0);
    expect(JSON.parse(e.stdout).data).toBe('stdin');
    writeText(dir, 'toy.csv', csv);
    const fromFile = await cli(dir, ['predict', '--model', 'toy.json', '--data', 'toy.csv']);
    const fromStdin = await cli(dir, ['predict', '--model', 'toy.json', '--data', '-'], { stdin: csv });
    expect(fromStdin.code, fromStdin.stderr).toBe(0);
    expect(fromStdin.stdout).toBe(fromFile.stdout);
  });

  it('CSV errors on stdin name the flag, not the library option', async () => {
    const r = await cli(dir, ['train', '--data', '-', '--out', 'x.json'], { stdin: 'a,b\n1,x\n?,y\n3,x\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--missing drop');
    expect(r.stderr).not.toContain("missing: 'drop'");
  });
});

describe('names and flags', () => {
  it('CSV missing-value errors suggest --missing drop only (files too)', async () => {
    writeText(dir, 'gap.csv', 'a,b\n1,x\n,y\n3,x\n');
    const r = await cli(dir, ['train', '--data', 'gap.csv', '--out', 'g.json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/pass --missing drop to drop such rows/);
    expect(r.stderr).not.toContain("missing: 'drop'");
  });

  it('a misspelt dataset name gets a did-you-mean; a far one lists the built-ins', async () => {
    const r = await cli(dir, ['train', '--data', 'irsi', '--out', 'x.json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('unknown dataset "irsi"');
    expect(r.stderr).toContain('did you mean iris?');
    const far = await cli(dir, ['eval', '--data', 'qqqqqq']);
    expect(far.stderr).toContain('nor a file');
    expect(far.stderr).not.toContain('did you mean');
    const algo = await cli(dir, ['train', '--data', 'iris', '--algorithm', 'hhcart-x', '--out', 'x.json']);
    expect(algo.stderr).toContain('did you mean hhcart-a?');
  });

  it('every flag any help text mentions is an option of that command (help never offers a rejected flag)', async () => {
    const ctx = toContext({ stdout: new Capture(), stderr: new Capture() });
    const program = new Command('dt');
    for (const register of [datasetsCommand, trainCommand, predictCommand, evalCommand, showCommand]) register(program, ctx);
    for (const cmd of program.commands) {
      let help = '';
      cmd.configureOutput({ writeOut: (s) => (help += s) });
      cmd.outputHelp();
      const offered = new Set(help.match(/--[a-z][a-z0-9-]*/g) ?? []);
      const known = new Set(cmd.options.flatMap((o) => [o.long, o.negate ? o.long : undefined]).filter((f): f is string => f !== undefined));
      known.add('--help');
      for (const flag of offered) expect(known, `dt ${cmd.name()} --help offers ${flag}`).toContain(flag);
    }
  });
});
