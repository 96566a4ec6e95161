import { describe, expect, it } from 'vitest';
import { runTarget } from './harness.js';
import { fuzzTargets } from './targets.js';

/**
 * The CI slice of the fuzz campaign (`pnpm fuzz` runs the long one): a few hundred seeded cases per
 * target, each ending in a typed error or a sound result.
 */
const CASES: Record<string, number> = { 'CLI (train/predict/show in-process)': 60 };

describe('fuzz (seeded, CI slice)', () => {
  for (const target of fuzzTargets()) {
    it(target.name, { timeout: 120_000 }, async () => {
      const stats = await runTarget(target, CASES[target.name] ?? 300, 20261124);
      expect(stats.failures).toEqual([]);
      expect(stats.typed + stats.sound).toBe(stats.cases);
    });
  }
});
