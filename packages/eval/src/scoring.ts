import { InvalidArgumentError, UnknownNameError } from '@dt/errors';
import { accuracy } from './accuracy.js';
import { f1, precision, recall } from './precision-recall.js';
import type { Average } from './precision-recall.js';
import { meanAbsoluteError, meanSquaredError, r2Score, wape } from './regression.js';
import type { Label, Labels, NumberArray } from './types.js';

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
  | 'f1_micro';
export type RegressionScoringName = 'mse' | 'mae' | 'r2' | 'wape';
export type ScoringName = ClassificationScoringName | RegressionScoringName;

/** A custom score: gets the fold's true labels, the predictions and the fold's weights (if any). */
export type ScoringFunction = (
  yTrue: Labels,
  yPred: ArrayLike<Label>,
  sampleWeight: Float64Array | undefined,
) => number;

export type Scoring =
  | ScoringName
  | ScoringFunction
  | readonly ScoringName[]
  | Readonly<Record<string, ScoringName | ScoringFunction>>;

export interface Scorer {
  readonly name: string;
  /** Task implied by a built-in name; null for custom functions. */
  readonly task: Task | null;
  readonly binary: boolean;
  score(yTrue: Labels, yPred: Labels, w: Float64Array | undefined, posLabel: Label | undefined): number;
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
];
const REGRESSION_NAMES: readonly RegressionScoringName[] = ['mse', 'mae', 'r2', 'wape'];
export const SCORING_NAMES: readonly ScoringName[] = [...CLASSIFICATION_NAMES, ...REGRESSION_NAMES];

function builtIn(name: string, key: string): Scorer {
  if ((REGRESSION_NAMES as readonly string[]).includes(name)) {
    const fn = { mse: meanSquaredError, mae: meanAbsoluteError, r2: r2Score, wape }[name as RegressionScoringName];
    return {
      name: key,
      task: 'regression',
      binary: false,
      score: (t, p, w) => fn(t as NumberArray, p as NumberArray, w === undefined ? undefined : { sampleWeight: w }),
    };
  }
  if (name === 'accuracy') {
    return { name: key, task: 'classification', binary: false, score: (t, p, w) => accuracy(t, p, w === undefined ? undefined : { sampleWeight: w }) };
  }
  if ((CLASSIFICATION_NAMES as readonly string[]).includes(name)) {
    const [metric, avg = 'binary'] = name.split('_') as [string, Average | undefined];
    const fn = metric === 'precision' ? precision : metric === 'recall' ? recall : f1;
    const binary = avg === 'binary';
    return {
      name: key,
      task: 'classification',
      binary,
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
