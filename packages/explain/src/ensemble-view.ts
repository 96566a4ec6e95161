/**
 * The tree ensemble view: what TreeSHAP needs from any axis-aligned tree model, and nothing else.
 *
 * A model's output k for a row x is
 *
 *     f_k(x) = baseValue[k] + Σ_t weight_t · leafValue_t(x)[k − output_t]
 *
 * where tree t adds its leaf values to outputs [output_t, output_t + width_t) — a classifier tree adds
 * one probability per class (width = nOutputs, output 0), a regressor or a boosted tree its single
 * value to one output (width 1: a regression output, or class k's raw margin in a multiclass boosted
 * model). `normalize` divides a node's values by their sum first (dt's classifier nodes hold class
 * weights; their probabilities are the fractions, as scikit-learn's `predict_proba` and shap's
 * `TreeExplainer(model_output='raw')` read them). So forests average (weight 1/T), boosting adds
 * (weight 1, or a learning rate not folded into the leaves) from a base score, and per-class trees
 * point at their class. Any model kind — dt trees and forests here, @dt/boost's boosted models,
 * @dt/exchange's imported LightGBM / XGBoost / ONNX ensembles — explains itself by producing this view.
 *
 * Each tree's covers (`weightedNSamples`, the weighted training samples reaching each node; XGBoost's
 * hessian sums; LightGBM's `internal_count`) drive the path-dependent expectation; interventional
 * explanations ignore them.
 */
import type { Tree } from '@dt/core';

/** One tree of a TreeEnsembleView. */
export interface ViewTree {
  /** A dt Tree with axis splits only (NaN follows `missingGoToLeft`). */
  readonly tree: Tree;
  /** Multiplies the tree's leaf values (1/T for an averaging forest, 1 for boosting). */
  readonly weight: number;
  /** The first model output this tree adds to (0 for a classifier tree or a single-output model). */
  readonly output: number;
  /**
   * Divide each node's values by their sum (class weights → class probabilities; an all-zero node
   * gives 1/C each, as dt's predictProba).
   */
  readonly normalize: boolean;
  /** Tree feature j is model feature `features[j]` (bagging's feature subsets); null: the same index. */
  readonly features: Int32Array | null;
  /**
   * Tree value column c goes to model output `output + classMap[c]` (a forest member that saw a subset
   * of the classes); null: column c to output `output + c`.
   */
  readonly classMap: Int32Array | null;
  /**
   * Which node weights are the covers: 'weightedNSamples' (default; dt's weighted training samples,
   * XGBoost's hessian sums) or 'nSamples' (training-row counts, as shap reads scikit-learn's
   * HistGradientBoosting `count` and LightGBM's `internal_count`).
   */
  readonly coverBy?: 'weightedNSamples' | 'nSamples';
}

/** The units of the explained output, as shap reports them. */
export type OutputUnits = 'probability' | 'value' | 'margin';

/** What TreeSHAP explains: trees with their weights and output slots, plus a base value. */
export interface TreeEnsembleView {
  readonly nFeatures: number;
  readonly nOutputs: number;
  readonly trees: readonly ViewTree[];
  /** Added to each output (boosting's base score / init score); zeros for trees and forests. */
  readonly baseValue: ArrayLike<number>;
  /** 'probability' (classifier leaf fractions), 'value' (regression), 'margin' (boosted raw scores). */
  readonly units: OutputUnits;
  /** Names of the outputs (class labels), or null. */
  readonly outputNames: readonly string[] | null;
  /** Names of the features, or null. */
  readonly featureNames: readonly string[] | null;
}

/** A model that can describe itself as a tree ensemble view (boosted and imported models implement it). */
export interface ExplainableModel {
  /** The model's trees (with weights and output slots), base value and output units, as TreeSHAP reads them. */
  toTreeEnsembleView(): TreeEnsembleView;
}
