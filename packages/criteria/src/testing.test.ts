import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '@dt/errors';
import { gini } from './gini.js';
import { mse } from './mse.js';
import { mae } from './mae.js';
import type { ClassificationCriterion, ClassificationScanInput, RegressionCriterion, SplitResult } from './types.js';
import {
  ConformanceError,
  checkClassificationCriterion,
  checkRegressionCriterion,
  formatInput,
  giniOracle,
  maeOracle,
  mseOracle,
  randomClassificationInput,
  validPositions,
} from './testing.js';
import { createRandom } from '@dt/errors';

// The suite must be able to fail: each broken criterion below breaks one rule of the contract.

function broken(name: string, scan: ClassificationCriterion['scan']): ClassificationCriterion {
  return { name, task: 'classification', scan, impurity: gini.impurity };
}

/** A Gini scan that keeps the first of equal scores (ignores the balance rule). */
function firstTieScan(input: ClassificationScanInput, out: SplitResult): boolean {
  let best = Number.NEGATIVE_INFINITY;
  let bestPos = -1;
  for (const pos of validPositions(input)) {
    const s = giniOracle(input, pos);
    if (s > best + 1e-12) {
      best = s;
      bestPos = pos;
    }
  }
  if (bestPos < 0) return false;
  out.pos = bestPos;
  out.score = best;
  let wL = 0;
  for (let i = 0; i < bestPos; i++) wL += input.weights[i]!;
  out.leftWeight = wL;
  return true;
}

/** A Gini scan that follows score then balance, but keeps the LAST of equally balanced tied splits. */
function lastOnEqualBalanceScan(input: ClassificationScanInput, out: SplitResult): boolean {
  let W = 0;
  for (let i = 0; i < input.n; i++) W += input.weights[i]!;
  let best = Number.NEGATIVE_INFINITY;
  let bestBalance = Number.POSITIVE_INFINITY;
  let bestPos = -1;
  let bestWL = 0;
  for (const pos of validPositions(input)) {
    const s = giniOracle(input, pos);
    let wL = 0;
    for (let i = 0; i < pos; i++) wL += input.weights[i]!;
    const balance = Math.abs(2 * wL - W);
    const tol = 1e-9 * W;
    if (s > best + 1e-12 || (s >= best - 1e-12 && balance <= bestBalance + tol)) {
      best = s;
      bestBalance = balance;
      bestPos = pos;
      bestWL = wL;
    }
  }
  if (bestPos < 0) return false;
  out.pos = bestPos;
  out.score = best;
  out.leftWeight = bestWL;
  return true;
}

const expectFailure = (run: () => unknown, pattern: RegExp) => {
  expect(run).toThrow(ConformanceError);
  expect(run).toThrow(pattern);
};

describe('conformance suite', () => {
  it('accepts a correct criterion and reports what it exercised', () => {
    const report = checkClassificationCriterion(gini, { oracle: giniOracle, trials: 100 });
    expect(report).toMatchObject({ criterion: 'gini', trials: 100, scans: 300 });
    expect(report.ties).toBeGreaterThan(10);
    expect(report.noSplit).toBeGreaterThan(10);
    expect(report.positions).toBeGreaterThan(1000);
  });

  it('catches a criterion that ignores minSamplesLeaf', () => {
    const c = broken('noMinSamples', (input, out) => gini.scan({ ...input, minSamplesLeaf: 1 }, out));
    expectFailure(() => checkClassificationCriterion(c, { oracle: giniOracle }), /"noMinSamples" fails conformance .*(not a valid position|no position is valid)/);
  });

  it('catches a criterion that ignores minWeightLeaf', () => {
    const c = broken('noMinWeight', (input, out) => gini.scan({ ...input, minWeightLeaf: 0 }, out));
    expectFailure(() => checkClassificationCriterion(c, { oracle: giniOracle }), /noMinWeight/);
  });

  it('catches a criterion that keeps the first of tied splits', () => {
    const c = broken('firstTie', firstTieScan);
    expectFailure(() => checkClassificationCriterion(c, { oracle: giniOracle }), /tie rule/);
  });

  it('catches a criterion that keeps the later of equally balanced tied splits (equal balance → lower position)', () => {
    const c = broken('lastOnEqualBalance', lastOnEqualBalanceScan);
    expectFailure(() => checkClassificationCriterion(c, { oracle: giniOracle }), /as balanced, so the lower position must win/);
  });

  it('catches a criterion that splits values within the tolerance', () => {
    const c = broken('exactValues', (input, out) => {
      // Makes every value distinct, as a scan comparing with !== would see them.
      const values = input.values.map((v, i) => v + i * 1e-6);
      return gini.scan({ ...input, values }, out);
    });
    expectFailure(() => checkClassificationCriterion(c, { oracle: giniOracle }), /not a valid position|no position is valid/);
  });

  it('catches a wrong score, a wrong leftWeight and a non-boolean result', () => {
    const score = broken('offScore', (input, out) => {
      const ok = gini.scan(input, out);
      out.score *= 1.001;
      return ok;
    });
    expectFailure(() => checkClassificationCriterion(score, { oracle: giniOracle }), /differs from the oracle/);
    const weight = broken('offWeight', (input, out) => {
      const ok = gini.scan(input, out);
      out.leftWeight = input.totalWeight - out.leftWeight;
      return ok;
    });
    expectFailure(() => checkClassificationCriterion(weight, { oracle: giniOracle }), /leftWeight/);
    const result = broken('noBoolean', (input, out) => (gini.scan(input, out) ? 1 : 0) as unknown as boolean);
    expectFailure(() => checkClassificationCriterion(result, { oracle: giniOracle }), /must return a boolean/);
  });

  it('catches a criterion that reads past n or past nClasses', () => {
    const n = broken('pastN', (input, out) => {
      // Sums the weights over weights.length instead of n.
      const totalWeight = input.weights.reduce((a, b) => a + b, 0);
      return gini.scan({ ...input, totalWeight }, out);
    });
    expectFailure(() => checkClassificationCriterion(n, { oracle: giniOracle }), /pastN/);
    const classes = broken('pastClasses', (input, out) => gini.scan({ ...input, nClasses: input.classWeights.length }, out));
    expectFailure(() => checkClassificationCriterion(classes, { oracle: giniOracle, impurity: (w, c, t) => gini.impurity(w, c, t) }), /pastClasses/);
  });

  it('catches a criterion that modifies its input or leaks state between scans', () => {
    const mutates = broken('mutates', (input, out) => {
      if (input.n > 0) input.weights[0] = input.weights[0]! * 1.5;
      return gini.scan(input, out);
    });
    expectFailure(() => checkClassificationCriterion(mutates, { oracle: giniOracle }), /modified its input/);
    let calls = 0;
    const leaks = broken('leaks', (input, out) => {
      const ok = gini.scan(input, out);
      out.score += ++calls * 1e-15;
      return ok;
    });
    expectFailure(() => checkClassificationCriterion(leaks, { oracle: giniOracle }), /second scan of the same input/);
  });

  it('checks only the order of scores when scoreIsOracle is false', () => {
    const exp = broken('expGini', (input, out) => {
      const ok = gini.scan(input, out);
      out.score = Math.exp(out.score);
      return ok;
    });
    expect(() => checkClassificationCriterion(exp, { oracle: giniOracle, trials: 100 })).toThrow(/differs from the oracle/);
    expect(checkClassificationCriterion(exp, { oracle: giniOracle, trials: 100, scoreIsOracle: false }).scans).toBe(300);
    const reversed = broken('reversed', (input, out) => {
      const ok = gini.scan(input, out);
      out.score = -out.score;
      return ok;
    });
    expectFailure(() => checkClassificationCriterion(reversed, { oracle: giniOracle, scoreIsOracle: false }), /not monotone/);
  });

  it('catches a regression criterion optimising the wrong objective, and a wrong leaf value', () => {
    const wrong: RegressionCriterion = { ...mse, name: 'maeByMse' };
    expectFailure(() => checkRegressionCriterion(wrong, { oracle: maeOracle }), /maeByMse.*oracle/);
    const leaf: RegressionCriterion = { ...mae, name: 'meanLeaf', leafValue: mse.leafValue };
    expectFailure(
      () => checkRegressionCriterion(leaf, { oracle: maeOracle, leafValue: mae.leafValue }),
      /leafValue .* reference/,
    );
    expect(checkRegressionCriterion(mse, { oracle: mseOracle, trials: 50 }).scans).toBe(150);
  });

  it('catches a criterion that declares groupedEntries but counts entries as samples', () => {
    const countsEntries: RegressionCriterion = {
      ...mse,
      name: 'entries-as-samples',
      groupedEntries: true,
      scan: (input, out) => mse.scan({ ...input, counts: null }, out),
    };
    expect(() => checkRegressionCriterion(countsEntries, { oracle: mseOracle })).toThrow(/groupedEntries/);
    expect(() => checkRegressionCriterion({ ...mae, groupedEntries: true }, { oracle: maeOracle })).toThrow(/groupedEntries/);
  });

  it('puts a reproducible input in the error', () => {
    const c = broken('firstTie', firstTieScan);
    try {
      checkClassificationCriterion(c, { oracle: giniOracle });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConformanceError);
      const err = e as ConformanceError;
      expect(err.message).toContain(formatInput(err.input));
      expect(err.message).toMatch(/seed 20240601, trial \d+/);
      expect(err.message).toMatch(/values: Float64Array\.of\(/);
    }
  });

  it('validates its options', () => {
    expect(() => checkClassificationCriterion(gini, { oracle: giniOracle, trials: 0 })).toThrow(InvalidArgumentError);
    expect(() => checkClassificationCriterion(gini, {} as never)).toThrow(/options.oracle must be a function/);
    expect(() => checkRegressionCriterion(gini as never, { oracle: mseOracle })).toThrow(/a regression criterion/);
  });

  it('generates inputs that respect the scan contract', () => {
    const rng = createRandom(9);
    for (let t = 0; t < 200; t++) {
      const input = randomClassificationInput(rng);
      let W = 0;
      for (let i = 0; i < input.n; i++) {
        if (i > 0) expect(input.values[i]!).toBeGreaterThanOrEqual(input.values[i - 1]!);
        expect(input.labels[i]).toBeLessThan(input.nClasses);
        W += input.weights[i]!;
      }
      expect(input.totalWeight).toBe(W);
      expect(input.classWeights.length).toBeGreaterThanOrEqual(input.nClasses);
    }
  });
});
