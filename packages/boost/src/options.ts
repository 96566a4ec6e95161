/**
 * The options of HistGradientBoostingClassifier / HistGradientBoostingRegressor: scikit-learn
 * 1.9.1's parameters and defaults in camelCase, declared once (validator, default, task). The
 * estimators, getParams/setParams/clone and the model file all read this table.
 */
import { InvalidArgumentError, oneOf, seedValue } from '@dt/errors';
import type { OptionTable, Task } from '@dt/core/internal';
import type { LossName } from './losses.js';

/** Class weights of the classifier: `'balanced'` (n / (C·count_c)), a weight per class label, or null (all 1). */
export type ClassWeightOption = 'balanced' | Record<string, number> | null;
/** What early stopping scores: 'loss' (default), 'accuracy' (classifier), 'r2' (regressor), or null (the estimator's score). */
export type Scoring = 'loss' | 'accuracy' | 'r2' | null;

/** Options both estimators take (the classifier's loss is 'log_loss'; classWeight is the classifier's). */
export interface BoostingOptions {
  /** Regressor: 'squared_error' (default), 'absolute_error', 'quantile', 'poisson', 'gamma'. Classifier: 'log_loss'. */
  loss?: LossName;
  /** The quantile of loss 'quantile', in (0, 1). */
  quantile?: number | null;
  /** Shrinkage of every leaf value (default 0.1). */
  learningRate?: number;
  /** Boosting iterations (default 100); each adds one tree per class (multiclass) or one tree. */
  maxIter?: number;
  /** Leaves per tree (default 31; null: no limit). */
  maxLeafNodes?: number | null;
  /** Depth limit (default null). */
  maxDepth?: number | null;
  /** Minimum samples per leaf (default 20). */
  minSamplesLeaf?: number;
  /** L2 penalty on leaf values (default 0). */
  l2Regularization?: number;
  /** Fraction of the features drawn at each split (default 1). */
  maxFeatures?: number;
  /** Bins for non-missing values, at most 255 (default 255); one more holds missing values. */
  maxBins?: number;
  /** Categorical features (level codes): not supported yet, only null. */
  categoricalFeatures?: null;
  /** Per feature −1, 0 or 1 (decreasing, none, increasing); binary classification and regression only. */
  monotonicCst?: readonly number[] | null;
  /** Sets of features that may interact (features in no set form one more set). */
  interactionCst?: readonly (readonly number[])[] | null;
  /** Keep the fitted trees and add iterations up to maxIter on the next fit (default false). */
  warmStart?: boolean;
  /** 'auto' (default: on above 10,000 samples), true or false. */
  earlyStopping?: 'auto' | boolean;
  /** Early-stopping score: 'loss' (default), 'accuracy' (classifier), 'r2' (regressor), null (the estimator's score). */
  scoring?: Scoring;
  /** Held-out fraction for early stopping (default 0.1); null scores the training data. */
  validationFraction?: number | null;
  /** Iterations without improvement before stopping (default 10). */
  nIterNoChange?: number;
  /** Minimum improvement over the score nIterNoChange + 1 iterations back (default 1e-7). */
  tol?: number;
  /** Seed of the validation split, the binning subsample and feature subsampling (default 0). */
  seed?: number;
  /** Classifier: 'balanced', weights per class label, or null. */
  classWeight?: ClassWeightOption;
  /** Threads: 1 only (fitting runs on the calling thread; larger values are refused). */
  nJobs?: number;
}

/** Boosting options after validation: every option present with its default filled in. */
export interface ResolvedBoostingOptions {
  loss: LossName;
  quantile: number | null;
  learningRate: number;
  maxIter: number;
  maxLeafNodes: number | null;
  maxDepth: number | null;
  minSamplesLeaf: number;
  l2Regularization: number;
  maxFeatures: number;
  maxBins: number;
  categoricalFeatures: null;
  monotonicCst: number[] | null;
  interactionCst: number[][] | null;
  warmStart: boolean;
  earlyStopping: 'auto' | boolean;
  scoring: Scoring;
  validationFraction: number | null;
  nIterNoChange: number;
  tol: number;
  seed: number;
  classWeight: ClassWeightOption;
  nJobs: number;
}

function int(name: string, v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw new InvalidArgumentError(name, max === Number.MAX_SAFE_INTEGER ? `an integer >= ${min}` : `an integer in [${min}, ${max}]`, v);
  }
  return v;
}

function positive(name: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw new InvalidArgumentError(name, 'a finite number > 0', v);
  return v;
}

function nonNegative(name: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new InvalidArgumentError(name, 'a finite number >= 0', v);
  return v;
}

function openUnit(name: string, v: unknown): number {
  if (typeof v !== 'number' || !(v > 0 && v < 1)) throw new InvalidArgumentError(name, 'a number in (0, 1)', v);
  return v;
}

function featureList(name: string, v: unknown): number[] {
  if (!Array.isArray(v)) throw new InvalidArgumentError(name, 'an array of feature indices', v);
  return v.map((f, i) => int(`${name}[${i}]`, f, 0));
}

const REGRESSION_LOSSES = ['squared_error', 'absolute_error', 'quantile', 'poisson', 'gamma'] as const;

/**
 * The one table of boosting options (scikit-learn 1.9.1's parameters in camelCase): validator, default and task of
 * each; the estimators, getParams/setParams/clone and the model file all read it.
 */
export const BOOSTING_OPTIONS: OptionTable<ResolvedBoostingOptions> = {
  loss: {
    default: 'squared_error',
    defaultFor: (task) => (task === 'classification' ? 'log_loss' : 'squared_error'),
    validate: (v, name, task) => (task === 'classification' ? oneOf(name, v, ['log_loss'] as const) : oneOf(name, v, REGRESSION_LOSSES)),
  },
  quantile: { default: null, tasks: ['regression'], validate: (v, name) => (v === null ? null : openUnit(name, v)) },
  learningRate: { default: 0.1, validate: (v, name) => positive(name, v) },
  maxIter: { default: 100, validate: (v, name) => int(name, v, 1) },
  maxLeafNodes: { default: 31, validate: (v, name) => (v === null ? null : int(name, v, 2)) },
  maxDepth: { default: null, validate: (v, name) => (v === null ? null : int(name, v, 1)) },
  minSamplesLeaf: { default: 20, validate: (v, name) => int(name, v, 1) },
  l2Regularization: { default: 0, validate: (v, name) => nonNegative(name, v) },
  maxFeatures: {
    default: 1,
    validate: (v, name) => {
      if (typeof v !== 'number' || !(v > 0 && v <= 1)) throw new InvalidArgumentError(name, 'a fraction in (0, 1]', v);
      return v;
    },
  },
  maxBins: { default: 255, validate: (v, name) => int(name, v, 2, 255) },
  categoricalFeatures: {
    default: null,
    validate: (v, name) => {
      if (v !== null) throw new InvalidArgumentError(name, 'null (native categorical splits are not supported yet; one-hot or ordinal-encode the feature)', v);
      return null;
    },
  },
  monotonicCst: {
    default: null,
    validate: (v, name) => {
      if (v === null) return null;
      if (!Array.isArray(v)) throw new InvalidArgumentError(name, 'an array of -1, 0 or 1 per feature, or null', v);
      return v.map((c, i) => {
        if (c !== -1 && c !== 0 && c !== 1) throw new InvalidArgumentError(`${name}[${i}]`, '-1, 0 or 1', c);
        return c as number;
      });
    },
  },
  interactionCst: {
    default: null,
    validate: (v, name) => {
      if (v === null) return null;
      if (!Array.isArray(v) || v.length === 0) throw new InvalidArgumentError(name, 'a non-empty array of feature index arrays, or null', v);
      return v.map((s, i) => featureList(`${name}[${i}]`, s));
    },
  },
  warmStart: {
    default: false,
    validate: (v, name) => {
      if (typeof v !== 'boolean') throw new InvalidArgumentError(name, 'a boolean', v);
      return v;
    },
  },
  earlyStopping: {
    default: 'auto',
    validate: (v, name) => {
      if (v !== 'auto' && typeof v !== 'boolean') throw new InvalidArgumentError(name, "'auto', true or false", v);
      return v;
    },
  },
  scoring: {
    default: 'loss',
    validate: (v, name, task) => {
      if (v === null) return null;
      return oneOf(name, v, task === 'classification' ? (['loss', 'accuracy'] as const) : task === 'regression' ? (['loss', 'r2'] as const) : (['loss', 'accuracy', 'r2'] as const));
    },
  },
  validationFraction: { default: 0.1, validate: (v, name) => (v === null ? null : openUnit(name, v)) },
  nIterNoChange: { default: 10, validate: (v, name) => int(name, v, 1) },
  tol: { default: 1e-7, validate: (v, name) => nonNegative(name, v) },
  seed: { default: 0, validate: (v, name) => seedValue(name, v) },
  classWeight: {
    default: null,
    tasks: ['classification'],
    validate: (v, name) => {
      if (v === null || v === 'balanced') return v;
      if (typeof v !== 'object' || Array.isArray(v)) throw new InvalidArgumentError(name, "'balanced', an object of weights per class label, or null", v);
      const out: Record<string, number> = {};
      for (const [k, w] of Object.entries(v as Record<string, unknown>)) out[k] = positive(`${name}.${k}`, w);
      return out;
    },
  },
  nJobs: {
    default: 1,
    validate: (v, name) => {
      if (v !== 1) throw new InvalidArgumentError(name, '1 (boosting fits on the calling thread; multi-threaded fitting is not implemented yet)', v);
      return 1;
    },
  },
};

/** Checks across options (the quantile loss needs its quantile). */
export function checkBoostingOptions(o: ResolvedBoostingOptions, task: Task): void {
  if (task === 'regression' && o.loss === 'quantile' && o.quantile === null) {
    throw new InvalidArgumentError('quantile', "a number in (0, 1) with loss 'quantile'", null);
  }
}
