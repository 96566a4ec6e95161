/**
 * loadModel: any dt-model file back as the estimator it holds (DecisionTreeClassifier or
 * DecisionTreeRegressor). Beside model-format.ts, not in it, so that the format never imports the
 * estimators that write it (no estimator ↔ format cycle).
 */
import { DecisionTreeClassifier } from '../estimators/decision-tree-classifier.js';
import { DecisionTreeRegressor } from '../estimators/decision-tree-regressor.js';
import { readTreeModel } from './model-format.js';

/** A dt tree model as loadModel returns it. */
export type TreeModel = DecisionTreeClassifier | DecisionTreeRegressor;

/** Validates and loads a model from a JSON string or parsed object. */
export function loadModel(input: string | unknown): TreeModel {
  return readTreeModel<TreeModel>(input, null, (estimator, params) =>
    estimator === 'DecisionTreeClassifier' ? new DecisionTreeClassifier(params) : new DecisionTreeRegressor(params),
  );
}
