/** Pruning honours where each node sends missing values (NaN), learnt at fit (issue #19). */
import { describe, expect, it } from 'vitest';
import { DecisionTreeClassifier } from '@dt/core';
import { fitWithReducedErrorPruning } from './fit-with-rep.js';
import { reducedErrorPrune } from './reduced-error.js';

const N = Number.NaN;

describe('reduced-error pruning with missing values', () => {
  // NaN rows share the low rows' class: the root (t = 3.5) sends NaN left.
  const model = new DecisionTreeClassifier().fit([[1], [2], [N], [N], [5], [6]], [0, 0, 0, 0, 1, 1]);

  it('routes pruning rows with NaN by the learnt side', () => {
    expect(model.tree.missingGoToLeft[0]).toBe(1);
    // Routed left (class 0) the NaN rows are right, so the split stays (subtree loss 0 < leaf loss 1);
    // routed right they would be wrong three times and REP would cut the root.
    expect(reducedErrorPrune(model, [[N], [N], [N], [6]], [0, 0, 0, 1]).nodeCount).toBe(3);
    // NaN rows labelled 1 (wrong when routed left) make the split lose 4 against the root leaf's 3:
    // cut. Routed right they would be right and the split would stay.
    expect(reducedErrorPrune(model, [[N], [N], [N], [6]], [1, 1, 1, 0]).nodeCount).toBe(1);
  });

  it('fits with NaN and prunes on a held-out part', () => {
    const X = Array.from({ length: 40 }, (_, i) => [i % 5 === 0 ? N : i]);
    const y = X.map(([v]) => (Number.isNaN(v!) || v! < 20 ? 0 : 1));
    const { model: m } = fitWithReducedErrorPruning(() => new DecisionTreeClassifier(), X, y, { seed: 1 });
    expect(m.predict([[N], [3], [35]])).toEqual([0, 0, 1]);
  });
});
