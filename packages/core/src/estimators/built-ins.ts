/**
 * The static table of built-ins @dt/core's DecisionTreeClassifier and DecisionTreeRegressor resolve
 * names with — every criterion, projection and splitter, the oblique layer, scaling and pruning — as
 * values: the same in Node, browsers, workers and with duplicate installs, nothing registered. A new
 * built-in split strategy is one line in `splitters` (and its own file in search/).
 */
import { BUILT_IN_CRITERIA } from '@dt/criteria';
import { BUILT_IN_FACTORIES } from '@dt/projections';
import { pruneTree } from '../prune/cost-complexity.js';
import { featureScaling } from '../search/feature-scaling.js';
import type { FitKit } from './fit-kit.js';
import type { Task } from './option-table.js';
import { resolveTreeOptionsWith, treeOptionTable, type ResolvedTreeOptions } from './options.js';
import { autoSplitter } from '../search/auto-splitter.js';
import { bestSplitter } from '../search/axis-search.js';
import { histSplitter } from '../search/hist-splitter.js';
import { obliqueSearches } from '../search/oblique/oblique-searches.js';
import { randomSplitter } from '../search/random-axis-search.js';

/**
 * The FitKit of DecisionTreeClassifier and DecisionTreeRegressor: every built-in criterion, projection
 * and splitter by name, the oblique layer, scaling and pruning.
 */
export const BUILT_INS: FitKit = Object.freeze({
  criteria: BUILT_IN_CRITERIA,
  projections: BUILT_IN_FACTORIES,
  splitters: Object.freeze({ best: bestSplitter, hist: histSplitter, random: randomSplitter, auto: autoSplitter }),
  defaultSplitter: autoSplitter,
  oblique: obliqueSearches,
  scaling: featureScaling,
  prune: pruneTree,
});

/** The options of DecisionTreeClassifier/DecisionTreeRegressor (every name known). */
export const TREE_OPTIONS = treeOptionTable(BUILT_INS);

/** Validates the full estimators' options once and fills in defaults. */
export function resolveTreeOptions(raw: unknown, task: Task): ResolvedTreeOptions {
  return resolveTreeOptionsWith(TREE_OPTIONS, raw, task);
}
