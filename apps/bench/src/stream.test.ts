import { expect, it } from 'vitest';
import { ALPHAS, renderStreamMarkdown, runStreamBench } from './commands/stream.js';

it('bench stream --quick tunes alpha, DS without merging and CART on a magic-gamma subset, and says when a file is missing', async () => {
  const logs: string[] = [];
  const { rows, notes } = await runStreamBench({ quick: true, datasets: ['magic-gamma', 'letter'], dataDir: '/nonexistent', out: null }, (s) => logs.push(s));
  expect(rows).toHaveLength(1);
  const r = rows[0]!;
  expect(r.nTrain).toBe(800);
  expect(r.ds.validation.map((v) => v.setting)).toEqual(ALPHAS.map((a) => `alpha=${a}`));
  for (const m of [r.ds, r.dsNoMerge, r.cart]) expect(m.testError).toBeLessThan(30);
  expect(r.dsNoMerge.mergedNodes).toBe(0);
  expect(notes[0]).toMatch(/letter skipped: \/nonexistent\/letter-recognition.csv not found/);
  const md = renderStreamMarkdown(rows, notes, { quick: true });
  expect(md).toContain('| magic-gamma | 800 × 10 | 200 | error % |');
});
