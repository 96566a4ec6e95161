import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { costComplexityPath, DecisionTreeClassifier, DecisionTreeRegressor, treeToJson } from '@dt/core';
import { stratifiedKFold } from '@dt/eval';
import { ccpCandidateAlphas, chooseCcpAlpha } from './index.js';
import { randomData } from './testing-fixtures/random-data.js';

describe('ccpCandidateAlphas', () => {
  it('geometric means of consecutive distinct alphas, 0 for the first when the path starts at 0, then the last alpha', () => {
    expect(ccpCandidateAlphas([0, 0.01, 0.01, 0.04, 0.09])).toEqual([0, 0.01 * 2, Math.sqrt(0.04 * 0.09), 0.09]);
    expect(ccpCandidateAlphas([0])).toEqual([0]);
    expect(ccpCandidateAlphas([0, -1e-18, 0.5])).toEqual([0, 0.5]);
    expect(ccpCandidateAlphas([0, 0.1, 0.1 + 1e-17, 0.4])).toEqual([0, Math.sqrt(0.1 * 0.4), 0.4]);
  });
});

describe('chooseCcpAlpha', () => {
  const { X, y } = randomData(240, 4, 21, 'classification');

  it('CV table equals refitting an estimator with ccpAlpha at every candidate on every fold (brute force)', () => {
    const folds = stratifiedKFold(y, 4, { shuffle: true, seed: 3 });
    const res = chooseCcpAlpha({ criterion: 'entropy', minSamplesLeaf: 2 }, X, y, { folds });
    const full = new DecisionTreeClassifier({ criterion: 'entropy', minSamplesLeaf: 2 }).fit(X, y);
    expect(res.table.map((r) => r.alpha)).toEqual(ccpCandidateAlphas(costComplexityPath(full.tree).alphas));
    expect(res.table.length).toBeGreaterThan(5);
    for (const row of res.table) {
      const scores = folds.map(({ train, test }) => {
        const m = new DecisionTreeClassifier({ criterion: 'entropy', minSamplesLeaf: 2, ccpAlpha: row.alpha }).fit(
          Array.from(train, (i) => X[i]!),
          Array.from(train, (i) => y[i]!),
        );
        return m.score(Array.from(test, (i) => X[i]!), Array.from(test, (i) => y[i]!));
      });
      scores.forEach((s, f) => expect(row.foldScores[f]).toBeCloseTo(s, 12));
      const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
      expect(row.meanScore).toBeCloseTo(mean, 12);
      const sd = Math.sqrt(scores.reduce((a, b) => a + (b - mean) ** 2, 0) / (scores.length - 1));
      expect(row.se).toBeCloseTo(sd / 2, 12);
      expect(row.nLeaves).toBe(new DecisionTreeClassifier({ criterion: 'entropy', minSamplesLeaf: 2, ccpAlpha: row.alpha }).fit(X, y).nLeaves);
    }
    // The returned model is the full-data tree at the chosen alpha, as the ccpAlpha option grows it.
    const refit = new DecisionTreeClassifier({ criterion: 'entropy', minSamplesLeaf: 2, ccpAlpha: res.alpha }).fit(X, y);
    expect(treeToJson(res.model.tree)).toEqual(treeToJson(refit.tree));
    expect(res.model.options.ccpAlpha).toBe(res.alpha);
  });

  it("rules: 'min' takes the best mean (ties: larger alpha); 'one-se' the largest alpha within one SE of it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.constantFrom(3, 5), (seed, folds) => {
        const d = randomData(120, 3, seed, 'classification');
        const min = chooseCcpAlpha({}, d.X, d.y, { folds, seed });
        const best = Math.max(...min.table.map((r) => r.meanScore));
        // Equal fold accuracies can sum to means one ulp apart: those count as ties.
        expect(min.table[min.index]!.meanScore).toBeGreaterThanOrEqual(best - 1e-12);
        for (let c = min.index + 1; c < min.table.length; c++) expect(min.table[c]!.meanScore).toBeLessThan(best - 1e-12);
        const one = chooseCcpAlpha({}, d.X, d.y, { folds, seed, rule: 'one-se' });
        expect(one.bestIndex).toBe(min.index);
        expect(one.alpha).toBeGreaterThanOrEqual(min.alpha);
        const floor = best - min.table[min.index]!.se;
        expect(one.table[one.index]!.meanScore).toBeGreaterThanOrEqual(floor - 1e-12);
        for (let c = one.index + 1; c < one.table.length; c++) expect(one.table[c]!.meanScore).toBeLessThan(floor);
        expect(one.model.nLeaves).toBeLessThanOrEqual(min.model.nLeaves);
      }),
      { numRuns: 15 },
    );
  });

  it('is deterministic for a seed and accepts a factory', () => {
    const a = chooseCcpAlpha(() => new DecisionTreeClassifier({ maxDepth: 6 }), X, y, { seed: 4 });
    const b = chooseCcpAlpha({ maxDepth: 6 }, X, y, { seed: 4 });
    expect(a.table).toEqual(b.table);
    expect(a.alpha).toBe(b.alpha);
    expect(a.model.options.maxDepth).toBe(6);
  });

  it('regression: scores are −MSE; misclassification risk works for classifiers', () => {
    const r = randomData(150, 2, 5, 'regression');
    const res = chooseCcpAlpha({ maxDepth: 8 }, r.X, r.y, { folds: 3 });
    expect(res.scoring).toBe('neg_mean_squared_error');
    expect(res.model).toBeInstanceOf(DecisionTreeRegressor);
    expect(res.table.every((row) => row.meanScore <= 0)).toBe(true);
    const mis = chooseCcpAlpha({}, X, y, { risk: 'misclassification' });
    expect(mis.scoring).toBe('accuracy');
    expect(mis.model.options.ccpAlpha).toBe(0); // the option means impurity risk, so it is not claimed
  });

  it('validates its options', () => {
    expect(() => chooseCcpAlpha({}, X, y, { folds: 1 })).toThrowError(/options.folds must be an integer in \[2, 240\]/);
    expect(() => chooseCcpAlpha({}, X, y, { rule: '1se' as never })).toThrowError(/options.rule must be one of "min", "one-se"/);
    expect(() => chooseCcpAlpha({}, X, y.slice(1))).toThrowError('y has 239 values but X has 240 rows');
    expect(() => chooseCcpAlpha({}, X, y, { folds: [{ train: [0], test: [999] }, { train: [1], test: [2] }] })).toThrowError(
      /options.folds\[0\].test\[0\] must be a row index in \[0, 240\)/,
    );
    expect(() => chooseCcpAlpha((() => ({})) as never, X, y)).toThrowError(/makeEstimator must be a function returning a DecisionTreeClassifier/);
    expect(() => chooseCcpAlpha({}, X, y, { k: 3 } as never)).toThrowError(/options.k must be one of the known options/);
  });
});
