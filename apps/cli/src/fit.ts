import { DecisionTree, DecisionTreeClassifier, type FitOptions } from '@dt/core';
import { createHistogramWorkers, resolveJobs, type HistogramWorkerPool, type HistogramWorkers } from '@dt/core/node';
import { isClassifier, type AnyModel, type SavedModel } from './any-model.js';
import type { Dataset } from '@dt/datasets';
import { PrunedLearner, type Learner } from './pruning.js';

type Labels = (string | number)[];

/**
 * Worker threads for `--jobs N` (N − 1 workers beside the main thread; the most any learner asks
 * for), when a learner is a plain tree with splitter hist or auto; null otherwise. close() after use.
 */
export async function workersFor(learners: readonly Learner[]): Promise<HistogramWorkerPool | null> {
  let jobs = 1;
  for (const l of learners) {
    if (!(l instanceof DecisionTree) || l.options.splitter.threads === undefined) continue;
    jobs = Math.max(jobs, resolveJobs(l.options.nJobs));
  }
  return jobs > 1 ? createHistogramWorkers(jobs - 1) : null;
}

/** The learner with `workers` bound into its fit (plain trees; pruning learners fit on one thread). */
export function withWorkers<L extends Learner>(learner: L, workers: HistogramWorkers | null): L {
  if (workers === null || !(learner instanceof DecisionTree)) return learner;
  const fit = (learner as unknown as { fit(X: unknown, y: unknown, o?: FitOptions): unknown }).fit.bind(learner);
  Object.defineProperty(learner, 'fit', { value: (X: unknown, y: unknown, o: FitOptions = {}) => (fit(X, y, { ...o, workers }), learner) });
  return learner;
}

/** Fits on a whole dataset, with its feature names kept in the model. */
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
