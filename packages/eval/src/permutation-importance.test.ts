import { describe, expect, it } from 'vitest';
import { createRandom } from '@dt/errors';
import { permutationImportance } from './permutation-importance.js';
import type { DenseMatrix } from './types.js';

// A fixed "model": class = x0 > 0.5 (feature 1 is ignored, feature 2 a weak tie-breaker never used).
const model = { predict: (X: DenseMatrix<Float64Array>) => Array.from({ length: X.rows }, (_, r) => (X.data[r * X.cols]! > 0.5 ? 1 : 0)) };

describe('permutationImportance', () => {
  const rng = createRandom(3);
  const X = Array.from({ length: 200 }, () => [rng.next(), rng.next(), rng.next()]);
  const y = X.map((x) => (x[0]! > 0.5 ? 1 : 0));

  it('drops only for the feature the model reads; unused features score exactly 0', () => {
    const r = permutationImportance(model, X, y, { nRepeats: 4, seed: 1 });
    expect(r.baselineScore).toBe(1);
    expect(r.importancesMean[0]).toBeGreaterThan(0.3);
    expect(r.importancesMean[1]).toBe(0);
    expect(r.importancesMean[2]).toBe(0);
    expect(r.importances[0]!.length).toBe(4);
    const m = r.importances[0]!.reduce((a, b) => a + b, 0) / 4;
    expect(r.importancesMean[0]).toBeCloseTo(m, 12);
    expect(r.importancesStd[0]).toBeCloseTo(Math.sqrt(r.importances[0]!.reduce((a, b) => a + (b - m) ** 2, 0) / 4), 12);
  });

  it('is deterministic by seed, leaves X untouched, and error metrics count a rise as importance', () => {
    const copy = X.map((r) => [...r]);
    const a = permutationImportance(model, X, y, { seed: 7 });
    const b = permutationImportance(model, X, y, { seed: 7 });
    expect(a).toEqual(b);
    expect(X).toEqual(copy);
    const reg = { predict: (M: DenseMatrix<Float64Array>) => Array.from({ length: M.rows }, (_, r) => 3 * M.data[r * M.cols]!) };
    const t = X.map((x) => 3 * x[0]!);
    const e = permutationImportance(reg, X, t, { scoring: 'mse', task: 'regression', seed: 2 });
    expect(e.baselineScore).toBe(0);
    expect(e.importancesMean[0]).toBeGreaterThan(0);
  });

  it('validates its arguments by name', () => {
    expect(() => permutationImportance(model, X, y, { nRepeats: 0 })).toThrow(/nRepeats/);
    expect(() => permutationImportance({} as never, X, y)).toThrow(/estimator/);
    expect(() => permutationImportance(model, X, y.slice(1))).toThrow(/y has/);
  });
});
