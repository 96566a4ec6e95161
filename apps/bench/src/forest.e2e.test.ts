import { expect, it } from 'vitest';
import { parseSubspace, renderReport, runForestBench } from './commands/forest.js';

it('bench forest --quick measures dt, ml-random-forest and the oblique forests in child processes (no Python) and renders the report', async () => {
  const logs: string[] = [];
  const r = await runForestBench({ quick: true, sections: ['ml', 'oblique'], only: ['MAGIC'], obliqueTrees: 3, obliqueFeatures: [null], obliqueKinds: [], budgetS: 120, out: null }, (s) => logs.push(s));
  const ml = r.stored.ml!.rows as { lib: string; result: { test_accuracy?: number } }[];
  expect(ml.map((x) => x.lib)).toEqual(['dt', 'ml-random-forest']);
  for (const x of ml) expect(x.result.test_accuracy).toBeGreaterThan(0.5);
  const oblique = r.stored.oblique!.rows as { kind: string; result: { test_accuracy?: number; fit_cpu_s?: number } }[];
  expect(oblique.map((x) => x.kind)).toEqual(['random-forest', 'maxcut-node-means-pca', 'hhcart-d', 'decision-stream']);
  for (const x of oblique) expect(x.result.fit_cpu_s).toBeGreaterThan(0);
  expect(r.markdown).toContain('## dt vs ml-random-forest');
  // The oblique table: one row per forest with its trees, features per tree and Δ accuracy vs the random forest.
  expect(r.markdown).toMatch(/\| MAGIC 600 × 10 \| random-forest \| 3 \| √d per node \| 0\.\d{4} \| +\|/);
  expect(r.markdown).toMatch(/\| MAGIC 600 × 10 \| hhcart-d \| 3 \| all \| 0\.\d{4} \| [+-]0\.\d{4} \|/);
  expect(renderReport({})).toMatch(/^# Forests/);
}, 300_000);

it('--oblique-features reads all, the named rules and numbers', () => {
  expect(['all', 'sqrt', 'log2', '0.1', '28'].map(parseSubspace)).toEqual([null, 'sqrt', 'log2', 0.1, 28]);
});
