import { describe, expect, it } from 'vitest';
import { DecisionStreamClassifier } from './index.js';
import { mergeAll, PairCache, type MergeContext, type Mergeable } from './merge.js';
import { createSplitChoice, isLowerP } from './split-scan.js';
import { classificationOps } from './stats.js';
import { toFitData } from './test-helpers.js';

/** Pins the tie rules the README and the reference code rely on: each assertion fails if its rule changes. */
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

describe('merge ties', () => {
  interface Item extends Mergeable {
    members: number[];
  }
  function setup(groups: number[][]) {
    const labels = groups.flat();
    const data = toFitData(labels.map(() => [0]), labels, 'classification');
    const ops = classificationOps(data);
    let start = 0;
    let order = 0;
    const items: Item[] = groups.map((g, i) => {
      const idx = Int32Array.from({ length: g.length }, (_, k) => start + k);
      start += g.length;
      return { stats: ops.statsOf(idx), order: order++, members: [i] };
    });
    const merges: [number[], number[]][] = [];
    const ctx: MergeContext<Item> = {
      ops,
      family: 'nonparametric',
      alpha: 0.02,
      cache: new PairCache(ops, 'nonparametric'),
      merge: (a, b) => {
        merges.push([a.members, b.members]);
        return { stats: ops.merge(a.stats, b.stats), order: order++, members: [...a.members, ...b.members] };
      },
    };
    return { items, ctx, merges };
  }

  it('equal p-values: the smallest item merges with the earlier partner', () => {
    // Item 0 is the smallest; items 1 and 2 have the same labels, so the same p-value against it.
    const { items, ctx, merges } = setup([[0, 1], [0, 0, 1, 1], [0, 0, 1, 1]]);
    mergeAll(items, ctx);
    expect(merges[0]).toEqual([[0], [1]]);
  });

  it('equal sizes: the item created first is taken first', () => {
    // Items 0 and 1 have the same size; the first pass starts with item 0.
    const { items, ctx, merges } = setup([[0, 0, 1], [0, 1, 1], [0, 0, 0, 1, 1, 1, 0, 1]]);
    mergeAll(items, ctx);
    expect(merges[0]![0]).toEqual([0]);
    // Given in the other order, creation order (not list position) still decides.
    const again = setup([[0, 0, 1], [0, 1, 1], [0, 0, 0, 1, 1, 1, 0, 1]]);
    mergeAll([...again.items].reverse(), again.ctx);
    expect(again.merges[0]![0]).toEqual([0]);
  });
});
