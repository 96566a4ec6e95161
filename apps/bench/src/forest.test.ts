import { expect, it } from 'vitest';
import { renderReport, runForestBench } from './commands/forest.js';

it('bench forest --quick measures dt, ml-random-forest and the oblique forests in child processes (no Python) and renders the report', async () => {
  const logs: string[] = [];
  const r = await runForestBench({ quick: true, sections: ['ml', 'oblique'], only: ['MAGIC'], obliqueTrees: 3, budgetS: 120, out: null }, (s) => logs.push(s));
  const ml = r.stored.ml!.rows as { lib: string; result: { test_accuracy?: number } }[];
  expect(ml.map((x) => x.lib)).toEqual(['dt', 'ml-random-forest']);
  for (const x of ml) expect(x.result.test_accuracy).toBeGreaterThan(0.5);
  const oblique = r.stored.oblique!.rows as { kind: string; result: { test_accuracy?: number; fit_cpu_s?: number } }[];
  expect(oblique.map((x) => x.kind)).toEqual(['random-forest', 'maxcut-node-means-pca', 'hhcart-d', 'decision-stream']);
  for (const x of oblique) expect(x.result.fit_cpu_s).toBeGreaterThan(0);
  expect(r.markdown).toContain('## dt vs ml-random-forest');
  expect(r.markdown).toMatch(/\| MAGIC 600 × 10 \| 0\.\d{4} \| [\d.]+ \| 0\.\d{4} \|/);
  expect(renderReport({}, 1)).toMatch(/^# Forests/);
}, 300_000);
