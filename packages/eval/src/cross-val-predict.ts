import { InvalidArgumentError, oneOf } from '@dt/errors';
import { checkOptions } from './check.js';
import { asLabels, asProba, foldData, isThenable, newEstimator, plan, toFactory } from './cross-validate.js';
import type { Cloneable, CrossValidateOptions, Estimator } from './cross-validate.js';
import { encodeLabels } from './encode-labels.js';
import type { Label, Labels, TabularData } from './types.js';

/** Options of crossValPredict: crossValidate's fold options, plus which prediction to collect. */
export interface CrossValPredictOptions {
  /** Folds (default 5) or explicit splits, which must test every sample exactly once. */
  cv?: CrossValidateOptions<unknown>['cv'];
  /** 'classification' or 'regression' (default: inferred from y as crossValidate does). */
  task?: CrossValidateOptions<unknown>['task'];
  /** Stratify generated folds by y (default true for classification). */
  stratified?: boolean;
  /** Shuffle before generating folds (default true); `seed` only with shuffling. */
  shuffle?: boolean;
  /** Seed for the shuffle (default 0). */
  seed?: number;
  /** Per-sample weights, passed to `fit` with the train part. */
  sampleWeight?: ArrayLike<number>;
  /** 'predict' (default): labels or values; 'predictProba': class probabilities. */
  method?: 'predict' | 'predictProba';
}

/** Out-of-fold class probabilities: one row per sample, columns in `classes` order. */
export interface CrossValProba {
  /** Every class of y, sorted; a fold whose model lacks a class gets probability 0 there (sklearn). */
  readonly classes: Label[];
  readonly proba: number[][];
}

const KEYS = ['cv', 'task', 'stratified', 'shuffle', 'seed', 'sampleWeight', 'method'];

/**
 * scikit-learn's `cross_val_predict`: each sample's prediction from the model fitted on the folds
 * that did not contain it, in the order of X. The splits must partition the samples (each tested
 * exactly once), as sklearn requires. With `method: 'predictProba'` the rows are aligned to all of
 * y's classes. Out-of-fold predictions are for stacking or plots, not a score: the metric of the
 * pooled predictions is not crossValidate's mean over folds.
 */
export function crossValPredict<TX extends TabularData, TY extends Labels, E extends Estimator<TX, TY>>(
  estimator: (() => E) | Cloneable<E>,
  X: TX,
  y: TY,
  options?: CrossValPredictOptions & { method?: 'predict' },
): Label[];
export function crossValPredict<TX extends TabularData, TY extends Labels, E extends Estimator<TX, TY>>(
  estimator: (() => E) | Cloneable<E>,
  X: TX,
  y: TY,
  options: CrossValPredictOptions & { method: 'predictProba' },
): CrossValProba;
export function crossValPredict<TX extends TabularData, TY extends Labels, E extends Estimator<TX, TY>>(
  estimator: (() => E) | Cloneable<E>,
  X: TX,
  y: TY,
  options?: CrossValPredictOptions,
): Label[] | CrossValProba {
  const makeEstimator = toFactory<E>(estimator);
  const { method: m, ...cvOptions } = checkOptions('options', options, KEYS);
  const method = m === undefined ? 'predict' : oneOf('options.method', m, ['predict', 'predictProba'] as const);
  const p = plan<E>(makeEstimator, X, y, cvOptions);
  if (method === 'predictProba' && p.task !== 'classification') throw new InvalidArgumentError('options.method', "'predict' for regression", method);
  const n = (y as Labels).length;
  const tested = new Int32Array(n);
  for (const s of p.splits) for (let i = 0; i < s.test.length; i++) tested[s.test[i]!]!++;
  for (let i = 0; i < n; i++) {
    if (tested[i] !== 1) throw new InvalidArgumentError('options.cv', `splits that test every sample exactly once (sample ${i} is tested ${tested[i]} times)`, 'the given splits');
  }
  const labels: Label[] = new Array<Label>(n);
  const classes = method === 'predictProba' ? encodeLabels([y as Labels]).classes : [];
  const proba: number[][] = method === 'predictProba' ? Array.from({ length: n }, () => new Array<number>(classes.length).fill(0)) : [];
  p.splits.forEach((s, f) => {
    const d = foldData(p, X, y, s);
    const est = newEstimator(makeEstimator);
    const fitted = d.wtrain === undefined ? est.fit(d.Xtrain, d.ytrain) : est.fit(d.Xtrain, d.ytrain, { sampleWeight: d.wtrain });
    if (isThenable(fitted)) throw new InvalidArgumentError('makeEstimator()', 'an estimator whose fit() is synchronous', fitted);
    if (method === 'predict') {
      const pred = asLabels(est.predict(d.Xtest), s.test.length, f);
      for (let i = 0; i < s.test.length; i++) labels[s.test[i]!] = pred[i]!;
      return;
    }
    const e = est as { predictProba?: unknown; classes?: unknown };
    if (typeof e.predictProba !== 'function' || !Array.isArray(e.classes)) {
      throw new InvalidArgumentError('options.method', "'predict' for an estimator without predictProba() and classes", method);
    }
    const got = asProba(est.predictProba!(d.Xtest), est, s.test.length, f);
    const column = got.classes.map((c) => classes.indexOf(c));
    for (let i = 0; i < s.test.length; i++) {
      const row = proba[s.test[i]!]!;
      for (let j = 0; j < column.length; j++) row[column[j]!] = got.proba[i]![j]!;
    }
  });
  return method === 'predict' ? labels : { classes, proba };
}
