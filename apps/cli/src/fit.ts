import { DecisionTree, DecisionTreeClassifier } from '@dt/core';
import type { HistogramWorkers } from '@dt/core/node';
import { isClassifier, type AnyModel, type SavedModel } from './any-model.js';
import type { Dataset } from '@dt/datasets';
import { PrunedLearner } from './pruning.js';

type Labels = (string | number)[];

/** Fits on a whole dataset, with its feature names kept in the model (`--jobs`: the tree's own fit starts its threads; `workers`: a pool to reuse instead). */
export function fitModel(model: AnyModel | PrunedLearner, ds: Dataset, workers: HistogramWorkers | null = null): void {
  const opts = { featureNames: ds.featureNames, ...(workers !== null && model instanceof DecisionTree ? { workers } : {}) };
  if (model instanceof PrunedLearner) model.fit(ds.X, ds.y, opts);
  else if (model instanceof DecisionTreeClassifier) model.fit(ds.X, ds.y as Labels, opts);
  else if (isClassifier(model)) model.fit(ds.X, ds.y as Labels, opts);
  else model.fit(ds.X, ds.y as Float64Array, opts);
}

/** Training accuracy (classifier) or R² (regressor), with the metric's name. */
export function scoreModel(model: SavedModel, X: Dataset['X'], y: Dataset['y']): { metric: 'accuracy' | 'R²'; value: number } {
  if (isClassifier(model)) return { metric: 'accuracy', value: model.score(X, y as Labels) };
  return { metric: 'R²', value: model.score(X, y as Float64Array) };
}
