import { InvalidArgumentError, UnknownNameError } from '@dt/errors';
import { accuracy } from './accuracy.js';
import { balancedAccuracy } from './balanced-accuracy.js';
import { logLoss } from './log-loss.js';
import { rocAuc } from './roc-auc.js';
import { f1, precision, recall } from './precision-recall.js';
import type { Average } from './precision-recall.js';
import { meanAbsoluteError, meanSquaredError, r2Score, wape } from './regression.js';
import type { Label, Labels, NumberArray } from './types.js';

/** The learning task: 'classification' or 'regression'. */
export type Task = 'classification' | 'regression';

/**
 * Built-in scorer names. `precision`/`recall`/`f1` are binary (positive class: crossValidate's
 * `posLabel`, default 1 for numeric labels); the `_macro`/`_weighted`/`_micro` forms average over
 * the classes present in each fold, as sklearn's scorers do. Regression errors are reported as
 * positive numbers (lower is better), unlike sklearn's `neg_*` scorers.
 */
export type ClassificationScoringName =
  | 'accuracy'
  | 'precision'
  | 'recall'
  | 'f1'
  | 'precision_macro'
  | 'recall_macro'
  | 'f1_macro'
  | 'precision_weighted'
  | 'recall_weighted'
  | 'f1_weighted'
  | 'precision_micro'
  | 'recall_micro'
  | 'f1_micro'
  | 'balanced_accuracy'
  | ProbabilityScoringName;
/**
 * Scorers of predicted probabilities (the estimator needs `predictProba` and `classes`, as
 * @dt/core's classifiers have): `roc_auc` (binary: the greater class's column), `roc_auc_ovr`,
 * `roc_auc_ovo` and their `_weighted` forms (multiclass, sklearn's names), and `log_loss` (positive,
 * lower is better, unlike sklearn's `neg_log_loss`). The columns are the fitted estimator's classes.
 */
export type ProbabilityScoringName =
  | 'roc_auc'
  | 'roc_auc_ovr'
  | 'roc_auc_ovo'
  | 'roc_auc_ovr_weighted'
  | 'roc_auc_ovo_weighted'
  | 'log_loss';
/** Built-in regression scores (errors are positive: lower is better). */
export type RegressionScoringName = 'mse' | 'mae' | 'r2' | 'wape';
/** Every built-in scoring name (classification, probability and regression). */
export type ScoringName = ClassificationScoringName | RegressionScoringName;

/** A custom score: gets the fold's true labels, the predictions and the fold's weights (if any). */
export type ScoringFunction = (
  yTrue: Labels,
  yPred: ArrayLike<Label>,
  sampleWeight: Float64Array | undefined,
) => number;

/** The scoring option: a metric name, a list of names, a function, or a record of names and functions. */
export type Scoring =
  | ScoringName
  | ScoringFunction
  | readonly ScoringName[]
  | Readonly<Record<string, ScoringName | ScoringFunction>>;

/** What a probability scorer gets: predictProba's rows and the fitted estimator's classes (their columns). */
export interface ProbaPrediction {
  readonly proba: readonly (readonly number[])[];
  readonly classes: readonly Label[];
}

export interface Scorer {
  readonly name: string;
  /** Task implied by a built-in name; null for custom functions. */
  readonly task: Task | null;
  readonly binary: boolean;
  /** True when the score needs predicted probabilities (then `proba` is passed). */
  readonly proba: boolean;
  score(yTrue: Labels, yPred: Labels, w: Float64Array | undefined, posLabel: Label | undefined, proba?: ProbaPrediction): number;
}

const CLASSIFICATION_NAMES: readonly ClassificationScoringName[] = [
  'accuracy',
  'precision',
  'recall',
  'f1',
  'precision_macro',
  'recall_macro',
  'f1_macro',
  'precision_weighted',
  'recall_weighted',
  'f1_weighted',
  'precision_micro',
  'recall_micro',
  'f1_micro',
  'balanced_accuracy',
];
const PROBABILITY_NAMES: readonly ProbabilityScoringName[] = ['roc_auc', 'roc_auc_ovr', 'roc_auc_ovo', 'roc_auc_ovr_weighted', 'roc_auc_ovo_weighted', 'log_loss'];
const REGRESSION_NAMES: readonly RegressionScoringName[] = ['mse', 'mae', 'r2', 'wape'];
/** Every built-in scoring name, for did-you-mean messages and option lists. */
export const SCORING_NAMES: readonly ScoringName[] = [...CLASSIFICATION_NAMES, ...PROBABILITY_NAMES, ...REGRESSION_NAMES];

/** Built-in scores where lower is better (errors and losses). */
export const LOWER_IS_BETTER: ReadonlySet<string> = new Set(['mse', 'mae', 'wape', 'log_loss']);

function probabilityScorer(name: ProbabilityScoringName, key: string): Scorer {
  const score = (t: Labels, w: Float64Array | undefined, p: ProbaPrediction): number => {
    const weights = w === undefined ? {} : { sampleWeight: w };
    if (name === 'log_loss') return logLoss(t, p.proba, { labels: p.classes, ...weights });
    if (name === 'roc_auc') {
      if (p.classes.length !== 2) throw new InvalidArgumentError('options.scoring', `'roc_auc_ovr' or 'roc_auc_ovo' for an estimator of ${p.classes.length} classes ('roc_auc' is binary)`, name);
      return rocAuc(t, p.proba, weights);
    }
    const [, , multiClass, average = 'macro'] = name.split('_') as [string, string, 'ovr' | 'ovo', 'weighted' | undefined];
    return rocAuc(t, p.proba, { multiClass, average, labels: p.classes, ...weights });
  };
  return {
    name: key,
    task: 'classification',
    binary: false,
    proba: true,
    score: (t, _p, w, _pos, proba) => score(t, w, proba!),
  };
}

function builtIn(name: string, key: string): Scorer {
  if ((PROBABILITY_NAMES as readonly string[]).includes(name)) return probabilityScorer(name as ProbabilityScoringName, key);
  if (name === 'balanced_accuracy') {
    return { name: key, task: 'classification', binary: false, proba: false, score: (t, p, w) => balancedAccuracy(t, p, w === undefined ? undefined : { sampleWeight: w }) };
  }
  if ((REGRESSION_NAMES as readonly string[]).includes(name)) {
    const fn = { mse: meanSquaredError, mae: meanAbsoluteError, r2: r2Score, wape }[name as RegressionScoringName];
    return {
      name: key,
      task: 'regression',
      binary: false,
      proba: false,
      score: (t, p, w) => fn(t as NumberArray, p as NumberArray, w === undefined ? undefined : { sampleWeight: w }),
    };
  }
  if (name === 'accuracy') {
    return { name: key, task: 'classification', binary: false, proba: false, score: (t, p, w) => accuracy(t, p, w === undefined ? undefined : { sampleWeight: w }) };
  }
  if ((CLASSIFICATION_NAMES as readonly string[]).includes(name)) {
    const [metric, avg = 'binary'] = name.split('_') as [string, Average | undefined];
    const fn = metric === 'precision' ? precision : metric === 'recall' ? recall : f1;
    const binary = avg === 'binary';
    return {
      name: key,
      task: 'classification',
      binary,
      proba: false,
      score: (t, p, w, posLabel) =>
        fn(t, p, {
          average: avg,
          ...(binary && posLabel !== undefined ? { posLabel } : {}),
          ...(w === undefined ? {} : { sampleWeight: w }),
        }),
    };
  }
  throw new UnknownNameError('scoring metric', name, SCORING_NAMES);
}

function custom(key: string, fn: ScoringFunction): Scorer {
  return {
    name: key,
    task: null,
    binary: false,
    proba: false,
    score: (t, p, w) => {
      const s = fn(t, p, w);
      if (typeof s !== 'number' || !Number.isFinite(s)) {
        throw new InvalidArgumentError(`scoring.${key}`, 'a function returning a finite number', s);
      }
      return s;
    },
  };
}

/** Resolves the `scoring` option; `fallback` is used when it is undefined. */
export function resolveScoring(scoring: unknown, fallback: () => ScoringName): Scorer[] {
  if (scoring === undefined) {
    const name = fallback();
    return [builtIn(name, name)];
  }
  if (typeof scoring === 'string') return [builtIn(scoring, scoring)];
  if (typeof scoring === 'function') return [custom('score', scoring as ScoringFunction)];
  if (Array.isArray(scoring)) {
    if (scoring.length === 0) throw new InvalidArgumentError('options.scoring', 'a non-empty list of metric names', scoring);
    const seen = new Set<string>();
    return scoring.map((s: unknown, i) => {
      if (typeof s !== 'string') throw new InvalidArgumentError(`options.scoring[${i}]`, 'a metric name', s);
      if (seen.has(s)) throw new InvalidArgumentError(`options.scoring[${i}]`, 'a metric not already listed', s);
      seen.add(s);
      return builtIn(s, s);
    });
  }
  if (typeof scoring === 'object' && scoring !== null) {
    const entries = Object.entries(scoring);
    if (entries.length === 0) throw new InvalidArgumentError('options.scoring', 'a non-empty record of metrics', scoring);
    return entries.map(([key, s]) => {
      if (typeof s === 'string') return builtIn(s, key);
      if (typeof s === 'function') return custom(key, s as ScoringFunction);
      throw new InvalidArgumentError(`options.scoring.${key}`, 'a metric name or a scoring function', s);
    });
  }
  throw new InvalidArgumentError('options.scoring', 'a metric name, a list of names, a function or a record of them', scoring);
}
