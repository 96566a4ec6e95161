import {
  DecisionTreeClassifier,
  DecisionTreeRegressor,
  type ClassifierOptions,
  type RegressorOptions,
  type Tree,
  type TreeModel,
} from '@dt/core';
import { InvalidArgumentError } from '@dt/errors';

/**
 * What the fitting helpers accept: a factory of unfitted estimators (its options and class are
 * reused) or plain options (with `task` saying which estimator; inferred from y when absent).
 */
export type EstimatorSpec = (() => TreeModel) | (ClassifierOptions & RegressorOptions);

export type Task = 'classification' | 'regression';

/**
 * Options to rebuild an estimator like `model`: its resolved options, minus those left at null —
 * null means "the default" for every option, and dropping them keeps classifier-only options
 * (classWeight, misRate, ...) away from a regressor's constructor.
 */
function optionsOf(model: TreeModel): ClassifierOptions {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(model.options)) if (value !== null && value !== undefined) out[key] = value;
  return out as ClassifierOptions;
}

/** A new unfitted estimator of the same kind and options, with `overrides` applied. */
export function freshEstimator(model: TreeModel, overrides: ClassifierOptions = {}): TreeModel {
  const options = { ...optionsOf(model), ...overrides };
  return model instanceof DecisionTreeClassifier ? new DecisionTreeClassifier(options) : new DecisionTreeRegressor(options);
}

/** A new fitted estimator holding `tree`, sharing the model's options (with `overrides`), classes and feature names. */
export function copyWithTree<M extends TreeModel>(model: M, tree: Tree, overrides: ClassifierOptions = {}): M {
  const copy = freshEstimator(model, overrides);
  copy.restore(tree, model.featureNames === null ? null : [...model.featureNames]);
  if (copy instanceof DecisionTreeClassifier) copy.restoreClasses((model as DecisionTreeClassifier).classes);
  return copy as M;
}

export function isTreeModel(m: unknown): m is TreeModel {
  return m instanceof DecisionTreeClassifier || m instanceof DecisionTreeRegressor;
}

/** Classification for string or all-integer labels, else regression (as @dt/eval's crossValidate). */
export function inferTask(y: ArrayLike<unknown>): Task {
  for (let i = 0; i < y.length; i++) {
    const v = y[i];
    if (typeof v !== 'number' || !Number.isInteger(v)) return typeof v === 'string' ? 'classification' : 'regression';
  }
  return 'classification';
}

/** A prototype estimator (unfitted, ccpAlpha forced to 0) from a spec. */
export function prototypeFrom(spec: EstimatorSpec, y: ArrayLike<unknown>, task: Task | undefined): TreeModel {
  if (typeof spec === 'function') {
    const m = spec();
    if (!isTreeModel(m)) {
      throw new InvalidArgumentError('makeEstimator', 'a function returning a DecisionTreeClassifier or DecisionTreeRegressor', m);
    }
    return freshEstimator(m, { ccpAlpha: 0 });
  }
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    throw new InvalidArgumentError('estimator', 'a function returning an estimator, or tree options', spec);
  }
  const options = { ...spec, ccpAlpha: 0 };
  return (task ?? inferTask(y)) === 'classification' ? new DecisionTreeClassifier(options) : new DecisionTreeRegressor(options);
}
