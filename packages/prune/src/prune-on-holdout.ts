import { pruneTreeAtStep, weakestLinkSequence, type CcpRisk, type FeatureInput, type LabelInput, type TreeModel } from '@dt/core';
import { checkTreeModel } from '@dt/core/internal';
import { knownKeys, plainObject } from '@dt/errors';
import { lossAsLeaf, rowsFor, targetsFor, weightsFor } from './data.js';
import { copyWithTree } from './model-copy.js';
import { sameAlpha } from './same-alpha.js';

/** Options of pruneOnHoldout: the node risk of the weakest-link sequence and the pruning rows' weights. */
export interface PruneOnHoldoutOptions {
  /**
   * Node risk R(t) of the weakest-link sequence: `'impurity'` (default, scikit-learn's) or
   * `'misclassification'` (Breiman's; the HHCART paper's protocol; classifiers only).
   */
  risk?: CcpRisk;
  /** Weight per pruning row (default 1 each). */
  sampleWeight?: ArrayLike<number> | null;
}

/** What pruneOnHoldout returns: the chosen subtree, its alpha and its loss on the pruning rows. */
export interface PruneOnHoldoutResult<M extends TreeModel> {
  /** The chosen subtree as a new estimator (options, classes and feature names of the input). */
  model: M;
  /** The alpha of the chosen subtree in the sequence (0 = the unpruned tree). */
  alpha: number;
  /**
   * Its loss on the pruning rows: misclassified (weighted) rows for a classifier, so pruning-set
   * accuracy = 1 − loss / total weight; the sum of (weighted) squared errors for a regressor.
   */
  loss: number;
  /** Leaves of the chosen subtree. */
  nLeaves: number;
}

/**
 * Cost-complexity pruning with a held-out pruning set, zero-SE rule (Breiman et al. 1984, §3.3, as
 * the HHCART and OC1 papers use it): of the subtrees of the model's weakest-link sequence, the one
 * with the lowest loss on the pruning rows; ties go to the smaller tree (the larger alpha).
 *
 * The loss of every subtree comes from one pass of the pruning rows down the full tree: each node's
 * loss as a leaf is summed once, then the sequence is walked, each collapse changing the total by
 * (loss of the node as a leaf − current loss of its subtree), the latter read from a Fenwick tree
 * over preorder positions — O((rows · depth) + nodes · log nodes), no recursion.
 *
 * Works on any tree `@dt/core` grows (axis or oblique splits), classifier or regressor. The input
 * model is untouched.
 */
export function pruneOnHoldout<M extends TreeModel>(
  model: M,
  Xprune: FeatureInput,
  yPrune: LabelInput,
  options: PruneOnHoldoutOptions = {},
): PruneOnHoldoutResult<M> {
  checkTreeModel(model);
  const tree = model.tree;
  knownKeys('options', plainObject('options', options), ['risk', 'sampleWeight']);
  const seq = weakestLinkSequence(tree, options.risk === undefined ? {} : { risk: options.risk });
  const x = rowsFor(model, Xprune, 'Xprune');
  const targets = targetsFor(model, yPrune, x.rows, 'yPrune');
  const weights = weightsFor(options.sampleWeight, x.rows);
  const asLeaf = lossAsLeaf(tree, x, targets, weights);

  // Preorder positions: a node's subtree is the range [pos, pos + size).
  const order = tree.reachable();
  const m = order.length;
  const pos = new Int32Array(tree.nodeCount);
  const size = new Int32Array(tree.nodeCount);
  for (let j = 0; j < m; j++) pos[order[j]!] = j;
  for (let j = m - 1; j >= 0; j--) {
    const i = order[j]!;
    size[i] = tree.left[i]! < 0 ? 1 : 1 + size[tree.left[i]!]! + size[tree.right[i]!]!;
  }
  // Fenwick tree of each current leaf's loss at its preorder position.
  const fen = new Float64Array(m + 1);
  const add = (p: number, v: number): void => {
    for (let k = p + 1; k <= m; k += k & -k) fen[k] = fen[k]! + v;
  };
  const prefix = (p: number): number => {
    let s = 0;
    for (let k = p; k > 0; k -= k & -k) s += fen[k]!;
    return s;
  };
  let total = 0;
  for (let j = 0; j < m; j++) {
    const i = order[j]!;
    if (tree.left[i]! < 0) {
      add(j, asLeaf[i]!);
      total += asLeaf[i]!;
    }
  }

  let bestStep = 0;
  let best = total;
  const steps = seq.prunedNodes.length;
  for (let s = 1; s < steps; s++) {
    const t = seq.prunedNodes[s]!;
    const sub = prefix(pos[t]! + size[t]!) - prefix(pos[t]!);
    // Leaves below t are never read again (t's range now sums to its own loss as a leaf).
    const delta = asLeaf[t]! - sub;
    add(pos[t]!, delta);
    total += delta;
    // Only the last of a run of equal alphas is a tree of the sequence (they are cut together).
    if (s + 1 < steps && sameAlpha(seq.alphas[s + 1]!, seq.alphas[s]!)) continue;
    // Relative slack only absorbs summation-order rounding; integer counts compare exactly.
    if (total - best <= 1e-12 * Math.abs(best)) {
      best = total;
      bestStep = s;
    }
  }
  const pruned = pruneTreeAtStep(tree, seq, bestStep + 1);
  return { model: copyWithTree(model, pruned), alpha: seq.alphas[bestStep]!, loss: best, nLeaves: pruned.nLeaves };
}
