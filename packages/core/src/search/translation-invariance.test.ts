import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRandom } from '@dt/errors';
import { ALGORITHMS, createClassifier, type AlgorithmName } from '../estimators/algorithms.js';

/**
 * The gap rule (values closer than 1e-7 are never split apart) must not depend on where the data
 * sits: translating a feature moves every projection by a constant, and the tree must stay the same.
 * Before the absolute gap rule and centred projections, +1e4 on one feature collapsed these trees.
 */
const NAMES = Object.keys(ALGORITHMS) as AlgorithmName[];

function sample(seed: number, n: number, d: number): { X: number[][]; y: number[] } {
  const rng = createRandom(seed);
  const X: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i++) {
    // Small-scale values (gaps ~1e-4), some repeated, so a relative tolerance at 1e4 would merge them.
    const row = Array.from({ length: d }, () => (rng.next() < 0.2 ? 0.005 : rng.next() * 0.01));
    X.push(row);
    y.push(row[0]! + (d > 1 ? row[1]! : 0) + rng.next() * 0.004 > 0.011 ? 1 : rng.next() < 0.15 ? 2 : 0);
  }
  return { X, y };
}

describe('trees are invariant to translating a feature by 1e4', () => {
  it('concrete: a 2-leaf oblique tree stays a 2-leaf tree (was 1 leaf after +1e4)', () => {
    const rng = createRandom(7);
    const X: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = rng.next() * 0.01;
      const u = (rng.next() - 0.5) * 1e-3;
      X.push([t + u, t - u]);
      y.push(t > 0.005 ? 1 : 0);
    }
    const shifted = X.map((r) => [r[0]! + 1e4, r[1]!]);
    for (const name of ['gini-pre-pca', 'gini-node-features-pca', 'maxcut-pre-pca', 'maxcut-node-features-pca'] as const) {
      expect(createClassifier(name).fit(X, y).nLeaves, name).toBe(2);
      expect(createClassifier(name).fit(shifted, y).nLeaves, `${name} shifted`).toBe(2);
    }
  });

  it.each(NAMES)('%s: same structure and predictions (property)', (name) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 12, max: 60 }),
        fc.integer({ min: 2, max: 4 }),
        fc.nat(),
        (seed, n, d, pick) => {
          const { X, y } = sample(seed, n, d);
          const j = pick % d;
          const shifted = X.map((r) => r.map((v, k) => (k === j ? v + 1e4 : v)));
          const a = createClassifier(name).fit(X, y);
          const b = createClassifier(name).fit(shifted, y);
          expect(b.nodeCount).toBe(a.nodeCount);
          expect(b.nLeaves).toBe(a.nLeaves);
          expect(Array.from(b.predict(shifted))).toEqual(Array.from(a.predict(X)));
          expect(Array.from(b.tree.feature.subarray(0, b.nodeCount))).toEqual(Array.from(a.tree.feature.subarray(0, a.nodeCount)));
        },
      ),
      { numRuns: 25, seed: 11 },
    );
  });
});
