import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '@dt/errors';
import { DecisionTreeClassifier, DecisionTreeRegressor } from '../index.js';
import { toRowMajor } from './input.js';

const X = [
  [5, 3, 1, 0.2],
  [6, 2, 4, 1.3],
  [7, 3, 6, 2.1],
  [5, 4, 1, 0.3],
];
const labels = ['a', 'b', 'c', 'a'];
const targets = [1, 2, 3, 1];

/** Cells that are not numbers and the message naming them as given. */
const BAD_CELLS: [unknown, string][] = [
  ['1.5', 'X[1][2] must be a number, got "1.5"'],
  [true, 'X[1][2] must be a number, got true'],
  [null, 'X[1][2] must be a number, got null'],
  [undefined, 'X[1][2] must be a number, got undefined'],
  ['abc', 'X[1][2] must be a number, got "abc"'],
  [10n, 'X[1][2] must be a number, got 10'],
];

function withCell(v: unknown): unknown[][] {
  const copy: unknown[][] = X.map((r) => [...r]);
  copy[1]![2] = v;
  return copy;
}

describe('feature cells are numbers, never coerced', () => {
  const estimators = [
    ['classifier', () => new DecisionTreeClassifier().fit(X, labels)],
    ['regressor', () => new DecisionTreeRegressor().fit(X, targets)],
  ] as const;
  for (const [name, fitted] of estimators) {
    for (const [v, message] of BAD_CELLS) {
      it(`${name}: fit and predict reject ${String(v)} naming the cell`, () => {
        const m = fitted();
        const refit = (): unknown =>
          name === 'classifier'
            ? new DecisionTreeClassifier().fit(withCell(v) as never, labels)
            : new DecisionTreeRegressor().fit(withCell(v) as never, targets);
        expect(refit).toThrowError(message);
        expect(refit).toThrowError(InvalidArgumentError);
        expect(() => m.predict(withCell(v) as never)).toThrowError(message);
        expect(() => m.apply(withCell(v) as never)).toThrowError(message);
      });
    }
    it(`${name}: predict rejects string and null rows as given`, () => {
      const m = fitted();
      expect(() => m.predict([['5', '3', '1', '0.2']] as never)).toThrowError('X[0][0] must be a number, got "5"');
      expect(() => m.predict([[null, null, null, null]] as never)).toThrowError('X[0][0] must be a number, got null');
    });
    it(`${name}: NaN at fit is a missing value (axis splits learn its side); ±Infinity is refused naming the cell`, () => {
      const fit = (v: number) => (name === 'classifier' ? new DecisionTreeClassifier().fit(withCell(v) as never, labels) : new DecisionTreeRegressor().fit(withCell(v) as never, targets));
      expect(fit(NaN).isFitted).toBe(true);
      expect(() => fit(Infinity)).toThrowError('X[1][2] must be a finite number, got Infinity');
      // An oblique projection has no rule for NaN: a typed error naming the first cell, suggesting imputation.
      expect(() => (name === 'classifier' ? new DecisionTreeClassifier({ scale: true }).fit(withCell(NaN) as never, labels) : new DecisionTreeRegressor({ scale: true }).fit(withCell(NaN) as never, targets))).toThrowError(
        /^X\[1\]\[2\] must be a number: scale has no rule for missing values \(NaN\); impute them first, e\.g\. with SimpleImputer from @dt\/datasets, got NaN$/,
      );
    });
  }

  it('rejects non-numbers from a Matrix-like get()', () => {
    const m = { rows: 1, columns: 2, get: (_r: number, c: number) => (c === 1 ? '2' : 1) };
    expect(() => toRowMajor(m)).toThrowError('X[0][1] must be a number, got "2"');
  });

  it('NaN can be allowed per estimator (missing values), Infinity still not', () => {
    const rm = toRowMajor([[1, NaN]], 'X', { scan: true, nan: 'allow' });
    expect(Number.isNaN(rm.data[1])).toBe(true);
    expect(() => toRowMajor([[1, Infinity]], 'X', { scan: true, nan: 'allow' })).toThrowError('X[0][1] must be a finite number, got Infinity');
    expect(() => toRowMajor([[1, null]] as never, 'X', { scan: true, nan: 'allow' })).toThrowError('X[0][1] must be a number, got null');
  });

  it('typed-array rows are read as they are', () => {
    expect(Array.from(toRowMajor([Float32Array.of(1, 2)]).data)).toEqual([1, 2]);
  });
});

describe('fit options are checked, never ignored', () => {
  it('rejects an unknown fit option naming the key, with a did-you-mean', () => {
    expect(() => new DecisionTreeClassifier().fit(X, labels, { sampleWeights: [1, 1, 1, 1] } as never)).toThrowError(
      /fitOptions\.sampleWeights must be one of the known options \(sampleWeight, featureNames, workers; did you mean sampleWeight\?\)/,
    );
    expect(() => new DecisionTreeRegressor().fit(X, targets, { weights: [1, 1, 1, 1] } as never)).toThrowError(InvalidArgumentError);
    expect(() => new DecisionTreeRegressor().fit(X, targets, 3 as never)).toThrowError('fitOptions must be an options object, got 3');
  });
});
