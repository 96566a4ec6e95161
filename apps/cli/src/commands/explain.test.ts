import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDataset } from '@dt/datasets';
import { loadForest, type RandomForestClassifier } from '@dt/ensemble';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '@dt/exchange/fixtures';
import { cli, tempDir, writeText } from '../test-helpers/cli.js';

const dir = tempDir();

describe('dt explain', () => {
  beforeAll(async () => {
    expect((await cli(dir, ['train', '--data', 'iris', '--max-depth', '3', '--out', 'iris.json'])).code).toBe(0);
    expect((await cli(dir, ['train', '--data', 'iris', '--algorithm', 'random-forest', '--n-estimators', '5', '--max-depth', '4', '--seed', '1', '--out', 'rf.json'])).code).toBe(0);
    expect((await cli(dir, ['train', '--data', 'iris', '--algorithm', 'stream', '--out', 'stream.json'])).code).toBe(0);
    expect((await cli(dir, ['train', '--data', 'iris', '--algorithm', 'hhcart-a', '--out', 'hh.json'])).code).toBe(0);
  });

  it('CSV: one line per row and class whose SHAP values add up to the predicted probability', async () => {
    const r = await cli(dir, ['explain', '--model', 'rf.json', '--data', 'iris']);
    expect(r.code, r.stderr).toBe(0);
    const [head, ...lines] = r.stdout.trimEnd().split('\n');
    expect(head).toBe('row,class,sepal_length,sepal_width,petal_length,petal_width,expected_value,prediction');
    expect(lines).toHaveLength(150 * 3);
    const rf = loadForest(readFileSync(join(dir, 'rf.json'), 'utf8')) as RandomForestClassifier;
    const iris = await loadDataset('iris');
    const proba = rf.predictProbaFlat(iris.X);
    lines.forEach((line, i) => {
      const cells = line.split(',');
      const nums = cells.slice(2).map(Number);
      const sum = nums.slice(0, 5).reduce((a, b) => a + b, 0);
      expect(Math.abs(sum - nums[5]!)).toBeLessThan(1e-12);
      expect(Math.abs(nums[5]! - proba[i]!)).toBeLessThan(1e-12);
      expect(cells[1]).toBe(rf.classes[i % 3]);
    });
  });

  it('JSON for one row, and SVG pictures (waterfall for a row, beeswarm for all)', async () => {
    const j = await cli(dir, ['explain', '--model', 'iris.json', '--data', 'iris', '--row', '120', '--format', 'json']);
    expect(j.code, j.stderr).toBe(0);
    const doc = JSON.parse(j.stdout) as { units: string; outputs: string[]; rows: { row: number; prediction: number[]; shap: number[][] }[]; expectedValue: number[] };
    expect(doc.units).toBe('probability');
    expect(doc.rows).toHaveLength(1);
    expect(doc.rows[0]!.row).toBe(120);
    doc.outputs.forEach((_, k) => {
      const s = doc.rows[0]!.shap[k]!.reduce((a, b) => a + b, doc.expectedValue[k]!);
      expect(Math.abs(s - doc.rows[0]!.prediction[k]!)).toBeLessThan(1e-12);
    });
    const w = await cli(dir, ['explain', '--model', 'iris.json', '--data', 'iris', '--row', '3', '--format', 'svg', '--out', 'row3.svg']);
    expect(w.code, w.stderr).toBe(0);
    expect(w.stderr).toBe('Wrote the SHAP values of 1 row to row3.svg.\n');
    const b = await cli(dir, ['explain', '--model', 'rf.json', '--data', 'iris', '--format', 'svg']);
    expect(b.stdout.startsWith('<svg ')).toBe(true);
    expect(b.stdout.trimEnd().endsWith('</svg>')).toBe(true);
    expect(b.stdout).toContain('150 rows of iris');
  });

  it('bad input: exit 1 with a message naming it', async () => {
    const cases: [string[], RegExp][] = [
      [['--row', '150'], /--row must be a row index below 150 \(iris has 150 rows\), got "150"/],
      [['--row', '-1'], /--row must be a row index/],
      [['--format', 'png'], /--format must be one of/],
      [['--model', 'stream.json'], /Decision Stream is a DAG/],
      [['--model', 'hh.json'], /oblique split/],
      [['--model', 'missing.json'], /missing\.json/],
      [['--out', 'iris.json'], /iris\.json/],
    ];
    writeText(dir, 'x.txt', '');
    for (const [extra, message] of cases) {
      const args = ['explain', '--model', 'iris.json', '--data', 'iris', ...extra];
      const model = extra[0] === '--model' ? extra.slice(0, 2) : [];
      const r = await cli(dir, model.length > 0 ? ['explain', ...model, '--data', 'iris'] : args);
      expect(r.code, `${extra.join(' ')}: ${r.stderr}`).toBe(1);
      expect(r.stderr).toMatch(message);
    }
  });

  // The committed LightGBM / XGBoost contrib fixtures of @dt/explain: each library's model file, rows (with NaN) and SHAP values.
  for (const library of ['lightgbm', 'xgboost'] as const) {
    it(`reads a ${library} model file directly: SHAP values equal ${library}'s own contributions to 1e-6`, async () => {
      const url = new URL(`../../../../packages/explain/fixtures/${library}-contrib.json`, import.meta.url);
      const { cases } = JSON.parse(readFileSync(url, 'utf8')) as { cases: { name: string; model: unknown; X: (number | null)[][]; contrib: { values: number[] } }[] };
      const c = cases.find((k) => k.name.endsWith('multiclass'))!;
      const file = library === 'lightgbm' ? 'model.txt' : 'model.json';
      writeText(dir, file, typeof c.model === 'string' ? c.model : JSON.stringify(c.model));
      const M = c.X[0]!.length;
      writeText(dir, `${library}.csv`, `${Array.from({ length: M }, (_, j) => `c${j}`).join(',')}\n${c.X.map((r) => r.map((v) => (v === null ? '' : String(v))).join(',')).join('\n')}\n`);
      const r = await cli(dir, ['explain', '--model', file, '--data', `${library}.csv`]);
      expect(r.code, r.stderr).toBe(0);
      const [head, ...lines] = r.stdout.trimEnd().split('\n');
      expect(head).toBe(`row,class,${Array.from({ length: M }, (_, j) => (library === 'lightgbm' ? `Column_${j}` : `x${j}`)).join(',')},expected_value,prediction`);
      expect(lines).toHaveLength(c.X.length * 3);
      // The library's layout: per row and class, the features' contributions then the bias (the expected value).
      lines.forEach((line, i) => {
        const nums = line.split(',').slice(2, 3 + M).map(Number);
        const want = c.contrib.values.slice(i * (M + 1), (i + 1) * (M + 1));
        nums.forEach((v, j) => expect(Math.abs(v - want[j]!), `${line} vs ${want.join(',')}`).toBeLessThan(1e-6 * Math.max(1, Math.abs(want[j]!))));
      });
    });
  }

  it('an ONNX file is refused: it holds no covers for path-dependent TreeSHAP', async () => {
    const r = await cli(dir, ['explain', '--model', fixturePath('onnx-rf-regressor-double.onnx'), '--data', 'iris']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/ONNX file holds no training covers/);
  });
});
