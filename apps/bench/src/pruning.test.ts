import { expect, it } from 'vitest';
import { renderPruningMarkdown, runPruning } from './commands/pruning.js';

it('bench pruning --quick runs REP on a MAGIC sample and CV alpha on iris / heart-disease, and renders the tables', async () => {
  const logs: string[] = [];
  const r = await runPruning({ quick: true, seeds: 1, ccpSeeds: 1, parts: ['rep', 'ccp'], peers: false, out: null }, (s) => logs.push(s));
  const configs = r.magic!.configs;
  expect(configs.map((c) => c.config)).toEqual(['dt gini', 'dt gini + REP', 'dt entropy', 'dt entropy + REP']);
  expect(r.magic!.train + r.magic!.val + r.magic!.test).toBe(3000);
  for (const c of configs) expect(c.val[0]!.h!.accuracy).toBeGreaterThan(0.7);
  // REP cuts most of a fully grown tree on this noisy data.
  expect(configs[1]!.leaves[0]!).toBeLessThan(configs[0]!.leaves[0]! / 2);
  const ccp = r.ccp!.rows;
  expect(new Set(ccp.map((row) => row.dataset))).toEqual(new Set(['iris', 'heart-disease', 'heart-disease (unique rows)']));
  expect(ccp.find((row) => row.dataset === 'iris' && row.model === 'not pruned')!.bySplit[0]!.trainAcc).toBe(1);
  const md = renderPruningMarkdown(r);
  expect(md).toContain('| dt gini + REP |');
  expect(md).toContain('| iris | dt pruned (one-se) |');
  expect(md).toContain('scikit-learn not run (--no-peers)');
});
