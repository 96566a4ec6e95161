/**
 * treeShap and treeShapInteractions: exact SHAP values of tree models (shap's TreeExplainer), in the
 * model's output units — class probabilities for dt's classifiers and forests (shap's
 * `model_output='raw'` on scikit-learn trees), values for regressors, raw margins for boosted models —
 * with `Σ values + expectedValue = prediction` on every row (checked unless turned off).
 * The SHAP values of a sum of trees are the weighted sum of each tree's (Shapley values are linear),
 * so each tree is explained on its own and accumulated.
 */
import { toRowMajor, type FeatureInput } from '@dt/core';
import { DtError, InvalidArgumentError, ShapeMismatchError, booleanValue, knownKeys, oneOf, plainObject } from '@dt/errors';
import type { TreeEnsembleView } from './ensemble-view.js';
import { InterventionalShap } from './interventional.js';
import { treeEnsembleView } from './model-view.js';
import { PathDependentShap } from './path-dependent.js';
import { checkCovers, leafOf, pathExpectation, prepareTrees, subtreeFeatures, type PreparedTree } from './prepared-tree.js';
import { checkShapValues } from './check-shap-values.js';
import type { ShapValues } from './shap-values.js';

export type { FeaturePerturbation, ShapValues } from './shap-values.js';
import type { FeaturePerturbation } from './shap-values.js';


/** Options of treeShap and treeShapInteractions: how absent features are filled in, the background rows, and the additivity check. */
export interface TreeShapOptions {
  /**
   * 'treePathDependent' (default without background): E[f | x_S] follows the trees' covers (weighted
   * training samples); 'interventional' (default with background): f(x_S, z_rest) averaged over the
   * background rows z.
   */
  featurePerturbation?: FeaturePerturbation;
  /** Background rows for 'interventional' (shap recommends ~100; cost grows linearly). */
  background?: FeatureInput | null;
  /** Check Σ values + expectedValue = prediction on every row (default true; a DtError if not). */
  checkAdditivity?: boolean;
}


/** SHAP interaction values of rows × features × features × outputs (path-dependent). */
export interface ShapInteractionValues extends Omit<ShapValues, 'values'> {
  /**
   * values[((row * nFeatures + i) * nFeatures + j) * nOutputs + output]: off the diagonal half the
   * interaction of i and j (the matrix is symmetric), on it i's main effect; row i sums to i's SHAP value.
   */
  readonly values: Float64Array;
}

const OPTION_KEYS = ['featurePerturbation', 'background', 'checkAdditivity'] as const;
const PERTURBATIONS: readonly FeaturePerturbation[] = ['treePathDependent', 'interventional'];

interface Resolved {
  view: TreeEnsembleView;
  trees: PreparedTree[];
  x: { data: Float64Array; rows: number; cols: number };
  background: { data: Float64Array; rows: number; cols: number } | null;
  perturbation: FeaturePerturbation;
  check: boolean;
}

/** Explained and background rows: numbers, NaN allowed (the learnt missing side), any count of columns checked against the model. */
const CELLS = { scan: false, nan: 'allow' } as const;

function resolve(model: unknown, X: FeatureInput, options: TreeShapOptions | undefined, interactions: boolean): Resolved {
  const o = plainObject('options', options ?? {});
  knownKeys('options', o, OPTION_KEYS);
  const background = o.background ?? null;
  const perturbation =
    o.featurePerturbation === undefined ? (background === null ? 'treePathDependent' : 'interventional') : oneOf('featurePerturbation', o.featurePerturbation, PERTURBATIONS);
  const check = o.checkAdditivity === undefined ? true : booleanValue('checkAdditivity', o.checkAdditivity);
  if (interactions && perturbation !== 'treePathDependent') {
    throw new InvalidArgumentError('featurePerturbation', "'treePathDependent' for interaction values (shap computes interactions only along the trees' paths)", perturbation);
  }
  if (perturbation === 'interventional' && background === null) {
    throw new InvalidArgumentError('background', "rows of background data for featurePerturbation 'interventional'", background);
  }
  if (perturbation === 'treePathDependent' && background !== null) {
    throw new InvalidArgumentError('background', "null for featurePerturbation 'treePathDependent' (it uses the trees' covers; background rows are for 'interventional')", background);
  }
  const view = treeEnsembleView(model);
  const x = toRowMajor(X, 'X', CELLS);
  if (x.cols !== view.nFeatures) throw new ShapeMismatchError(`X has ${x.cols} features but the model has ${view.nFeatures}`);
  const bg = background === null ? null : toRowMajor(background, 'background', CELLS);
  if (bg !== null && bg.cols !== view.nFeatures) throw new ShapeMismatchError(`background has ${bg.cols} features but the model has ${view.nFeatures}`);
  const trees = prepareTrees(view);
  if (perturbation === 'treePathDependent') checkCovers(trees);
  return { view, trees, x, background: bg, perturbation, check };
}

/**
 * Exact SHAP values of a tree model's outputs for the rows of X (shap's `TreeExplainer.shap_values`):
 * path-dependent by default, interventional with `background`. `model` is a dt tree, forest,
 * extra trees or bagging of axis trees, or any model with `toTreeEnsembleView()` (TreeEnsembleView).
 */
export function treeShap(model: unknown, X: FeatureInput, options?: TreeShapOptions): ShapValues {
  const r = resolve(model, X, options, false);
  const { view, trees, x } = r;
  const M = view.nFeatures;
  const K = view.nOutputs;
  const values = new Float64Array(x.rows * M * K);
  const expected = Float64Array.from(view.baseValue);
  if (r.perturbation === 'treePathDependent') {
    for (const t of trees) pathExpectation(t, expected);
    const kernel = new PathDependentShap();
    // Tree-major: each tree's arrays stay in cache while every row walks it.
    for (const t of trees) {
      for (let row = 0; row < x.rows; row++) kernel.explain(t, x.data, row * M, values, row * M * K, K);
    }
  } else {
    const bg = r.background!;
    const kernel = new InterventionalShap(M);
    const scale = 1 / bg.rows;
    for (let z = 0; z < bg.rows; z++) for (const t of trees) addLeaf(t, bg.data, z * M, expected, 0, scale);
    for (let row = 0; row < x.rows; row++) {
      for (const t of trees) {
        for (let z = 0; z < bg.rows; z++) kernel.explain(t, x.data, row * M, bg.data, z * M, values, row * M * K, K, scale);
      }
    }
  }
  const prediction = predict(view, trees, x);
  const out: ShapValues = {
    values,
    rows: x.rows,
    nFeatures: M,
    nOutputs: K,
    expectedValue: expected,
    prediction,
    data: x.data,
    units: view.units,
    featurePerturbation: r.perturbation,
    featureNames: view.featureNames,
    outputNames: view.outputNames,
  };
  if (r.check) assertAdditive(out, M);
  return out;
}

/**
 * Exact SHAP interaction values (shap's `TreeExplainer.shap_interaction_values`, path-dependent):
 * for each tree and each feature i it splits on, the SHAP values with i held present minus held absent
 * (one walk, see PathDependentShap); half of that difference is i's interaction with every other feature, and the diagonal keeps what is
 * left of i's SHAP value.
 */
export function treeShapInteractions(model: unknown, X: FeatureInput, options?: TreeShapOptions): ShapInteractionValues {
  const r = resolve(model, X, options, true);
  const { view, trees, x } = r;
  const M = view.nFeatures;
  const K = view.nOutputs;
  const MK = M * K;
  const values = new Float64Array(x.rows * M * MK);
  const expected = Float64Array.from(view.baseValue);
  for (const t of trees) pathExpectation(t, expected);
  const kernel = new PathDependentShap();
  // Each row's SHAP values, from which the off-diagonal interactions are taken to leave the diagonal.
  const diag = new Float64Array(x.rows * MK);
  const delta = new Float64Array(MK);
  // Tree-major: each tree's arrays (and its subtree feature sets) stay in cache for every row.
  for (const t of trees) {
    const { bits, words } = subtreeFeatures(t);
    const used = t.usedFeatures;
    for (let row = 0; row < x.rows; row++) {
      const base = row * M * MK;
      kernel.explain(t, x.data, row * M, diag, row * MK, K, -1);
      for (let u = 0; u < used.length; u++) {
        const ind = used[u]!;
        // Only features of this tree get values: clear and read just those.
        for (let v = 0; v < used.length; v++) delta.fill(0, used[v]! * K, used[v]! * K + K);
        kernel.explain(t, x.data, row * M, delta, 0, K, ind, bits, words, u);
        for (let v = 0; v < used.length; v++) {
          const o = used[v]! * K;
          for (let k = 0; k < K; k++) {
            const val = delta[o + k]! / 2;
            values[base + ind * MK + o + k]! += val;
            diag[row * MK + o + k]! -= val;
          }
        }
      }
    }
  }
  for (let row = 0; row < x.rows; row++) {
    const base = row * M * MK;
    for (let j = 0; j < M; j++) for (let k = 0; k < K; k++) values[base + j * MK + j * K + k] = diag[row * MK + j * K + k]!;
  }
  const prediction = predict(view, trees, x);
  const out: ShapInteractionValues = {
    values,
    rows: x.rows,
    nFeatures: M,
    nOutputs: K,
    expectedValue: expected,
    prediction,
    data: x.data,
    units: view.units,
    featurePerturbation: 'treePathDependent',
    featureNames: view.featureNames,
    outputNames: view.outputNames,
  };
  if (r.check) assertAdditive(out, M * M);
  return out;
}

/** Adds scale × the leaf contribution of the row at x[base..] to out[at + output]. */
function addLeaf(t: PreparedTree, x: Float64Array, base: number, out: Float64Array, at: number, scale: number): void {
  const leaf = leafOf(t, x, base);
  const w = t.width;
  for (let j = 0; j < w; j++) out[at + t.output + j]! += scale * t.values[leaf * w + j]!;
}

/** The model's outputs for the rows (base value + weighted leaf values). */
function predict(view: TreeEnsembleView, trees: readonly PreparedTree[], x: { data: Float64Array; rows: number; cols: number }): Float64Array {
  const K = view.nOutputs;
  const out = new Float64Array(x.rows * K);
  for (let row = 0; row < x.rows; row++) {
    for (let k = 0; k < K; k++) out[row * K + k] = view.baseValue[k]!;
    for (const t of trees) addLeaf(t, x.data, row * x.cols, out, row * K, 1);
  }
  return out;
}

/**
 * The largest |Σ values + expectedValue − prediction| over rows and outputs, relative to the row's
 * scale (1 + Σ |terms|): what `checkAdditivity` bounds by 1e-9.
 */
export function additivityError(result: Pick<ShapValues, 'values' | 'rows' | 'nOutputs' | 'expectedValue' | 'prediction'>, termsPerRow?: number): number {
  checkShapValues(result, 'result');
  const K = result.nOutputs;
  const T = termsPerRow ?? result.values.length / (result.rows * K);
  let worst = 0;
  for (let row = 0; row < result.rows; row++) {
    for (let k = 0; k < K; k++) {
      let s = result.expectedValue[k]!;
      let scale = 1 + Math.abs(s);
      for (let j = 0; j < T; j++) {
        const v = result.values[(row * T + j) * K + k]!;
        s += v;
        scale += Math.abs(v);
      }
      const err = Math.abs(s - result.prediction[row * K + k]!) / scale;
      if (!(err <= worst)) worst = err;
    }
  }
  return worst;
}

function assertAdditive(result: ShapValues | ShapInteractionValues, terms: number): void {
  const err = additivityError(result, terms);
  if (!(err <= 1e-9)) {
    throw new DtError('INVALID_ARGUMENT', `SHAP values do not add up to the model's output (relative error ${err}): the model's trees have inconsistent covers or values; pass checkAdditivity: false to inspect them`);
  }
}
