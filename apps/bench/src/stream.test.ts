import { expect, it } from 'vitest';
import { ALPHAS, WIDE_ALPHAS, renderStreamMarkdown, runStreamBench } from './commands/stream.js';

it('bench stream --quick tunes alpha, DS without merging and CART on a magic-gamma subset, and says when a file is missing', async () => {
  const logs: string[] = [];
  const { rows, notes } = await runStreamBench({ quick: true, datasets: ['magic-gamma', 'letter'], dataDir: '/nonexistent', out: null }, (s) => logs.push(s));
  expect(rows).toHaveLength(1);
  const r = rows[0]!;
  expect(r.nTrain).toBe(640);
  expect(r.ds.validation.map((v) => v.setting)).toEqual(ALPHAS.map((a) => `alpha=${a}`));
  // the supplementary wide grid reuses the six validation errors it shares with the main grid
  expect(r.dsWide.validation.map((v) => v.setting)).toEqual(WIDE_ALPHAS.map((a) => `alpha=${a}`));
  expect(r.dsWide.validation.slice(0, 6)).toEqual(r.ds.validation);
  for (const m of [r.ds, r.dsNoMerge, r.cart]) expect(m.testError).toBeLessThan(30);
  expect(r.dsNoMerge.mergedNodes).toBe(0);
  expect(notes[0]).toMatch(/letter skipped: \/nonexistent\/letter-recognition.csv not found/);
  const md = renderStreamMarkdown(rows, notes, { quick: true });
  expect(md).toContain('| magic-gamma | 640 × 10 | 160 | error % |');
});
