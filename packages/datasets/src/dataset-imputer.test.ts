import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '@dt/errors';
import { fitDatasetImputer } from './dataset-imputer.js';

describe('fitDatasetImputer', () => {
  const X = [
    [1, 0, NaN],
    [2, 2, NaN],
    [NaN, 2, NaN],
    [6, NaN, NaN],
  ];
  it('fills numeric columns by the strategy and categorical codes by their most frequent level; keeps an empty column as 0', () => {
    const imp = fitDatasetImputer(X, ['numeric', 'categorical', 'numeric'], 'mean');
    expect(Array.from(imp.statistics)).toEqual([3, 2, 0]);
    expect(imp.transform([[NaN, NaN, NaN]])).toEqual([[3, 2, 0]]);
    expect(Array.from(fitDatasetImputer(X, ['numeric', 'numeric', 'numeric'], 'mean').statistics)).toEqual([3, 4 / 3, 0]);
    expect(Array.from(fitDatasetImputer(X, ['numeric', 'categorical', 'numeric'], 'median').statistics)).toEqual([2, 2, 0]);
  });
  it('names a bad argument', () => {
    expect(() => fitDatasetImputer(X, ['numeric'], 'mean')).toThrow(new InvalidArgumentError('featureTypes', 'one type per column of X (3)', ['numeric']));
    expect(() => fitDatasetImputer(X, ['numeric', 'numeric', 'numeric'], 'constant' as never)).toThrow(/strategy must be one of/);
    expect(() => fitDatasetImputer(X, ['text', 'numeric', 'numeric'] as never)).toThrow(/featureTypes/);
  });
});
