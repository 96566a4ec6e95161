import { expect, it } from 'vitest';
import { renderMarkdown, runCart } from './commands/cart.js';

it('bench cart --quick runs dt on a magic-gamma subset and renders a table', async () => {
  const logs: string[] = [];
  const rows = await runCart({ quick: true, repeats: 1, largeRepeats: 1, datasets: ['magic-gamma'], peers: false, out: null }, (s) => logs.push(s));
  expect(rows).toHaveLength(1);
  expect(rows[0]!.ours.testAccuracy).toBeGreaterThan(0.7);
  expect(rows[0]!.nTrain).toBe(2250);
  const md = renderMarkdown(rows, ['peers disabled']);
  expect(md).toContain('| magic-gamma (quick: 3,000 rows) | 2,250 × 10 |');
});
