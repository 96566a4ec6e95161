import { pruneTree, type CostComplexityOptions, type TreeModel } from '@dt/core';
import { checkTreeModel } from '@dt/core/internal';
import { nonNegativeNumber } from '@dt/errors';
import { copyWithTree } from './model-copy.js';

/**
 * A fitted model's tree pruned at `alpha` (scikit-learn's ccp_alpha semantics), as a new estimator
 * sharing the model's options, classes and feature names. With the default risk its `ccpAlpha`
 * option becomes max(old, alpha), so refitting it on the same data gives the same tree. alpha = 0
 * leaves the tree as it is (as the ccpAlpha option does). The input model is untouched.
 */
export function pruneModel<M extends TreeModel>(model: M, alpha: number, options: CostComplexityOptions = {}): M {
  checkTreeModel(model);
  const tree = model.tree;
  nonNegativeNumber('alpha', alpha);
  const pruned = alpha > 0 ? pruneTree(tree, alpha, options) : tree.compact();
  const impurityRisk = (options.risk ?? 'impurity') === 'impurity';
  return copyWithTree(model, pruned, impurityRisk ? { ccpAlpha: Math.max(model.options.ccpAlpha, alpha) } : {});
}
