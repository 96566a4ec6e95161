import { describe, expect, it } from 'vitest';
import { ModelFormatError } from '@dt/errors';
import { HistGradientBoostingClassifier } from './hist-gradient-boosting-classifier.js';
import { HistGradientBoostingRegressor } from './hist-gradient-boosting-regressor.js';
import { isBoostingModelDocument, loadBoostingModel } from './load-model.js';
import { arrayOf } from './testing-fixtures/sklearn-fixture.js';

const X = arrayOf('multi_missing', 'X') as number[][];
const y = arrayOf('multi', 'y') as number[];
const yr = arrayOf('reg', 'y') as number[];

describe('boosting model files', () => {
  it('a multiclass classifier round-trips: same predictions, classes, params, scores, importances', () => {
    const m = new HistGradientBoostingClassifier({ maxIter: 5, earlyStopping: true, validationFraction: 0.2 }).fit(X, y.map((c) => `c${c}`));
    const text = JSON.stringify(m.toJSON());
    const back = HistGradientBoostingClassifier.fromJSON(text);
    expect(back.predictProba(X)).toEqual(m.predictProba(X));
    expect(back.predict(X)).toEqual(m.predict(X));
    expect(back.classes).toEqual(['c0', 'c1', 'c2']);
    expect(back.getParams()).toEqual(m.getParams());
    expect(back.validationScore).toEqual(m.validationScore);
    expect(back.featureImportances).toEqual(m.featureImportances);
  });

  it('a regressor with +Infinity thresholds round-trips', () => {
    const m = new HistGradientBoostingRegressor({ maxIter: 4, loss: 'poisson' }).fit(X, yr.map(Math.abs));
    const back = HistGradientBoostingRegressor.fromJSON(JSON.parse(JSON.stringify(m)));
    expect(back.predict(X)).toEqual(m.predict(X));
  });

  it('keeps the feature names given to fit; a file whose names do not match nFeatures is refused', () => {
    const names = ['a', 'b', 'c', 'd', 'e'];
    const m = new HistGradientBoostingRegressor({ maxIter: 2 }).fit(X, yr, { featureNames: names });
    expect(m.featureNames).toEqual(names);
    const j = m.toJSON();
    expect(HistGradientBoostingRegressor.fromJSON(JSON.stringify(j)).featureNames).toEqual(names);
    expect(new HistGradientBoostingRegressor({ maxIter: 2 }).fit(X, yr).featureNames).toBeNull();
    expect(() => HistGradientBoostingRegressor.fromJSON({ ...j, featureNames: ['a'] })).toThrow(/featureNames has 1 names/);
    expect(() => new HistGradientBoostingRegressor({ maxIter: 2 }).fit(X, yr, { featureNames: ['a'] })).toThrow(/featureNames/);
  });

  it('loadBoostingModel opens either estimator from its file; predictProbaFlat is predictProba row-major', () => {
    const c = new HistGradientBoostingClassifier({ maxIter: 3 }).fit(X, y);
    const r = new HistGradientBoostingRegressor({ maxIter: 3 }).fit(X, yr);
    const lc = loadBoostingModel(JSON.stringify(c));
    const lr = loadBoostingModel(r.toJSON());
    expect(lc).toBeInstanceOf(HistGradientBoostingClassifier);
    expect(lr).toBeInstanceOf(HistGradientBoostingRegressor);
    expect(lr.predict(X)).toEqual(r.predict(X));
    const flat = (lc as HistGradientBoostingClassifier).predictProbaFlat(X);
    expect(flat).toEqual(Float64Array.from(c.predictProba(X).flatMap((row) => Array.from(row))));
    expect(isBoostingModelDocument(c.toJSON())).toBe(true);
    expect(isBoostingModelDocument({ format: 'dt-model' })).toBe(false);
    expect(() => loadBoostingModel({ ...r.toJSON(), estimator: 'Other' })).toThrow(ModelFormatError);
    expect(() => loadBoostingModel('[1]')).toThrow(ModelFormatError);
  });

  it('gains near the largest double never give importances outside [0, 1] (found by the CLI campaign): a sum past it is refused, one below it is normalised', () => {
    const j = new HistGradientBoostingRegressor({ maxIter: 3 }).fit(X, yr).toJSON();
    const over = structuredClone(j);
    for (const row of over.gains) for (const g of row) for (let n = 0; n < g.length; n++) if (g[n]! > 0) g[n] = 1e308;
    expect(() => HistGradientBoostingRegressor.fromJSON(over)).toThrow(ModelFormatError);
    const near = structuredClone(j);
    let k = 0;
    for (const row of near.gains) for (const g of row) for (let n = 0; n < g.length; n++) if (g[n]! > 0) k++;
    for (const row of near.gains) for (const g of row) for (let n = 0; n < g.length; n++) if (g[n]! > 0) g[n] = 1.7e308 / k;
    const imp = HistGradientBoostingRegressor.fromJSON(near).featureImportances;
    expect(imp.every((v) => v >= 0 && v <= 1)).toBe(true);
    expect(imp.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('rejects broken files with ModelFormatError naming the place', () => {
    const m = new HistGradientBoostingRegressor({ maxIter: 2 }).fit(X, yr);
    const j = m.toJSON();
    const bad = (edit: (o: ReturnType<typeof m.toJSON>) => void, message: RegExp): void => {
      const o = structuredClone(j);
      edit(o);
      expect(() => HistGradientBoostingRegressor.fromJSON(o)).toThrow(ModelFormatError);
      expect(() => HistGradientBoostingRegressor.fromJSON(o)).toThrow(message);
    };
    bad((o) => ((o as { version: number }).version = 9), /version/);
    bad((o) => (o.trees[0]![0]!.feature[0] = 99), /feature/);
    bad((o) => (o.trees[1] = []), /trees\.1/);
    bad((o) => (o.baseline = [0, 1]), /baseline/);
    bad((o) => (o.gains[0]![0] = [1]), /gains/);
    bad((o) => (o.gains[0]![0]![0] = -1), /gains\.0\.0\.0/);
    bad((o) => (o.trees[0]![0]!.left[0] = 0), /child/);
    expect(() => HistGradientBoostingClassifier.fromJSON(j)).toThrow(/holds a HistGradientBoostingRegressor/);
    expect(() => HistGradientBoostingRegressor.fromJSON('{"format":"dt-model"}')).toThrow(ModelFormatError);
  });
});

describe('boosting model files: split gains (fuzz campaign, seed 1: importances of 257, -1e308 and -2.1e9 from mutated gains)', () => {
  const Xg = Array.from({ length: 60 }, (_, i) => [(i * 7) % 11, (i * 13) % 17]);
  const tg = Xg.map(([a, b]) => a! * 0.5 + b!);
  const json = new HistGradientBoostingRegressor({ maxIter: 2, maxLeafNodes: 4, earlyStopping: false }).fit(Xg, tg).toJSON() as unknown as { gains: number[][][] };
  const withGain = (v: number, all = false): string => {
    const j = structuredClone(json);
    const row = j.gains[0]![0]!;
    if (all) for (let n = 0; n < row.length; n++) row[n] = v;
    else row[0] = v;
    return JSON.stringify(j);
  };

  it('a negative gain or gains summing past the largest number are refused; importances of accepted files stay in [0, 1]', () => {
    expect(() => HistGradientBoostingRegressor.fromJSON(withGain(-1e308))).toThrow(/gains\.0\.0\.0/);
    expect(() => HistGradientBoostingRegressor.fromJSON(withGain(-5))).toThrow(ModelFormatError);
    expect(() => HistGradientBoostingRegressor.fromJSON(withGain(1e308, true))).toThrow(/sum past the largest number/);
    const ok = HistGradientBoostingRegressor.fromJSON(withGain(1e300));
    for (const v of ok.featureImportances) expect(v >= 0 && v <= 1).toBe(true);
  });
});
