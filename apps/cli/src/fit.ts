import { DecisionTreeClassifier, type TreeModel } from '@dt/core';
import type { Dataset } from '@dt/datasets';
import { PrunedLearner, type Learner } from './pruning.js';

type Labels = (string | number)[];

/** Fits on a whole dataset, with its feature names kept in the model. */
export function fitModel(model: Learner, ds: Dataset): void {
  const opts = { featureNames: ds.featureNames };
  if (model instanceof PrunedLearner) model.fit(ds.X, ds.y, opts);
  else if (model instanceof DecisionTreeClassifier) model.fit(ds.X, ds.y as Labels, opts);
  else model.fit(ds.X, ds.y as Float64Array, opts);
}

/** Training accuracy (classifier) or R² (regressor), with the metric's name. */
export function scoreModel(model: TreeModel, X: Dataset['X'], y: Dataset['y']): { metric: 'accuracy' | 'R²'; value: number } {
  if (model instanceof DecisionTreeClassifier) return { metric: 'accuracy', value: model.score(X, y as Labels) };
  return { metric: 'R²', value: model.score(X, y as Float64Array) };
}
