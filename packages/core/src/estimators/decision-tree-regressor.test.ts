import { describe, expect, it } from 'vitest';
import { DecisionTreeRegressor } from '../index.js';
import { randomRegression } from '../test-helpers/random-data.js';

describe('DecisionTreeRegressor', () => {
  it('fits training data exactly when fully grown and targets are distinct', () => {
    const { X, y } = randomRegression(200, 3, 21);
    const m = new DecisionTreeRegressor().fit(X, y);
    expect(Array.from(m.predict(X))).toEqual(y);
    expect(m.score(X, y)).toBe(1);
  });
  it('mae leaves predict the weighted median', () => {
    const X = [[0], [0.1], [0.2], [5], [5.1], [5.2]];
    const y = [1, 2, 30, 100, 101, 140];
    const m = new DecisionTreeRegressor({ criterion: 'mae', maxDepth: 1 }).fit(X, y);
    expect(Array.from(m.predict([[0], [5]]))).toEqual([2, 101]);
  });
  it('constant targets give one leaf; regression criteria only', () => {
    expect(new DecisionTreeRegressor().fit([[1], [2], [3]], [4, 4, 4]).nodeCount).toBe(1);
    expect(() => new DecisionTreeRegressor({ criterion: 'gini' })).toThrowError(/criterion must be a regression criterion/);
    expect(() => new DecisionTreeRegressor().fit([[1], [2]], [1, Number.NaN])).toThrowError('y[1] must be a finite number, got NaN');
    expect(() => new DecisionTreeRegressor({ classWeight: 'balanced' } as never)).toThrowError(/options.classWeight/);
  });
  it('accepts row-major dense matrices and ml-matrix-like objects alike', () => {
    const { X, y } = randomRegression(50, 2, 22);
    const dense = { data: Float64Array.from(X.flat()), rows: 50, cols: 2 };
    const like = { rows: 50, columns: 2, get: (r: number, c: number) => X[r]![c]! };
    const a = new DecisionTreeRegressor({ maxDepth: 4 }).fit(X, y).predict(X);
    expect(Array.from(new DecisionTreeRegressor({ maxDepth: 4 }).fit(dense, y).predict(dense))).toEqual(Array.from(a));
    expect(Array.from(new DecisionTreeRegressor({ maxDepth: 4 }).fit(like, y).predict(like))).toEqual(Array.from(a));
  });
  it('apply and decisionPath agree', () => {
    const { X, y } = randomRegression(80, 2, 23);
    const m = new DecisionTreeRegressor({ maxDepth: 5 }).fit(X, y);
    const leaves = m.apply(X);
    const { indptr, indices } = m.decisionPath(X);
    for (let r = 0; r < X.length; r++) {
      expect(indices[indptr[r]!]).toBe(0);
      expect(indices[indptr[r + 1]! - 1]).toBe(leaves[r]);
      expect(indptr[r + 1]! - indptr[r]!).toBeLessThanOrEqual(m.depth + 1);
    }
  });
});
