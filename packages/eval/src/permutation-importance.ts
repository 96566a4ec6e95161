import { createRandom, InvalidArgumentError, knownKeys, plainObject, positiveInt, seedValue, shuffleInPlace, ShapeMismatchError } from '@dt/errors';
import { resolveScoring, type ScoringFunction, type ScoringName } from './scoring.js';
import { rowCount } from './take.js';
import type { DenseMatrix, Label, Labels, MatrixLike, TabularData } from './types.js';

/** Any fitted estimator: predicts labels or values from rows of features. */
export interface PredictingEstimator {
  /** One prediction per row of X. */
  predict(X: DenseMatrix<Float64Array>): ArrayLike<Label>;
}

/** Options of permutationImportance: scoring, task, repeats and seed. */
export interface PermutationImportanceOptions {
  /** Metric name or function (higher is better for functions); default 'accuracy', or 'r2' when y holds numbers of a regressor (`task: 'regression'`). */
  scoring?: ScoringName | ScoringFunction;
  task?: 'classification' | 'regression';
  /** Shuffles per feature (default 5, scikit-learn's n_repeats). */
  nRepeats?: number;
  seed?: number;
  sampleWeight?: ArrayLike<number> | null;
}

/** Per feature: mean and standard deviation of the score drop over repeats, and every repeat. */
export interface PermutationImportanceResult {
  /** Score of the unshuffled data. */
  baselineScore: number;
  /** Per feature: the score drop (baseline − shuffled; for error metrics mse/mae/wape, shuffled − baseline) per repeat. */
  importances: number[][];
  importancesMean: Float64Array;
  importancesStd: Float64Array;
}

const LOWER_IS_BETTER = new Set(['mse', 'mae', 'wape']);

/**
 * Permutation feature importance (scikit-learn's permutation_importance): for each feature, shuffle
 * its column `nRepeats` times (seeded) and record how much the estimator's score drops. Works with
 * any fitted estimator that predicts from a row-major matrix.
 */
export function permutationImportance(
  estimator: PredictingEstimator,
  X: TabularData,
  y: Labels,
  options: PermutationImportanceOptions = {},
): PermutationImportanceResult {
  const o = plainObject('options', options);
  knownKeys('options', o, ['scoring', 'task', 'nRepeats', 'seed', 'sampleWeight']);
  if (typeof estimator !== 'object' || estimator === null || typeof (estimator as PredictingEstimator).predict !== 'function') {
    throw new InvalidArgumentError('estimator', 'a fitted estimator with predict(X)', estimator);
  }
  const nRepeats = o.nRepeats === undefined ? 5 : positiveInt('nRepeats', o.nRepeats);
  const seed = o.seed === undefined ? 0 : seedValue('seed', o.seed);
  const task = o.task ?? 'classification';
  if (task !== 'classification' && task !== 'regression') throw new InvalidArgumentError('task', "'classification' or 'regression'", task);
  const [scorer] = resolveScoring(o.scoring, () => (task === 'regression' ? 'r2' : 'accuracy'));
  const sign = LOWER_IS_BETTER.has(scorer!.name) && typeof o.scoring === 'string' ? -1 : 1;
  const n = rowCount(X);
  if (y.length !== n) throw new ShapeMismatchError(`y has ${y.length} values but X has ${n} rows`);
  const w = o.sampleWeight === undefined || o.sampleWeight === null ? undefined : Float64Array.from(o.sampleWeight as ArrayLike<number>);
  if (w !== undefined && w.length !== n) throw new ShapeMismatchError(`sampleWeight has ${w.length} values but X has ${n} rows`);
  const M = toRowMajor(X, n);
  const d = M.cols;
  const score = (): number => {
    const pred = estimator.predict(M);
    if (pred.length !== n) throw new ShapeMismatchError(`the estimator predicted ${pred.length} values for ${n} rows`);
    return scorer!.score(y, pred as Labels, w, undefined);
  };
  const baselineScore = score();
  const rng = createRandom(seed);
  const order = new Int32Array(n);
  const column = new Float64Array(n);
  const importances: number[][] = [];
  const mean = new Float64Array(d);
  const std = new Float64Array(d);
  for (let f = 0; f < d; f++) {
    for (let r = 0; r < n; r++) column[r] = M.data[r * d + f]!;
    const drops: number[] = [];
    for (let k = 0; k < nRepeats; k++) {
      for (let r = 0; r < n; r++) order[r] = r;
      shuffleInPlace(order, rng);
      for (let r = 0; r < n; r++) M.data[r * d + f] = column[order[r]!]!;
      drops.push(sign * (baselineScore - score()));
    }
    for (let r = 0; r < n; r++) M.data[r * d + f] = column[r]!;
    importances.push(drops);
    const m = drops.reduce((a, b) => a + b, 0) / nRepeats;
    mean[f] = m;
    // Population standard deviation, as numpy.std in scikit-learn's result.
    std[f] = Math.sqrt(drops.reduce((a, b) => a + (b - m) ** 2, 0) / nRepeats);
  }
  return { baselineScore, importances, importancesMean: mean, importancesStd: std };
}

/** A private row-major Float64Array copy (its columns are shuffled in place). */
function toRowMajor(X: TabularData, n: number): DenseMatrix<Float64Array> {
  if (Array.isArray(X)) {
    const rows = X as readonly (readonly number[])[];
    const d = n === 0 ? 0 : rows[0]!.length;
    const data = new Float64Array(n * d);
    rows.forEach((row, r) => data.set(row, r * d));
    return { data, rows: n, cols: d };
  }
  if ('data' in X) return { data: Float64Array.from(X.data), rows: X.rows, cols: X.cols };
  const m = X as MatrixLike;
  const d = m.columns;
  const data = new Float64Array(n * d);
  for (let r = 0; r < n; r++) data.set(m.getRow(r), r * d);
  return { data, rows: n, cols: d };
}
