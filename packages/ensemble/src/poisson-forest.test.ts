import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '@dt/errors';
import { loadForest, serializeForest } from './model-format.js';
import { ExtraTreesRegressor, RandomForestRegressor } from './random-forest.js';

/** Counts growing with x0, zeros on the left: a bootstrap draw of the zero rows alone is possible. */
function counts(): { X: number[][]; y: number[] } {
  const X: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < 80; i++) {
    X.push([i % 10, (i * 7) % 13, (i * 3) % 5]);
    y.push(i % 10 < 3 ? 0 : Math.floor((i % 10) / 2) + (i % 3));
  }
  return { X, y };
}

describe("forests with criterion 'poisson'", () => {
  for (const [name, Forest] of [
    ['RandomForestRegressor', RandomForestRegressor],
    ['ExtraTreesRegressor', ExtraTreesRegressor],
  ] as const) {
    it(`${name} fits Poisson members, saves the criterion's name and loads to the same predictions`, () => {
      const { X, y } = counts();
      const f = new Forest({ nEstimators: 5, seed: 2, criterion: 'poisson', maxDepth: 4 }).fit(X, y);
      expect(f.estimators.every((m) => m.options.criterion.name === 'poisson')).toBe(true);
      for (const p of f.predict(X)) expect(p).toBeGreaterThanOrEqual(0);
      const text = serializeForest(f);
      expect(text).toContain('"criterion":"poisson"');
      expect(Array.from(loadForest(text).predict(X) as Float64Array)).toEqual(Array.from(f.predict(X)));
    });

    it(`${name} refuses negative targets and a zero sum once, on the forest's y`, () => {
      const { X, y } = counts();
      const neg = y.slice();
      neg[11] = -1;
      const forest = () => new Forest({ nEstimators: 3, seed: 1, criterion: 'poisson' });
      expect(() => forest().fit(X, neg)).toThrow(InvalidArgumentError);
      expect(() => forest().fit(X, neg)).toThrow(/^y must be non-negative for Poisson regression .*first at row 11\), got -1$/);
      expect(() => forest().fit(X, y.map(() => 0))).toThrow(/^y must be a positive \(weighted\) sum for Poisson regression, got 0$/);
      expect(() => new Forest({ nEstimators: 3, seed: 1 }).fit(X, neg)).not.toThrow();
    });

    it(`${name}: a member whose bootstrap draw holds only zeros is a 0 leaf, not an error`, () => {
      const X = Array.from({ length: 12 }, (_, i) => [i]);
      const y = X.map((_, i) => (i === 5 ? 3 : 0));
      const f = new Forest({ nEstimators: 30, seed: 4, criterion: 'poisson', bootstrap: true }).fit(X, y);
      // One positive row: every split leaves a zero-sum side, so every member is a single leaf (its mean).
      expect(f.estimators.every((m) => m.nodeCount === 1)).toBe(true);
      const zeroMembers = f.estimators.filter((m) => m.predict([[5]])[0] === 0);
      expect(zeroMembers.length).toBeGreaterThan(0);
      expect(zeroMembers.length).toBeLessThan(f.estimators.length);
    });
  }
});
