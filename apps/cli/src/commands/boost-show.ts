import { boostingMemberTree } from '@dt/boost';
import type { TreeModel } from '@dt/core';
import { InvalidArgumentError, nonNegativeInt } from '@dt/errors';
import { boostingShape, type BoostingModel } from '../boosting.js';
import { fixed, plural } from '../format.js';
import type { TrainingInfo } from '../model-file.js';
import { num } from '../tree-options.js';

/** What `dt show` prints for a boosting file: its summary, or (with --tree INDEX) one tree as a dt tree. */
export function boostView(model: BoostingModel, tree: unknown, format: string, training: TrainingInfo | null): { summary: string } | { tree: TreeModel } {
  const n = model.nIter * model.nTreesPerIteration;
  if (tree === undefined) {
    if (format !== 'text') throw new InvalidArgumentError('--tree', `an index of the model's trees with --format ${format} (boosting is drawn one tree at a time)`, 'absent');
    return { summary: boostSummary(model, training) };
  }
  const index = nonNegativeInt('--tree', num(String(tree), '--tree'));
  if (index >= n) throw new InvalidArgumentError('--tree', `an index of the model's ${n} trees (0..${n - 1})`, index);
  return { tree: boostingMemberTree(model, index) };
}

/** Kind, iterations, trees, classes, features, scores, mean depth and leaves, top features. */
export function boostSummary(model: BoostingModel, training: TrainingInfo | null): string {
  const s = boostingShape(model);
  const K = model.nTreesPerIteration;
  const names = model.featureNames;
  const params = model.getParams();
  const classifier = 'classes' in model;
  const lines = [
    `histogram gradient boosting ${classifier ? 'classifier' : 'regressor'} (loss ${params.loss}, learning rate ${params.learningRate}${training?.algorithm ? `; dt train --algorithm ${training.algorithm}${training.data ? ` on ${training.data}` : ''}` : ''})`,
    `iterations: ${s.iterations}${s.iterations < (params.maxIter ?? 100) ? ` (early stopping; --max-iter ${params.maxIter})` : ''}; trees: ${s.trees}${K > 1 ? ` (${K} per iteration, one per class)` : ''}`,
  ];
  if (classifier) lines.push(`classes: ${model.classes.length} (${model.classes.join(', ')})`);
  lines.push(`features: ${model.nFeatures}${names ? ` (${names.length > 12 ? `${names.slice(0, 12).join(', ')}, …` : names.join(', ')})` : ''}`);
  const val = model.validationScore;
  const train = model.trainScore;
  if (train.length > 0) lines.push(`last training score: ${fixed(train[train.length - 1]!, 4)}${val.length > 0 ? `; last validation score: ${fixed(val[val.length - 1]!, 4)}` : ''} (${params.scoring === 'loss' ? 'negative loss' : (params.scoring ?? 'estimator score')})`);
  lines.push(`mean depth: ${fixed(s.meanDepth, 1)}; mean leaves: ${fixed(s.meanLeaves, 1)}`);
  const top = Array.from(model.featureImportances, (v, j) => [v, j] as const)
    .sort((a, b) => b[0] - a[0])
    .slice(0, 5)
    .filter(([v]) => v > 0);
  if (top.length > 0) lines.push(`top features by gain: ${top.map(([v, j]) => `${names?.[j] ?? `feature_${j}`} ${fixed(v, 3)}`).join(', ')}`);
  lines.push(`print one tree with --tree INDEX (0..${s.trees - 1}, iteration by iteration${K > 1 ? ', class by class' : ''}); ${plural(s.trees, 'tree')} in all.`);
  return `${lines.join('\n')}\n`;
}
