import type { ClassificationCriterion, RegressionCriterion } from '@dt/criteria';
import type { FeatureIndex } from '../data/feature-index.js';
import type { ColumnMajor } from '../data/input.js';

/**
 * The exact axis search's FeatureIndex of X when the caller can derive it more cheaply than from X
 * (forest members: subsetFeatureIndex of the forest's index); called at most once; absent: built from X.
 */
export type IndexSource = () => FeatureIndex;

/** A classification fit's data as the builder and the split searches see it. */
export interface ClassificationData {
  task: 'classification';
  X: ColumnMajor;
  labels: Int32Array;
  nClasses: number;
  weights: Float64Array | null;
  criterion: ClassificationCriterion;
  index?: IndexSource;
  /** The rows of X the fit uses, ascending (forest members: their drawn rows of the forest's X); absent: every row. */
  samples?: Int32Array;
}

/** A regression fit's data as the builder and the split searches see it. */
export interface RegressionData {
  task: 'regression';
  X: ColumnMajor;
  targets: Float64Array;
  weights: Float64Array | null;
  criterion: RegressionCriterion;
  index?: IndexSource;
  /** The rows of X the fit uses, ascending (forest members: their drawn rows of the forest's X); absent: every row. */
  samples?: Int32Array;
}
