import { expect, it } from 'vitest';
import { DEFAULT_DATA_DIR, METHODS, MODELS, renderMissingMarkdown, runMissingBench } from './commands/missing.js';

it('bench missing --quick runs native / drop / impute on adult, heart-disease and breast-cancer samples and renders the tables', async () => {
  const logs: string[] = [];
  const results = await runMissingBench({ quick: true, dataDir: DEFAULT_DATA_DIR }, (s) => logs.push(s));
  expect(results.map((r) => r.name)).toEqual(['adult', 'heart-disease', 'breast-cancer-wisconsin']);
  for (const r of results) {
    expect(r.cells).toBeGreaterThan(0);
    expect(r.methods.map((m) => `${m.model} / ${m.method}`)).toEqual(MODELS.flatMap((k) => METHODS.map((m) => `${k} / ${m}`)));
    for (const m of r.methods) {
      expect(m.error, `${r.name} / ${m.method}`).toBeUndefined();
      for (const a of m.accComplete) expect(a).toBeGreaterThan(0.6);
    }
    const drop = r.methods.find((m) => m.method === 'drop')!;
    const native = r.methods.find((m) => m.method === 'native')!;
    // The forest learns with NaN too (its members' NaN sides) and scores every test row.
    const forest = r.methods.find((m) => m.model === 'random forest' && m.method === 'native')!;
    expect(forest.accAll.every((a) => a !== null && a > 0.6)).toBe(true);
    // drop trains on fewer rows and cannot score rows with NaN; native and impute score every test row.
    expect(drop.trainRows[0]).toBeLessThan(native.trainRows[0]!);
    expect(drop.accAll.every((a) => a === null)).toBe(true);
    expect(native.accAll.every((a) => a !== null && a > 0.6)).toBe(true);
  }
  // adult's quick sample: 2,000 training rows, 1,000 test rows.
  expect(results[0]!.methods[0]!.trainRows).toEqual([2000]);
  expect(results[0]!.testRows).toBe(1000);
  const md = renderMissingMarkdown(results, 'meta');
  expect(md).toContain('| CART gini | native | 2,000 |');
  expect(md).toContain('| random forest | native | 2,000 |');
  expect(md).toContain('| CART gini | drop |');
  expect(md).toContain('n/a (cannot predict rows with NaN)');
  expect(logs).toHaveLength(3 * MODELS.length * METHODS.length);
}, 120_000);
