import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { poisson } from '@dt/criteria';
import { InvalidArgumentError } from '@dt/errors';
import { DecisionTreeRegressor, loadModel, TreeRegressor } from '../index.js';

/** Counts on a grid: y = Poisson-like counts growing with x0, zeros included. */
function counts(): { X: number[][]; y: number[] } {
  const X: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < 60; i++) {
    X.push([i % 10, (i * 7) % 13]);
    y.push(i % 10 < 3 ? (i % 4 === 0 ? 1 : 0) : Math.floor((i % 10) / 2) + (i % 3));
  }
  return { X, y };
}

describe("criterion 'poisson' (half Poisson deviance, scikit-learn's)", () => {
  it('is accepted by name (DecisionTreeRegressor) and as a value (TreeRegressor), growing the same tree', () => {
    const { X, y } = counts();
    const byName = new DecisionTreeRegressor({ criterion: 'poisson', maxDepth: 4 }).fit(X, y);
    const byValue = new TreeRegressor({ criterion: poisson, maxDepth: 4 }).fit(X, y);
    expect(byName.options.criterion).toBe(poisson);
    expect(byName.nodeCount).toBeGreaterThan(3);
    const n = byName.nodeCount;
    expect(byValue.nodeCount).toBe(n);
    for (const key of ['left', 'right', 'feature', 'threshold'] as const) {
      expect(Array.from(byValue.tree[key].subarray(0, n)), key).toEqual(Array.from(byName.tree[key].subarray(0, n)));
    }
    expect(Array.from(byValue.predict(X))).toEqual(Array.from(byName.predict(X)));
    // Leaves predict the mean count, never a negative value.
    for (const p of byName.predict(X)) expect(p).toBeGreaterThanOrEqual(0);
  });

  it('refuses a negative target, naming y and the first bad value', () => {
    const { X, y } = counts();
    y[7] = -2;
    y[9] = -5;
    const fit = () => new DecisionTreeRegressor({ criterion: 'poisson' }).fit(X, y);
    expect(fit).toThrow(InvalidArgumentError);
    expect(fit).toThrow(/^y must be non-negative for Poisson regression \(some value\(s\) of y are negative; the first at row 7\), got -2$/);
    try {
      fit();
    } catch (e) {
      expect((e as InvalidArgumentError).argument).toBe('y');
      expect((e as InvalidArgumentError).value).toBe(-2);
    }
    // Other criteria take negative targets.
    expect(() => new DecisionTreeRegressor({ criterion: 'mse' }).fit(X, y)).not.toThrow();
  });

  it('refuses targets whose (weighted) sum is not positive', () => {
    const { X } = counts();
    const zeros = X.map(() => 0);
    expect(() => new DecisionTreeRegressor({ criterion: 'poisson' }).fit(X, zeros)).toThrow(/^y must be a positive \(weighted\) sum for Poisson regression, got 0$/);
    const y = X.map((_, i) => (i === 3 ? 4 : 0));
    const sampleWeight = X.map((_, i) => (i === 3 ? 0 : 1));
    expect(() => new DecisionTreeRegressor({ criterion: 'poisson' }).fit(X, y, { sampleWeight })).toThrow(InvalidArgumentError);
    expect(() => new DecisionTreeRegressor({ criterion: 'poisson' }).fit(X, y)).not.toThrow();
  });

  it('is saved by name: the model file loads and predicts the same', () => {
    const { X, y } = counts();
    const m = new DecisionTreeRegressor({ criterion: 'poisson', minSamplesLeaf: 3 }).fit(X, y);
    const text = JSON.stringify(m);
    expect(JSON.parse(text).params.criterion).toBe('poisson');
    const back = loadModel(text) as DecisionTreeRegressor;
    expect(back).toBeInstanceOf(DecisionTreeRegressor);
    expect(back.options.criterion).toBe(poisson);
    expect(Array.from(back.predict(X))).toEqual(Array.from(m.predict(X)));
    expect(Array.from(back.tree.impurity.subarray(0, back.nodeCount))).toEqual(Array.from(m.tree.impurity.subarray(0, m.nodeCount)));
  });

  it("splitter 'hist' grows the exact tree when features have <= maxBins values (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 50 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.boolean(),
        fc.option(fc.integer({ min: 2, max: 8 }), { nil: null }),
        fc.integer({ min: 1, max: 3 }),
        (rows, cols, seed, weighted, maxLeafNodes, minSamplesLeaf) => {
          let s = seed + 1;
          const next = (m: number): number => {
            s = (s * 1103515245 + 12345) % 2147483648;
            return Math.floor((s / 2147483648) * m);
          };
          const X = Array.from({ length: rows }, () => Array.from({ length: cols }, () => next(8)));
          const y = X.map((x) => (x[0]! > 3 ? next(6) : next(2)));
          y[0] = 1 + y[0]!; // a positive sum
          const sampleWeight = weighted ? X.map(() => [0.5, 1, 2, 3.25][next(4)]!) : null;
          const fit = (splitter: 'best' | 'hist') =>
            new DecisionTreeRegressor({ criterion: 'poisson', splitter, maxLeafNodes, minSamplesLeaf }).fit(X, y, { sampleWeight });
          const a = fit('best');
          const b = fit('hist');
          const n = a.nodeCount;
          expect(b.nodeCount).toBe(n);
          for (const key of ['left', 'right', 'feature', 'threshold'] as const) {
            expect(Array.from(b.tree[key].subarray(0, n))).toEqual(Array.from(a.tree[key].subarray(0, n)));
          }
          for (let i = 0; i < n; i++) {
            expect(b.tree.value[i]).toBeCloseTo(a.tree.value[i]!, 9);
            expect(b.tree.impurity[i]).toBeCloseTo(a.tree.impurity[i]!, 9);
          }
        },
      ),
      { numRuns: 200, seed: 33 },
    );
  });
});
