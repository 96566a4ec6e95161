import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '@dt/datasets';
import { DecisionStreamClassifier } from './decision-stream-classifier.js';
import { DecisionStreamRegressor } from './decision-stream-regressor.js';
import { binomialCoefficientDouble, candidateOrder, clojureRatioDouble, doubleHash, referenceCountsTest, referenceKsExactP, referenceKsP } from './reference-compat.js';
import type { StreamGraph } from './stream-graph.js';
import { createPValueOut } from './test-result.js';

/**
 * Graphs grown by the authors' reference code (Clojure + Commons Math 3.6.1), written by
 * `bench stream --reference DIR --fixtures` through apps/bench/reference/decision-stream-driver.clj.
 */
interface RefNode { feature?: number; threshold?: number; left?: number; right?: number; leaf?: [number, number][] }
interface RefRun { alpha: number; nodes: RefNode[]; trainPredictions: number[] }

const fixture = (name: string): RefRun => JSON.parse(readFileSync(new URL(`../fixtures/reference/${name}.json`, import.meta.url), 'utf8')) as RefRun;

/** Lines naming every node reachable from the root, numbered breadth-first (left child first). */
function canonical(root: number, split: (id: number) => { feature: number; threshold: number; left: number; right: number } | null, leaf: (id: number) => number[]): string[] {
  // a split whose two children are the same node is that node (dt drops such splits when it freezes)
  const memo = new Map<number, number>();
  const resolve = (id: number): number => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    let at = id;
    for (;;) {
      const s = split(at);
      if (s === null) break;
      const l = resolve(s.left);
      if (l !== resolve(s.right)) break;
      at = l;
    }
    memo.set(id, at);
    return at;
  };
  const ids = new Map<number, number>();
  const queue = [resolve(root)];
  ids.set(queue[0]!, 0);
  const lines: string[] = [];
  for (let q = 0; q < queue.length; q++) {
    const id = queue[q]!;
    const s = split(id);
    if (s === null) {
      lines.push(`${q}: leaf ${leaf(id).map((v) => v.toFixed(12)).join(' ')}`);
      continue;
    }
    const kids = [resolve(s.left), resolve(s.right)].map((c) => {
      if (!ids.has(c)) {
        ids.set(c, queue.length);
        queue.push(c);
      }
      return ids.get(c)!;
    });
    lines.push(`${q}: x${s.feature} <= ${s.threshold} ? ${kids[0]} : ${kids[1]}`);
  }
  return lines;
}

function referenceLines(run: RefRun, nClasses: number): string[] {
  return canonical(
    0,
    (id) => {
      const nd = run.nodes[id]!;
      return nd.leaf ? null : { feature: nd.feature!, threshold: nd.threshold!, left: nd.left!, right: nd.right! };
    },
    (id) => {
      const v = new Array<number>(nClasses).fill(0);
      for (const [c, f] of run.nodes[id]!.leaf!) v[c] = f;
      return v;
    },
  );
}

function dtLines(g: StreamGraph): string[] {
  const C = g.nOutputs;
  return canonical(
    0,
    (id) => {
      if (g.feature[id]! < 0) return null;
      const e = g.childStart[id]!;
      return { feature: g.feature[id]!, threshold: g.thresholds[e]!, left: g.children[e]!, right: g.children[e + 1]! };
    },
    (id) => {
      const v = Array.from(g.value.subarray(id * C, (id + 1) * C));
      const s = v.reduce((a, b) => a + b, 0);
      return v.map((x) => x / s);
    },
  );
}

interface PCase { n1: number; n2: number; dInt: number; p: number }
const pv = JSON.parse(readFileSync(new URL('../fixtures/reference-pvalues.json', import.meta.url), 'utf8')) as {
  ksExact: PCase[];
  ksApprox: PCase[];
  mwu: { x: number[]; y: number[]; p: number }[];
  mapOrder: { inserted: number[]; order: number[] }[];
};

describe("the reference code's p-values (Commons Math 3.6.1, written by scripts/make-reference-pvalues.clj)", () => {
  it('exact KS: exactP(d, n1, n2, strict) bit for bit', () => {
    for (const c of pv.ksExact) expect(referenceKsExactP(c.dInt, c.n1, c.n2), JSON.stringify(c)).toBe(c.p);
    // the example: P(D > 0.6) where scipy's P(D >= 0.6) is 0.0524
    expect(referenceKsP(60, 10, 10)).toBeCloseTo(0.0123406, 7);
  });

  it('asymptotic KS: 1 − ksSum(λ), 0 once it underflows', () => {
    for (const c of pv.ksApprox) {
      const p = referenceKsP(c.dInt, c.n1, c.n2);
      // Math.exp for FastMath.exp: equal up to the last bits of ksSum
      expect(Math.abs(p - c.p), JSON.stringify(c)).toBeLessThanOrEqual(4e-16 + 1e-14 * c.p);
      if (c.p === 0) expect(p).toBe(0);
    }
  });

  it('Mann–Whitney U: normal approximation without corrections', () => {
    const out = createPValueOut();
    for (const c of pv.mwu) {
      const C = 32;
      const cA = new Float64Array(C);
      const cB = new Float64Array(C);
      for (const v of c.x) cA[v]!++;
      for (const v of c.y) cB[v]!++;
      referenceCountsTest(cA, c.x.length, cB, c.y.length, C, out);
      expect(out.test).toBe('mwu');
      expect(out.pValue).toBeCloseTo(c.p, 13);
    }
  });

  it("Clojure's map order for double keys (insertion up to 8 keys, else hash trie order)", () => {
    expect(doubleHash(1.5)).toBe(1073217536);
    for (const c of pv.mapOrder) {
      const keys = Float64Array.from(c.inserted);
      const order = new Int32Array(keys.length);
      candidateOrder(keys, keys.length, order, new Float64Array(keys.length));
      expect(Array.from(order, (i) => keys[i])).toEqual(c.order);
    }
    expect(binomialCoefficientDouble(200, 100)).toBeGreaterThan(9e58);
  });

  it("Clojure's ratio to double: 16 decimal digits, then the nearest double", () => {
    // printed by Clojure 1.11: (double (/ a b))
    const cases: [number, number, number][] = [
      [1, 3, 0.3333333333333333], [2, 3, 0.6666666666666667], [7, 10, 0.7], [1234567, 7654321, 0.1612902045785642],
      [5000, 5001, 0.9998000399920016], [37, 768, 0.04817708333333333], [614, 768, 0.7994791666666667],
      [99999, 100000, 0.99999], [1, 7, 0.1428571428571429], [26, 27, 0.962962962962963], [123456789, 987654321, 0.1249999988609375],
    ];
    for (const [a, b, v] of cases) expect(clojureRatioDouble(a, b), `${a}/${b}`).toBe(v);
    expect(1 / 7).not.toBe(0.1428571428571429); // plain division differs
  });
});

describe("compat: 'reference' options", () => {
  it('takes only the options the reference code has, and only for classification', () => {
    const X = [[1], [2], [3], [4]];
    expect(() => new DecisionStreamClassifier({ compat: 'reference', test: 'parametric' }).fit(X, [0, 0, 1, 1])).toThrow(/test must be "nonparametric"/);
    expect(() => new DecisionStreamClassifier({ compat: 'reference', candidates: 'exhaustive' }).fit(X, [0, 0, 1, 1])).toThrow(/candidates/);
    expect(() => new DecisionStreamClassifier({ compat: 'other' as 'dt' }).fit(X, [0, 0, 1, 1])).toThrow(/compat/);
    expect(() => new DecisionStreamRegressor({ compat: 'reference' } as object).fit(X, [0, 0, 1, 1])).toThrow(/compat/);
  });
});

describe("compat: 'reference' grows the reference code's graph", () => {
  it('20 rows, x = 1..20, y = 00000100101101111011', () => {
    const X = Array.from({ length: 20 }, (_, i) => [i + 1]);
    const y = [...'00000100101101111011'].map(Number);
    for (const alpha of [0.02, 0.05]) {
      const run = fixture(`twenty-${alpha}`);
      const model = new DecisionStreamClassifier({ alpha, compat: 'reference' }).fit(X, y);
      expect(dtLines(model.graph), `alpha ${alpha}`).toEqual(referenceLines(run, 2));
      expect(Array.from(model.predict(X))).toEqual(run.trainPredictions);
    }
    // dt's default statistics do not split there at 0.02: P(D >= 0.6) = 0.0524
    expect(new DecisionStreamClassifier({ alpha: 0.02 }).fit(X, y).nodeCount).toBe(1);
  });

  it('pima at alpha 0.005, 0.02, 0.05', async () => {
    const pima = await loadDataset('pima-indians-diabetes');
    let differs = 0;
    for (const alpha of [0.005, 0.02, 0.05]) {
      const run = fixture(`pima-${alpha}`);
      const model = new DecisionStreamClassifier({ alpha, compat: 'reference' }).fit(pima.X, pima.y as number[]);
      expect(dtLines(model.graph), `alpha ${alpha}`).toEqual(referenceLines(run, 2));
      expect(Array.from(model.predict(pima.X)), `alpha ${alpha}`).toEqual(run.trainPredictions);
      differs += dtLines(new DecisionStreamClassifier({ alpha }).fit(pima.X, pima.y as number[]).graph).join() === dtLines(model.graph).join() ? 0 : 1;
    }
    expect(differs).toBeGreaterThan(0); // dt's own statistics grow other graphs there
  });

  it("letter's first 600 rows at alpha 0.05: the next round's leaves in the reference's list order", async () => {
    // 26 classes and many rounds: which leaves merge depends on the order of the leaf list, which the
    // reference builds with `into` on a lazy sequence (this round's leaves reversed, then the closed ones)
    const all = await loadDataset('letter-recognition');
    const rows = 600;
    const X = { data: all.X.data.slice(0, rows * all.X.cols), rows, cols: all.X.cols };
    const labels = Array.from(all.y as ArrayLike<string>).slice(0, rows);
    const classes = [...new Set(labels)].sort();
    const y = labels.map((v) => classes.indexOf(v));
    const run = fixture('letter600-0.05');
    const model = new DecisionStreamClassifier({ alpha: 0.05, compat: 'reference' }).fit(X, y);
    expect(dtLines(model.graph)).toEqual(referenceLines(run, classes.length));
    expect(Array.from(model.predict(X))).toEqual(run.trainPredictions);
  });

});
