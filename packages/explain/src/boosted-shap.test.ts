/**
 * Gradient-boosted models (@dt/boost) against shap 0.51's TreeExplainer on scikit-learn's
 * HistGradientBoosting* (fixtures from scripts/make-hgbt-fixtures.py, on @dt/boost's fixture data,
 * where dt's trees equal scikit-learn's tree by tree): dt fits the same case, and its raw margins,
 * SHAP values (per class for multiclass; NaN on the learnt side, or the larger child for a feature
 * without NaN in training), expected values and interaction values equal shap's to 1e-9 relative.
 */
import { readFileSync } from 'node:fs';
import { HistGradientBoostingClassifier, HistGradientBoostingRegressor } from '@dt/boost';
import { describe, expect, it } from 'vitest';
import { treeShap, treeShapInteractions } from './tree-shap.js';

type Cell = number | null;
interface Case {
  name: string;
  dataset: string;
  estimator: 'regressor' | 'classifier';
  options: Record<string, unknown>;
  nOutputs: number;
  raw: number[][];
  expectedValue: number[];
  values: number[];
  interactions: number[];
}
interface Fixture {
  versions: Record<string, string>;
  nExplain: number;
  nInteractions: number;
  arrays: Record<string, Cell[][] | number[]>;
  datasets: Record<string, Record<string, string>>;
  cases: Case[];
}

const FIXTURE = JSON.parse(readFileSync(new URL('../fixtures/sklearn-hgbt-shap.json', import.meta.url), 'utf8')) as Fixture;
const matrix = (ds: string, role: string): number[][] => (FIXTURE.arrays[FIXTURE.datasets[ds]![role]!] as Cell[][]).map((r) => r.map((v) => (v === null ? Number.NaN : v)));
const vector = (ds: string, role: string): number[] => FIXTURE.arrays[FIXTURE.datasets[ds]![role]!] as number[];

/** |a − b| ≤ tol · max |b| elementwise (relative to the largest expected value). */
function expectClose(actual: ArrayLike<number>, expected: ArrayLike<number>, what: string, tol = 1e-9): void {
  expect(actual.length, what).toBe(expected.length);
  let scale = 0;
  for (let i = 0; i < expected.length; i++) scale = Math.max(scale, Math.abs(expected[i]!));
  for (let i = 0; i < expected.length; i++) {
    if (!(Math.abs(actual[i]! - expected[i]!) <= tol * scale)) expect.fail(`${what}[${i}]: ${actual[i]} vs shap ${expected[i]}`);
  }
}

describe(`boosted models equal shap ${FIXTURE.versions.shap} on scikit-learn ${FIXTURE.versions['scikit-learn']} HistGradientBoosting*`, () => {
  it('fixtures cover a regressor with NaN, a depth-limited regressor, binary and multiclass with NaN', () => {
    expect(FIXTURE.cases.map((c) => [c.estimator, c.nOutputs])).toEqual([
      ['regressor', 1],
      ['regressor', 1],
      ['classifier', 1],
      ['classifier', 3],
    ]);
    expect(FIXTURE.cases.some((c) => matrix(c.dataset, 'Xtest').some((r) => r.some(Number.isNaN)))).toBe(true);
  });
  for (const c of FIXTURE.cases) {
    it(`${c.name}: margins, SHAP values, expected values and interaction values`, () => {
      const X = matrix(c.dataset, 'X');
      const y = vector(c.dataset, 'y');
      const m = c.estimator === 'regressor' ? new HistGradientBoostingRegressor({ earlyStopping: false, ...c.options }).fit(X, y) : new HistGradientBoostingClassifier({ earlyStopping: false, ...c.options }).fit(X, y);
      const Xe = matrix(c.dataset, 'Xtest');
      const r = treeShap(m, Xe);
      expect(r.units).toBe('margin');
      expect(r.nOutputs).toBe(c.nOutputs);
      expectClose(r.prediction, c.raw.flat(), 'raw margin', 1e-12);
      expectClose(r.expectedValue, c.expectedValue, 'expected value');
      expectClose(r.values, c.values, 'values');
      const iv = treeShapInteractions(m, Xe.slice(0, FIXTURE.nInteractions));
      expectClose(iv.values, c.interactions, 'interaction values');
    });
  }
  it('two classes explain the log-odds of the second class; multiclass names every class', () => {
    const c = FIXTURE.cases.find((k) => k.name === 'multi_missing')!;
    const m = new HistGradientBoostingClassifier({ earlyStopping: false, ...c.options }).fit(matrix(c.dataset, 'X'), vector(c.dataset, 'y'));
    expect(treeShap(m, matrix(c.dataset, 'Xtest').slice(0, 1)).outputNames).toEqual(['0', '1', '2']);
    const b = FIXTURE.cases.find((k) => k.name === 'bin_missing')!;
    const mb = new HistGradientBoostingClassifier({ earlyStopping: false, ...b.options }).fit(matrix(b.dataset, 'X'), vector(b.dataset, 'y'));
    expect(treeShap(mb, matrix(b.dataset, 'Xtest').slice(0, 1)).outputNames).toEqual(['1']);
  });
  it('an unfitted boosted model is refused with NotFittedError', () => {
    expect(() => treeShap(new HistGradientBoostingRegressor(), [[0, 0, 0, 0, 0]])).toThrow(/HistGradientBoostingRegressor/);
  });
});
