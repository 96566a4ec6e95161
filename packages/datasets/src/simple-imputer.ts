import { InvalidArgumentError, ShapeMismatchError, booleanValue, finiteNumber, knownKeys, oneOf, plainObject } from '@dt/errors';
import { readMatrix, type MatrixInput, type MatrixView } from './matrix-input.js';
import type { DenseMatrix } from './types.js';

/** One of IMPUTE_STRATEGIES. */
export type ImputeStrategy = 'mean' | 'median' | 'most_frequent' | 'constant';
/** The SimpleImputer strategies: 'mean', 'median', 'most_frequent' and 'constant' (as sklearn). */
export const IMPUTE_STRATEGIES: readonly ImputeStrategy[] = ['mean', 'median', 'most_frequent', 'constant'];

/** Options of SimpleImputer: the strategy. */
export interface SimpleImputerOptions {
  /**
   * What fills a feature's missing cells, computed from the non-missing values seen at fit: 'mean'
   * (default), 'median' (the mean of the two middle values for an even count), 'most_frequent' (the
   * smallest of the tied values), or 'constant' (`fillValue`). As scikit-learn's SimpleImputer.
   */
  strategy?: ImputeStrategy;
  /** The fill value of strategy 'constant'; default 0. A finite number. */
  fillValue?: number;
  /**
   * The value that marks a missing cell; default NaN. A finite number (e.g. 0 for the zeros that
   * stand for missing values in pima-indians-diabetes); then NaN in the input is an error.
   */
  missingValues?: number;
  /**
   * What happens to a feature with no non-missing value at fit: false (default, scikit-learn's)
   * drops it from the output — `features` lists the kept input columns — and true keeps it, filled
   * with 0, or with `fillValue` for strategy 'constant' (scikit-learn's `keep_empty_features=True`).
   * As scikit-learn 1.9, strategy 'constant' drops empty features too (1.2 kept them).
   */
  keepEmptyFeatures?: boolean;
}

/** The fitted imputer as plain JSON data ({@link loadSimpleImputer} rebuilds it); NaN is written null. */
export interface SimpleImputerState {
  strategy: ImputeStrategy;
  missingValues: number | null;
  statistics: (number | null)[];
  features: number[];
}

/** A fitted SimpleImputer: the fill value of each column, transform and its JSON form. */
export interface FittedSimpleImputer {
  readonly strategy: ImputeStrategy;
  /** Per input feature, the fill value (scikit-learn's `statistics_`); NaN for an empty feature that is dropped. */
  readonly statistics: Float64Array;
  /** The input columns the output keeps, in order (all of them unless empty features are dropped). */
  readonly features: Int32Array;
  /** The number of input features seen at fit. */
  readonly nFeatures: number;
  /** Missing cells filled, dropped features left out; rows of numbers in, rows out; dense in, dense out. */
  transform(X: readonly (readonly number[])[]): number[][];
  /** Missing cells filled, dropped features left out, for a dense matrix: a new DenseMatrix. */
  transform(X: MatrixInput): DenseMatrix;
  /** The fitted statistics as plain JSON, for saving beside a model. */
  toJSON(): SimpleImputerState;
}

/** Fills missing (NaN) cells per column from the training rows (sklearn's SimpleImputer). */
export interface SimpleImputer {
  /** Learns the fill values from `X` (the training rows only: imputing test rows never looks at them). */
  fit(X: MatrixInput): FittedSimpleImputer;
}

/**
 * Fills missing values like scikit-learn's SimpleImputer (1.2): per-feature mean, median, most
 * frequent value or a constant, learned from the rows passed to `fit`. Deterministic: no randomness.
 *
 * ```ts
 * const imp = simpleImputer({ strategy: 'median' }).fit([[1, NaN], [3, 4], [NaN, 8]]);
 * imp.transform([[NaN, NaN]]); // [[2, 6]]
 * ```
 */
export function simpleImputer(options: SimpleImputerOptions = {}): SimpleImputer {
  plainObject('options', options);
  knownKeys('options', options, ['strategy', 'fillValue', 'missingValues', 'keepEmptyFeatures']);
  const strategy = options.strategy === undefined ? 'mean' : oneOf('options.strategy', options.strategy, IMPUTE_STRATEGIES);
  const fillValue = options.fillValue === undefined ? 0 : finiteNumber('options.fillValue', options.fillValue);
  if (options.fillValue !== undefined && strategy !== 'constant') {
    throw new InvalidArgumentError('options.fillValue', `unset unless options.strategy is 'constant' (it is ${JSON.stringify(strategy)})`, options.fillValue);
  }
  const missingValues = options.missingValues === undefined || Number.isNaN(options.missingValues) ? Number.NaN : finiteNumber('options.missingValues', options.missingValues);
  const keepEmpty = options.keepEmptyFeatures === undefined ? false : booleanValue('options.keepEmptyFeatures', options.keepEmptyFeatures);
  return {
    fit(input: MatrixInput): FittedSimpleImputer {
      const X = read('X', input, missingValues);
      if (X.rows === 0) throw new InvalidArgumentError('X', 'a matrix with at least one row', input);
      const { rows: n, cols: d, data } = X;
      const statistics = new Float64Array(d);
      const kept: number[] = [];
      const values = new Float64Array(n);
      for (let j = 0; j < d; j++) {
        let m = 0;
        for (let i = 0; i < n; i++) {
          const v = data[i * d + j]!;
          if (!isMissingValue(v, missingValues)) values[m++] = v;
        }
        if (m === 0 && !keepEmpty) statistics[j] = Number.NaN;
        else if (strategy === 'constant') statistics[j] = fillValue;
        else if (m === 0) statistics[j] = 0;
        else statistics[j] = statistic(strategy, values.subarray(0, m));
        if (m > 0 || keepEmpty) kept.push(j);
      }
      return fitted(strategy, missingValues, statistics, Int32Array.from(kept));
    },
  };
}

/** Rebuilds a fitted imputer from {@link FittedSimpleImputer.toJSON}'s data, checking it. */
export function loadSimpleImputer(state: SimpleImputerState): FittedSimpleImputer {
  plainObject('state', state);
  const strategy = oneOf('state.strategy', state.strategy, IMPUTE_STRATEGIES);
  const missingValues = state.missingValues === null ? Number.NaN : finiteNumber('state.missingValues', state.missingValues);
  if (!Array.isArray(state.statistics) || !state.statistics.every((v) => v === null || Number.isFinite(v))) {
    throw new InvalidArgumentError('state.statistics', 'an array of finite numbers or null', state.statistics);
  }
  const d = state.statistics.length;
  if (!Array.isArray(state.features) || !state.features.every((j, k) => Number.isInteger(j) && j >= 0 && j < d && (k === 0 || j > state.features[k - 1]!) && state.statistics[j] !== null)) {
    throw new InvalidArgumentError('state.features', `increasing indices below ${d} of features with a statistic`, state.features);
  }
  const statistics = Float64Array.from(state.statistics, (v) => (v === null ? Number.NaN : v));
  return fitted(strategy, missingValues, statistics, Int32Array.from(state.features));
}

function fitted(strategy: ImputeStrategy, missingValues: number, statistics: Float64Array, features: Int32Array): FittedSimpleImputer {
  const d = statistics.length;
  const k = features.length;
  const fill = (Z: MatrixView): Float64Array => {
    if (Z.cols !== d) throw new ShapeMismatchError(`X has ${Z.cols} features, but the imputer was fitted on ${d}`);
    const out = new Float64Array(Z.rows * k);
    const src = Z.data;
    for (let i = 0; i < Z.rows; i++) {
      for (let c = 0; c < k; c++) {
        const j = features[c]!;
        const v = src[i * d + j]!;
        out[i * k + c] = isMissingValue(v, missingValues) ? statistics[j]! : v;
      }
    }
    return out;
  };
  function transform(X: readonly (readonly number[])[]): number[][];
  function transform(X: MatrixInput): DenseMatrix;
  function transform(X: MatrixInput): DenseMatrix | number[][] {
    const Z = read('X', X, missingValues);
    const out = fill(Z);
    if (!Array.isArray(X)) return { data: out, rows: Z.rows, cols: k };
    return Array.from({ length: Z.rows }, (_, i) => Array.from(out.subarray(i * k, (i + 1) * k)));
  }
  return {
    strategy,
    statistics,
    features,
    nFeatures: d,
    transform,
    toJSON: () => ({
      strategy,
      missingValues: Number.isNaN(missingValues) ? null : missingValues,
      statistics: Array.from(statistics, (v) => (Number.isNaN(v) ? null : v)),
      features: Array.from(features),
    }),
  };
}

/** NaN is allowed in the input only when it is the missing marker. */
function read(arg: string, m: MatrixInput, missingValues: number): MatrixView {
  return readMatrix(arg, m, Number.isNaN(missingValues));
}

function isMissingValue(v: number, missingValues: number): boolean {
  return v === missingValues || (v !== v && missingValues !== missingValues);
}

/** The statistic of one feature's non-missing values (at least one); sorts `values` in place. */
function statistic(strategy: Exclude<ImputeStrategy, 'constant'>, values: Float64Array): number {
  const m = values.length;
  if (strategy === 'mean') {
    let s = 0;
    for (let i = 0; i < m; i++) s += values[i]!;
    return s / m;
  }
  values.sort();
  if (strategy === 'median') {
    const h = m >> 1;
    return m % 2 === 1 ? values[h]! : (values[h - 1]! + values[h]!) / 2;
  }
  // most_frequent: the longest run in sorted order; the first (smallest value) wins a tie.
  let best = values[0]!;
  let bestRun = 0;
  for (let i = 0; i < m; ) {
    let e = i + 1;
    while (e < m && values[e] === values[i]) e++;
    if (e - i > bestRun) {
      bestRun = e - i;
      best = values[i]!;
    }
    i = e;
  }
  return best;
}
