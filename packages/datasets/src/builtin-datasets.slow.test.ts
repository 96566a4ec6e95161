// The full parse of every big built-in dataset, and the checks that read several of them or run the
// embedding script: the e2e project (a minute of CPU); builtin-datasets.test.ts is the inner loop's part.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDataset } from './load-dataset.js';
import { EXPECTED, expectDocumentedDataset, SMALL_ROWS } from './test-helpers/expected-datasets.js';

const pkg = new URL('../', import.meta.url);

describe('built-in datasets, parsed in full', () => {
  for (const [name, e] of Object.entries(EXPECTED).filter(([, e]) => e.rows >= SMALL_ROWS)) {
    it(`${name} loads with ${e.rows} rows, ${e.features} features and the documented class counts`, async () => {
      await expectDocumentedDataset(name, e);
    });
  }

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

  it('adult and adult-test share their categorical levels, so codes mean the same in both', async () => {
    const [train, test] = await Promise.all([loadDataset('adult'), loadDataset('adult-test')]);
    expect(test.categories).toEqual(train.categories);
    expect(train.categories[13]).toContain('Holand-Netherlands');
  });

});

describe('vendored data files', () => {
  it('src/embedded/*.ts are in sync with data/*.csv (scripts/embed-data.mjs --check)', () => {
    const out = execFileSync(process.execPath, [new URL('scripts/embed-data.mjs', pkg).pathname, '--check'], { encoding: 'utf8' });
    expect(out).toMatch(/in sync with 21 data files/);
  });

});
