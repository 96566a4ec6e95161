import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listDatasets, loadDataset } from './index.js';

describe('per-dataset entry points (@dt/datasets/<name>)', () => {
  it('exist for every built-in dataset and no other', () => {
    const files = readdirSync(new URL('./sets/', import.meta.url)).filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3));
    expect(files.sort()).toEqual(listDatasets().map((d) => d.name).sort());
  });

  it.each(['iris', 'wine-quality-both', 'boston-housing', 'glass'])('%s loads the same dataset as loadDataset', async (name) => {
    const mod = (await import(`./sets/${name}.ts`)) as { default: () => Promise<unknown> };
    expect(await mod.default()).toEqual(await loadDataset(name));
  });

  it('the package resolves @dt/datasets/iris to its entry point', async () => {
    const { loadIris } = await import('@dt/datasets/iris');
    expect((await loadIris()).X.rows).toBe(150);
  });
});
