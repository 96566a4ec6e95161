import type { ColumnMajor, FeatureIndex } from '@dt/core';

/** Validated training data as the learner reads it. */
export interface FitData {
  /** Column-major features: column f is X.data[f·n .. (f+1)·n). */
  X: ColumnMajor;
  /** Per-feature value ranks (computed once per fit) for the node sorts. */
  index: FeatureIndex;
  /** 1 for features treated as categorical by the large-data mode. */
  categorical: Uint8Array;
  task: 'classification' | 'regression';
  /** Class code per row (classification). */
  codes: Int32Array | null;
  nClasses: number;
  /** Target per row (regression). */
  y: Float64Array | null;
}
