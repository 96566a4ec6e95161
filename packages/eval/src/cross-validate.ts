import { InvalidArgumentError, ShapeMismatchError, createRandom, oneOf } from '@dt/errors';
import { checkLabels, checkOptions, checkSampleWeight, isNumericTypedArray } from './check.js';
import { encodeLabels } from './encode-labels.js';
import { kFoldWith } from './k-fold.js';
import { resolveScoring } from './scoring.js';
import type { ProbaPrediction, Scorer, Scoring, Task } from './scoring.js';
import { optionalBoolean, shuffleSeed } from './split-utils.js';
import { std as sampleStd } from './stats.js';
import { stratifiedKFoldWith } from './stratified-k-fold.js';
import { rowCount, takeLabelsUnchecked, takeRowsUnchecked } from './take.js';
import { measure, measureAsync } from './timing.js';
import type { Timing } from './timing.js';
import type { Label, Labels, Split, TabularData } from './types.js';

/** Options passed as the third argument of `fit` when `sampleWeight` is given. */
export interface FitOptions {
  readonly sampleWeight?: Float64Array;
}

/**
 * What crossValidate needs of a model: the structural shape of @dt/core's trees (and of most JS
 * learners). `fit` receives the training rows in the form X was given and the labels in the form
 * y was given; its return value is ignored (crossValidateAsync awaits it).
 */
export interface Estimator<TX = TabularData, TY = Labels> {
  /** Fits on the training rows; the return value is ignored. */
  fit(X: TX, y: TY, fitOptions?: FitOptions): unknown;
  /** One prediction per row of X. */
  predict(X: TX): ArrayLike<Label>;
  /** Class probabilities, one row per sample in `classes` order: needed by the probability scorers. */
  predictProba?(X: TX): ArrayLike<ArrayLike<number>>;
  /** The fitted classes, in predictProba's column order. */
  readonly classes?: readonly Label[];
}

/** An estimator whose fit/predict may return promises (for crossValidateAsync). */
export interface AsyncEstimator<TX = TabularData, TY = Labels> {
  /** Fits on the training rows (may return a promise, awaited); the value is ignored. */
  fit(X: TX, y: TY, fitOptions?: FitOptions): unknown;
  /** One prediction per row of X, or a promise of them. */
  predict(X: TX): ArrayLike<Label> | Promise<ArrayLike<Label>>;
  /** Class probabilities (may be async), for the probability scorers. */
  predictProba?(X: TX): ArrayLike<ArrayLike<number>> | Promise<ArrayLike<ArrayLike<number>>>;
  /** The fitted classes, in predictProba's column order. */
  readonly classes?: readonly Label[];
}

/** One fold of crossValidate: sizes, fit and predict times, scores (and the fitted estimator when asked). */
export interface FoldResult<E> {
  /** 0-based fold index (repetition-major for repeated CV splits). */
  readonly fold: number;
  readonly trainSize: number;
  readonly testSize: number;
  readonly fitTime: Timing;
  /** Time to predict the test rows (predict, plus predictProba when a probability scorer needs it). */
  readonly predictTime: Timing;
  readonly scores: Record<string, number>;
  /** Scores on the fold's training rows, when `returnTrainScore` is set (sklearn's train_score). */
  readonly trainScores?: Record<string, number>;
  /** The fitted estimator, when `returnEstimators` is set. */
  readonly estimator?: E;
}

/** Mean, sample standard deviation and per-fold values of one score. */
export interface ScoreSummary {
  readonly mean: number;
  /** Sample standard deviation (ddof = 1) over folds; null with a single fold. */
  readonly std: number | null;
  readonly values: number[];
}

/** What crossValidate returns: the task, every fold, and per score name its summary. */
export interface CrossValidateResult<E> {
  readonly task: Task;
  readonly folds: FoldResult<E>[];
  /** Per score name: mean, std and the per-fold values. */
  readonly scores: Record<string, ScoreSummary>;
  /** Per score name, the same summary on the training rows (only with `returnTrainScore`). */
  readonly trainScores?: Record<string, ScoreSummary>;
}

/** What crossValidate passes to onFold after each fold. */
export interface FoldProgress<E> {
  /** Folds finished so far (1-based count). */
  readonly done: number;
  readonly total: number;
  readonly result: FoldResult<E>;
}

/** Options of crossValidate and crossValidateAsync (sklearn cross_validate habits). */
export interface CrossValidateOptions<E> {
  /** Number of folds (default 5) or explicit splits (e.g. from repeatedStratifiedKFold). */
  cv?: number | readonly Split[];
  /**
   * 'classification' or 'regression'. Default: implied by built-in scoring names; else
   * classification for string or all-integer labels, regression for any non-integer target.
   * Integer-valued regression targets therefore need `task: 'regression'`.
   */
  task?: Task;
  /** Stratify generated folds by y (default true for classification, false for regression). */
  stratified?: boolean;
  /**
   * Shuffle before generating folds (default true, so `seed` alone picks the folds; scikit-learn's
   * cross_validate does not shuffle: pass `shuffle: false` for its folds).
   */
  shuffle?: boolean;
  /** Seed for the shuffle (default 0); with `shuffle: false` or explicit `cv` splits it is an error. */
  seed?: number;
  /** Metric name(s), a function or a record of them (default 'accuracy' or 'r2'). */
  scoring?: Scoring;
  /** Positive class for the binary scorers 'precision', 'recall', 'f1' (default 1 for numbers). */
  posLabel?: Label;
  /** Per-sample weights: passed to `fit` (train part) and to every scorer (test part). */
  sampleWeight?: ArrayLike<number>;
  /** Keep each fold's fitted estimator in its result (default false). */
  returnEstimators?: boolean;
  /**
   * Also score each fold's training rows (default false, as sklearn's `return_train_score`): a train
   * score far above the test score shows overfitting. Costs one more prediction of the train rows.
   */
  returnTrainScore?: boolean;
  /** Called after each fold (awaited by crossValidateAsync). */
  onFold?: (progress: FoldProgress<E>) => void | Promise<void>;
}

const KEYS = [
  'cv',
  'task',
  'stratified',
  'shuffle',
  'seed',
  'scoring',
  'posLabel',
  'sampleWeight',
  'returnEstimators',
  'returnTrainScore',
  'onFold',
];

/** crossValidate's options resolved once: the folds, scorers and flags every fold uses. */
export interface Plan<E> {
  readonly task: Task;
  readonly splits: Split[];
  readonly scorers: Scorer[];
  readonly posLabel: Label | undefined;
  readonly weights: Float64Array | undefined;
  readonly returnEstimators: boolean;
  readonly returnTrainScore: boolean;
  /** Some scorer needs predictProba. */
  readonly needsProba: boolean;
  readonly onFold: ((p: FoldProgress<E>) => void | Promise<void>) | undefined;
}

export function plan<E>(makeEstimator: unknown, X: unknown, y: unknown, options: unknown): Plan<E> {
  if (typeof makeEstimator !== 'function') {
    throw new InvalidArgumentError('makeEstimator', 'a function returning a new unfitted estimator', makeEstimator);
  }
  const n = rowCount(X);
  const kind = checkLabels('y', y);
  const labels = y as Labels;
  if (labels.length !== n) throw new ShapeMismatchError(`X and y must have the same number of samples, got ${n} rows and ${labels.length} labels`);
  const o = checkOptions('options', options, KEYS);

  const inferred = (): Task => {
    if (kind === 'string') return 'classification';
    for (let i = 0; i < n; i++) if (!Number.isInteger(labels[i])) return 'regression';
    return 'classification';
  };
  let task: Task | undefined = o.task === undefined ? undefined : oneOf<Task>('options.task', o.task, ['classification', 'regression']);
  const scorers = resolveScoring(o.scoring, () => {
    task ??= inferred();
    return task === 'classification' ? 'accuracy' : 'r2';
  });
  const implied = new Set(scorers.map((s) => s.task).filter((t): t is Task => t !== null));
  if (implied.size > 1) throw new InvalidArgumentError('options.scoring', 'metrics of one task (classification or regression)', o.scoring);
  const impliedTask = [...implied][0];
  if (task !== undefined && impliedTask !== undefined && impliedTask !== task) {
    throw new InvalidArgumentError('options.scoring', `${task} metrics for task "${task}"`, o.scoring);
  }
  task ??= impliedTask ?? inferred();
  if (task === 'regression' && kind === 'string') throw new InvalidArgumentError('y', 'numeric targets for regression', y);

  let posLabel: Label | undefined;
  if (scorers.some((s) => s.binary)) posLabel = resolvePosLabel(labels, kind, o.posLabel);
  else if (o.posLabel !== undefined) {
    throw new InvalidArgumentError('options.posLabel', 'omitted unless scoring uses precision, recall or f1 (binary)', o.posLabel);
  }

  const weights = o.sampleWeight === undefined ? undefined : checkSampleWeight(o.sampleWeight, n, 'y');
  let splits: Split[];
  const cv = o.cv ?? 5;
  if (typeof cv === 'number') {
    if (!Number.isInteger(cv) || cv < 2 || cv > n) {
      throw new InvalidArgumentError('options.cv', `a number of folds in [2, ${n}] or an array of splits`, cv);
    }
    const stratified = optionalBoolean('options.stratified', o.stratified, task === 'classification');
    const seed = shuffleSeed(optionalBoolean('options.shuffle', o.shuffle, true), o.seed);
    const rng = seed === null ? null : createRandom(seed);
    splits = stratified ? stratifiedKFoldWith(labels, cv, rng) : kFoldWith(n, cv, rng);
  } else {
    // Fold-generation options would be silently ignored next to explicit splits: refuse them.
    for (const key of ['stratified', 'shuffle', 'seed'] as const) {
      if (o[key] !== undefined) throw new InvalidArgumentError(`options.${key}`, 'omitted when options.cv is an array of splits (the splits are used as given)', o[key]);
    }
    splits = checkSplits(cv, n);
  }
  return {
    task,
    splits,
    scorers,
    posLabel,
    weights,
    returnEstimators: optionalBoolean('options.returnEstimators', o.returnEstimators, false),
    returnTrainScore: optionalBoolean('options.returnTrainScore', o.returnTrainScore, false),
    needsProba: scorers.some((sc) => sc.proba),
    onFold: checkOnFold(o.onFold),
  };
}

function checkOnFold<E>(f: unknown): Plan<E>['onFold'] {
  if (f === undefined) return undefined;
  if (typeof f !== 'function') throw new InvalidArgumentError('options.onFold', 'a function', f);
  return f as Plan<E>['onFold'];
}

function resolvePosLabel(y: Labels, kind: 'string' | 'number', given: unknown): Label {
  const present = encodeLabels([y]).classes;
  const list = present.map((l) => JSON.stringify(l)).join(', ');
  if (present.length > 2) {
    throw new InvalidArgumentError('options.scoring', `_macro/_weighted/_micro metrics for ${present.length} classes (binary precision/recall/f1 need 2)`, 'binary');
  }
  let pos: Label;
  if (given === undefined) {
    if (kind === 'string') throw new InvalidArgumentError('options.posLabel', `given for string labels (one of ${list})`, given);
    pos = 1;
  } else if (typeof given === kind && (typeof given === 'string' || Number.isFinite(given))) {
    pos = given as Label;
  } else {
    throw new InvalidArgumentError('options.posLabel', `a ${kind} label like y`, given);
  }
  if (!present.includes(pos)) throw new InvalidArgumentError('options.posLabel', `one of the labels in y (${list})`, pos);
  return pos;
}

function toIndexArray(name: string, v: unknown, n: number): Int32Array {
  if (!Array.isArray(v) && !isNumericTypedArray(v)) throw new InvalidArgumentError(name, 'an array or Int32Array of sample indices', v);
  const a = v as ArrayLike<unknown>;
  if (a.length === 0) throw new InvalidArgumentError(name, 'a non-empty index array', v);
  const out = new Int32Array(a.length);
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    if (typeof x !== 'number' || !Number.isInteger(x) || x < 0 || x >= n) throw new InvalidArgumentError(`${name}[${i}]`, `an integer in [0, ${n})`, x);
    out[i] = x;
  }
  return out;
}

function checkSplits(cv: unknown, n: number): Split[] {
  if (!Array.isArray(cv) || cv.length === 0) throw new InvalidArgumentError('options.cv', 'a number of folds or a non-empty array of splits', cv);
  const mark = new Int32Array(n).fill(-1);
  return cv.map((s: unknown, f) => {
    if (typeof s !== 'object' || s === null) throw new InvalidArgumentError(`options.cv[${f}]`, 'a { train, test } split', s);
    const train = toIndexArray(`options.cv[${f}].train`, (s as Split).train, n);
    const test = toIndexArray(`options.cv[${f}].test`, (s as Split).test, n);
    // Guard against leakage: no sample may be both trained on and tested in one split.
    for (let i = 0; i < train.length; i++) mark[train[i]!] = f;
    for (let i = 0; i < test.length; i++) {
      if (mark[test[i]!] === f) throw new InvalidArgumentError(`options.cv[${f}].test[${i}]`, 'an index not in the same split\'s train set', test[i]);
    }
    return { train, test };
  });
}

/** An estimator crossValidate can copy: each fold fits `estimator.clone()` (scikit-learn's clone). */
export interface Cloneable<E> {
  /** A fresh, unfitted estimator with the same options. */
  clone(): E;
}

/**
 * The fold factory: a function is called per fold; an estimator with clone() is cloned per fold (the
 * object passed is never fitted).
 */
export function toFactory<E>(estimator: unknown): () => E {
  if (typeof estimator === 'function') return estimator as () => E;
  const c = estimator as Partial<Cloneable<E>> | null;
  if (typeof c === 'object' && c !== null && typeof c.clone === 'function') return () => c.clone!();
  throw new InvalidArgumentError('makeEstimator', 'a function returning a new unfitted estimator, or an estimator with clone()', estimator);
}

export function newEstimator<E>(makeEstimator: () => E): E {
  const est = makeEstimator();
  const e = est as { fit?: unknown; predict?: unknown } | null;
  if (typeof e !== 'object' || e === null || typeof e.fit !== 'function' || typeof e.predict !== 'function') {
    throw new InvalidArgumentError('makeEstimator()', 'an object with fit() and predict() methods', est);
  }
  return est;
}

export function isThenable(v: unknown): boolean {
  return typeof v === 'object' && v !== null && typeof (v as { then?: unknown }).then === 'function';
}

export function asLabels(pred: unknown, expected: number, fold: number): Labels {
  if (typeof pred !== 'object' || pred === null || typeof (pred as ArrayLike<unknown>).length !== 'number') {
    throw new InvalidArgumentError(`predict() in fold ${fold}`, 'an array of predictions', pred);
  }
  const p = pred as ArrayLike<Label>;
  if (p.length !== expected) {
    throw new ShapeMismatchError(`predict() in fold ${fold} returned ${p.length} predictions for ${expected} test samples`);
  }
  return Array.isArray(p) || isNumericTypedArray(p) ? (p as Labels) : Array.from(p);
}

export interface FoldData<TX, TY> {
  readonly Xtrain: TX;
  readonly ytrain: TY;
  readonly Xtest: TX;
  readonly ytest: TY;
  readonly wtrain: Float64Array | undefined;
  readonly wtest: Float64Array | undefined;
}

export function foldData<TX, TY, E>(p: Plan<E>, X: TX, y: TY, s: Split): FoldData<TX, TY> {
  const pick = (w: Float64Array, idx: Int32Array): Float64Array => {
    const out = new Float64Array(idx.length);
    for (let i = 0; i < idx.length; i++) out[i] = w[idx[i]!]!;
    return out;
  };
  return {
    Xtrain: takeRowsUnchecked(X as TabularData, s.train) as TX,
    ytrain: takeLabelsUnchecked(y as Labels, s.train) as TY,
    Xtest: takeRowsUnchecked(X as TabularData, s.test) as TX,
    ytest: takeLabelsUnchecked(y as Labels, s.test) as TY,
    wtrain: p.weights === undefined ? undefined : pick(p.weights, s.train),
    wtest: p.weights === undefined ? undefined : pick(p.weights, s.test),
  };
}

function scoreFold<E>(p: Plan<E>, ytest: Labels, pred: Labels, wtest: Float64Array | undefined, proba: ProbaPrediction | undefined): Record<string, number> {
  const scores: Record<string, number> = {};
  for (const s of p.scorers) scores[s.name] = s.score(ytest, pred, wtest, p.posLabel, proba);
  return scores;
}

/** The estimator's predictProba, checked before it is called (a probability scorer needs it). */
function probaMethod<E>(p: Plan<E>, est: unknown): (X: unknown) => unknown {
  const e = est as { predictProba?: unknown; classes?: unknown };
  if (typeof e.predictProba !== 'function' || !Array.isArray(e.classes)) {
    const name = p.scorers.find((s) => s.proba)!.name;
    throw new InvalidArgumentError('options.scoring', 'metrics of predicted labels for an estimator without predictProba() and classes', name);
  }
  return (X) => (e.predictProba as (X: unknown) => unknown).call(est, X);
}

/** predictProba's result as rows with the fitted classes; shape checked (values by the metric). */
export function asProba(rows: unknown, est: unknown, expected: number, fold: number): ProbaPrediction {
  const classes = (est as { classes: Label[] }).classes;
  if (typeof rows !== 'object' || rows === null || typeof (rows as ArrayLike<unknown>).length !== 'number') {
    throw new InvalidArgumentError(`predictProba() in fold ${fold}`, 'an array of probability rows', rows);
  }
  const r = rows as ArrayLike<ArrayLike<number>>;
  if (r.length !== expected) throw new ShapeMismatchError(`predictProba() in fold ${fold} returned ${r.length} rows for ${expected} samples`);
  const proba: number[][] = [];
  for (let i = 0; i < r.length; i++) {
    const row = r[i];
    if (row === null || typeof row !== 'object' || row.length !== classes.length) {
      throw new ShapeMismatchError(`predictProba() in fold ${fold} returned a row of ${String((row as ArrayLike<number> | null)?.length)} values for ${classes.length} classes`);
    }
    proba.push(Array.from(row));
  }
  return { proba, classes };
}

function summary(values: number[]): ScoreSummary {
  let sum = 0;
  for (const v of values) sum += v;
  return { mean: sum / values.length, std: values.length > 1 ? sampleStd(values) : null, values };
}

function summarize<E>(p: Plan<E>, folds: FoldResult<E>[]): CrossValidateResult<E> {
  const scores: Record<string, ScoreSummary> = {};
  const trainScores: Record<string, ScoreSummary> = {};
  for (const s of p.scorers) {
    scores[s.name] = summary(folds.map((f) => f.scores[s.name]!));
    if (p.returnTrainScore) trainScores[s.name] = summary(folds.map((f) => f.trainScores![s.name]!));
  }
  return { task: p.task, folds, scores, ...(p.returnTrainScore ? { trainScores } : {}) };
}

/**
 * k-fold cross-validation of a fresh estimator per fold — from a factory `() => new Estimator(...)`,
 * or `estimator.clone()` when an estimator is passed — fit on the train part, predict the test part, score. Folds are stratified (classification) and shuffled with `seed` unless told
 * otherwise; explicit splits may be passed as `cv`. Synchronous: for estimators whose fit or
 * predict return promises use `crossValidateAsync`.
 */
export function crossValidate<TX extends TabularData, TY extends Labels, E extends Estimator<TX, TY>>(
  estimator: (() => E) | Cloneable<E>,
  X: TX,
  y: TY,
  options?: CrossValidateOptions<E>,
): CrossValidateResult<E> {
  const makeEstimator = toFactory<E>(estimator);
  const p = plan<E>(makeEstimator, X, y, options);
  const folds: FoldResult<E>[] = [];
  p.splits.forEach((s, f) => {
    const d = foldData(p, X, y, s);
    const est = newEstimator(makeEstimator);
    const fitted = measure(() => (d.wtrain === undefined ? est.fit(d.Xtrain, d.ytrain) : est.fit(d.Xtrain, d.ytrain, { sampleWeight: d.wtrain })));
    if (isThenable(fitted.result)) {
      throw new InvalidArgumentError('makeEstimator()', 'an estimator whose fit() is synchronous (use crossValidateAsync)', fitted.result);
    }
    const predictSync = (Xpart: TX, count: number): { pred: Labels; proba: ProbaPrediction | undefined } => {
      const raw = est.predict(Xpart);
      if (isThenable(raw)) throw new InvalidArgumentError('makeEstimator()', 'an estimator whose predict() is synchronous (use crossValidateAsync)', raw);
      const pred = asLabels(raw, count, f);
      if (!p.needsProba) return { pred, proba: undefined };
      const rows = probaMethod(p, est)(Xpart);
      if (isThenable(rows)) throw new InvalidArgumentError('makeEstimator()', 'an estimator whose predictProba() is synchronous (use crossValidateAsync)', rows);
      return { pred, proba: asProba(rows, est, count, f) };
    };
    const predicted = measure(() => predictSync(d.Xtest, s.test.length));
    const { pred, proba } = predicted.result;
    let trainScores: Record<string, number> | undefined;
    if (p.returnTrainScore) {
      const t = predictSync(d.Xtrain, s.train.length);
      trainScores = scoreFold(p, d.ytrain as Labels, t.pred, d.wtrain, t.proba);
    }
    const result: FoldResult<E> = {
      fold: f,
      trainSize: s.train.length,
      testSize: s.test.length,
      fitTime: { wallMs: fitted.wallMs, cpuMs: fitted.cpuMs },
      predictTime: { wallMs: predicted.wallMs, cpuMs: predicted.cpuMs },
      scores: scoreFold(p, d.ytest, pred, d.wtest, proba),
      ...(trainScores === undefined ? {} : { trainScores }),
      ...(p.returnEstimators ? { estimator: est } : {}),
    };
    folds.push(result);
    if (p.onFold !== undefined) {
      const r = p.onFold({ done: f + 1, total: p.splits.length, result });
      if (isThenable(r)) throw new InvalidArgumentError('options.onFold', 'a synchronous callback (use crossValidateAsync)', r);
    }
  });
  return summarize(p, folds);
}

/** crossValidate for estimators whose `fit`/`predict` may be async; folds run one after another. */
export async function crossValidateAsync<TX extends TabularData, TY extends Labels, E extends AsyncEstimator<TX, TY>>(
  estimator: (() => E) | Cloneable<E>,
  X: TX,
  y: TY,
  options?: CrossValidateOptions<E>,
): Promise<CrossValidateResult<E>> {
  const makeEstimator = toFactory<E>(estimator);
  const p = plan<E>(makeEstimator, X, y, options);
  const folds: FoldResult<E>[] = [];
  for (let f = 0; f < p.splits.length; f++) {
    const s = p.splits[f]!;
    const d = foldData(p, X, y, s);
    const est = newEstimator(makeEstimator);
    const fitted = await measureAsync(() => (d.wtrain === undefined ? est.fit(d.Xtrain, d.ytrain) : est.fit(d.Xtrain, d.ytrain, { sampleWeight: d.wtrain })));
    const predictAsync = async (Xpart: TX, count: number): Promise<{ pred: Labels; proba: ProbaPrediction | undefined }> => {
      const pred = asLabels(await est.predict(Xpart), count, f);
      if (!p.needsProba) return { pred, proba: undefined };
      return { pred, proba: asProba(await probaMethod(p, est)(Xpart), est, count, f) };
    };
    const predicted = await measureAsync(() => predictAsync(d.Xtest, s.test.length));
    const { pred, proba } = predicted.result;
    let trainScores: Record<string, number> | undefined;
    if (p.returnTrainScore) {
      const t = await predictAsync(d.Xtrain, s.train.length);
      trainScores = scoreFold(p, d.ytrain as Labels, t.pred, d.wtrain, t.proba);
    }
    const result: FoldResult<E> = {
      fold: f,
      trainSize: s.train.length,
      testSize: s.test.length,
      fitTime: { wallMs: fitted.wallMs, cpuMs: fitted.cpuMs },
      predictTime: { wallMs: predicted.wallMs, cpuMs: predicted.cpuMs },
      scores: scoreFold(p, d.ytest, pred, d.wtest, proba),
      ...(trainScores === undefined ? {} : { trainScores }),
      ...(p.returnEstimators ? { estimator: est } : {}),
    };
    folds.push(result);
    if (p.onFold !== undefined) await p.onFold({ done: f + 1, total: p.splits.length, result });
  }
  return summarize(p, folds);
}

