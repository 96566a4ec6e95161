import {
  DecisionTreeClassifier,
  DecisionTreeRegressor,
  toRowMajor,
  type ClassifierOptions,
  type FeatureInput,
  type LabelInput,
  type RegressorOptions,
  type Tree,
  type TreeModel,
} from '@dt/core';
import { FIT_CELLS_WITH_MISSING, RESTORE } from '@dt/core/internal';
import { InvalidArgumentError, oneOf, ShapeMismatchError } from '@dt/errors';
import { weightsFor, type RowMajor } from './data.js';

/**
 * What the fitting helpers accept: a factory of unfitted estimators (its options and class are
 * reused) or plain options (with `task` saying which estimator; inferred from y when absent).
 */
export type EstimatorSpec = (() => TreeModel) | (ClassifierOptions & RegressorOptions);

/** The learning task of a model: 'classification' or 'regression'. */
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
  const featureNames = model.featureNames === null ? null : [...model.featureNames];
  if (copy instanceof DecisionTreeClassifier) copy[RESTORE]({ fitted: tree, featureNames, classes: (model as DecisionTreeClassifier).classes });
  else copy[RESTORE]({ fitted: tree, featureNames });
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

/** The options every fitting helper takes besides its own. */
export interface FitHelperOptions {
  /** Training weights (used to fit, and to weight held-out scores). */
  sampleWeight?: ArrayLike<number> | null;
  /** Which estimator plain options build; inferred from y when absent (strings/integers: classification). */
  task?: Task;
  /** Feature names kept in the returned models (as `fit`'s featureNames). */
  featureNames?: readonly string[] | null;
}

/** A fitting helper's validated inputs: rows, labels, weights and the prototype estimator. */
export interface FitInputs {
  x: RowMajor;
  y: (string | number)[];
  weights: Float64Array | null;
  proto: TreeModel;
  classification: boolean;
}

/** Validates X, y, sampleWeight and task of a fitting helper (options already checked for known keys). */
export function fitInputs(estimator: EstimatorSpec, X: FeatureInput, y: LabelInput, o: Record<string, unknown>): FitInputs {
  const task = o.task === undefined ? undefined : oneOf('options.task', o.task, ['classification', 'regression'] as const);
  // NaN is a missing value: the tree's fit accepts it or names the cell (models with no rule for it).
  const x = toRowMajor(X, 'X', FIT_CELLS_WITH_MISSING);
  if (!Array.isArray(y) && !ArrayBuffer.isView(y)) throw new InvalidArgumentError('y', 'an array of labels or targets', y);
  const yArr = Array.from(y as ArrayLike<string | number>);
  if (yArr.length !== x.rows) throw new ShapeMismatchError(`y has ${yArr.length} values but X has ${x.rows} rows`);
  const weights = weightsFor(o.sampleWeight, x.rows);
  const proto = prototypeFrom(estimator, yArr, task);
  return { x, y: yArr, weights, proto, classification: proto instanceof DecisionTreeClassifier };
}

/** Fits `m` (a classifier or regressor) on row-major rows. */
export function fitModel<M extends TreeModel>(m: M, x: RowMajor, y: (string | number)[], sampleWeight: Float64Array | null, featureNames: readonly string[] | null): M {
  const fitOptions = { sampleWeight, featureNames };
  if (m instanceof DecisionTreeClassifier) m.fit(x, y, fitOptions);
  else (m as DecisionTreeRegressor).fit(x, y as number[], fitOptions);
  return m;
}
