/**
 * The options of HistGradientBoostingClassifier / HistGradientBoostingRegressor: scikit-learn
 * 1.9.1's parameters and defaults in camelCase, declared once (validator, default, task). The
 * estimators, getParams/setParams/clone and the model file all read this table.
 */
import { InvalidArgumentError, oneOf, seedValue } from '@dt/errors';
import { cliText } from '@dt/core/internal';
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

/** "1,-1,0" → [1, -1, 0] (the values are checked by the option's validator). */
function parseIntList(raw: string, name: string): number[] | null {
  if (['none', 'null'].includes(raw.trim().toLowerCase())) return null;
  return raw.split(',').map((t) => cliText.number(t, name));
}

/** "0,1;2,3" → [[0, 1], [2, 3]]. */
function parseIntSets(raw: string, name: string): number[][] | null {
  if (['none', 'null'].includes(raw.trim().toLowerCase())) return null;
  return raw.split(';').map((set) => set.split(',').map((t) => cliText.number(t, name)));
}

/** auto, or on/off (true/false, yes/no). */
function parseAutoOnOff(raw: string, name: string): 'auto' | boolean {
  return raw.trim().toLowerCase() === 'auto' ? 'auto' : cliText.onOff(raw, name);
}

/**
 * The one table of boosting options (scikit-learn 1.9.1's parameters in camelCase): validator, default and task of
 * each; the estimators, getParams/setParams/clone and the model file all read it.
 */
export const BOOSTING_OPTIONS: OptionTable<ResolvedBoostingOptions> = {
  loss: {
    default: 'squared_error',
    defaultFor: (task) => (task === 'classification' ? 'log_loss' : 'squared_error'),
    validate: (v, name, task) =>
      task === 'classification' ? oneOf(name, v, ['log_loss'] as const) : task === 'regression' ? oneOf(name, v, REGRESSION_LOSSES) : oneOf(name, v, ['log_loss', ...REGRESSION_LOSSES] as const),
    cli: { flag: '--loss', arg: '<name>', help: `boosting loss: log_loss (classification), ${REGRESSION_LOSSES.join(', ')} (regression)`, defaultText: 'log_loss / squared_error', parse: cliText.choice(['log_loss', ...REGRESSION_LOSSES]) },
  },
  quantile: { default: null, tasks: ['regression'], validate: (v, name) => (v === null ? null : openUnit(name, v)), cli: { flag: '--quantile', arg: '<q>', help: 'the quantile of --loss quantile, in (0, 1)', defaultText: 'none', parse: cliText.numberOrNone } },
  learningRate: { default: 0.1, validate: (v, name) => positive(name, v), cli: { flag: '--learning-rate', arg: '<x>', help: 'boosting: shrinkage of every leaf value', defaultText: '0.1', parse: cliText.number } },
  maxIter: { default: 100, validate: (v, name) => int(name, v, 1), cli: { flag: '--max-iter', arg: '<n>', help: 'boosting iterations (one tree per class and iteration for more than two classes)', defaultText: '100', parse: cliText.number } },
  maxLeafNodes: { default: 31, validate: (v, name) => (v === null ? null : int(name, v, 2)), cli: { flag: '--max-leaf-nodes', arg: '<n>', help: '', defaultText: '31', parse: cliText.numberOrNone } },
  maxDepth: { default: null, validate: (v, name) => (v === null ? null : int(name, v, 1)), cli: { flag: '--max-depth', arg: '<n>', help: '', defaultText: 'none', parse: cliText.numberOrNone } },
  minSamplesLeaf: { default: 20, validate: (v, name) => int(name, v, 1), cli: { flag: '--min-samples-leaf', arg: '<n>', help: '', defaultText: '20', parse: cliText.number } },
  l2Regularization: { default: 0, validate: (v, name) => nonNegative(name, v), cli: { flag: '--l2-regularization', arg: '<x>', help: 'boosting: L2 penalty on leaf values', defaultText: '0', parse: cliText.number } },
  maxFeatures: {
    cli: { flag: '--max-features', arg: '<v>', help: '', defaultText: '1', parse: cliText.number },
    default: 1,
    validate: (v, name) => {
      if (typeof v !== 'number' || !(v > 0 && v <= 1)) throw new InvalidArgumentError(name, 'a fraction in (0, 1]', v);
      return v;
    },
  },
  maxBins: { default: 255, validate: (v, name) => int(name, v, 2, 255), cli: { flag: '--max-bins', arg: '<n>', help: '', defaultText: '255', parse: cliText.number } },
  categoricalFeatures: {
    default: null,
    validate: (v, name) => {
      if (v !== null) throw new InvalidArgumentError(name, 'null (native categorical splits are not supported yet; one-hot or ordinal-encode the feature)', v);
      return null;
    },
  },
  monotonicCst: {
    cli: { flag: '--monotonic-cst', arg: '<list>', help: 'boosting: -1, 0 or 1 per feature, comma-separated (decreasing, none, increasing)', defaultText: 'none', parse: parseIntList },
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
    cli: { flag: '--interaction-cst', arg: '<sets>', help: 'boosting: sets of features that may interact, e.g. "0,1;2,3"', defaultText: 'none', parse: parseIntSets },
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
    cli: { flag: '--early-stopping', arg: '<auto|on|off>', help: 'boosting: stop when the validation score stops improving (auto: on above 10,000 rows)', defaultText: 'auto', parse: parseAutoOnOff },
    default: 'auto',
    validate: (v, name) => {
      if (v !== 'auto' && typeof v !== 'boolean') throw new InvalidArgumentError(name, "'auto', true or false", v);
      return v;
    },
  },
  scoring: {
    cli: { flag: '--scoring', arg: '<name>', help: 'boosting early stopping score: loss, accuracy (classification), r2 (regression) or none (the estimator score)', defaultText: 'loss', parse: (raw, name) => (cliText.choice(['loss', 'accuracy', 'r2', 'none'])(raw, name) === 'none' ? null : raw.trim().toLowerCase()) },
    default: 'loss',
    validate: (v, name, task) => {
      if (v === null) return null;
      return oneOf(name, v, task === 'classification' ? (['loss', 'accuracy'] as const) : task === 'regression' ? (['loss', 'r2'] as const) : (['loss', 'accuracy', 'r2'] as const));
    },
  },
  validationFraction: { default: 0.1, validate: (v, name) => (v === null ? null : openUnit(name, v)), cli: { flag: '--validation-fraction', arg: '<x>', help: 'boosting: share of the rows held out for early stopping, in (0, 1), or none (score the training rows)', defaultText: '0.1', parse: cliText.numberOrNone } },
  nIterNoChange: { default: 10, validate: (v, name) => int(name, v, 1), cli: { flag: '--n-iter-no-change', arg: '<n>', help: 'boosting: iterations without improvement before early stopping', defaultText: '10', parse: cliText.number } },
  tol: { default: 1e-7, validate: (v, name) => nonNegative(name, v), cli: { flag: '--tol', arg: '<x>', help: 'boosting: smallest improvement early stopping counts', defaultText: '1e-7', parse: cliText.number } },
  seed: { default: 0, validate: (v, name) => seedValue(name, v), cli: { flag: '--seed', arg: '<n>', help: '', defaultText: '0', parse: cliText.number } },
  classWeight: {
    cli: { flag: '--class-weight', arg: '<w>', help: '', defaultText: 'none', parse: (raw, name) => (cliText.choice(['balanced', 'none'])(raw, name) === 'none' ? null : 'balanced') },
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
    cli: { flag: '--jobs', arg: '<n>', help: '', defaultText: '1', parse: cliText.number },
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
