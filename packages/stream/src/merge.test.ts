import { describe, expect, it } from 'vitest';
import { mergeAdjacent, mergeAll, PairCache, type MergeContext, type Mergeable } from './merge.js';
import { classificationOps, regressionOps, type TaskOps } from './stats.js';
import { createRandom, toFitData, type Random } from './test-helpers.js';
import { twoSampleTest } from './two-sample-test.js';
import type { TestFamily } from './test-result.js';

interface Item extends Mergeable {
  members: number[];
}

interface Naive {
  labels: number[];
  members: number[];
  order: number;
}

const p = (a: Naive, b: Naive, family: TestFamily): number => twoSampleTest(a.labels, b.labels, { family, ksMethod: 'fast' }).pValue;

/** Algorithm 1 written out plainly on label arrays (the reference code's mergeAll). */
function naiveMergeAll(items: Naive[], alpha: number, family: TestFamily, counter: { n: number }): Naive[] {
  let cur = items;
  for (;;) {
    let l1 = [...cur].sort((a, b) => a.labels.length - b.labels.length || a.order - b.order);
    const res: Naive[] = [];
    while (l1.length >= 2) {
      const [mp1, ...l2] = l1 as [Naive, ...Naive[]];
      let pX = -1;
      let mp2: Naive | null = null;
      for (const mpY of l2) {
        const pY = p(mpY, mp1, family);
        if (pY > pX * (1 + 1e-10)) {
          pX = pY;
          mp2 = mpY;
        }
      }
      if (mp2 !== null && pX > alpha) {
        res.push({ labels: [...mp1.labels, ...mp2.labels], members: [...mp1.members, ...mp2.members], order: counter.n++ });
        l1 = l2.filter((x) => x !== mp2);
      } else {
        res.push(mp1);
        l1 = l2;
      }
    }
    res.push(...l1);
    if (res.length === cur.length) return res;
    cur = res;
  }
}

/** The adjacent variant: ranges in position order, smallest first, best of its unprocessed neighbours. */
function naiveMergeAdjacent(items: Naive[], alpha: number, family: TestFamily, counter: { n: number }): Naive[] {
  let cur = items;
  for (;;) {
    const order = cur.map((_, i) => i).sort((a, b) => cur[a]!.labels.length - cur[b]!.labels.length || cur[a]!.order - cur[b]!.order);
    const rankOf = new Map(order.map((v, r) => [v, r]));
    let list: (Naive & { pos: number; done: boolean })[] = cur.map((c, i) => ({ ...c, pos: i, done: false }));
    let changed = false;
    for (const i of order) {
      const idx = list.findIndex((x) => x.pos === i && x.members === cur[i]!.members);
      if (idx < 0 || list[idx]!.done) continue;
      const me = list[idx]!;
      me.done = true;
      const cands = [idx - 1, idx + 1].filter((j) => j >= 0 && j < list.length && !list[j]!.done).sort((a, b) => rankOf.get(list[a]!.pos)! - rankOf.get(list[b]!.pos)!);
      let best = -1;
      let bestP = -1;
      for (const j of cands) {
        const pj = p(me, list[j]!, family);
        if (pj > bestP * (1 + 1e-10)) {
          bestP = pj;
          best = j;
        }
      }
      if (best >= 0 && bestP > alpha) {
        const [l, r] = best < idx ? [best, idx] : [idx, best];
        const merged = { labels: [...list[l]!.labels, ...list[r]!.labels], members: [...list[l]!.members, ...list[r]!.members], order: counter.n++, pos: -1, done: true };
        list = [...list.slice(0, l), merged, ...list.slice(r + 1)];
        changed = true;
      }
    }
    const res = list.map(({ labels, members, order }) => ({ labels, members, order }));
    if (!changed) return res;
    cur = res;
  }
}

function randomGroups(rng: Random, task: 'classification' | 'regression', m: number): number[][] {
  const groups: number[][] = [];
  const C = 2 + rng.int(3);
  for (let g = 0; g < m; g++) {
    const size = 1 + rng.int(rng.next() < 0.3 ? 4 : 40);
    const bias = rng.int(3);
    groups.push(
      Array.from({ length: size }, () => {
        if (task === 'classification') return rng.next() < 0.6 ? Math.min(C - 1, bias) : rng.int(C);
        return Math.round((bias + rng.next() * 2) * (rng.next() < 0.5 ? 1 : 100)) / 100;
      }),
    );
  }
  return groups;
}

function setup(task: 'classification' | 'regression', groups: number[][], family: TestFamily, alpha: number) {
  const labels = groups.flat();
  const data = toFitData(labels.map(() => [0]), labels, task);
  const ops: TaskOps = task === 'classification' ? classificationOps(data) : regressionOps(data);
  let start = 0;
  let order = 0;
  const items: Item[] = groups.map((g, i) => {
    const idx = Int32Array.from({ length: g.length }, (_, k) => start + k);
    start += g.length;
    return { stats: ops.statsOf(idx), order: order++, members: [i] };
  });
  const ctx: MergeContext<Item> = {
    ops,
    family,
    alpha,
    cache: new PairCache(ops, family),
    merge: (a, b) => ({ stats: ops.merge(a.stats, b.stats), order: order++, members: [...a.members, ...b.members] }),
  };
  const naive: Naive[] = groups.map((g, i) => ({ labels: g, members: [i], order: i }));
  return { items, ctx, naive, counter: { n: groups.length } };
}

const partition = (xs: { members: number[] }[]): string => xs.map((x) => [...x.members].sort((a, b) => a - b).join(',')).sort().join(' | ');

describe('merging (Algorithm 1) equals a plain implementation on label arrays', () => {
  for (const task of ['classification', 'regression'] as const) {
    for (const family of ['nonparametric', 'parametric'] as const) {
      it(`${task}, ${family}: all pairs, then the neighbours-only variant`, () => {
        const rng = createRandom(7 + task.length * 5 + family.length);
        let merged = 0;
        for (let trial = 0; trial < 40; trial++) {
          const groups = randomGroups(rng, task, 2 + rng.int(9));
          const alpha = [0.001, 0.01, 0.05, 0.2][rng.int(4)]!;
          const a = setup(task, groups, family, alpha);
          const got = mergeAll(a.items, a.ctx);
          const want = naiveMergeAll(a.naive, alpha, family, a.counter);
          expect(partition(got.items), `trial ${trial}`).toBe(partition(want));
          expect(got.merges).toBe(groups.length - got.items.length);
          merged += got.merges;
          // Algorithm 1's fixed point: no two remaining items are indistinguishable.
          for (let i = 0; i < want.length; i++) for (let j = i + 1; j < want.length; j++) expect(p(want[i]!, want[j]!, family)).toBeLessThanOrEqual(alpha);
          const b = setup(task, groups, family, alpha);
          const gotAdj = mergeAdjacent(b.items, b.ctx);
          const wantAdj = naiveMergeAdjacent(b.naive, alpha, family, b.counter);
          expect(gotAdj.map((x) => x.members.join(',')), `adjacent trial ${trial}`).toEqual(wantAdj.map((x) => x.members.join(',')));
        }
        expect(merged).toBeGreaterThan(20);
      });
    }
  }

  it('caches each pair once across passes', () => {
    const rng = createRandom(3);
    const a = setup('classification', randomGroups(rng, 'classification', 12), 'nonparametric', 0.05);
    mergeAll(a.items, a.ctx);
    expect(a.ctx.cache.hits).toBeGreaterThan(0);
  });
});

describe('merge ties (each assertion fails if its rule changes)', () => {
  /** setup() of the classification items, recording each merge's (head, partner) members. */
  function recorded(groups: number[][]) {
    const { items, ctx } = setup('classification', groups, 'nonparametric', 0.02);
    const merges: [number[], number[]][] = [];
    const merge = ctx.merge;
    ctx.merge = (a, b) => {
      merges.push([a.members, b.members]);
      return merge(a, b);
    };
    return { items, ctx, merges };
  }

  it('equal p-values: the smallest item merges with the earlier partner', () => {
    // Item 0 is the smallest; items 1 and 2 have the same labels, so the same p-value against it.
    const { items, ctx, merges } = recorded([[0, 1], [0, 0, 1, 1], [0, 0, 1, 1]]);
    mergeAll(items, ctx);
    expect(merges[0]).toEqual([[0], [1]]);
  });

  it('equal sizes: the item created first is taken first', () => {
    const groups = [[0, 0, 1], [0, 1, 1], [0, 0, 0, 1, 1, 1, 0, 1]];
    const { items, ctx, merges } = recorded(groups);
    mergeAll(items, ctx);
    expect(merges[0]![0]).toEqual([0]);
    // Given in the other order, creation order (not list position) still decides.
    const again = recorded(groups);
    mergeAll([...again.items].reverse(), again.ctx);
    expect(again.merges[0]![0]).toEqual([0]);
  });
});

describe("mergeAll with the reference code's conventions", () => {
  /** Records, per pass, the first head's first comparison (head size, other size). */
  class RecordingCache extends PairCache {
    readonly calls: [number, number][] = [];
    override lookup(a: Mergeable, b: Mergeable): void {
      this.calls.push([a.stats.n, b.stats.n]);
      super.lookup(a, b);
    }
  }
  const counts = (c0: number, c1: number) => ({ n: c0 + c1, counts: Float64Array.of(c0, c1), sorted: null, mean: 0, ss: 0 });

  it('sorts by size before the first pass only; later passes keep the previous output order', () => {
    // pass 1: 5 zeros + 100 zeros (p ≈ 1) → 105, then 20 ones + 30 ones → 50: output [105, 50].
    // The reference starts pass 2 with 105 as head (dt's own rule re-sorts: 50 first).
    const run = (reference: boolean): [number, number] => {
      const ops = classificationOps(toFitData([[0], [1]], [0, 1], 'classification'));
      const cache = new RecordingCache(ops, 'nonparametric', reference);
      let order = 0;
      const items: Mergeable[] = [counts(5, 0), counts(100, 0), counts(0, 20), counts(0, 30)].map((stats) => ({ stats, order: order++ }));
      const r = mergeAll(items, { ops, family: 'nonparametric', alpha: 0.05, cache, reference, merge: (a, b) => ({ stats: ops.merge(a.stats, b.stats), order: order++ }) });
      expect(r.items.map((i) => i.stats.n).sort((a, b) => a - b)).toEqual([50, 105]);
      return cache.calls.find(([a, b]) => a + b === 155)!;
    };
    expect(run(true)).toEqual([105, 50]);
    expect(run(false)).toEqual([50, 105]);
  });
});
