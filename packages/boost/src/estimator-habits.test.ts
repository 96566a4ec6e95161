import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, NotFittedError, ShapeMismatchError } from '@dt/errors';
import { HistGradientBoostingClassifier } from './hist-gradient-boosting-classifier.js';
import { HistGradientBoostingRegressor } from './hist-gradient-boosting-regressor.js';
import { arrayOf } from './testing-fixtures/sklearn-fixture.js';

const X = arrayOf('reg_missing', 'X') as number[][];
const yr = arrayOf('reg', 'y') as number[];
const yb = arrayOf('bin', 'y') as number[];
const ym = arrayOf('multi', 'y') as number[];

describe('options are validated once, naming the option and the value', () => {
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ learningRate: 0 }, /learningRate/],
    [{ maxIter: 1.5 }, /maxIter/],
    [{ maxLeafNodes: 1 }, /maxLeafNodes/],
    [{ maxBins: 256 }, /maxBins/],
    [{ loss: 'log_loss' }, /loss/],
    [{ loss: 'quantile' }, /quantile/],
    [{ maxFeatures: 0 }, /maxFeatures/],
    [{ earlyStopping: 'yes' }, /earlyStopping/],
    [{ validationFraction: 1 }, /validationFraction/],
    [{ monotonicCst: [2] }, /monotonicCst\[0\]/],
    [{ interactionCst: [[0, -1]] }, /interactionCst\[0\]\[1\]/],
    [{ nJobs: 2 }, /nJobs/],
    [{ categoricalFeatures: [0] }, /categoricalFeatures/],
    [{ classWeight: 'balanced' }, /classWeight/],
    [{ maxIters: 3 }, /maxIters/],
  ];
  for (const [opts, msg] of cases) {
    it(JSON.stringify(opts), () => {
      expect(() => new HistGradientBoostingRegressor(opts as never)).toThrow(InvalidArgumentError);
      expect(() => new HistGradientBoostingRegressor(opts as never)).toThrow(msg);
    });
  }
  it('fit-time checks: monotonicCst length, multiclass monotonic, interaction indices, validation data without early stopping', () => {
    expect(() => new HistGradientBoostingRegressor({ monotonicCst: [1] }).fit(X, yr)).toThrow(/monotonicCst/);
    expect(() => new HistGradientBoostingClassifier({ monotonicCst: [1, 0, 0, 0, 0] }).fit(X, ym)).toThrow(/multiclass/);
    expect(() => new HistGradientBoostingRegressor({ interactionCst: [[0, 9]] }).fit(X, yr)).toThrow(/interactionCst\[0\]\[1\]/);
    expect(() => new HistGradientBoostingRegressor({ earlyStopping: false }).fit(X, yr, { XVal: X, yVal: yr })).toThrow(/earlyStopping/);
    expect(() => new HistGradientBoostingRegressor({ loss: 'gamma' }).fit(X, yr)).toThrow(/y\[\d+\]/);
    expect(() => new HistGradientBoostingRegressor().fit(X, yr, { sampleWeights: [] } as never)).toThrow(/sampleWeights/);
  });
});

describe('fitted estimators', () => {
  it('refuse use before fit and wrong feature counts', () => {
    expect(() => new HistGradientBoostingRegressor().predict(X)).toThrow(NotFittedError);
    const m = new HistGradientBoostingRegressor({ maxIter: 3 }).fit(X, yr);
    expect(() => m.predict([[1, 2]])).toThrow(ShapeMismatchError);
  });

  it('staged predictions end at predict; nIter and staged lengths agree', () => {
    const m = new HistGradientBoostingClassifier({ maxIter: 4 }).fit(X, ym);
    const staged = [...m.stagedPredictProba(X)];
    expect(staged.length).toBe(m.nIter);
    expect(staged.at(-1)).toEqual(m.predictProba(X));
    expect([...m.stagedPredict(X)].at(-1)).toEqual(m.predict(X));
    expect([...m.stagedDecisionFunction(X)].at(-1)).toEqual(m.decisionFunction(X));
    const r = new HistGradientBoostingRegressor({ maxIter: 3 }).fit(X, yr);
    expect([...r.stagedPredict(X)].at(-1)).toEqual(r.predict(X));
  });

  it('getParams / setParams / clone: same options, same model', () => {
    const m = new HistGradientBoostingRegressor({ maxIter: 3, l2Regularization: 0.5 });
    const c = m.clone();
    expect(c.getParams()).toEqual(m.getParams());
    expect(c.fit(X, yr).predict(X)).toEqual(m.fit(X, yr).predict(X));
    m.setParams({ maxIter: 2 });
    expect(m.getParams().maxIter).toBe(2);
    expect(() => m.setParams({ maxIter: 0 })).toThrow(/maxIter/);
  });

  it('score: accuracy and R²', () => {
    const c = new HistGradientBoostingClassifier({ maxIter: 20 }).fit(X, yb);
    expect(c.score(X, yb)).toBeGreaterThan(0.8);
    const r = new HistGradientBoostingRegressor({ maxIter: 20 }).fit(X, yr);
    expect(r.score(X, yr)).toBeGreaterThan(0.7);
  });

  it("maxFeatures draws features per split from the seed: same seed same trees, another seed other trees", () => {
    const fit = (seed: number) => new HistGradientBoostingRegressor({ maxIter: 3, maxFeatures: 0.4, seed }).fit(X, yr).predict(X);
    expect(fit(1)).toEqual(fit(1));
    expect(fit(1)).not.toEqual(fit(2));
    expect(fit(1)).not.toEqual(new HistGradientBoostingRegressor({ maxIter: 3, seed: 1 }).fit(X, yr).predict(X));
  });

  it("earlyStopping 'auto' turns on above 10,000 rows and stops before maxIter on noise", () => {
    const n = 10_001;
    const rows = Array.from({ length: n }, (_, i) => [Math.sin(i * 12.9898) * 43758.5453 % 1]);
    const y = rows.map((_, i) => (Math.sin(i * 78.233) * 12345.678) % 1);
    const m = new HistGradientBoostingRegressor({ maxIter: 200 }).fit(rows, y);
    expect(m.validationScore.length).toBe(m.nIter + 1);
    expect(m.nIter).toBeLessThan(200);
    const off = new HistGradientBoostingRegressor({ maxIter: 3 }).fit(rows.slice(0, 10_000), y.slice(0, 10_000));
    expect(off.validationScore.length).toBe(0);
  });

  it('featureImportances sum to 1 and rank the informative feature first', () => {
    const m = new HistGradientBoostingRegressor({ maxIter: 10 }).fit(X, yr);
    const imp = m.featureImportances;
    expect(imp.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(imp.indexOf(Math.max(...imp))).toBe(0);
  });

  it('onIteration reports every iteration', () => {
    const seen: number[] = [];
    new HistGradientBoostingRegressor({ maxIter: 4 }).fit(X, yr, { onIteration: (i) => seen.push(i.iteration) });
    expect(seen).toEqual([1, 2, 3, 4]);
  });
});

describe('warm start', () => {
  it('keeps the early-stopping validation split across fits (drawn from the seed each fit, as scikit-learn)', () => {
    const opts = { maxIter: 3, earlyStopping: true, validationFraction: 0.25, nIterNoChange: 50, warmStart: true } as const;
    const warm = new HistGradientBoostingRegressor(opts).fit(X, yr);
    warm.setParams({ maxIter: 6 }).fit(X, yr);
    const cold = new HistGradientBoostingRegressor({ ...opts, maxIter: 6, warmStart: false }).fit(X, yr);
    expect(warm.nIter).toBe(6);
    expect(Array.from(warm.validationScore.slice(0, 4))).toEqual(Array.from(cold.validationScore.slice(0, 4)));
  });
});
