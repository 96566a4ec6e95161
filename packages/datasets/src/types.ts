/** Row-major dense matrix. */
export interface DenseMatrix {
  data: Float64Array;
  rows: number;
  cols: number;
}

/** A column's type: 'numeric' or 'categorical' (level codes 0..k-1). */
export type FeatureType = 'numeric' | 'categorical';

/** A loaded dataset: row-major features, labels or targets, names, feature types and categorical levels, with its provenance. */
export interface Dataset {
  name: string;
  task: 'classification' | 'regression';
  /** Categorical features hold level codes 0..L-1 (indices into `categories[j]`). */
  X: DenseMatrix;
  /** Classification: the original label values; regression: the targets. */
  y: (string | number)[] | Float64Array;
  featureNames: string[];
  featureTypes: FeatureType[];
  /** Per feature: the levels of a categorical feature, null for a numeric one. */
  categories: (string[] | null)[];
  targetName: string;
  /** Classification: the distinct labels, sorted (numbers ascending, else strings). */
  classes?: (string | number)[];
  /**
   * Missing values the loader met and what it did: 'drop' dropped their `rows`, 'native' kept them as
   * NaN (`cells` NaN cells in `rows` rows); absent when there were none.
   */
  missing?: { policy: 'drop' | 'native'; cells: number; rows: number };
  description?: string;
  source?: string;
  license?: string;
}
