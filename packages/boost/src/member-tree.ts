/**
 * One boosting tree as a standalone dt regression tree, for the tools that take a fitted tree model
 * (core's exportText / exportDot, @dt/plot's renderSvg, the CLI's `dt show --tree i`). Its leaf values
 * are the tree's raw contributions (scaled by the learning rate): log-odds for a binary classifier,
 * class k's logit for multiclass, the link-scale value for a regressor.
 */
import { DecisionTreeRegressor } from '@dt/core';
import { RESTORE } from '@dt/core/internal';
import { InvalidArgumentError } from '@dt/errors';
import { HistGradientBoosting } from './hist-gradient-boosting.js';

/**
 * Tree `index` of a fitted boosting model, counting iteration by iteration (index = iteration ·
 * nTreesPerIteration + output), with the model's feature names.
 */
export function boostingMemberTree(model: HistGradientBoosting, index: number): DecisionTreeRegressor {
  if (!(model instanceof HistGradientBoosting)) throw new InvalidArgumentError('model', 'a fitted HistGradientBoostingClassifier or HistGradientBoostingRegressor', model);
  const K = model.nTreesPerIteration;
  const n = model.nIter * K;
  if (!(Number.isInteger(index) && index >= 0 && index < n)) throw new InvalidArgumentError('tree', `an index of the model's ${n} trees (0..${n - 1})`, index);
  const tree = model.estimators[Math.floor(index / K)]![index % K]!;
  const out = new DecisionTreeRegressor();
  out[RESTORE]({ fitted: tree, featureNames: model.featureNames });
  return out;
}
