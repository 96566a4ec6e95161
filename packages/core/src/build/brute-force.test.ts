import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRandom } from '@dt/errors';
import { getCriterion, valuesDiffer, type ClassificationCriterion } from '@dt/criteria';
import { DecisionTreeClassifier, DecisionTreeRegressor, type Tree } from '../index.js';

/**
 * Oracle for the optimised builder: at every internal node of a fitted tree, enumerate every
 * (feature, threshold) from scratch on the node's rows and check that the tree's split is among
 * the best under the criterion's own score (with sklearn's proxy recomputed naively), that it
 * respects the limits, and that node statistics are right.
 */
function nodeRows(tree: Tree, X: number[][]): Map<number, number[]> {
  const rows = new Map<number, number[]>();
  X.forEach((x, i) => {
    let n = 0;
    for (;;) {
      if (!rows.has(n)) rows.set(n, []);
      rows.get(n)!.push(i);
      if (tree.isLeaf(n)) break;
      n = x[tree.feature[n]!]! <= tree.threshold[n]! ? tree.left[n]! : tree.right[n]!;
    }
  });
  return rows;
}

type Scorer = (left: number[], right: number[]) => number;

function bestSplits(X: number[][], idx: number[], score: Scorer, minLeaf: number) {
  const d = X[0]!.length;
  let best = -Infinity;
  const all: { f: number; t: number; s: number }[] = [];
  for (let f = 0; f < d; f++) {
    const vals = [...new Set(idx.map((i) => X[i]![f]!))].sort((a, b) => a - b);
    for (let k = 0; k + 1 < vals.length; k++) {
      if (!valuesDiffer(vals[k]!, vals[k + 1]!)) continue;
      const t = (vals[k]! + vals[k + 1]!) / 2;
      const L = idx.filter((i) => X[i]![f]! <= t);
      const R = idx.filter((i) => X[i]![f]! > t);
      if (L.length < minLeaf || R.length < minLeaf) continue;
      const s = score(L, R);
      all.push({ f, t, s });
      if (s > best) best = s;
    }
  }
  return { best, all };
}

function giniProxy(y: number[], C: number): Scorer {
  const sq = (ids: number[]) => {
    const c = new Array(C).fill(0) as number[];
    ids.forEach((i) => c[y[i]!]!++);
    return c.reduce((a, b) => a + b * b, 0) / ids.length;
  };
  return (L, R) => sq(L) + sq(R);
}

function mseProxy(y: number[]): Scorer {
  const s = (ids: number[]) => ids.reduce((a, i) => a + y[i]!, 0) ** 2 / ids.length;
  return (L, R) => s(L) + s(R);
}

function checkTree(tree: Tree, X: number[][], score: Scorer, minLeaf: number) {
  const rows = nodeRows(tree, X);
  for (const n of tree.reachable()) {
    const idx = rows.get(n)!;
    expect(tree.nSamples[n]).toBe(idx.length);
    if (tree.isLeaf(n)) continue;
    const { best, all } = bestSplits(X, idx, score, minLeaf);
    const mine = all.find((c) => c.f === tree.feature[n] && c.t === tree.threshold[n]);
    expect(mine, `node ${n}: split is not a valid candidate`).toBeDefined();
    expect(mine!.s).toBeGreaterThanOrEqual(best - 1e-9 * Math.abs(best));
  }
}

const smallData = (integer: boolean) =>
  fc.record({
    n: fc.integer({ min: 2, max: 40 }),
    d: fc.integer({ min: 1, max: 4 }),
    C: fc.integer({ min: 2, max: 4 }),
    minLeaf: fc.integer({ min: 1, max: 4 }),
    seed: fc.integer({ min: 0, max: 1e9 }),
  }).map(({ n, d, C, minLeaf, seed }) => {
    const rng = createRandom(seed);
    const rnd = () => rng.next();
    const X = Array.from({ length: n }, () =>
      Array.from({ length: d }, () => (integer ? Math.floor(rnd() * 5) : Math.fround(rnd() * 10 - 5))),
    );
    const y = Array.from({ length: n }, () => Math.floor(rnd() * C));
    return { X, y, C, minLeaf };
  });

describe('builder vs brute force', () => {
  for (const integer of [false, true]) {
    it(`every gini split is optimal (${integer ? 'tied integer' : 'continuous'} features)`, () => {
      fc.assert(
        fc.property(smallData(integer), ({ X, y, C, minLeaf }) => {
          const m = new DecisionTreeClassifier({ minSamplesLeaf: minLeaf }).fit(X, y);
          const yc = y.map((v) => m.classes.indexOf(v));
          checkTree(m.tree, X, giniProxy(yc, C), minLeaf);
        }),
        { numRuns: 150 },
      );
    });
    it(`every mse split is optimal (${integer ? 'tied integer' : 'continuous'} features)`, () => {
      fc.assert(
        fc.property(smallData(integer), ({ X, y, minLeaf }) => {
          const yr = y.map((v, i) => v * 1.5 + (i % 3) * 0.25);
          const m = new DecisionTreeRegressor({ minSamplesLeaf: minLeaf }).fit(X, yr);
          checkTree(m.tree, X, mseProxy(yr), minLeaf);
        }),
        { numRuns: 150 },
      );
    });
  }

  it('node values are the class weight totals of the rows reaching the node', () => {
    fc.assert(
      fc.property(smallData(true), ({ X, y }) => {
        const m = new DecisionTreeClassifier({ maxDepth: 3 }).fit(X, y);
        const C = m.nClasses;
        const rows = nodeRows(m.tree, X);
        const crit = getCriterion('gini', 'classification') as ClassificationCriterion;
        for (const n of m.tree.reachable()) {
          const counts = new Float64Array(C);
          rows.get(n)!.forEach((i) => counts[m.classes.indexOf(y[i]!)]!++);
          expect(Array.from(m.tree.value.subarray(n * C, n * C + C))).toEqual(Array.from(counts));
          expect(m.tree.impurity[n]).toBeCloseTo(crit.impurity(counts, C, rows.get(n)!.length), 12);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('integer sample weights give the tree of duplicated rows (histogram and sort paths)', () => {
    for (const integer of [true, false]) {
      fc.assert(
        fc.property(smallData(integer), fc.integer({ min: 0, max: 1e9 }), ({ X, y }, seed) => {
          const rng = createRandom(seed);
          const w = X.map(() => 1 + rng.int(3));
          const Xd: number[][] = [];
          const yd: number[] = [];
          X.forEach((row, i) => {
            for (let k = 0; k < w[i]!; k++) {
              Xd.push(row);
              yd.push(y[i]!);
            }
          });
          const a = new DecisionTreeClassifier().fit(X, y, { sampleWeight: w });
          const b = new DecisionTreeClassifier().fit(Xd, yd);
          const arr = (m: DecisionTreeClassifier) => [
            Array.from(m.tree.threshold.subarray(0, m.nodeCount)),
            Array.from(m.tree.feature.subarray(0, m.nodeCount)),
            Array.from(m.tree.value.subarray(0, m.nodeCount * m.nClasses)),
          ];
          expect(arr(a)).toEqual(arr(b));
        }),
        { numRuns: 100 },
      );
    }
  });
});
