import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { listCriteria } from '@dt/criteria';
import { listProjections } from '@dt/projections';
import { join } from 'node:path';
import { DecisionTreeClassifier, DecisionTreeRegressor } from '@dt/core';
import { readModel } from '@dt/core/node';
import { loadDataset } from '@dt/datasets';
import { describe, expect, it } from 'vitest';
import { cli, tempDir, toyCsv, writeText } from '../test-helpers/cli.js';

const dir = tempDir();

describe('dt train', () => {
  it('fits on all rows, writes the model and prints a summary', async () => {
    const r = await cli(dir, ['train', '--data', 'iris', '--max-depth', '3', '--out', 'iris.json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(
      /^Trained cart \(criterion=gini, maxDepth=3\) on iris \(150 rows, 4 features, 3 classes\) in [\d.]+ ms: \d+ nodes, \d+ leaves, depth 3; training accuracy 0\.9\d{3}\. Model written to iris\.json\.\n$/,
    );
    // The file is a plain dt model for the library, and predicts like a tree fitted in memory.
    const model = await readModel(join(dir, 'iris.json'));
    const iris = await loadDataset('iris');
    const direct = new DecisionTreeClassifier({ maxDepth: 3 }).fit(iris.X, iris.y as string[]);
    expect(model.predict(iris.X)).toEqual(direct.predict(iris.X));
    expect(model.featureNames).toEqual(iris.featureNames);
    const json = JSON.parse(readFileSync(join(dir, 'iris.json'), 'utf8'));
    expect(json.training).toMatchObject({ data: 'iris', algorithm: 'cart', task: 'classification', targetName: 'species' });
  });

  it('maps every tree flag onto the estimator options', async () => {
    const r = await cli(dir, [
      'train', '--data', 'wine', '--algorithm', 'cart', '--criterion', 'entropy', '--max-depth', '4',
      '--min-samples-split', '4', '--min-samples-leaf', '2', '--min-impurity-decrease', '0.001',
      '--max-features', 'sqrt', '--max-leaf-nodes', '6', '--class-weight', 'balanced', '--seed', '3',
      '--min-weight-fraction-leaf', '0.01', '--splitter', 'hist', '--max-bins', '64', '--out', 'wine.json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const params = JSON.parse(readFileSync(join(dir, 'wine.json'), 'utf8')).params;
    expect(params).toEqual({
      criterion: 'entropy',
      maxDepth: 4,
      minSamplesSplit: 4,
      minSamplesLeaf: 2,
      minWeightFractionLeaf: 0.01,
      minImpurityDecrease: 0.001,
      maxFeatures: 'sqrt',
      maxLeafNodes: 6,
      seed: 3,
      ccpAlpha: 0,
      projection: 'axis',
      scale: false,
      minParent: null,
      misRate: null,
      monotonicCst: null,
      categoricalFeatures: null,
      splitter: 'hist',
      maxBins: 64,
      nJobs: 1,
      classWeight: 'balanced',
    });
    expect(r.stdout).toMatch(/\d+ nodes, 6 leaves/);
  });

  it('trains a regressor from a CSV, or from a built-in dataset read as regression', async () => {
    const lines = ['x,z,y'];
    for (let i = 0; i < 50; i++) lines.push(`${i},${(i * 7) % 5},${(i * i) / 10 + 0.5}`);
    writeText(dir, 'reg.csv', `${lines.join('\n')}\n`);
    const r = await cli(dir, ['train', '--data', 'reg.csv', '--max-depth', '3', '--out', 'reg.json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/on reg \(50 rows, 2 features\) .* training R² 0\.9\d{3}\./);
    expect(await readModel(join(dir, 'reg.json'))).toBeInstanceOf(DecisionTreeRegressor);

    const w = await cli(dir, ['train', '--data', 'wine-quality-red', '--task', 'regression', '--max-depth', '2', '--out', 'wq.json']);
    expect(w.code, w.stderr).toBe(0);
    expect(w.stdout).toMatch(/criterion=mse.*training R² 0\.\d{4}/);
  });

  it("--criterion poisson trains a Poisson regression tree on counts, and refuses negative targets naming y", async () => {
    const lines = ['x,z,count'];
    for (let i = 0; i < 60; i++) lines.push(`${i % 10},${(i * 7) % 13},${i % 10 < 3 ? 0 : Math.floor((i % 10) / 2) + (i % 3)}`);
    writeText(dir, 'counts.csv', `${lines.join('\n')}\n`);
    const r = await cli(dir, ['train', '--data', 'counts.csv', '--algorithm', 'cart', '--task', 'regression', '--criterion', 'poisson', '--max-depth', '3', '--out', 'counts.json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/criterion=poisson/);
    const model = await readModel(join(dir, 'counts.json'));
    expect(model).toBeInstanceOf(DecisionTreeRegressor);
    expect((model as DecisionTreeRegressor).options.criterion.name).toBe('poisson');
    expect(JSON.parse(readFileSync(join(dir, 'counts.json'), 'utf8')).params.criterion).toBe('poisson');

    writeText(dir, 'negative.csv', `${[...lines.slice(0, 5), '4,4,-3', ...lines.slice(5)].join('\n')}\n`);
    const bad = await cli(dir, ['train', '--data', 'negative.csv', '--task', 'regression', '--criterion', 'poisson', '--out', 'negative.json']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/y must be non-negative for Poisson regression .*got -3/);
    expect(existsSync(join(dir, 'negative.json'))).toBe(false);
  });

  it('reads --label and --categorical for CSV files', async () => {
    writeText(dir, 'toy-label-first.csv', toyCsv().split('\n').map((l) => l.split(',').reverse().join(',')).join('\n'));
    const r = await cli(dir, ['train', '--data', 'toy-label-first.csv', '--label', 'label', '--categorical', 'size', '--out', 'toy.json']);
    expect(r.code, r.stderr).toBe(0);
    const json = JSON.parse(readFileSync(join(dir, 'toy.json'), 'utf8'));
    expect(json.featureNames).toEqual(['weight', 'colour', 'size']);
    expect(json.training.featureTypes).toEqual(['numeric', 'categorical', 'categorical']);
    expect(json.training.categories[1]).toEqual(['blue', 'green', 'red']);
  });

  it('writes atomically: no temp file is left, and a failed write leaves nothing', async () => {
    const sub = join(dir, 'atomic');
    const r = await cli(dir, ['train', '--data', 'iris', '--out', 'atomic-model.json']);
    expect(r.code).toBe(0);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
    const bad = await cli(dir, ['train', '--data', 'iris', '--out', join(sub, 'missing-dir', 'm.json')]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^dt: cannot write .*m\.json: ENOENT/);
    expect(existsSync(sub)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('lists the algorithms of the registry in --help', async () => {
    const r = await cli(dir, ['train', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/--algorithm <name>\s+learning algorithm: cart, gini-features,/);
    expect(r.stdout).toMatch(/\(default:\s+"cart"\)/);
    expect(r.stdout).toMatch(/Algorithms:\n {2}cart +CART/);
    for (const name of ['gini-pre-pca', 'gini-node-features-pca', 'gini-node-means-pca', 'maxcut-features', 'maxcut-pre-pca', 'maxcut-node-features-pca', 'maxcut-node-means-pca']) {
      expect(r.stdout).toMatch(new RegExp(`\\n {2}${name} +`));
    }
    expect(r.stdout).toContain('--max-leaf-nodes <n>');
  });

  it('lists every registered criterion and projection in --help (read from the registries)', async () => {
    const r = await cli(dir, ['train', '--help']);
    const help = r.stdout.replace(/\s+/g, ' ');
    const names = [...listCriteria(), ...listProjections()];
    expect(names).toContain('householder-a');
    for (const name of names) expect(help, name).toMatch(new RegExp(`[ :,(]${name}[ ,)]`));
  });

  it('trains every Max-Cut paper algorithm, scaled and not, and the model predicts', async () => {
    for (const name of ['gini-features', 'gini-pre-pca', 'gini-node-features-pca', 'gini-node-means-pca', 'maxcut-features', 'maxcut-pre-pca', 'maxcut-node-features-pca', 'maxcut-node-means-pca']) {
      for (const scale of ['on', 'off']) {
        const out = join(dir, `${name}-${scale}.json`);
        const r = await cli(dir, ['train', '--data', 'iris', '--algorithm', name, '--scale', scale, '--out', out]);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout).toContain(`Trained ${name}`);
        const p = await cli(dir, ['predict', '--model', out, '--data', 'iris']);
        expect(p.code, p.stderr).toBe(0);
        expect(p.stderr).toMatch(/accuracy 1\.0000/);
      }
    }
  });
});
