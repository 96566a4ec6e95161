import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDataset } from '@dt/datasets';
import { loadForest } from '@dt/ensemble';
import { cli, tempDir } from '../test-helpers/cli.js';

const dir = tempDir();

describe('forests on the command line', () => {
  beforeAll(async () => {
    const r = await cli(dir, ['train', '--data', 'iris', '--algorithm', 'random-forest', '--n-estimators', '12', '--oob', 'on', '--seed', '3', '--out', 'rf.json']);
    expect(r.code, r.stderr).toBe(0);
  }, 60_000);

  it('dt train --algorithm random-forest writes a dt-forest file with the flags applied', () => {
    const m = loadForest(readFileSync(join(dir, 'rf.json'), 'utf8'));
    expect(m.constructor.name).toBe('RandomForestClassifier');
    expect(m.estimators).toHaveLength(12);
    expect(m.options.oobScore).toBe(true);
    expect(m.options.seed).toBe(3);
    expect(m.oobScore).toBeGreaterThan(0.8);
  });

  it('bagging over a named oblique algorithm with a feature subspace per tree', async () => {
    const r = await cli(dir, ['train', '--data', 'iris', '--algorithm', 'bagging', '--base', 'hhcart-d', '--n-estimators', '3', '--max-features', '2', '--out', 'hh.json']);
    expect(r.code, r.stderr).toBe(0);
    const m = loadForest(readFileSync(join(dir, 'hh.json'), 'utf8'));
    expect((m as { algorithm?: string }).algorithm).toBe('hhcart-d');
    expect(m.estimatorsFeatures.every((f) => f !== null && f.length === 2)).toBe(true);
    const show = await cli(dir, ['show', '--model', 'hh.json']);
    expect(show.stdout).toContain('bagged hhcart-d forest');
    expect(show.stdout).toContain('features per tree: 2');
  }, 60_000);

  it('Decision Stream forests train, save, show and predict (--jobs 2: forest-jobs.e2e.test.ts)', async () => {
    const args = ['train', '--data', 'iris', '--algorithm', 'bagging', '--base', 'decision-stream', '--n-estimators', '4', '--max-features', 'sqrt', '--oob', 'on', '--seed', '2'];
    const r1 = await cli(dir, [...args, '--out', 'ds1.json']);
    expect(r1.code, r1.stderr).toBe(0);
    const one = JSON.parse(readFileSync(join(dir, 'ds1.json'), 'utf8'));
    expect(one.algorithm).toBe('decision-stream');
    expect(one.members[0].graph.nFeatures).toBe(2);
    const m = loadForest(readFileSync(join(dir, 'ds1.json'), 'utf8'));
    expect(m.estimatorsFeatures.every((f) => f !== null && f.length === 2)).toBe(true); // ⌊√4⌋
    const show = await cli(dir, ['show', '--model', 'ds1.json']);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toMatch(/^bagged decision-stream forest[\s\S]*trees: 4\n[\s\S]*features per tree: 2[\s\S]*out-of-bag accuracy: 0\.\d{4}/);
    const tree = await cli(dir, ['show', '--model', 'ds1.json', '--tree', '3']);
    expect(tree.code, tree.stderr).toBe(0);
    expect(tree.stdout).toMatch(/(setosa|versicolor|virginica)/);
    const p = await cli(dir, ['predict', '--model', 'ds1.json', '--data', 'iris']);
    expect(p.code, p.stderr).toBe(0);
    expect(p.stderr).toMatch(/^accuracy 0\.\d+ on 150 rows/);
    const predicted = p.stdout.trim().split('\n').slice(1);
    const iris = await loadDataset('iris');
    expect(predicted).toEqual((m as { predict(x: unknown): unknown[] }).predict(iris.X).map(String));
  }, 120_000);

  it('dt show summarises a forest and prints one tree as text, dot or svg', async () => {
    const s = await cli(dir, ['show', '--model', 'rf.json']);
    expect(s.code, s.stderr).toBe(0);
    expect(s.stdout).toMatch(/^random forest classifier \(dt train --algorithm random-forest on iris\)\ntrees: 12\nclasses: 3 \(setosa, versicolor, virginica\)\nfeatures: 4 \(sepal_length, /);
    expect(s.stdout).toMatch(/out-of-bag accuracy: 0\.\d{4}\nmean depth: [\d.]+; mean leaves: [\d.]+\n/);
    const t = await cli(dir, ['show', '--model', 'rf.json', '--tree', '5']);
    expect(t.stdout).toMatch(/^\|--- (sepal|petal)_(length|width) <= /);
    expect(t.stdout).toMatch(/class: (setosa|versicolor|virginica)/);
    expect((await cli(dir, ['show', '--model', 'rf.json', '--tree', '0', '--format', 'dot'])).stdout).toMatch(/^digraph Tree \{/);
    expect((await cli(dir, ['show', '--model', 'rf.json', '--tree', '11', '--format', 'svg'])).stdout).toMatch(/^<svg/);
  });

  it('dt predict and dt eval work with forests', async () => {
    const p = await cli(dir, ['predict', '--model', 'rf.json', '--data', 'iris', '--proba']);
    expect(p.code, p.stderr).toBe(0);
    expect(p.stdout.split('\n')[0]).toBe('prediction,proba_setosa,proba_versicolor,proba_virginica');
    expect(p.stderr).toMatch(/^accuracy (0\.9\d+|1\.0000) on 150 rows/);
    const e = await cli(dir, ['eval', '--data', 'iris', '--folds', '3', '--config', 'algorithm=random-forest,nEstimators=5', '--config', 'algorithm=bagging,base=maxcut-node-means-pca,nEstimators=3', '--json']);
    expect(e.code, e.stderr).toBe(0);
    const report = JSON.parse(e.stdout) as { results: { algorithm: string; scores: { accuracy: { mean: number } }; leaves: { mean: number } }[] };
    expect(report.results.map((r) => r.algorithm)).toEqual(['random-forest', 'bagging']);
    for (const r of report.results) {
      expect(r.scores.accuracy.mean).toBeGreaterThan(0.8);
      expect(r.leaves.mean).toBeGreaterThan(1);
    }
  }, 60_000);

  it('a regression forest trains, predicts and summarises with R²', async () => {
    const r = await cli(dir, ['train', '--data', 'wine-quality-red', '--task', 'regression', '--algorithm', 'random-forest', '--n-estimators', '3', '--max-depth', '3', '--oob', 'on', '--out', 'reg.json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/training R² 0\.\d+; out-of-bag R² /);
    expect((await cli(dir, ['show', '--model', 'reg.json'])).stdout).toMatch(/random forest regressor[\s\S]*out-of-bag R²/);
    expect((await cli(dir, ['predict', '--model', 'reg.json', '--data', 'wine-quality-red'])).stderr).toMatch(/^R² /);
  }, 60_000);

  it('bad values are typed errors naming the flag and the value', async () => {
    const bad = async (args: string[]): Promise<string> => {
      const r = await cli(dir, ['train', '--data', 'iris', '--out', 'bad.json', ...args]);
      expect(r.code).toBe(1);
      return r.stderr;
    };
    expect(await bad(['--algorithm', 'random-forest', '--n-estimators', '0'])).toBe('dt: --n-estimators must be a positive integer, got 0\n');
    expect(await bad(['--algorithm', 'random-forest', '--n-estimators', 'many'])).toMatch(/^dt: --n-estimators must be a number, got "many"/);
    expect(await bad(['--algorithm', 'random-forest', '--jobs', '0'])).toBe('dt: --jobs must be an integer >= 1, or -1 for every core, got 0\n');
    expect(await bad(['--algorithm', 'random-forest', '--bootstrap', 'maybe'])).toMatch(/^dt: --bootstrap .*"maybe"/);
    expect(await bad(['--algorithm', 'extra-trees', '--oob', 'on'])).toMatch(/^dt: --oob must be false when bootstrap is false/);
    expect(await bad(['--algorithm', 'random-forest', '--max-samples', '-2'])).toMatch(/^dt: --max-samples .*-2/);
    expect(await bad(['--algorithm', 'bagging', '--base', 'nope'])).toMatch(/^dt: unknown --base "nope"; known: cart, stream, /);
    expect(await bad(['--algorithm', 'random-forest', '--base', 'hhcart-d'])).toBe('dt: --base must be used only with --algorithm bagging, got "hhcart-d"\n');
    expect(await bad(['--algorithm', 'cart', '--n-estimators', '5'])).toMatch(/^dt: --n-estimators must be used with a forest \(--algorithm random-forest, extra-trees or bagging\), got \"5\"/);
    expect(await bad(['--algorithm', 'bagging', '--base', 'hhcart-d', '--max-features', '40'])).toMatch(/^dt: --max-features must be at most the number of features \(4\), got 40/);
    const show = await cli(dir, ['show', '--model', 'rf.json', '--tree', '12']);
    expect(show.stderr).toBe("dt: --tree must be an index of the forest's 12 trees (0..11), got 12\n");
    expect((await cli(dir, ['show', '--model', 'rf.json', '--tree', '-1'])).stderr).toMatch(/^dt: --tree must be .*-1/);
    expect((await cli(dir, ['show', '--model', 'rf.json', '--format', 'svg'])).stderr).toMatch(/^dt: --tree must be an index of the forest's trees with --format svg/);
  }, 60_000);

  it('shows trees done, elapsed and ETA on a terminal (stderr), then the writing stage', async () => {
    const { Capture, steppingClock } = await import('../test-helpers/cli.js');
    const stderr = new Capture(true);
    const r = await cli(dir, ['train', '--data', 'iris', '--algorithm', 'random-forest', '--n-estimators', '40', '--out', 'bar.json'], { stderr, now: steppingClock(150) });
    expect(r.code, r.stderr).toBe(0);
    expect(stderr.text).toMatch(/\rtrain: fitting · \d+\/40 trees \(\d+%\) · elapsed \d+\.\ds · ETA \d+(\.\d)?s/);
    expect(stderr.text).toContain('\rtrain: writing · elapsed ');
  }, 60_000);
});
