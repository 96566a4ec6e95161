import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UnknownNameError } from '@dt/errors';
import { listDatasets } from './builtin-datasets.js';
import { loadDataset } from './load-dataset.js';
import { EXPECTED, expectDocumentedDataset, SMALL_ROWS } from './test-helpers/expected-datasets.js';

const pkg = new URL('../', import.meta.url);

describe('built-in datasets', () => {
  it('listDatasets names exactly the documented sets, with consistent metadata', () => {
    const infos = listDatasets();
    expect(infos.map((i) => i.name).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const info of infos) {
      const e = EXPECTED[info.name]!;
      expect(info).toMatchObject({ rows: e.rows, features: e.features, classes: Object.keys(e.counts).length, task: 'classification' });
      expect(info.description.length).toBeGreaterThan(10);
      expect(info.license.length).toBeGreaterThan(3);
    }
    // Callers get copies.
    infos[0]!.rows = -1;
    expect(listDatasets()[0]!.rows).not.toBe(-1);
  });

  for (const [name, e] of Object.entries(EXPECTED).filter(([, e]) => e.rows < SMALL_ROWS)) {
    it(`${name} loads with ${e.rows} rows, ${e.features} features and the documented class counts`, async () => {
      await expectDocumentedDataset(name, e);
    });
  }


  // The big sets are parsed by builtin-datasets.slow.test.ts (the e2e project), which also checks that
  // src/embedded/ is in sync with data/; here their file is pinned by hash (data/SHA256SUMS) and by
  // its data-line count: the documented rows plus the rows with an empty cell, which the loader drops.
  // (Reading data/*.csv, not importing src/embedded/*.ts: transforming 10 MB of TS took most of the time.)
  const sums = new Map(
    readFileSync(new URL('data/SHA256SUMS', pkg), 'utf8').trim().split('\n').map((l) => l.split(/\s+/).reverse() as [string, string]),
  );
  for (const [name, e] of Object.entries(EXPECTED).filter(([n, e]) => e.rows >= SMALL_ROWS && n !== 'wine-quality-both')) {
    it(`${name}: data/${name}.csv by hash, with ${e.rows} complete data lines`, () => {
      const text = readFileSync(new URL(`data/${name}.csv`, pkg), 'utf8');
      expect(createHash('sha256').update(text).digest('hex')).toBe(sums.get(`${name}.csv`));
      const lines = text.trim().split('\n');
      const complete = lines.slice(1).filter((l) => !/(^|,)(,|$)/.test(l));
      expect(complete).toHaveLength(e.rows);
      expect(lines[0]!.split(',')).toHaveLength(e.features + 1);
      expect(listDatasets().find((i) => i.name === name)).toMatchObject({ rows: e.rows, features: e.features });
    });
  }
  it('iris reads the converted scikit-learn copy: first row and the two rows sklearn corrected', async () => {
    const d = await loadDataset('iris');
    const row = (i: number) => Array.from(d.X.data.subarray(i * 4, i * 4 + 4));
    expect(d.featureNames).toEqual(['sepal_length', 'sepal_width', 'petal_length', 'petal_width']);
    expect(row(0)).toEqual([5.1, 3.5, 1.4, 0.2]);
    expect(row(34)).toEqual([4.9, 3.1, 1.5, 0.2]);
    expect(row(37)).toEqual([4.9, 3.6, 1.4, 0.1]);
    expect(d.y[149]).toBe('virginica');
  });

  it('breast-cancer-wisconsin drops exactly the 16 rows with an empty bare_nuclei', async () => {
    const d = await loadDataset('breast-cancer-wisconsin');
    const text = readFileSync(new URL('data/breast-cancer-wisconsin.csv', pkg), 'utf8');
    const lines = text.trim().split('\n').slice(1);
    expect(lines).toHaveLength(699);
    expect(lines.filter((l) => l.split(',')[5] === '')).toHaveLength(16);
    expect(d.featureNames[5]).toBe('bare_nuclei');
  });

  it('boston-housing is MEDV cut at its median: high above 21.2, low at or below', async () => {
    const d = await loadDataset('boston-housing');
    const text = readFileSync(new URL('data/boston-housing.csv', pkg), 'utf8');
    const medv = text.trim().split('\n').slice(1).map((l) => Number(l.split(',').at(-1)));
    const sorted = [...medv].sort((a, b) => a - b);
    expect((sorted[252]! + sorted[253]!) / 2).toBe(21.2);
    expect(d.y).toEqual(medv.map((v) => (v > 21.2 ? 'high' : 'low')));
    expect(d.featureNames).not.toContain('MEDV');
  });

  it('each load returns fresh arrays', async () => {
    const a = await loadDataset('wine');
    a.X.data[0] = -1;
    expect((await loadDataset('wine')).X.data[0]).not.toBe(-1);
  });

  it('an unknown name is an UnknownNameError listing the known names', async () => {
    await expect(loadDataset('mnist')).rejects.toThrow(UnknownNameError);
    await expect(loadDataset('mnist')).rejects.toThrow(/unknown dataset "mnist"; known: iris, wine-quality-red/);
  });
});

describe('vendored data files', () => {
  it('data/*.csv match data/SHA256SUMS, and the copies of shared/datasets when it is present', () => {
    const sums = readFileSync(new URL('data/SHA256SUMS', pkg), 'utf8').trim().split('\n');
    expect(sums).toHaveLength(21);
    const shared = new URL('../../../shared/datasets/', pkg);
    for (const line of sums) {
      const [hash, file] = line.split(/\s+/) as [string, string];
      const text = readFileSync(new URL(`data/${file}`, pkg));
      expect(createHash('sha256').update(text).digest('hex'), file).toBe(hash);
      const original = new URL(file, shared);
      if (file !== 'iris.csv' && existsSync(original)) expect(readFileSync(original).equals(text), file).toBe(true);
    }
  });

  it('data/LICENSES.md has an entry for every vendored file', () => {
    const licenses = readFileSync(new URL('data/LICENSES.md', pkg), 'utf8');
    for (const info of listDatasets()) {
      if (info.name === 'wine-quality-both') continue;
      expect(licenses).toContain(`${info.name}.csv`);
    }
  });
});
