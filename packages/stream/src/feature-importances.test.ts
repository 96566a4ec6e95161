import { describe, expect, it } from 'vitest';
import { createRandom } from '@dt/errors';
import { DecisionStreamClassifier, DecisionStreamRegressor, loadStreamModel, serializeStreamModel } from './index.js';

// Feature 0 decides the class (with 10 % noise), feature 1 a little, feature 2 is noise.
function data(n: number, seed: number): { X: number[][]; y: number[] } {
  const rng = createRandom(seed);
  const X: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i++) {
    const row = [rng.next(), rng.next(), rng.next()];
    X.push(row);
    y.push((row[0]! > 0.5 ? 1 : 0) ^ (rng.next() < 0.1 ? 1 : 0) ^ (row[0]! > 0.5 && row[1]! > 0.9 ? 1 : 0));
  }
  return { X, y };
}

const gini = (counts: ArrayLike<number>): number => {
  let n = 0;
  let sq = 0;
  for (let c = 0; c < counts.length; c++) {
    n += counts[c]!;
    sq += counts[c]! * counts[c]!;
  }
  return n - sq / n; // n × Gini
};

describe('Decision Stream featureImportances', () => {
  const { X, y } = data(400, 7);

  it('without merges equals the brute-force mean decrease in impurity of the tree', () => {
    const clf = new DecisionStreamClassifier({ merge: false, seed: 1 }).fit(X, y);
    const g = clf.graph;
    const C = g.nOutputs;
    const want = new Float64Array(3);
    for (let i = 0; i < g.nodeCount; i++) {
      if (g.feature[i]! < 0) continue;
      let d = gini(g.value.subarray(i * C, (i + 1) * C));
      for (let k = g.childStart[i]!; k < g.childStart[i + 1]!; k++) {
        const c = g.children[k]!;
        expect(g.inDegree()[c]).toBe(1); // a tree: the child's statistics are this split's
        d -= gini(g.value.subarray(c * C, (c + 1) * C));
      }
      want[g.feature[i]!]! += d;
    }
    const total = want.reduce((a, b) => a + b, 0);
    const got = clf.featureImportances;
    for (let f = 0; f < 3; f++) expect(got[f]).toBeCloseTo(want[f]! / total, 12);
  });

  it('with merges: non-negative, sums to 1, the deciding feature first; survives save and load', () => {
    const clf = new DecisionStreamClassifier({ seed: 1 }).fit(X, y);
    expect(clf.nMergedNodes).toBeGreaterThan(0);
    const imp = clf.featureImportances;
    expect(imp.length).toBe(3);
    expect(imp.every((v) => v >= 0)).toBe(true);
    expect(imp.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(imp[0]).toBeGreaterThan(0.5);
    expect(imp[0]).toBeGreaterThan(imp[2]!);
    expect(loadStreamModel(serializeStreamModel(clf)).featureImportances).toEqual(imp);
  });

  it('regression uses the sum of squared deviations; an older file without gains is refused by name', () => {
    const t = X.map((r) => 3 * r[1]! + (r[2]! > 0.5 ? 0.1 : 0));
    const reg = new DecisionStreamRegressor({ seed: 2 }).fit(X, t);
    const imp = reg.featureImportances;
    expect(imp[1]).toBeGreaterThan(0.8);
    const old = JSON.parse(serializeStreamModel(reg)) as { graph: { gain?: number[] } };
    delete old.graph.gain;
    expect(() => loadStreamModel(JSON.stringify(old)).featureImportances).toThrow('model must be a model fitted or saved with split gains');
  });
});
