/**
 * The key of the method that puts a fitted state (a loaded or pruned tree, a loaded graph) into an
 * estimator. Exported only from `@dt/core/internal`, so it is not part of the public API.
 */
export const RESTORE: unique symbol = Symbol('dt.restore');

/** What RESTORE receives: the fitted structure, feature names and, for classifiers, the classes. */
export interface RestoreState<S> {
  fitted: S;
  featureNames: string[] | null;
  classes?: (string | number)[];
}

/** The key of an estimator's option table (its kit's), read by the model file's writer. Internal. */
export const OPTION_TABLE: unique symbol = Symbol('dt.optionTable');
