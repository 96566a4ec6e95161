import { InvalidArgumentError, UnknownNameError, plainObject } from '@dt/errors';
import { checkOptions } from './check.js';
import { crossValidate, plan } from './cross-validate.js';
import type { CrossValidateOptions, CrossValidateResult, Estimator, ScoreSummary } from './cross-validate.js';
import { LOWER_IS_BETTER } from './scoring.js';
import { optionalBoolean } from './split-utils.js';
import type { Labels, Split, TabularData } from './types.js';

/**
 * What a grid search needs of an estimator — scikit-learn's get_params / set_params / clone, as
 * @dt/core's, @dt/stream's and @dt/ensemble's estimators have them.
 */
export interface ParamEstimator<E> {
  /** The estimator's options, as its constructor takes them. */
  getParams(): object;
  /** Sets the given options (validated as the constructor does); the return value is ignored. */
  setParams(params: Record<string, unknown>): unknown;
  /** A fresh, unfitted estimator with the same options. */
  clone(): E;
}

/** Parameter name → the values to try; a list of grids searches their union (sklearn's param_grid). */
export type ParamGrid = Readonly<Record<string, readonly unknown[]>> | readonly Readonly<Record<string, readonly unknown[]>>[];

/** Options of gridSearchCV: crossValidate options plus refit, higherIsBetter and onCandidate. */
export interface GridSearchOptions<E> extends Omit<CrossValidateOptions<E>, 'returnEstimators' | 'onFold'> {
  /**
   * Fit the best candidate on all of X, y as `bestEstimator` (default true). With several metrics,
   * the name of the one that picks the best candidate (sklearn's `refit="name"`); `false` fits
   * nothing and, with one metric, still reports the best.
   */
  refit?: boolean | string;
  /** Whether larger scores are better (default: false for mse, mae, wape, log_loss; else true). */
  higherIsBetter?: boolean;
  /** Called after each candidate's cross-validation. */
  onCandidate?: (progress: { done: number; total: number; params: Record<string, unknown> }) => void;
}

/** One candidate of the search: its parameters and, per metric, the test (and train) summary and rank. */
export interface GridSearchRow {
  readonly params: Record<string, unknown>;
  /** Per metric: mean, std and per-split values over the shared folds. */
  readonly scores: Record<string, ScoreSummary>;
  /** Per metric with `returnTrainScore`: the training-row scores. */
  readonly trainScores?: Record<string, ScoreSummary>;
  /** Per metric: 1 = best mean; ties share the lowest rank (sklearn's rank_test_score). */
  readonly rank: Record<string, number>;
  /** Mean fit time over the folds, in ms (wall and CPU). */
  readonly meanFitTime: { readonly wallMs: number; readonly cpuMs: number | null };
}

/** What gridSearchCV returns: every candidate's results, the shared folds, and the best candidate. */
export interface GridSearchResult<E> {
  /** Every candidate in grid order (sklearn's cv_results_, one row per candidate). */
  readonly results: GridSearchRow[];
  /** The folds every candidate was cross-validated on. */
  readonly splits: Split[];
  /** The metric that chose the best candidate (null with several metrics and refit false). */
  readonly refitMetric: string | null;
  readonly bestIndex: number | null;
  readonly bestParams: Record<string, unknown> | null;
  readonly bestScore: number | null;
  /** The best candidate fitted on all the data (refit). */
  readonly bestEstimator?: E;
}

/** sklearn's ParameterGrid order: keys sorted, the last key varying fastest; grids one after another. */
function candidates(grid: unknown, known: readonly string[]): Record<string, unknown>[] {
  const grids = Array.isArray(grid) ? grid : [grid];
  if (grids.length === 0) throw new InvalidArgumentError('paramGrid', 'a non-empty grid or list of grids', grid);
  const out: Record<string, unknown>[] = [];
  grids.forEach((g: unknown, gi) => {
    const at = Array.isArray(grid) ? `paramGrid[${gi}]` : 'paramGrid';
    const o = plainObject(at, g);
    const keys = Object.keys(o).sort();
    for (const k of keys) {
      if (!known.includes(k)) throw new UnknownNameError('parameter', k, known);
      const values = o[k];
      if (!Array.isArray(values) || values.length === 0) throw new InvalidArgumentError(`${at}.${k}`, 'a non-empty array of values to try', values);
    }
    const lists = keys.map((k) => o[k] as unknown[]);
    const index = new Array<number>(keys.length).fill(0);
    for (;;) {
      const params: Record<string, unknown> = {};
      keys.forEach((k, j) => (params[k] = lists[j]![index[j]!]));
      out.push(params);
      let j = keys.length - 1;
      while (j >= 0 && ++index[j]! === lists[j]!.length) index[j--] = 0;
      if (j < 0) break;
    }
  });
  return out;
}

function rankOf(means: number[], higher: boolean): number[] {
  // 1 + the number of strictly better means: ties share the lowest rank (scipy rankdata 'min').
  return means.map((m) => 1 + means.filter((o) => (higher ? o > m : o < m)).length);
}

const KEYS = ['cv', 'task', 'stratified', 'shuffle', 'seed', 'scoring', 'posLabel', 'sampleWeight', 'returnTrainScore', 'refit', 'higherIsBetter', 'onCandidate'];

/**
 * scikit-learn's `GridSearchCV`: cross-validates `estimator.clone()` with each combination of
 * `paramGrid` set (through setParams, which validates the values) on one shared set of folds
 * (seeded like crossValidate: stratified and shuffled by default), ranks the candidates by mean test
 * score, and refits the best on all the data. Unknown parameter names are an UnknownNameError
 * listing the estimator's parameters (from getParams); bad values fail in setParams before any fit.
 * The best is the first candidate of the lowest rank, as sklearn.
 */
export function gridSearchCV<TX extends TabularData, TY extends Labels, E extends Estimator<TX, TY> & ParamEstimator<E>>(
  estimator: E,
  paramGrid: ParamGrid,
  X: TX,
  y: TY,
  options?: GridSearchOptions<E>,
): GridSearchResult<E> {
  const e = estimator as Partial<ParamEstimator<E>> | null;
  if (typeof e !== 'object' || e === null || typeof e.getParams !== 'function' || typeof e.setParams !== 'function' || typeof e.clone !== 'function') {
    throw new InvalidArgumentError('estimator', 'an estimator with getParams(), setParams() and clone()', estimator);
  }
  const o = checkOptions('options', options, KEYS);
  const { refit: r, higherIsBetter: hib, onCandidate, ...cvOptions } = o;
  const known = Object.keys(estimator.getParams());
  const grid = candidates(paramGrid, known);
  // Every value is validated by setParams before the first fit.
  const makers = grid.map((params) => {
    estimator.clone().setParams(params);
    return () => {
      const c = estimator.clone();
      c.setParams(params);
      return c;
    };
  });
  if (onCandidate !== undefined && typeof onCandidate !== 'function') throw new InvalidArgumentError('options.onCandidate', 'a function', onCandidate);
  const higherGiven = hib === undefined ? undefined : optionalBoolean('options.higherIsBetter', hib, true);

  // The folds once, from crossValidate's own rules; then every candidate runs on them.
  const rest: Record<string, unknown> = { ...cvOptions };
  for (const k of ['cv', 'stratified', 'shuffle', 'seed']) delete rest[k];
  const { splits } = plan<E>(() => undefined, X, y, cvOptions);
  const runs: CrossValidateResult<E>[] = makers.map((make, i) => {
    const res = crossValidate<TX, TY, E>(make, X, y, { ...rest, cv: splits } as CrossValidateOptions<E>);
    (onCandidate as GridSearchOptions<E>['onCandidate'])?.({ done: i + 1, total: grid.length, params: grid[i]! });
    return res;
  });
  const metrics = Object.keys(runs[0]!.scores);
  const higher = (m: string): boolean => higherGiven ?? !LOWER_IS_BETTER.has(m);
  const ranks: Record<string, number[]> = {};
  for (const m of metrics) ranks[m] = rankOf(runs.map((run) => run.scores[m]!.mean), higher(m));

  if (r !== undefined && typeof r !== 'boolean' && typeof r !== 'string') throw new InvalidArgumentError('options.refit', 'a boolean or a metric name', r);
  if (typeof r === 'string' && !metrics.includes(r)) throw new UnknownNameError('refit metric', r, metrics);
  let refitMetric: string | null = typeof r === 'string' ? r : metrics.length === 1 ? metrics[0]! : null;
  if (refitMetric === null && r !== false) {
    throw new InvalidArgumentError('options.refit', `the name of the metric that picks the best (one of ${metrics.join(', ')}) or false, with several metrics`, r);
  }
  if (r === false && metrics.length > 1) refitMetric = null;

  const results: GridSearchRow[] = runs.map((run, i) => {
    const rank: Record<string, number> = {};
    for (const m of metrics) rank[m] = ranks[m]![i]!;
    let wall = 0;
    let cpu: number | null = 0;
    for (const f of run.folds) {
      wall += f.fitTime.wallMs;
      cpu = cpu === null || f.fitTime.cpuMs === null ? null : cpu + f.fitTime.cpuMs;
    }
    return {
      params: grid[i]!,
      scores: run.scores,
      ...(run.trainScores === undefined ? {} : { trainScores: run.trainScores }),
      rank,
      meanFitTime: { wallMs: wall / run.folds.length, cpuMs: cpu === null ? null : cpu / run.folds.length },
    };
  });
  if (refitMetric === null) return { results, splits, refitMetric, bestIndex: null, bestParams: null, bestScore: null };
  const rk = ranks[refitMetric]!;
  const bestIndex = rk.indexOf(Math.min(...rk));
  const bestParams = grid[bestIndex]!;
  const best = { results, splits, refitMetric, bestIndex, bestParams, bestScore: runs[bestIndex]!.scores[refitMetric]!.mean };
  if (r === false) return best;
  const bestEstimator = makers[bestIndex]!();
  const w = cvOptions.sampleWeight as ArrayLike<number> | undefined;
  if (w === undefined) bestEstimator.fit(X, y);
  else bestEstimator.fit(X, y, { sampleWeight: Float64Array.from(w) });
  return { ...best, bestEstimator };
}
