import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readModel } from '@dt/exchange';
import { fixtureFile, fixturePath } from '@dt/exchange/fixtures';
import { cli, tempDir } from '../test-helpers/cli.js';

const dir = tempDir();

/** Largest relative difference (LightGBM's exp and V8's can differ in the last bit). */
function maxRel(a: number[][], b: number[][]): number {
  return Math.max(...a.flat().map((v, i) => Math.abs(v - b.flat()[i]!) / Math.abs(b.flat()[i]!)));
}
const expected = JSON.parse(new TextDecoder().decode(fixtureFile('lgb-multiclass.expected.json'))) as { X: (number | null)[][]; predict: number[][] };

describe('dt import / export and foreign model files', () => {
  beforeAll(() => {
    const rows = expected.X.map((r) => r.map((v) => (v === null ? '' : String(v))).join(','));
    writeFileSync(join(dir, 'x.csv'), `${['a', 'b', 'c', 'd', 'e', 'f'].join(',')}\n${rows.join('\n')}\n`);
  });

  it('dt predict reads a LightGBM model.txt directly: probabilities equal LightGBM 4.7', async () => {
    const r = await cli(dir, ['predict', '--model', fixturePath('lgb-multiclass.txt'), '--data', 'x.csv', '--json', '--proba']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { proba: number[][]; predictions: number[] };
    expect(maxRel(out.proba, expected.predict)).toBeLessThan(1e-15);
    expect(out.predictions).toEqual(expected.predict.map((p) => p.indexOf(Math.max(...p))));
  });

  it('dt import writes a dt file that predicts the same; dt show summarises and draws it', async () => {
    expect((await cli(dir, ['import', fixturePath('lgb-multiclass.txt'), '--out', 'lgb.json'])).code).toBe(0);
    const r = await cli(dir, ['predict', '--model', 'lgb.json', '--data', 'x.csv', '--json', '--proba']);
    expect(maxRel((JSON.parse(r.stdout) as { proba: number[][] }).proba, expected.predict)).toBeLessThan(1e-15);
    const s = await cli(dir, ['show', '--model', 'lgb.json']);
    expect(s.stdout).toBe('lightgbm model (v4; multiclass num_class:3): 18 trees, 6 features, 3 classes\n');
    const svg = await cli(dir, ['show', '--model', fixturePath('xgb-cat.json'), '--tree', '0', '--format', 'svg']);
    expect(svg.stdout.startsWith('<svg')).toBe(true);
  });

  it('dt export --format onnx writes a model that @dt/exchange reads back with the same predictions', async () => {
    expect((await cli(dir, ['train', '--data', 'iris', '--out', 'iris.json'])).code).toBe(0);
    const e = await cli(dir, ['export', '--format', 'onnx', '--model', 'iris.json', '--out', 'iris.onnx']);
    expect(e.code, e.stderr).toBe(0);
    const a = await cli(dir, ['predict', '--model', 'iris.json', '--data', 'iris', '--json']);
    const b = await cli(dir, ['predict', '--model', 'iris.onnx', '--data', 'iris', '--json']);
    expect((JSON.parse(b.stdout) as { predictions: unknown[] }).predictions).toEqual((JSON.parse(a.stdout) as { predictions: unknown[] }).predictions);
    expect(readModel(new Uint8Array(readFileSync(join(dir, 'iris.onnx')))).classes).toEqual(['setosa', 'versicolor', 'virginica']);
  });

  it('a broken foreign file is a one-line error naming the field', async () => {
    writeFileSync(join(dir, 'bad.txt'), new TextDecoder().decode(fixtureFile('lgb-multiclass.txt')).replace('num_leaves=8', 'num_leaves=9'));
    const r = await cli(dir, ['predict', '--model', 'bad.txt', '--data', 'x.csv']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Tree=0 leaf_value: holds 8 values, num_leaves says 9/);
  });
});
