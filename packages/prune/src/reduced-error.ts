import { collapseNodes, LEAF, type FeatureInput, type LabelInput, type Tree, type TreeModel } from '@dt/core';
import { checkTreeModel } from '@dt/core/internal';
import { knownKeys, plainObject } from '@dt/errors';
import { lossAsLeaf, rowsFor, targetsFor, weightsFor, type RowMajor, type Targets } from './data.js';
import { copyWithTree } from './model-copy.js';

/** Options of reduced-error pruning: weights of the pruning rows. */
export interface ReducedErrorOptions {
  /** Weight per pruning row (default 1 each): accuracy and MSE are then weighted. */
  sampleWeight?: ArrayLike<number> | null;
}

/**
 * Reduced-error pruning (Quinlan): bottom-up, every split node whose subtree does no better on the
 * pruning set than the node itself as a leaf is made a leaf. "No better" means the pruning-set
 * errors do not rise — misclassified weight for a classifier (the leaf predicts the majority of the
 * node's training class weights), squared error for a regressor (the leaf predicts the node's value:
 * the training mean, or median for MAE). A subtree no pruning row reaches is therefore cut.
 *
 * Works on any tree @dt/core makes (axis or oblique splits). Returns a new estimator with the same
 * options, classes and feature names; the input model is untouched. Pruning-set accuracy (MSE) of
 * the result is never lower (higher) than the input's.
 */
export function reducedErrorPrune<M extends TreeModel>(
  model: M,
  Xprune: FeatureInput,
  yPrune: LabelInput,
  options: ReducedErrorOptions = {},
): M {
  checkTreeModel(model);
  const tree = model.tree;
  knownKeys('options', plainObject('options', options), ['sampleWeight']);
  const x = rowsFor(model, Xprune, 'Xprune');
  const targets = targetsFor(model, yPrune, x.rows, 'yPrune');
  const weights = weightsFor(options.sampleWeight, x.rows);
  return copyWithTree(model, collapseNodes(tree, reducedErrorCuts(tree, x, targets, weights)));
}

/** Nodes REP turns into leaves (outermost and inner ones alike). */
export function reducedErrorCuts(tree: Tree, x: RowMajor, targets: Targets, weights: Float64Array | null): Int32Array {
  const n = tree.nodeCount;
  const leafLoss = lossAsLeaf(tree, x, targets, weights);
  // Reverse preorder visits every node after its descendants: bottom-up.
  const order = tree.reachable();
  const subLoss = new Float64Array(n);
  const cuts: number[] = [];
  for (let j = order.length - 1; j >= 0; j--) {
    const i = order[j]!;
    if (tree.kind[i] === LEAF) {
      subLoss[i] = leafLoss[i]!;
      continue;
    }
    const sub = subLoss[tree.left[i]!]! + subLoss[tree.right[i]!]!;
    // Relative slack only absorbs summation-order rounding; integer counts compare exactly.
    if (leafLoss[i]! - sub <= 1e-12 * sub) {
      cuts.push(i);
      subLoss[i] = leafLoss[i]!;
    } else {
      subLoss[i] = sub;
    }
  }
  return Int32Array.from(cuts);
}
