import { describe, expect, it } from 'vitest';
import { runTarget } from './harness.js';
import { fuzzTargets } from './targets.js';
import { mutateModel } from './mutate-model.js';

/**
 * The CI slice of the fuzz campaign (`pnpm fuzz` runs the long one): a few hundred seeded cases per
 * target, each ending in a typed error or a sound result.
 */
const CASES: Record<string, number> = { 'CLI (train/predict/show in-process)': 60, 'threads with injected worker faults': 2 };

describe('fuzz (seeded, CI slice)', () => {
  for (const target of fuzzTargets()) {
    it(target.name, { timeout: 300_000 }, async () => {
      const stats = await runTarget(target, CASES[target.name] ?? 300, 20261124);
      expect(stats.failures).toEqual([]);
      expect(stats.typed + stats.sound).toBe(stats.cases);
    });
  }
});

describe('mutateModel', () => {
  it('never changes the generator’s shared values (seed 2 once grew one [] across cases until the heap ran out)', () => {
    const shared: unknown[] = [];
    const text = JSON.stringify({ a: [1, 2], b: { c: 3 } });
    for (let i = 0; i < 3; i++) {
      // set a leaf to the shared [], then push into it (the paths are the leaves in traversal order)
      const out = mutateModel(text, [
        { at: 4, kind: 'set', value: shared, num: 0 },
        { at: 4, kind: 'push', value: shared, num: 0 },
      ]);
      expect(out.length).toBeLessThan(60);
    }
    expect(shared).toEqual([]);
  });
});
