import type { OutputUnits } from './ensemble-view.js';

/** How absent features are filled in: by the trees' covers, or by background rows (shap's feature_perturbation). */
export type FeaturePerturbation = 'treePathDependent' | 'interventional';

/** SHAP values of rows × features × outputs, with what they explain. */
export interface ShapValues {
  /** values[(row * nFeatures + feature) * nOutputs + output]. */
  readonly values: Float64Array;
  readonly rows: number;
  readonly nFeatures: number;
  readonly nOutputs: number;
  /** The value with no feature known, per output (the path expectation, or the background mean). */
  readonly expectedValue: Float64Array;
  /** The model's output for each explained row: prediction[row * nOutputs + output]. */
  readonly prediction: Float64Array;
  /** The explained rows, row-major (for plots: feature values beside their SHAP values). */
  readonly data: Float64Array;
  readonly units: OutputUnits;
  readonly featurePerturbation: FeaturePerturbation;
  readonly featureNames: readonly string[] | null;
  readonly outputNames: readonly string[] | null;
}
