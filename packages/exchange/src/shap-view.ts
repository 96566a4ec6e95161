/**
 * The TreeSHAP view of an imported ensemble (@dt/explain's `TreeEnsembleView`, declared here by
 * shape so @dt/exchange has no runtime dependency on @dt/explain). Raw score k is
 *
 *     margin_k(x) = baseScore[k] + Σ_t (weight_t / divisor) · leaf_t(x)
 *
 * (the origin library's arithmetic up to its float32 rounding), so each tree keeps its output
 * column, its weight is divided by the accumulation divisor, and the base value is the base score;
 * units are margins, as LightGBM's `pred_contrib` and XGBoost's `pred_contribs` explain them (their
 * last column, the bias, is this base value plus every tree's cover-weighted mean leaf).
 *
 * Covers are what each library's own TreeSHAP weighs paths by: LightGBM's counts (`internal_count`,
 * `leaf_count`, dt's `nSamples`), not its hessian sums; XGBoost's `cover` (hessian sums, already the
 * imported trees' `weightedNSamples`). ONNX files hold no training covers, so their covers are 0 and
 * TreeSHAP refuses the path-dependent explanation and asks for background rows (interventional).
 *
 * Split kinds a dt Tree cannot express are refused: a categorical set or LightGBM's zero band
 * (|x| <= 1e-35 and NaN take the missing side) has no single threshold path for TreeSHAP to follow.
 */
import { InvalidArgumentError } from '@dt/errors';
import type { Tree } from '@dt/core';
import type { ImportedTree } from './imported-tree.js';
import { SPLIT_CATEGORICAL, SPLIT_ZERO_MISSING } from './imported-tree.js';

/** One tree of a tree ensemble view (structurally @dt/explain's `ViewTree`). */
export interface ImportedViewTree {
  readonly tree: Tree;
  readonly weight: number;
  readonly output: number;
  readonly normalize: false;
  readonly features: null;
  readonly classMap: null;
}

/** An imported model as TreeSHAP reads it (structurally @dt/explain's `TreeEnsembleView`). */
export interface ImportedEnsembleView {
  readonly nFeatures: number;
  readonly nOutputs: number;
  readonly trees: readonly ImportedViewTree[];
  readonly baseValue: Float64Array;
  readonly units: 'margin';
  readonly outputNames: readonly string[] | null;
  readonly featureNames: readonly string[] | null;
}

/** What shapView reads from an ImportedModel. */
export interface ShapViewSource {
  readonly format: 'lightgbm' | 'xgboost' | 'onnx';
  readonly nFeatures: number;
  readonly featureNames: readonly string[] | null;
  readonly classes: readonly unknown[] | null;
  readonly trees: readonly ImportedTree[];
  readonly width: number;
  readonly baseScore: Float64Array;
  readonly accumulation: { readonly divisor: number };
}

/** The tree ensemble view of an imported model (see the module comment); refuses splits without a threshold path. */
export function shapView(model: ShapViewSource): ImportedEnsembleView {
  const trees = model.trees.map((t, i): ImportedViewTree => {
    refuseFlags(t, i, model.format);
    return { tree: covered(t.tree, model.format), weight: t.weight / model.accumulation.divisor, output: t.output, normalize: false, features: null, classMap: null };
  });
  const classes = model.classes;
  return {
    nFeatures: model.nFeatures,
    nOutputs: model.width,
    trees,
    baseValue: Float64Array.from(model.baseScore),
    units: 'margin',
    outputNames: classes !== null && classes.length === model.width && model.width > 1 ? classes.map(String) : null,
    featureNames: model.featureNames,
  };
}

function refuseFlags(t: ImportedTree, i: number, format: string): void {
  for (let n = 0; n < t.flags.length; n++) {
    const f = t.flags[n]!;
    if (f === 0) continue;
    const why =
      (f & SPLIT_CATEGORICAL) !== 0
        ? `node ${t.sourceIds[n]} is a categorical split (a category set, not one threshold), which has no single threshold path for TreeSHAP`
        : (f & SPLIT_ZERO_MISSING) !== 0
          ? `node ${t.sourceIds[n]} treats zero as missing (|x| <= 1e-35 and NaN take its missing side), which has no single threshold path for TreeSHAP`
          : `node ${t.sourceIds[n]} has split flags ${f}, which TreeSHAP cannot follow`;
    throw new InvalidArgumentError(`model.trees[${i}]`, `a ${format} tree with plain threshold splits only: ${why}`, f);
  }
}

/** The tree with the covers its library's TreeSHAP uses (a copy when they differ from the imported weightedNSamples). */
function covered(tree: Tree, format: ShapViewSource['format']): Tree {
  if (format === 'xgboost') return tree;
  const copy = tree.compact();
  for (let n = 0; n < copy.nodeCount; n++) copy.weightedNSamples[n] = format === 'lightgbm' ? copy.nSamples[n]! : 0;
  return copy;
}
