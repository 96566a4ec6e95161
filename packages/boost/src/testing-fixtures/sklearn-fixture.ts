/** The scikit-learn fixture (scripts/make-fixtures.py) and how a case is fitted with dt (tests only). */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { HistGradientBoostingClassifier } from '../hist-gradient-boosting-classifier.js';
import { HistGradientBoostingRegressor } from '../hist-gradient-boosting-regressor.js';
import type { HistGradientBoosting } from '../hist-gradient-boosting.js';

export type Num = number | null | string;
export interface Nodes {
  value: number[];
  count: number[];
  feature: number[];
  threshold: Num[];
  missingGoToLeft: number[];
  left: number[];
  right: number[];
  isLeaf: number[];
}
export interface Case {
  name: string;
  dataset: string;
  estimator: 'regressor' | 'classifier';
  options: Record<string, unknown>;
  /** Options of a second, warm-started fit. */
  refitOptions: Record<string, unknown> | null;
  sampleWeight: number[] | null;
  validationGiven: boolean;
  baseline: number[];
  nIter: number;
  trees: Nodes[][];
  rawTest: number[][];
  trainScore: number[];
  validationScore: number[];
  probaTest?: number[][];
  predictTest?: number[];
}
interface Fixture {
  versions: Record<string, string>;
  arrays: Record<string, Num[] | Num[][]>;
  datasets: Record<string, Record<string, string>>;
  cases: Case[];
}

export const FIXTURE = JSON.parse(readFileSync(new URL('../fixtures/sklearn-hgbt.json', import.meta.url), 'utf8')) as Fixture;

export const num = (v: Num): number => (v === null ? Number.NaN : v === 'inf' ? Infinity : v === '-inf' ? -Infinity : (v as number));
/** A dataset's array by role ('X', 'y', 'Xtest', 'Xval', 'yval'). */
export function arrayOf(dataset: string, role: string): number[][] | number[] {
  const a = FIXTURE.arrays[FIXTURE.datasets[dataset]![role]!]!;
  return Array.isArray(a[0]) ? (a as Num[][]).map((r) => r.map(num)) : (a as Num[]).map(num);
}

export function close(actual: number, expected: number, rel: number, what: string): void {
  const tol = rel * Math.abs(expected) + 1e-15;
  if (!(Math.abs(actual - expected) <= tol)) expect.fail(`${what}: ${actual} vs scikit-learn ${expected}`);
}

/** Fits a fixture case with dt's estimator. */
export function fitCase(c: Case): HistGradientBoosting {
  const opts = { earlyStopping: false, ...c.options };
  const X = arrayOf(c.dataset, 'X') as number[][];
  const y = arrayOf(c.dataset, 'y') as number[];
  const fo = {
    sampleWeight: c.sampleWeight,
    ...(c.validationGiven ? { XVal: arrayOf(c.dataset, 'Xval'), yVal: arrayOf(c.dataset, 'yval') as number[] } : {}),
  };
  const m = c.estimator === 'regressor' ? new HistGradientBoostingRegressor(opts).fit(X, y, fo) : new HistGradientBoostingClassifier(opts).fit(X, y, fo);
  if (c.refitOptions !== null) {
    m.setParams(c.refitOptions);
    if (m instanceof HistGradientBoostingRegressor) m.fit(X, y, fo);
    else (m as HistGradientBoostingClassifier).fit(X, y, fo);
  }
  return m;
}

