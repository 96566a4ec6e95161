/**
 * `--missing native|drop|impute|error` for CSV data. 'error' and 'drop' are the CSV reader's own
 * policies; 'native' reads missing cells as NaN and leaves them to the tree (axis trees and forests
 * learn which side missing values go to); 'impute' reads them as NaN and fills them with a
 * simpleImputer fitted on the training rows only (every fold's own in `dt eval`). The imputer's
 * fill values are stored in the model file's "training" section, so `dt predict` fills the raw
 * features of new data the same way.
 */
import { fitDatasetImputer, IMPUTE_STRATEGIES, type Dataset, type FeatureType, type FittedSimpleImputer, type ImputeStrategy, type SimpleImputerState } from '@dt/datasets';
import { InvalidArgumentError, oneOf } from '@dt/errors';
import { getAlgorithm } from './algorithms.js';
import { plural } from './format.js';
import type { Learner } from './pruning.js';

export type CliMissing = 'error' | 'drop' | 'native' | 'impute';
export const CLI_MISSING: readonly CliMissing[] = ['error', 'drop', 'native', 'impute'];
/** Strategies for numeric columns; categorical columns are always filled with their most frequent level. */
export const CLI_IMPUTE: readonly ImputeStrategy[] = IMPUTE_STRATEGIES.filter((s) => s !== 'constant');

export interface MissingSettings {
  policy: CliMissing;
  /** For 'impute': the strategy of numeric columns. */
  strategy: ImputeStrategy;
}

/** Reads --missing and --impute as commander parsed them. */
export function missingFrom(opts: Record<string, unknown>): MissingSettings {
  const policy = opts.missing === undefined ? 'error' : oneOf('--missing', opts.missing, CLI_MISSING);
  if (opts.impute !== undefined && policy !== 'impute') {
    throw new InvalidArgumentError('--impute', 'used only with --missing impute', opts.impute);
  }
  const strategy = opts.impute === undefined ? 'mean' : oneOf('--impute', opts.impute, CLI_IMPUTE);
  return { policy, strategy };
}

/** Refuses --missing native for an algorithm that cannot learn with NaN, before any data is read. */
export function checkNativeAlgorithm(settings: MissingSettings, algorithm: string): void {
  if (settings.policy === 'native' && getAlgorithm(algorithm).missingValues !== true) {
    throw new InvalidArgumentError(
      '--missing',
      `not native for --algorithm ${algorithm}: only axis trees (cart) learn where missing values go; use --missing impute (a simpleImputer fitted on the training rows) or drop`,
      'native',
    );
  }
}

/** The fill values for a dataset's feature matrix (numeric columns by `strategy`, categorical by most frequent level). */
export function fitImputer(X: Dataset['X'], featureTypes: readonly FeatureType[], strategy: ImputeStrategy): FittedSimpleImputer {
  return fitDatasetImputer(X, featureTypes, strategy as Exclude<ImputeStrategy, 'constant'>);
}

/** What `dt train` stores about missing values next to the model (absent when the data had none and no imputer). */
export interface MissingInfo {
  policy: CliMissing;
  cells: number;
  rows: number;
  /** For 'impute': the numeric columns' strategy and the fitted fill values. */
  strategy?: ImputeStrategy;
  imputer?: SimpleImputerState;
}

/** A learner that fills missing values from its own training rows before fitting and predicting (a fold of `dt eval`). */
export class ImputedLearner {
  private imputer: FittedSimpleImputer | null = null;

  constructor(
    readonly inner: Learner,
    private readonly featureTypes: readonly FeatureType[],
    private readonly strategy: ImputeStrategy,
  ) {}

  fit(X: Dataset['X'], y: Dataset['y'], opts?: { featureNames?: readonly string[] }): this {
    this.imputer = fitImputer(X, this.featureTypes, this.strategy);
    (this.inner.fit as (X: Dataset['X'], y: Dataset['y'], o?: unknown) => unknown)(this.imputer.transform(X), y, opts);
    return this;
  }

  predict(X: Dataset['X']): ArrayLike<string | number> {
    if (this.imputer === null) throw new InvalidArgumentError('model', 'fitted before use', null);
    return this.inner.predict(this.imputer.transform(X));
  }
  get nLeaves(): number {
    return this.inner.nLeaves;
  }
  get depth(): number {
    return this.inner.depth;
  }
}

export function strategyText(strategy: ImputeStrategy): string {
  return `${strategy.replace('_', ' ')} for numeric, most frequent level for categorical columns`;
}

/** The summary clause: how many cells were missing and what was done with them. */
export function describeMissing(m: Dataset['missing'], settings: MissingSettings, fitted: string): string {
  if (m === undefined) return '';
  const what = `${plural(m.cells, 'missing value')} in ${plural(m.rows, 'row')}`;
  if (m.policy === 'drop') return `; dropped ${plural(m.rows, 'row')} with ${plural(m.cells, 'missing value')}`;
  if (settings.policy === 'impute') return `; ${what} imputed (${strategyText(settings.strategy)}, fitted on ${fitted})`;
  return `; ${what} kept as NaN (native: the tree learns where they go)`;
}
