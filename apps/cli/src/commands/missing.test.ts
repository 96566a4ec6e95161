import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DecisionTreeClassifier } from '@dt/core';
import { cli, tempDir } from '../test-helpers/cli.js';

const dir = tempDir();
const rows = Array.from({ length: 30 }, (_, i) => `${i},${(i * 7) % 11},${i < 15 ? 'a' : 'b'}`);
rows[4] = '4,?,a';
writeFileSync(join(dir, 'marked.csv'), `x,z,label\n${rows.join('\n')}\n`);

// x decides the label (x < 20 -> a); x is missing in 6 rows, the categorical c in 3.
const xs = Array.from({ length: 40 }, (_, i) => i);
const wide = xs.map((i) => `${i % 7 === 3 ? '?' : i},${i % 11 === 5 ? '' : ['red', 'blue', 'red', 'green'][i % 4]},${(i * 5) % 13},${i < 20 ? 'a' : 'b'}`);
writeFileSync(join(dir, 'holes.csv'), `x,c,z,label\n${wide.join('\n')}\n`);
writeFileSync(join(dir, 'new.csv'), 'x,c,z\n?,red,1\n3,,2\n35,green,?\n');

describe('dt train: CSV missing values', () => {
  it('refuses a file with a missing marker by default, naming the count and the first cell', async () => {
    const r = await cli(dir, ['train', '--data', 'marked.csv', '--out', 'm.json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/1 missing value in 1 row, the first "\?" at \S*marked\.csv line 6, column 2 \("z"\)/);
    expect(r.stderr).toContain('--missing drop');
  });
  it('--missing drop drops the row, keeps the column numeric and says so', async () => {
    const r = await cli(dir, ['train', '--data', 'marked.csv', '--missing', 'drop', '--out', 'm.json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('(29 rows, 2 features, 2 classes; dropped 1 row with 1 missing value)');
  });
  it('--missing takes error, drop, native or impute; --impute only with impute', async () => {
    const r = await cli(dir, ['train', '--data', 'marked.csv', '--missing', 'mean', '--out', 'm.json']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('--missing must be one of "error", "drop", "native", "impute", got "mean"');
    const i = await cli(dir, ['train', '--data', 'marked.csv', '--missing', 'drop', '--impute', 'median', '--out', 'm.json']);
    expect(i.stderr).toContain('--impute must be used only with --missing impute, got "median"');
    const s = await cli(dir, ['train', '--data', 'marked.csv', '--missing', 'impute', '--impute', 'constant', '--out', 'm.json']);
    expect(s.stderr).toContain('--impute must be one of "mean", "median", "most_frequent", got "constant"');
  });
  it('--missing native with an algorithm that cannot learn with NaN is a typed error suggesting impute, before reading the data', async () => {
    for (const algorithm of ['stream', 'hhcart-a']) {
      const r = await cli(dir, ['train', '--data', 'no-such.csv', '--algorithm', algorithm, '--missing', 'native', '--out', 'm.json']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`--missing must be not native for --algorithm ${algorithm}`);
      expect(r.stderr).toContain('use --missing impute');
    }
  });
});

describe('dt train/predict/eval --missing impute', () => {
  it('fits the fill values on the training rows, stores them with the model and says what it did', async () => {
    const r = await cli(dir, ['train', '--data', 'holes.csv', '--missing', 'impute', '--impute', 'median', '--max-depth', '2', '--out', 'imp.json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      '(40 rows, 3 features, 2 classes; 10 missing values in 9 rows imputed (median for numeric, most frequent level for categorical columns, fitted on all 40 rows))',
    );
    const doc = JSON.parse(readFileSync(join(dir, 'imp.json'), 'utf8')) as { training: { missing: { policy: string; cells: number; imputer: { statistics: number[] } } } };
    const present = xs.filter((i) => i % 7 !== 3);
    const median = (present[present.length / 2 - 1]! + present[present.length / 2]!) / 2;
    // c's levels are blue, green, red (codes 0, 1, 2): red is the most frequent.
    expect(doc.training.missing).toMatchObject({ policy: 'impute', cells: 10, imputer: { statistics: [median, 2, 6] } });
  });
  it('predict fills new rows with the stored values (raw features in), as a model fitted on imputed rows predicts', async () => {
    const r = await cli(dir, ['predict', '--model', 'imp.json', '--data', 'new.csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("3 missing values in 3 rows of new.csv: imputed with the model's stored fill values (median for numeric");
    const doc = readFileSync(join(dir, 'imp.json'), 'utf8');
    const { loadAnyModel } = await import('@dt/core');
    const model = loadAnyModel(JSON.parse(doc) as Record<string, unknown>) as DecisionTreeClassifier;
    const { statistics } = (JSON.parse(doc) as { training: { missing: { imputer: { statistics: number[] } } } }).training.missing.imputer;
    const filled = [[statistics[0]!, 2, 1], [3, statistics[1]!, 2], [35, 1, statistics[2]!]];
    expect(r.stdout).toBe(`prediction\n${model.predict(filled).join('\n')}\n`);
    // --missing error overrides the model's policy.
    const e = await cli(dir, ['predict', '--model', 'imp.json', '--data', 'new.csv', '--missing', 'error']);
    expect(e.code).toBe(1);
    expect(e.stderr).toContain('3 missing values in 3 rows');
  });
  it('a model file whose stored missing-value section is broken is refused, naming the section', async () => {
    const doc = JSON.parse(readFileSync(join(dir, 'imp.json'), 'utf8')) as { training: { missing: { policy: string; imputer: { statistics: unknown[]; features: number[] } } } };
    doc.training.missing.imputer.statistics = [1, 2];
    doc.training.missing.imputer.features = [0, 1];
    writeFileSync(join(dir, 'bad1.json'), JSON.stringify(doc));
    const a = await cli(dir, ['predict', '--model', 'bad1.json', '--data', 'new.csv']);
    expect(a.code).toBe(1);
    expect(a.stderr).toContain('invalid "training" section: missing.imputer must have 3 features');
    doc.training.missing.policy = 'guess';
    writeFileSync(join(dir, 'bad2.json'), JSON.stringify(doc));
    const b = await cli(dir, ['predict', '--model', 'bad2.json', '--data', 'new.csv']);
    expect(b.stderr).toContain('invalid "training" section: missing.policy is not one of error, drop, native, impute');
  });
  it('predict --missing impute needs a model trained with an imputer', async () => {
    await cli(dir, ['train', '--data', 'holes.csv', '--missing', 'drop', '--out', 'dropped.json']);
    const r = await cli(dir, ['predict', '--model', 'dropped.json', '--data', 'new.csv', '--missing', 'impute']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--missing must be impute only for a model trained with --missing impute');
    writeFileSync(join(dir, 'new2.csv'), 'x,c,z\n?,red,1\n35,green,3\n');
    const d = await cli(dir, ['predict', '--model', 'dropped.json', '--data', 'new2.csv', '--missing', 'drop']);
    expect(d.code, d.stderr).toBe(0);
    expect(d.stderr).toContain('1 missing value in 1 row of new2.csv: dropped those rows (no prediction for them).');
    expect(d.stdout).toBe('prediction\nb\n');
  });
  it('eval fits the imputer in each fold on that fold\'s training rows', async () => {
    const r = await cli(dir, ['eval', '--data', 'holes.csv', '--missing', 'impute', '--folds', '4', '--config', 'maxDepth=2']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("10 missing values in 9 rows imputed (mean for numeric, most frequent level for categorical columns, fitted on each fold's training rows)");
    expect(r.stdout).toMatch(/maxDepth=2\s+\d\.\d+/);
  });
});

describe('dt train/predict/show --missing native (axis trees learn where NaN goes)', () => {
  it('keeps the rows, says so, and the model routes NaN by its learnt sides', async () => {
    const r = await cli(dir, ['train', '--data', 'holes.csv', '--missing', 'native', '--out', 'nat.json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('(40 rows, 3 features, 2 classes; 10 missing values in 9 rows kept as NaN (native: the tree learns where they go))');
    expect(r.stdout).toContain('training accuracy 1.0000');
    const doc = JSON.parse(readFileSync(join(dir, 'nat.json'), 'utf8')) as Record<string, unknown> & { training: { missing: unknown } };
    expect(doc.training.missing).toEqual({ policy: 'native', cells: 10, rows: 9 });
    const { loadAnyModel } = await import('@dt/core');
    const model = loadAnyModel(doc) as DecisionTreeClassifier;
    const p = await cli(dir, ['predict', '--model', 'nat.json', '--data', 'new.csv']);
    expect(p.code, p.stderr).toBe(0);
    expect(p.stderr).toContain('3 missing values in 3 rows of new.csv: kept as NaN for the tree (native).');
    // c's levels blue, green, red = 0, 1, 2; the missing level is NaN.
    expect(p.stdout).toBe(`prediction\n${model.predict([[NaN, 2, 1], [3, NaN, 2], [35, 1, NaN]]).join('\n')}\n`);
  });
  it('eval cross-validates with NaN kept; the hist splitter learns the NaN side too (its missing bin)', async () => {
    const r = await cli(dir, ['eval', '--data', 'holes.csv', '--missing', 'native', '--folds', '4', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as { missing: unknown; results: { scores: { accuracy: { mean: number } } }[] };
    expect(report.missing).toEqual({ policy: 'native', cells: 10, rows: 9 });
    expect(report.results[0]!.scores.accuracy.mean).toBeGreaterThan(0.5);
    const h = await cli(dir, ['train', '--data', 'holes.csv', '--missing', 'native', '--splitter', 'hist', '--out', 'h.json']);
    expect(h.code, h.stderr).toBe(0);
    expect(h.stdout).toContain('kept as NaN (native: the tree learns where they go)');
    expect(h.stdout).toContain('training accuracy 1.0000');
  });
  it('dt show of a native model says where missing values go', async () => {
    const r = await cli(dir, ['show', '--model', 'nat.json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/missing → (left|right)/);
    const svg = await cli(dir, ['show', '--model', 'nat.json', '--format', 'svg']);
    expect(svg.stdout).toMatch(/(yes|no), missing/);
  });
  it('--missing native with cart on data without missing values trains as before', async () => {
    const a = await cli(dir, ['train', '--data', 'iris', '--missing', 'native', '--out', 'i1.json']);
    const b = await cli(dir, ['train', '--data', 'iris', '--out', 'i2.json']);
    expect(b.code, b.stderr).toBe(0);
    expect(a.code, a.stderr).toBe(0);
    const strip = (f: string): unknown => JSON.parse(readFileSync(join(dir, f), 'utf8')) as unknown;
    expect(strip('i1.json')).toEqual(strip('i2.json'));
  });
});

describe('dt train: --missing impute for forests (issue 31: the imputer was not stored)', () => {
  it.each(['random-forest', 'extra-trees', 'bagging'])('%s stores the imputer, and dt predict reads the training file back', async (algorithm) => {
    const out = `${algorithm}.json`;
    const r = await cli(dir, ['train', '--data', 'holes.csv', '--algorithm', algorithm, '--n-estimators', '3', '--missing', 'impute', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(readFileSync(join(dir, out), 'utf8'));
    expect(doc.training.missing).toMatchObject({ policy: 'impute', strategy: 'mean', cells: 10 });
    const p = await cli(dir, ['predict', '--model', out, '--data', 'holes.csv', '--out', `${algorithm}-p.csv`]);
    expect(p.code, p.stderr).toBe(0);
    const q = await cli(dir, ['predict', '--model', out, '--data', 'new.csv', '--out', `${algorithm}-q.csv`]);
    expect(q.code, q.stderr).toBe(0);
  }, 60_000);
});
