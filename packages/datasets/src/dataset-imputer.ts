import { InvalidArgumentError } from '@dt/errors';
import type { MatrixInput } from './matrix-input.js';
import { IMPUTE_STRATEGIES, loadSimpleImputer, simpleImputer, type FittedSimpleImputer, type ImputeStrategy } from './simple-imputer.js';
import type { FeatureType } from './types.js';

/**
 * A {@link simpleImputer} for a Dataset's feature matrix, whose categorical columns hold level codes:
 * numeric columns are filled by `strategy`, categorical ones by their most frequent level (a mean of
 * codes is not a level). Every column is kept: one with no value in `X` is filled with 0
 * (`keepEmptyFeatures`), so a model fitted on the output has the dataset's features. Fit it on the
 * training rows only.
 */
export function fitDatasetImputer(X: MatrixInput, featureTypes: readonly FeatureType[], strategy: Exclude<ImputeStrategy, 'constant'> = 'mean'): FittedSimpleImputer {
  if (!Array.isArray(featureTypes) || !featureTypes.every((t) => t === 'numeric' || t === 'categorical')) {
    throw new InvalidArgumentError('featureTypes', "an array of 'numeric' | 'categorical'", featureTypes);
  }
  if (strategy === ('constant' as ImputeStrategy) || !IMPUTE_STRATEGIES.includes(strategy)) {
    throw new InvalidArgumentError('strategy', 'one of "mean", "median", "most_frequent"', strategy);
  }
  const byStrategy = simpleImputer({ strategy, keepEmptyFeatures: true }).fit(X);
  if (byStrategy.nFeatures !== featureTypes.length) {
    throw new InvalidArgumentError('featureTypes', `one type per column of X (${byStrategy.nFeatures})`, featureTypes);
  }
  if (strategy === 'most_frequent' || !featureTypes.includes('categorical')) return byStrategy;
  const levels = simpleImputer({ strategy: 'most_frequent', keepEmptyFeatures: true }).fit(X);
  const state = byStrategy.toJSON();
  state.statistics = state.statistics.map((v, j) => (featureTypes[j] === 'categorical' ? levels.statistics[j]! : v));
  return loadSimpleImputer(state);
}
