import type { ClassificationCriterion, RegressionCriterion } from '@dt/criteria';
import type { ColumnMajor } from '../input.js';

/** A classification fit's data as the builder and the split searches see it. */
export interface ClassificationData {
  task: 'classification';
  X: ColumnMajor;
  labels: Int32Array;
  nClasses: number;
  weights: Float64Array | null;
  criterion: ClassificationCriterion;
}

/** A regression fit's data as the builder and the split searches see it. */
export interface RegressionData {
  task: 'regression';
  X: ColumnMajor;
  targets: Float64Array;
  weights: Float64Array | null;
  criterion: RegressionCriterion;
}
