import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { HistGradientBoostingClassifier, HistGradientBoostingRegressor, loadBoostingModel } from '@dt/boost';
import { loadDataset } from '@dt/datasets';
import { Capture, cli, steppingClock, tempDir } from '../test-helpers/cli.js';

const dir = tempDir();

describe('gradient boosting on the command line', () => {
  beforeAll(async () => {
    const r = await cli(dir, ['train', '--data', 'iris', '--algorithm', 'hist-gradient-boosting', '--max-iter', '15', '--learning-rate', '0.2', '--max-leaf-nodes', '5', '--out', 'gb.json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Trained hist-gradient-boosting \(maxLeafNodes=5, learningRate=0\.2, maxIter=15\) on iris .*: 15 iterations, 45 trees, mean [\d.]+ leaves, mean depth [\d.]+; training accuracy 0\.\d{4}\. Model written to gb\.json\.\n$/);
  }, 60_000);

  it('dt train writes a dt-boost-model file: the flags applied, the same model as the library fits, with the feature names', async () => {
    const text = readFileSync(join(dir, 'gb.json'), 'utf8');
    const m = loadBoostingModel(text) as HistGradientBoostingClassifier;
    expect(m).toBeInstanceOf(HistGradientBoostingClassifier);
    expect(m.getParams()).toMatchObject({ maxIter: 15, learningRate: 0.2, maxLeafNodes: 5, minSamplesLeaf: 20 });
    const iris = await loadDataset('iris');
    expect(m.featureNames).toEqual(iris.featureNames);
    const lib = new HistGradientBoostingClassifier({ maxIter: 15, learningRate: 0.2, maxLeafNodes: 5 }).fit(iris.X, iris.y as string[]);
    expect(m.predictProbaFlat(iris.X)).toEqual(lib.predictProbaFlat(iris.X));
    expect(JSON.parse(text).training.algorithm).toBe('hist-gradient-boosting');
  });

  it('dt predict writes the predictions and probabilities of the model and scores them', async () => {
    const r = await cli(dir, ['predict', '--model', 'gb.json', '--data', 'iris', '--proba']);
    expect(r.code, r.stderr).toBe(0);
    const iris = await loadDataset('iris');
    const m = loadBoostingModel(readFileSync(join(dir, 'gb.json'), 'utf8')) as HistGradientBoostingClassifier;
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('prediction,proba_setosa,proba_versicolor,proba_virginica');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(m.predict(iris.X));
    expect(Number(lines[1]!.split(',')[1])).toBe(m.predictProba(iris.X)[0]![0]);
    expect(r.stderr).toMatch(/^accuracy 0\.\d{4} on 150 rows of iris/);
  });

  it('dt show: the summary, tree i as text, and as an SVG picture (the --tree index counts iteration by iteration, class by class)', async () => {
    const s = await cli(dir, ['show', '--model', 'gb.json']);
    expect(s.code, s.stderr).toBe(0);
    expect(s.stdout).toContain('histogram gradient boosting classifier (loss log_loss, learning rate 0.2; dt train --algorithm hist-gradient-boosting on iris)');
    expect(s.stdout).toContain('iterations: 15; trees: 45 (3 per iteration, one per class)');
    expect(s.stdout).toMatch(/top features by gain: petal_/);
    const m = loadBoostingModel(readFileSync(join(dir, 'gb.json'), 'utf8'));
    const tree = m.estimators[2]![1]!;
    const t = await cli(dir, ['show', '--model', 'gb.json', '--tree', '7', '--decimals', '17']);
    expect(t.code, t.stderr).toBe(0);
    const root = ['sepal_length', 'sepal_width', 'petal_length', 'petal_width'][tree.feature[0]!]!;
    expect(t.stdout.split('\n')[0]).toBe(`|--- ${root} <= ${tree.threshold[0]!.toFixed(17)}`);
    const svg = await cli(dir, ['show', '--model', 'gb.json', '--tree', '7', '--format', 'svg', '--out', 't7.svg']);
    expect(svg.code, svg.stderr).toBe(0);
    const pic = readFileSync(join(dir, 't7.svg'), 'utf8');
    expect(pic.startsWith('<svg')).toBe(true);
    expect(pic).toContain(`${root} &lt;= `);
    expect((await cli(dir, ['show', '--model', 'gb.json', '--tree', '45'])).stderr).toBe("dt: --tree must be an index of the model's 45 trees (0..44), got 45\n");
    expect((await cli(dir, ['show', '--model', 'gb.json', '--format', 'svg'])).stderr).toMatch(/^dt: --tree must be an index of the model's trees with --format svg/);
  });

  it('regression with a loss and early stopping on a validation fraction; dt predict prints R²', async () => {
    const r = await cli(dir, [
      'train', '--data', 'wine-quality-red', '--task', 'regression', '--algorithm', 'hist-gradient-boosting',
      '--loss', 'absolute_error', '--early-stopping', 'on', '--validation-fraction', '0.2', '--n-iter-no-change', '3', '--max-iter', '200', '--out', 'reg.json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const m = loadBoostingModel(readFileSync(join(dir, 'reg.json'), 'utf8')) as HistGradientBoostingRegressor;
    expect(m).toBeInstanceOf(HistGradientBoostingRegressor);
    expect(m.getParams()).toMatchObject({ loss: 'absolute_error', earlyStopping: true, validationFraction: 0.2, nIterNoChange: 3 });
    expect(m.nIter).toBeLessThan(200);
    expect(r.stdout).toContain(`${m.nIter} iterations, early stopping after ${m.nIter} of 200`);
    expect(r.stdout).toMatch(/; validation loss \d+\.\d{4}\./);
    const p = await cli(dir, ['predict', '--model', 'reg.json', '--data', 'wine-quality-red', '--json']);
    expect(p.code, p.stderr).toBe(0);
    const wq = await loadDataset('wine-quality-red');
    expect((JSON.parse(p.stdout) as { predictions: number[] }).predictions).toEqual(Array.from(m.predict(wq.X)));
  }, 60_000);

  it('missing values are learnt (--missing native): trained and predicted with NaN cells', async () => {
    const rows = ['a,b,y'];
    for (let i = 0; i < 80; i++) rows.push(`${i % 5 === 0 ? '' : (i * 7) % 11},${(i * 3) % 13},${(i * 7) % 11 > 5 || i % 5 === 0 ? 'p' : 'q'}`);
    writeFileSync(join(dir, 'nan.csv'), `${rows.join('\n')}\n`);
    const r = await cli(dir, ['train', '--data', 'nan.csv', '--missing', 'native', '--algorithm', 'hist-gradient-boosting', '--max-iter', '10', '--min-samples-leaf', '5', '--out', 'nan.json']);
    expect(r.code, r.stderr).toBe(0);
    const p = await cli(dir, ['predict', '--model', 'nan.json', '--data', 'nan.csv']);
    expect(p.code, p.stderr).toBe(0);
    expect(p.stderr).toMatch(/accuracy 1\.0000/);
  }, 60_000);

  it('dt eval cross-validates boosting configs beside trees on the same folds', async () => {
    const r = await cli(dir, ['eval', '--data', 'iris', '--folds', '3', '--config', 'maxIter=10,algorithm=hist-gradient-boosting,learningRate=0.3', '--config', 'criterion=gini', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const rep = JSON.parse(r.stdout) as { results: { algorithm: string; params: Record<string, unknown>; scores: { accuracy: { mean: number } }; leaves: { mean: number } }[] };
    expect(rep.results[0]!.algorithm).toBe('hist-gradient-boosting');
    expect(rep.results[0]!.params).toEqual({ maxIter: 10, learningRate: 0.3 });
    expect(rep.results[0]!.scores.accuracy.mean).toBeGreaterThan(0.9);
    expect(rep.results[0]!.leaves.mean).toBeGreaterThan(1);
  }, 60_000);

  it('flags: boosting reads the shared tree flags with its own table and refuses the ones it has no option for', async () => {
    const bad = async (args: string[]): Promise<string> => (await cli(dir, ['train', '--data', 'iris', ...args, '--out', 'bad.json'])).stderr;
    const gb = ['--algorithm', 'hist-gradient-boosting'];
    expect(await bad([...gb, '--criterion', 'gini'])).toMatch(/^dt: --criterion must be omitted with --algorithm hist-gradient-boosting/);
    expect(await bad([...gb, '--prune', 'rep'])).toMatch(/^dt: --prune must be omitted with --algorithm hist-gradient-boosting/);
    expect(await bad(['--learning-rate', '0.3'])).toMatch(/^dt: --learning-rate must be used with --algorithm hist-gradient-boosting, got "0.3"/);
    expect(await bad([...gb, '--loss', 'poisson'])).toMatch(/^dt: --loss must be one of "log_loss", got "poisson"/);
    expect(await bad([...gb, '--max-bins', '256'])).toMatch(/^dt: --max-bins must be an integer in \[2, 255\], got 256/);
    expect(await bad([...gb, '--learning-rate', '0'])).toMatch(/^dt: --learning-rate must be a finite number > 0, got 0/);
    expect(await bad([...gb, '--monotonic-cst', '1,0'])).toMatch(/^dt: --monotonic-cst must be null for multiclass classification/);
    const mono = await cli(dir, ['train', '--data', 'haberman', ...gb, '--monotonic-cst', '1,0', '--out', 'bad.json']);
    expect(mono.stderr).toMatch(/^dt: --monotonic-cst must be one constraint per feature \(3\)/);
    expect(await bad([...gb, '--early-stopping', 'maybe'])).toMatch(/^dt: --early-stopping must be one of/);
    const ok = await cli(dir, ['train', '--data', 'iris', '--task', 'classification', ...gb, '--max-depth', '2', '--min-samples-leaf', '3', '--seed', '4', '--max-features', '0.5', '--out', 'flags.json']);
    expect(ok.code, ok.stderr).toBe(0);
    const m = loadBoostingModel(readFileSync(join(dir, 'flags.json'), 'utf8'));
    expect(m.getParams()).toMatchObject({ maxDepth: 2, minSamplesLeaf: 3, seed: 4, maxFeatures: 0.5 });
  }, 60_000);

  it('a broken boosting file is refused with a dt: message naming the file and the place', async () => {
    const doc = JSON.parse(readFileSync(join(dir, 'gb.json'), 'utf8')) as { trees: { feature: number[] }[][] };
    doc.trees[0]![0]!.feature[0] = 40;
    writeFileSync(join(dir, 'broken.json'), JSON.stringify(doc));
    const r = await cli(dir, ['predict', '--model', 'broken.json', '--data', 'iris']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^dt: .*broken\.json: invalid model at trees\.0\.0: invalid tree: node 0 splits on feature 40 but the model has 4 features/);
  });

  it('shows iterations done of --max-iter, elapsed and ETA on a terminal (stderr)', async () => {
    const stderr = new Capture(true);
    const r = await cli(dir, ['train', '--data', 'iris', '--algorithm', 'hist-gradient-boosting', '--max-iter', '30', '--out', 'bar.json'], { stderr, now: steppingClock(150) });
    expect(r.code, r.stderr).toBe(0);
    expect(stderr.text).toMatch(/\rtrain: boosting · \d+\/30 iterations \(\d+%\) · elapsed \d+\.\ds · ETA \d+(\.\d)?s/);
    expect(stderr.text).toContain('\rtrain: writing · elapsed ');
  }, 60_000);
});
