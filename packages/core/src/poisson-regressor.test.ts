import { describe, expect, it } from 'vitest';
import { poisson } from '@dt/criteria';
import { InvalidArgumentError } from '@dt/errors';
import { DecisionTreeRegressor, loadModel, TreeRegressor } from './index.js';

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
});
