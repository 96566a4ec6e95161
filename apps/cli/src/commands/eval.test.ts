import { loadDataset } from '@dt/datasets';
import { DecisionTreeClassifier } from '@dt/core';
import { crossValidate, stratifiedKFold } from '@dt/eval';
import { describe, expect, it } from 'vitest';
import type { EvalReport } from './eval.js';
import { cli, tempDir, writeText } from '../test-helpers/cli.js';

const dir = tempDir();

describe('dt eval', () => {
  it('cross-validates gini and entropy CART by default', async () => {
    const r = await cli(dir, ['eval', '--data', 'iris']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('iris (150 rows, 4 features, 3 classes): stratified 10-fold CV, seed 0, the same folds for every configuration');
    expect(lines[2]).toMatch(/^config\s+accuracy \(mean ± sd\)\s+leaves\s+depth\s+fit ms$/);
    expect(lines[4]).toMatch(/^criterion=gini\s+0\.\d{4} ± 0\.\d{4}\s+\d+\.\d\s+\d+\.\d\s+[\d.]+$/);
    expect(lines[5]).toMatch(/^criterion=entropy\s+0\.\d{4} ± 0\.\d{4}/);
    expect(lines).toHaveLength(6);
  });

  it('runs several configs side by side on the same folds', async () => {
    const r = await cli(dir, ['eval', '--data', 'wine', '--folds', '5', '--seed', '3', '--config', 'maxDepth=2', '--config', 'criterion=entropy,max_depth=4', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as EvalReport;
    expect(report).toMatchObject({ data: 'wine', task: 'classification', rows: 178, features: 13, folds: 5, repeats: 1, seed: 3, stratified: true });
    expect(report.results.map((c) => c.config)).toEqual(['maxDepth=2', 'criterion=entropy,max_depth=4']);
    expect(report.results[1]!.params).toEqual({ criterion: 'entropy', maxDepth: 4 });
    expect(report.results[0]!.depth.mean).toBeLessThanOrEqual(2);

    // Same numbers as crossValidate on stratifiedKFold(y, 5, shuffled with seed 3).
    const wine = await loadDataset('wine');
    const y = wine.y as number[];
    const cv = crossValidate(() => new DecisionTreeClassifier({ maxDepth: 2 }), wine.X, y, {
      cv: stratifiedKFold(y, 5, { shuffle: true, seed: 3 }),
    });
    expect(report.results[0]!.scores.accuracy!.values).toEqual(cv.scores.accuracy!.values);
  });

  it('gives identical fold scores for equivalent configs (the folds are shared)', async () => {
    const r = await cli(dir, ['eval', '--data', 'iris', '--folds', '4', '--repeats', '3', '--config', 'criterion=gini', '--config', 'seed=0,maxDepth=none', '--json']);
    const report = JSON.parse(r.stdout) as EvalReport;
    const [a, b] = report.results;
    expect(a!.scores.accuracy!.values).toHaveLength(12);
    expect(b!.scores.accuracy!.values).toEqual(a!.scores.accuracy!.values);
    expect(b!.leaves).toEqual(a!.leaves);
  });

  it('reports R² and MSE for regression', async () => {
    const lines = ['a,b,target'];
    for (let i = 0; i < 80; i++) lines.push(`${i % 9},${(i * 5) % 13},${((i % 9) * 2 + ((i * 5) % 13) / 3).toFixed(3)}`);
    writeText(dir, 'reg.csv', `${lines.join('\n')}\n`);
    const r = await cli(dir, ['eval', '--data', 'reg.csv', '--folds', '4', '--config', 'maxDepth=3', '--config', 'criterion=mae,maxDepth=3']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^reg \(80 rows, 2 features\): 4-fold CV, seed 0/);
    expect(r.stdout).toMatch(/^config\s+R² \(mean ± sd\)\s+MSE \(mean ± sd\)\s+leaves/m);
    expect(r.stdout).toMatch(/^maxDepth=3\s+0\.\d{4} ± 0\.\d{4}\s+[\d.e+-]+ ± [\d.e+-]+/m);
    expect(r.stdout).toMatch(/^criterion=mae,maxDepth=3\s/m);
  });

  it('checks every config and the fold options before any work', async () => {
    const c = await cli(dir, ['eval', '--data', 'iris', '--config', 'maxDepth=2', '--config', 'criterion=mse']);
    expect(c.code).toBe(1);
    expect(c.stdout).toBe('');
    expect(c.stderr).toMatch(/^dt: .*mse.*\n$/);
    const f = await cli(dir, ['eval', '--data', 'iris', '--folds', '1']);
    expect([f.code, f.stderr]).toEqual([1, 'dt: --folds must be an integer >= 2, got 1\n']);
    const big = await cli(dir, ['eval', '--data', 'iris', '--folds', '151']);
    expect([big.code, big.stderr]).toEqual([1, 'dt: --folds must be at most the number of rows (150), got 151\n']);
  });
});
