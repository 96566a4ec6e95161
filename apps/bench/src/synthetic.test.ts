import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALGORITHMS, BENCH_NODE_PCA_COMPONENTS, resolveAlgorithms } from './algorithms.js';
import type { Algorithm } from './algorithms.js';
import { gridForScale, quickGrid, runSynthetic, settingsOf } from './commands/synthetic.js';

const dir = mkdtempSync(join(tmpdir(), 'dt-bench-synthetic-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bench synthetic', () => {
  it('gridForScale(1) is the paper grid; smaller scales keep the settings and shrink sizes', () => {
    const full = gridForScale(1);
    expect(full.sizes).toEqual([100, 1000, 10000, 100000, 200000, 300000]);
    expect(full).toMatchObject({ datasets: 30, testSize: 100000, noiseTrain: 10000 });
    // Binary: 6 sizes × 13 dims + 10 × 11 noise settings = 188 settings = 5,640 / 30.
    expect(settingsOf(full).filter((s) => s.classes === 2)).toHaveLength(188);
    const small = gridForScale(0.05);
    expect(small.sizes).toEqual([100, 500, 5000, 10000, 15000]);
    expect(small).toMatchObject({ datasets: 5, testSize: 5000, noiseTrain: 500 });
    expect(() => gridForScale(0)).toThrow(/--scale/);
  });

  it('runs the quick grid, writes results, plots and a report, and resumes without rerunning', async () => {
    const algorithms = resolveAlgorithms(['gini-features', 'entropy-features']);
    const grid = { ...quickGrid(), classes: [2, 10], sizes: [100, 200], dims: [4], noiseInformative: [5], noiseDims: [0, 3], datasets: 3, testSize: 300 };
    const logs: string[] = [];
    const first = await runSynthetic({ grid, algorithms, out: dir, alpha: 0.05, description: 'test', plots: true }, (s) => logs.push(s));
    // C=2: 2 sizes + 2 noise levels; C=10 the same → 8 settings × 3 data sets × 2 algorithms.
    expect(first.cellsRun).toBe(48);
    expect(first.settings).toHaveLength(8);
    for (const s of first.settings) {
      expect(s.datasets).toBe(3);
      for (const m of s.marks) expect(m.mean).toBeGreaterThan(s.classes === 2 ? 0.5 : 0.1);
      expect(s.timeRatio['gini-features']).toBe(1);
    }
    const files = readdirSync(dir);
    for (const f of ['results.jsonl', 'report.md', 'summary.json', 'runs.jsonl', 'accuracy-vs-size-2-classes.svg', 'time-ratio-10-classes.svg', 'accuracy-vs-noise-2-classes.svg', 'ratio-histogram-entropy-features-over-gini-features-2-classes.svg']) {
      expect(files).toContain(f);
    }
    expect(readFileSync(join(dir, 'accuracy-vs-size-2-classes.svg'), 'utf8')).toMatch(/^<svg/);
    const md = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(md).toContain('| train | dims | n | Gini Features | Entropy Features | time ratio Entropy Features |');
    expect(md).toContain('Mean number of leaves');
    // Figures 3/7: paired differences with t intervals, per size setting.
    expect(files).toContain('difference-entropy-features-minus-gini-features-2-classes.svg');
    expect(md).toContain('## Entropy Features minus Gini Features (cf. Figures 3 and 7)');
    expect(first.differences).toHaveLength(4);
    // Ratios: all = no-noise ∪ noise (noise 0 at the noise experiment's size is a size-experiment data set).
    for (const classes of [2, 10]) {
      const [all, clean, noisy] = (['all', 'no-noise', 'noise'] as const).map((subset) => first.ratios.find((x) => x.classes === classes && x.subset === subset)!.values);
      expect(all!.length).toBe(clean!.length + noisy!.length);
      expect([...clean!, ...noisy!].sort()).toEqual([...all!].sort());
    }
    for (const d of first.differences) {
      const s = first.settings.find((x) => x.classes === d.classes && x.experiment === 'size' && x.nTrain === d.nTrain)!;
      const mean = (name: string) => s.marks.find((m) => m.name === name)!.mean;
      expect(d.mean).toBeCloseTo(mean('entropy-features') - mean('gini-features'), 12);
      expect(d.lower).toBeLessThanOrEqual(d.mean);
      expect(d.upper).toBeGreaterThanOrEqual(d.mean);
    }
    // Rerun: everything is already there.
    const again = await runSynthetic({ grid, algorithms, out: dir, alpha: 0.05, description: 'test', plots: false }, () => {});
    expect(again.cellsRun).toBe(0);
    expect(again.cellsSkipped).toBe(48);
    expect(again.settings.map((s) => s.marks.map((m) => m.mean))).toEqual(first.settings.map((s) => s.marks.map((m) => m.mean)));
  });

  it('a new algorithm slots in by name: only its cells run', async () => {
    const stump: Algorithm = {
      name: 'majority',
      label: 'Majority class',
      make: () => {
        let c = 0;
        return {
          fit(_X, y) {
            const counts = new Map<number, number>();
            for (const v of y) counts.set(v, (counts.get(v) ?? 0) + 1);
            c = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
          },
          predict: (X) => new Int32Array(X.rows).fill(c),
        };
      },
    };
    const algorithms = [...resolveAlgorithms(['gini-features', 'entropy-features']), stump];
    const grid = { ...quickGrid(), classes: [2, 10], sizes: [100, 200], dims: [4], noiseInformative: [5], noiseDims: [0, 3], datasets: 3, testSize: 300 };
    const r = await runSynthetic({ grid, algorithms, out: dir, alpha: 0.05, description: 'test', plots: false }, () => {});
    expect(r.cellsRun).toBe(24);
    const s = r.settings.find((x) => x.classes === 2 && x.experiment === 'size' && x.nTrain === 200)!;
    expect(s.marks.find((m) => m.name === 'majority')!.mark).toBe('\\\\');
    expect(() => resolveAlgorithms(['c45'], ALGORITHMS)).toThrow(/unknown algorithm "c45"; available: gini-features, /);
    expect(() => resolveAlgorithms(['maxcut-node-means-pca'], ALGORITHMS.slice(0, 1))).toThrow(/not implemented yet/);
  });
});

it("the Max-Cut paper's eight algorithms from @dt/core run in the sweep by name", async () => {
  const names = ['gini-features', 'gini-pre-pca', 'gini-node-features-pca', 'gini-node-means-pca', 'maxcut-features', 'maxcut-pre-pca', 'maxcut-node-features-pca', 'maxcut-node-means-pca'];
  const algorithms = resolveAlgorithms(names);
  expect(algorithms.map((a) => a.label)).toContain('Max Cut Node Means PCA');
  const grid = { ...quickGrid(), classes: [10], sizes: [200], dims: [5], experiments: ['size' as const], datasets: 2, testSize: 200 };
  const r = await runSynthetic({ grid, algorithms, out: null, alpha: 0.05, description: 'test', plots: false }, () => {});
  expect(r.cellsRun).toBe(16);
  expect(r.settings[0]!.marks.map((m) => m.name)).toEqual(names);
  // Size experiment only: every data set is noise-free, so 'noise' is empty and 'no-noise' equals 'all'.
  expect(r.ratios.map((x) => `${x.numerator}/${x.denominator}/${x.subset}`)).toEqual([
    'maxcut-node-means-pca/gini-node-features-pca/all',
    'maxcut-node-means-pca/gini-node-features-pca/no-noise',
    'maxcut-node-means-pca/gini-node-means-pca/all',
    'maxcut-node-means-pca/gini-node-means-pca/no-noise',
  ]);
  expect(r.ratios[1]!.values).toEqual(r.ratios[0]!.values);
});

it('Node Features PCA in the bench keeps every component (the paper), also above 50 features', () => {
  for (const name of ['gini-node-features-pca', 'maxcut-node-features-pca']) {
    const est = resolveAlgorithms([name])[0]!.make() as unknown as { options: { criterion: { name: string }; projection: { name: string; options: Record<string, unknown> } } };
    expect(est.options.projection.name).toBe('node-features-pca');
    expect(est.options.projection.options.maxComponents).toBe(BENCH_NODE_PCA_COMPONENTS);
    expect(est.options.criterion.name).toBe(name.startsWith('gini') ? 'gini' : 'maxCut');
  }
});
