import { forestMemberTree, type ForestModel } from '@dt/ensemble';
import type { TreeModel } from '@dt/core';
import type { DecisionStreamClassifier } from '@dt/stream';
import { InvalidArgumentError, nonNegativeInt } from '@dt/errors';
import { fixed, plural } from '../format.js';
import { forestKind, forestShape } from '../forest.js';
import type { TrainingInfo } from '../model-file.js';
import { num } from '../tree-options.js';

/** What `dt show` prints for a forest file: its summary, or (with --tree INDEX) one member as a tree. */
export function forestView(model: ForestModel, tree: unknown, format: string, training: TrainingInfo | null): { summary: string } | { tree: TreeModel | DecisionStreamClassifier } {
  if (tree === undefined) {
    if (format !== 'text') throw new InvalidArgumentError('--tree', `an index of the forest's trees with --format ${format} (a forest is drawn one tree at a time)`, 'absent');
    return { summary: forestSummary(model, training) };
  }
  const index = nonNegativeInt('--tree', num(String(tree), '--tree'));
  const n = model.estimators.length;
  if (index >= n) throw new InvalidArgumentError('--tree', `an index of the forest's ${n} trees (0..${n - 1})`, index);
  return { tree: forestMemberTree(model, index) };
}

/** Kind, trees, classes, features, OOB score, mean depth and leaves of a forest. */
export function forestSummary(model: ForestModel, training: TrainingInfo | null): string {
  const s = forestShape(model);
  const names = model.featureNames;
  const lines = [
    `${forestKind(model)}${training?.algorithm ? ` (dt train --algorithm ${training.algorithm}${training.data ? ` on ${training.data}` : ''})` : ''}`,
    `trees: ${s.trees}`,
  ];
  if ('classes' in model) lines.push(`classes: ${model.classes.length} (${model.classes.join(', ')})`);
  lines.push(`features: ${model.nFeatures}${names ? ` (${names.length > 12 ? `${names.slice(0, 12).join(', ')}, …` : names.join(', ')})` : ''}`);
  const sub = model.estimatorsFeatures[0];
  if (sub) lines.push(`features per tree: ${sub.length} (a random subspace per tree)`);
  const oob = model.oobScoreOrNull;
  lines.push(`out-of-bag ${'classes' in model ? 'accuracy' : 'R²'}: ${oob === null ? 'not computed (train with --oob on)' : fixed(oob)}`);
  lines.push(`mean depth: ${fixed(s.meanDepth, 1)}; mean leaves: ${fixed(s.meanLeaves, 1)}`);
  // Decision Stream members have no impurity importances.
  const imp = 'algorithm' in model && model.algorithm === 'decision-stream' ? new Float64Array(0) : model.featureImportances;
  const top = Array.from(imp, (v, j) => [v, j] as const)
    .sort((a, b) => b[0] - a[0])
    .slice(0, 5)
    .filter(([v]) => v > 0);
  if (top.length > 0) lines.push(`top features by importance: ${top.map(([v, j]) => `${names?.[j] ?? `feature_${j}`} ${fixed(v, 3)}`).join(', ')}`);
  lines.push(`print one tree with --tree INDEX (0..${s.trees - 1}); ${plural(s.trees, 'tree')} in all.`);
  return `${lines.join('\n')}\n`;
}
