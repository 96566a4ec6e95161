import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DecisionTreeClassifier } from '@dt/core';
import { readModel } from '@dt/core/node';
import { loadDataset } from '@dt/datasets';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, tempDir, toyCsv, writeText } from '../test-helpers/cli.js';

const dir = tempDir();

/** CSV text with the columns in `order`, keeping rows `keep` of `csv`. */
function reshape(csv: string, order: string[], keep: (row: number) => boolean): string {
  const [head, ...rows] = csv.trimEnd().split('\n');
  const names = head!.split(',');
  const idx = order.map((c) => names.indexOf(c));
  const out = [order.join(',')];
  rows.forEach((r, i) => {
    if (keep(i)) out.push(idx.map((j) => r.split(',')[j]).join(','));
  });
  return `${out.join('\n')}\n`;
}

describe('dt predict', () => {
  beforeAll(async () => {
    expect((await cli(dir, ['train', '--data', 'iris', '--max-depth', '3', '--out', 'iris.json'])).code).toBe(0);
  });

  it('prints predictions as CSV and the accuracy on stderr when the data has the label', async () => {
    const r = await cli(dir, ['predict', '--model', 'iris.json', '--data', 'iris']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('prediction');
    expect(lines).toHaveLength(151);
    const model = await readModel(join(dir, 'iris.json'));
    expect(model).toBeInstanceOf(DecisionTreeClassifier);
    const clf = model as DecisionTreeClassifier;
    const iris = await loadDataset('iris');
    expect(lines.slice(1)).toEqual(clf.predict(iris.X).map(String));
    const acc = clf.score(iris.X, iris.y as string[]);
    expect(r.stderr).toBe(`accuracy ${acc.toFixed(4)} on 150 rows of iris (label column "species")\n`);
  });

  it('adds class probabilities with --proba and writes a file atomically with --out', async () => {
    const r = await cli(dir, ['predict', '--model', 'iris.json', '--data', 'iris', '--proba', '--out', 'preds.csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^Wrote 150 predictions to preds\.csv\.\naccuracy /);
    const lines = readFileSync(join(dir, 'preds.csv'), 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('prediction,proba_setosa,proba_versicolor,proba_virginica');
    expect(lines[1]).toBe('setosa,1,0,0');
    for (const line of lines.slice(1)) {
      const p = line.split(',').slice(1).map(Number);
      expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    }
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('matches CSV columns by name and maps categorical levels to the training codes', async () => {
    const csv = toyCsv(90);
    writeText(dir, 'toy.csv', csv);
    expect((await cli(dir, ['train', '--data', 'toy.csv', '--out', 'toy.json'])).code).toBe(0);
    const all = await cli(dir, ['predict', '--model', 'toy.json', '--data', 'toy.csv']);
    expect(all.stderr).toMatch(/^accuracy 1\.0000 on 90 rows of toy\.csv \(label column "label"\)/);
    const expected = all.stdout.trimEnd().split('\n').slice(1);

    // Only green and red rows (so "green" is level 0 in this file, not 1), columns shuffled, no label.
    const keep = (i: number): boolean => i % 3 !== 0;
    writeText(dir, 'subset.csv', reshape(csv, ['weight', 'colour', 'size'], keep));
    const sub = await cli(dir, ['predict', '--model', 'toy.json', '--data', 'subset.csv']);
    expect(sub.code, sub.stderr).toBe(0);
    expect(sub.stderr).toBe('');
    expect(sub.stdout.trimEnd().split('\n').slice(1)).toEqual(expected.filter((_, i) => keep(i)));

    // The same with the label present but not last, and an extra column that is ignored.
    writeText(dir, 'subset2.csv', reshape(csv, ['label', 'colour', 'size', 'weight'], keep));
    const sub2 = await cli(dir, ['predict', '--model', 'toy.json', '--data', 'subset2.csv']);
    expect(sub2.stdout.trimEnd().split('\n').slice(1)).toEqual(expected.filter((_, i) => keep(i)));
    expect(sub2.stderr).toMatch(/^accuracy 1\.0000 on 60 rows/);
  });

  it('rejects a categorical level the model never saw, and missing feature columns', async () => {
    writeText(dir, 'purple.csv', 'size,colour,weight\n3,purple,1\n');
    const r = await cli(dir, ['predict', '--model', 'toy.json', '--data', 'purple.csv']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('dt: column "colour" has value "purple", which the model never saw in training (levels: blue, green, red)\n');
    writeText(dir, 'nosize.csv', 'colour,weight\nred,1\n');
    const m = await cli(dir, ['predict', '--model', 'toy.json', '--data', 'nosize.csv']);
    expect(m.code).toBe(1);
    expect(m.stderr).toBe('dt: nosize.csv lacks column "size" that the model needs\n');
  });

  it('reports R² for a regression model', async () => {
    const lines = ['x,y'];
    for (let i = 0; i < 40; i++) lines.push(`${i},${Math.sqrt(i)}`);
    writeText(dir, 'sqrt.csv', `${lines.join('\n')}\n`);
    expect((await cli(dir, ['train', '--data', 'sqrt.csv', '--task', 'regression', '--out', 'sqrt.json'])).code).toBe(0);
    const r = await cli(dir, ['predict', '--model', 'sqrt.json', '--data', 'sqrt.csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[2]).toBe('1');
    expect(r.stderr).toBe('R² 1.0000 on 40 rows of sqrt.csv (label column "y")\n');
    const p = await cli(dir, ['predict', '--model', 'sqrt.json', '--data', 'sqrt.csv', '--proba']);
    expect(p.code).toBe(2);
    expect(p.stderr).toBe('dt: --proba needs a classification model; this one is a regressor\n');
  });

  it('predicts with a model saved without feature names, matching columns by position', async () => {
    const json = JSON.parse(readFileSync(join(dir, 'iris.json'), 'utf8'));
    delete json.training;
    json.featureNames = null;
    writeFileSync(join(dir, 'anon.json'), JSON.stringify(json));
    writeText(dir, 'two.csv', 'a,b,c,d\n5.1,3.5,1.4,0.2\n6.9,3.1,5.4,2.1\n');
    const r = await cli(dir, ['predict', '--model', 'anon.json', '--data', 'two.csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('prediction\nsetosa\nvirginica\n');
  });
});

describe('dt predict reads what dt train read (issue 31)', () => {
  it('a label column mixing numbers and words (class names to dt train) is read as the label', async () => {
    const d = tempDir();
    writeFileSync(join(d, 'mix.csv'), 'a,b,label\n1,2,3\n2,3,x\n3,4,3\n4,5,y\n5,6,3\n');
    const t = await cli(d, ['train', '--data', 'mix.csv', '--out', 'm.json']);
    expect(t.code, t.stderr).toBe(0);
    const p = await cli(d, ['predict', '--model', 'm.json', '--data', 'mix.csv']);
    expect([p.code, p.stdout]).toEqual([0, 'prediction\n3\nx\n3\ny\n3\n']);
    expect(p.stderr).toMatch(/accuracy 1\.0000 on 5 rows/);
  }, 60_000);
});
