import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UnknownNameError } from '@dt/errors';
import { listDatasets } from './builtin-datasets.js';
import { loadDataset } from './load-dataset.js';
import type { Dataset } from './types.js';

const pkg = new URL('../', import.meta.url);

const ADULT_CATEGORICAL = ['workclass', 'education', 'marital_status', 'occupation', 'relationship', 'race', 'sex', 'native_country'];

/** Rows, features and class counts as documented in shared/datasets/README.md (iris: 50 per species). */
const EXPECTED: Record<string, { rows: number; features: number; counts: Record<string, number>; categorical?: string[] }> = {
  iris: { rows: 150, features: 4, counts: { setosa: 50, versicolor: 50, virginica: 50 } },
  'wine-quality-red': { rows: 1599, features: 11, counts: { 3: 10, 4: 53, 5: 681, 6: 638, 7: 199, 8: 18 } },
  'wine-quality-white': { rows: 4898, features: 11, counts: { 3: 20, 4: 163, 5: 1457, 6: 2198, 7: 880, 8: 175, 9: 5 } },
  'wine-quality-both': { rows: 6497, features: 12, counts: { 3: 30, 4: 216, 5: 2138, 6: 2836, 7: 1079, 8: 193, 9: 5 } },
  'magic-gamma': { rows: 19020, features: 10, counts: { g: 12332, h: 6688 } },
  'heart-disease': { rows: 1025, features: 13, counts: { 0: 499, 1: 526 } },
  wine: { rows: 178, features: 13, counts: { 1: 59, 2: 71, 3: 48 } },
  // 699 rows, 458 benign / 241 malignant, less the 16 with a missing bare_nuclei (UCI: 444 / 239).
  'breast-cancer-wisconsin': { rows: 683, features: 9, counts: { 2: 444, 4: 239 } },
  // The HHCART paper's sets (shared/datasets/README.md).
  'statlog-heart': { rows: 270, features: 13, counts: { 1: 150, 2: 120 }, categorical: ['chest_pain', 'resting_ecg', 'thal'] },
  'pima-indians-diabetes': { rows: 768, features: 8, counts: { 0: 500, 1: 268 } },
  // MEDV cut at its median 21.2: 250 above, 256 at or below (5 rows equal it).
  'boston-housing': { rows: 506, features: 13, counts: { high: 250, low: 256 } },
  'bupa-liver': { rows: 345, features: 6, counts: { 1: 145, 2: 200 } },
  'balance-scale': { rows: 625, features: 4, counts: { B: 49, L: 288, R: 288 } },
  glass: { rows: 214, features: 9, counts: { 1: 70, 2: 76, 3: 17, 5: 13, 6: 9, 7: 29 } },
  haberman: { rows: 306, features: 3, counts: { 1: 225, 2: 81 } },
  'letter-recognition': {
    rows: 20000,
    features: 16,
    counts: {
      A: 789, B: 766, C: 736, D: 805, E: 768, F: 775, G: 773, H: 734, I: 755, J: 747, K: 739, L: 761, M: 792,
      N: 783, O: 753, P: 803, Q: 783, R: 758, S: 748, T: 796, U: 813, V: 764, W: 752, X: 787, Y: 786, Z: 734,
    },
  },
  'shuttle-train': { rows: 43500, features: 9, counts: { 1: 34108, 2: 37, 3: 132, 4: 6748, 5: 2458, 6: 6, 7: 11 } },
  'shuttle-test': { rows: 14500, features: 9, counts: { 1: 11478, 2: 13, 3: 39, 4: 2155, 5: 809, 6: 4, 7: 2 } },
  // Rows with a missing value dropped: 32,561 -> 30,162 and 16,281 -> 15,060 (the paper's Income sizes).
  adult: { rows: 30162, features: 14, counts: { '<=50K': 22654, '>50K': 7508 }, categorical: ADULT_CATEGORICAL },
  'adult-test': { rows: 15060, features: 14, counts: { '<=50K': 11360, '>50K': 3700 }, categorical: ADULT_CATEGORICAL },
  'bank-marketing': {
    rows: 4521,
    features: 16,
    counts: { no: 4000, yes: 521 },
    categorical: ['job', 'marital', 'education', 'default', 'housing', 'loan', 'contact', 'month', 'poutcome'],
  },
  'australian-credit': { rows: 690, features: 14, counts: { 0: 383, 1: 307 }, categorical: ['A1', 'A4', 'A5', 'A6', 'A8', 'A9', 'A11', 'A12'] },
};

function classCounts(d: Dataset): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const label of d.y as (string | number)[]) counts[label] = (counts[label] ?? 0) + 1;
  return counts;
}

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

  for (const [name, e] of Object.entries(EXPECTED)) {
    it(`${name} loads with ${e.rows} rows, ${e.features} features and the documented class counts`, async () => {
      const d = await loadDataset(name);
      const info = listDatasets().find((i) => i.name === name)!;
      expect(d.name).toBe(name);
      expect(d.task).toBe('classification');
      expect(d.X.rows).toBe(e.rows);
      expect(d.X.cols).toBe(e.features);
      expect(d.X.data.length).toBe(e.rows * e.features);
      expect(d.y).toHaveLength(e.rows);
      expect(d.featureNames).toHaveLength(e.features);
      const categorical = e.categorical ?? [];
      expect(d.featureTypes).toEqual(d.featureNames.map((f) => (categorical.includes(f) ? 'categorical' : 'numeric')));
      expect(d.categories.map((c) => c === null)).toEqual(d.featureNames.map((f) => !categorical.includes(f)));
      expect(categorical.every((f) => d.featureNames.includes(f))).toBe(true);
      expect(d.targetName).toBe(info.targetName);
      expect(classCounts(d)).toEqual(e.counts);
      expect(d.classes).toEqual(Object.keys(e.counts).map((k) => (Number.isNaN(Number(k)) ? k : Number(k))));
      expect(d).toMatchObject({ description: info.description, source: info.source, license: info.license });
      expect(d.X.data.every(Number.isFinite)).toBe(true);
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

  it('wine-quality-both is red rows then white rows plus a trailing is_red flag', async () => {
    const [red, white, both] = await Promise.all(['wine-quality-red', 'wine-quality-white', 'wine-quality-both'].map(loadDataset));
    const d = red!.X.cols;
    expect(both!.featureNames).toEqual([...red!.featureNames, 'is_red']);
    expect(both!.X.rows).toBe(red!.X.rows + white!.X.rows);
    expect(both!.y).toEqual([...(red!.y as number[]), ...(white!.y as number[])]);
    for (const [part, offset, flag] of [[red!, 0, 1], [white!, red!.X.rows, 0]] as const) {
      for (let i = 0; i < part.X.rows; i++) {
        const r = offset + i;
        const got = both!.X.data.subarray(r * (d + 1), (r + 1) * (d + 1));
        expect(got[d]).toBe(flag);
        for (let j = 0; j < d; j++) if (got[j] !== part.X.data[i * d + j]) expect.fail(`row ${r}, feature ${j} differs`);
      }
    }
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

  it('categorical columns hold level codes that decode to the file values', async () => {
    for (const [name, column] of [['statlog-heart', 'thal'], ['australian-credit', 'A4'], ['bank-marketing', 'job'], ['adult-test', 'native_country']] as const) {
      const d = await loadDataset(name);
      const j = d.featureNames.indexOf(column);
      const text = readFileSync(new URL(`data/${name}.csv`, pkg), 'utf8');
      const lines = text.trim().split('\n').slice(1).filter((l) => !l.split(',').includes(''));
      expect(lines).toHaveLength(d.X.rows);
      lines.forEach((l, r) => {
        const code = d.X.data[r * d.X.cols + j]!;
        if (d.categories[j]![code] !== l.split(',')[j]) expect.fail(`${name} row ${r}: code ${code} is not ${l.split(',')[j]}`);
      });
    }
    expect((await loadDataset('statlog-heart')).categories[12]).toEqual(['3.0', '6.0', '7.0']);
  });

  it('adult and adult-test share their categorical levels, so codes mean the same in both', async () => {
    const [train, test] = await Promise.all([loadDataset('adult'), loadDataset('adult-test')]);
    expect(test.categories).toEqual(train.categories);
    expect(train.categories[13]).toContain('Holand-Netherlands');
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
  it('src/embedded/*.ts are in sync with data/*.csv (scripts/embed-data.mjs --check)', () => {
    const out = execFileSync(process.execPath, [new URL('scripts/embed-data.mjs', pkg).pathname, '--check'], { encoding: 'utf8' });
    expect(out).toMatch(/in sync with 21 data files/);
  });

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
