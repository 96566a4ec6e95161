import { describe, expect, it } from 'vitest';
import { DecisionStreamClassifier } from './index.js';
import { createSplitChoice, isLowerP } from './split-scan.js';

/** Pins the split tie rules (merge ties: merge.test.ts): each assertion fails if its rule changes. */
describe('split ties', () => {
  const best = (logP: number, balance: number) => ({ ...createSplitChoice(), found: true, logP, balance });

  it('equal p-values: the more balanced split wins; equal balance keeps the earlier candidate', () => {
    expect(isLowerP(-3, 2, best(-3, 4))).toBe(true);
    expect(isLowerP(-3, 4, best(-3, 2))).toBe(false);
    expect(isLowerP(-3, 2, best(-3, 2))).toBe(false);
    // Within the relative tolerance 1e-10 on ln p the values count as equal: balance decides.
    expect(isLowerP(-3 * (1 + 1e-12), 4, best(-3, 2))).toBe(false);
    expect(isLowerP(-3 * (1 - 1e-12), 2, best(-3, 4))).toBe(true);
    // A clearly lower p-value wins whatever the balance.
    expect(isLowerP(-3.1, 10, best(-3, 0))).toBe(true);
  });

  it('two identical feature columns: the split uses the first', () => {
    const X: number[][] = [];
    const y: string[] = [];
    for (let i = 0; i < 40; i++) {
      X.push([i, i]);
      y.push(i < 20 ? 'a' : 'b');
    }
    const m = new DecisionStreamClassifier({ merge: false, maxRounds: 1 }).fit(X, y);
    expect(m.graph.feature[0]).toBe(0);
  });
});
