import { describe, expect, it } from 'vitest';
import { DecisionStreamClassifier, DecisionStreamRegressor } from './index.js';
import { isLoneSample } from './split-scan.js';

// One odd row among n others: its exact permutation p-value is 1/(n + 1), below alpha = 0.02 once
// n >= 50, but which row is odd was seen before the cut was chosen (split-scan.ts, isLoneSample).
describe('a single sample is never split off (default mode)', () => {
  const n = 100;
  // x = 0..97, then two far values: the top equal-width section holds only the far rows
  const X = Array.from({ length: n }, (_, i) => [i < n - 2 ? i : 1000 + i]);

  it('classification: one odd row stays, two odd rows are split off', () => {
    const Xone = X.map((r, i) => (i === n - 2 ? [97.5] : r)); // only the last row is far
    const one = X.map((_, i) => (i === n - 1 ? 1 : 0));
    for (const candidates of ['sections', 'exhaustive'] as const) {
      expect(new DecisionStreamClassifier({ alpha: 0.02, candidates }).fit(Xone, one).nodeCount, candidates).toBe(1);
    }
    const two = X.map((_, i) => (i >= n - 2 ? 1 : 0));
    const model = new DecisionStreamClassifier({ alpha: 0.02 }).fit(X, two);
    expect(model.nodeCount).toBe(3);
    expect(Array.from(model.predict([[0], [1098], [1099]]))).toEqual([0, 1, 1]);
  });

  it('regression: one outlying target stays, two are split off', () => {
    const Xone = X.map((r, i) => (i === n - 2 ? [97.5] : r));
    const one = X.map((_, i) => (i === n - 1 ? 100 : i % 3));
    expect(new DecisionStreamRegressor({ alpha: 0.02 }).fit(Xone, one).nodeCount).toBe(1);
    const two = X.map((_, i) => (i >= n - 2 ? 100 : i % 3));
    expect(new DecisionStreamRegressor({ alpha: 0.02 }).fit(X, two).nodeCount).toBeGreaterThan(1);
  });

  it('the rule names cuts with fewer than two samples on a side', () => {
    expect([isLoneSample(1, 10), isLoneSample(9, 10), isLoneSample(2, 10), isLoneSample(8, 10)]).toEqual([true, true, false, false]);
  });
});
