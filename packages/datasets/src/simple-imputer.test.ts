import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, ShapeMismatchError } from '@dt/errors';
import { loadSimpleImputer, simpleImputer, type SimpleImputerOptions } from './simple-imputer.js';

// scikit-learn 1.9.1's SimpleImputer answers, written by scripts/make-imputer-fixtures.py (null = NaN).
type Rows = (number | null)[][];
interface ImputerCase {
  name: string;
  options: SimpleImputerOptions;
  fit: Rows;
  statistics: (number | null)[];
  transformFit: Rows;
  new: Rows;
  transformNew: Rows;
}
const fixtures = JSON.parse(readFileSync(new URL('../fixtures/simple-imputer.json', import.meta.url), 'utf8')) as { cases: ImputerCase[] };
const nan = (rows: Rows): number[][] => rows.map((r) => r.map((v) => (v === null ? Number.NaN : v)));
const dense = (rows: number[][]) => ({ data: Float64Array.from(rows.flat()), rows: rows.length, cols: rows[0]!.length });

function expectClose(actual: number[][], expected: Rows): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((row, i) => {
    expect(row.length).toBe(expected[i]!.length);
    row.forEach((v, j) => expect(v).toBeCloseTo(expected[i]![j]!, 10));
  });
}

describe('simpleImputer vs scikit-learn 1.9.1 SimpleImputer', () => {
  it('has the fixtures (every strategy, keepEmptyFeatures both ways, an all-missing column, 0 as the marker)', () => {
    expect(fixtures.cases.length).toBeGreaterThanOrEqual(60);
    expect(new Set(fixtures.cases.map((c) => c.options.strategy))).toEqual(new Set(['mean', 'median', 'most_frequent', 'constant']));
  });
  for (const [k, c] of fixtures.cases.entries()) {
    it(`case ${k}: ${c.name}, ${JSON.stringify(c.options)}`, () => {
      const imp = simpleImputer(c.options).fit(nan(c.fit));
      expect(imp.statistics.length).toBe(c.statistics.length);
      imp.statistics.forEach((v, j) => {
        if (c.statistics[j] === null) expect(v).toBeNaN();
        else expect(v).toBeCloseTo(c.statistics[j]!, 10);
      });
      expectClose(imp.transform(nan(c.fit)), c.transformFit);
      expectClose(imp.transform(nan(c.new)), c.transformNew);
      // The dense form gives the same numbers.
      const out = imp.transform(dense(nan(c.new)));
      expect(out.cols).toBe(c.transformNew[0]!.length);
      expectClose(Array.from({ length: out.rows }, (_, i) => Array.from(out.data.subarray(i * out.cols, (i + 1) * out.cols))), c.transformNew);
    });
  }
});

describe('simpleImputer: empty features, state, errors', () => {
  const X = [
    [1, NaN, 5],
    [3, NaN, NaN],
    [NaN, NaN, 5],
  ];
  it('drops a feature that is all missing at fit by default (listed in features), keeps it as 0 with keepEmptyFeatures', () => {
    const drop = simpleImputer().fit(X);
    expect(Array.from(drop.features)).toEqual([0, 2]);
    expect(drop.transform([[NaN, 7, NaN]])).toEqual([[2, 5]]);
    const keep = simpleImputer({ keepEmptyFeatures: true }).fit(X);
    expect(keep.transform([[NaN, 7, NaN]])).toEqual([[2, 7, 5]]);
    // scikit-learn 1.9: 'constant' drops an empty feature too, and keeps it filled with fillValue
    expect(simpleImputer({ strategy: 'constant', fillValue: 9 }).fit(X).transform([[NaN, NaN, 1]])).toEqual([[9, 1]]);
    expect(simpleImputer({ strategy: 'constant', fillValue: 9, keepEmptyFeatures: true }).fit(X).transform([[NaN, NaN, 1]])).toEqual([[9, 9, 1]]);
  });
  it('learns only from the rows passed to fit', () => {
    const imp = simpleImputer({ strategy: 'median' }).fit([[1], [NaN], [3]]);
    expect(imp.transform([[NaN], [100], [NaN]])).toEqual([[2], [100], [2]]);
  });
  it('toJSON / loadSimpleImputer round-trips through JSON text, NaN statistics as null', () => {
    const imp = simpleImputer({ strategy: 'most_frequent' }).fit(X);
    const state = JSON.parse(JSON.stringify(imp)) as ReturnType<typeof imp.toJSON>;
    expect(state.statistics).toEqual([1, null, 5]);
    const back = loadSimpleImputer(state);
    expect(back.transform(dense([[NaN, 0, NaN]]))).toEqual(imp.transform(dense([[NaN, 0, NaN]])));
    expect(() => loadSimpleImputer({ ...state, features: [0, 1] })).toThrow(InvalidArgumentError);
    expect(() => loadSimpleImputer({ ...state, strategy: 'mode' as never })).toThrow(/state\.strategy/);
  });
  it('typed errors name the argument and the value as given', () => {
    expect(() => simpleImputer({ strategy: 'mode' as never })).toThrow(new InvalidArgumentError('options.strategy', 'one of "mean", "median", "most_frequent", "constant"', 'mode'));
    expect(() => simpleImputer({ fillValue: 1 })).toThrow(/options\.fillValue/);
    expect(() => simpleImputer({ strategy: 'constant', fillValue: Infinity })).toThrow(/options\.fillValue/);
    expect(() => simpleImputer({ keepEmptyFeatures: 1 } as never)).toThrow(/options\.keepEmptyFeatures/);
    expect(() => simpleImputer({ fill: 1 } as never)).toThrow(InvalidArgumentError);
    expect(() => simpleImputer().fit([[1, Infinity]])).toThrow(new InvalidArgumentError('X[0][1]', 'a finite number or NaN (missing)', Infinity));
    expect(() => simpleImputer().fit([[1, null as never]])).toThrow(new InvalidArgumentError('X[0][1]', 'a number (NaN for missing)', null));
    // With a number as the marker, NaN is not a missing value but bad input.
    expect(() => simpleImputer({ missingValues: 0 }).fit([[1, NaN]])).toThrow(new InvalidArgumentError('X[0][1]', 'a finite number', NaN));
    expect(() => simpleImputer().fit([])).toThrow(/X must be a matrix with at least one row/);
    expect(() => simpleImputer().fit([[1, 2]]).transform([[1]])).toThrow(ShapeMismatchError);
  });
  it('the output never holds the marker, and non-missing cells pass through unchanged (property)', () => {
    const cell = fc.oneof(fc.constant(NaN), fc.integer({ min: -5, max: 5 }));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((d) => fc.array(fc.array(cell, { minLength: d, maxLength: d }), { minLength: 1, maxLength: 12 })),
        fc.constantFrom('mean', 'median', 'most_frequent', 'constant') as fc.Arbitrary<SimpleImputerOptions['strategy']>,
        (rows, strategy) => {
          const imp = simpleImputer({ strategy, keepEmptyFeatures: true }).fit(rows);
          const out = imp.transform(rows);
          out.forEach((row, i) =>
            row.forEach((v, j) => {
              expect(Number.isNaN(v)).toBe(false);
              if (!Number.isNaN(rows[i]![j]!)) expect(v).toBe(rows[i]![j]);
            }),
          );
        },
      ),
      { seed: 19, numRuns: 200 },
    );
  });
});
