import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DecisionTreeRegressor } from '@dt/core';
import { readModel } from '@dt/core/node';
import { describe, expect, it } from 'vitest';
import { cli, tempDir, writeText } from '../test-helpers/cli.js';
import { configFromFlags, configFromString } from '../tree-options.js';

const dir = tempDir();

/** y falls with x early on and rises later: an increasing constraint on x changes the tree. */
function csv(): string {
  const lines = ['x,z,y'];
  for (let i = 0; i < 60; i++) lines.push(`${i},${(i * 7) % 11},${(i - 20) ** 2 / 40 + ((i * 7) % 11) * 0.3}`);
  return `${lines.join('\n')}\n`;
}

describe('dt train --monotonic-cst', () => {
  it('by column or by feature name: the model file records it and is monotone along x; the library gives the same tree', async () => {
    writeText(dir, 'mono.csv', csv());
    const r = await cli(dir, ['train', '--data', 'mono.csv', '--task', 'regression', '--monotonic-cst', '1,0', '--out', 'mono.json']);
    expect(r.code, r.stderr).toBe(0);
    const json = JSON.parse(readFileSync(join(dir, 'mono.json'), 'utf8'));
    expect(json.params.monotonicCst).toEqual([1, 0]);
    const model = (await readModel(join(dir, 'mono.json'))) as DecisionTreeRegressor;
    const grid = Array.from({ length: 61 }, (_, i) => [i - 0.5, 3]);
    const p = Array.from(model.predict(grid));
    expect(p.every((v, i) => i === 0 || v >= p[i - 1]!)).toBe(true);
    const rows = csv().trim().split('\n').slice(1).map((l) => l.split(',').map(Number));
    const direct = new DecisionTreeRegressor({ monotonicCst: [1, 0] }).fit(rows.map((r) => r.slice(0, 2)), rows.map((r) => r[2]!));
    expect(Array.from(model.predict(grid))).toEqual(Array.from(direct.predict(grid)));

    const named = await cli(dir, ['train', '--data', 'mono.csv', '--task', 'regression', '--monotonic-cst', 'x=1', '--out', 'named.json']);
    expect(named.code, named.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'named.json'), 'utf8')).tree).toEqual(json.tree);
  });

  it('--algorithm random-forest passes it to every tree: the forest file records it', async () => {
    writeText(dir, 'mono3.csv', csv());
    const r = await cli(dir, ['train', '--data', 'mono3.csv', '--task', 'regression', '--algorithm', 'random-forest', '--n-estimators', '3', '--monotonic-cst', 'x=1', '--out', 'rf.json']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'rf.json'), 'utf8')).toContain('"monotonicCst":{"x":1}');
  });

  it('refuses bad values and unknown names naming the flag', async () => {
    writeText(dir, 'mono2.csv', csv());
    const bad = await cli(dir, ['train', '--data', 'mono2.csv', '--task', 'regression', '--monotonic-cst', '2,0', '--out', 'bad.json']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/--monotonic-cst|monotonicCst/);
    const unknown = await cli(dir, ['train', '--data', 'mono2.csv', '--task', 'regression', '--monotonic-cst', 'w=1', '--out', 'bad2.json']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/w/);
  });

  it('dt eval --config spells lists with ";" and names with ":" (its pairs use "," and "=")', () => {
    expect(configFromString('maxDepth=3,monotonicCst=1;0;-1').params.monotonicCst).toEqual([1, 0, -1]);
    expect(configFromString('monotonicCst=age:1;income:-1').params.monotonicCst).toEqual({ age: 1, income: -1 });
    expect(configFromFlags({ monotonicCst: 'age=1, income=-1' }).params.monotonicCst).toEqual({ age: 1, income: -1 });
    expect(configFromFlags({ monotonicCst: 'none' }).params.monotonicCst).toBeNull();
    expect(() => configFromFlags({ monotonicCst: 'a=1,a=-1' })).toThrow(/--monotonic-cst/);
  });
});
