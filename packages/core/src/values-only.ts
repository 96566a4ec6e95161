/**
 * The kit of TreeClassifier and TreeRegressor: nothing known by name but the default criteria, the
 * exact splitter and the axis projection, no optional capability — criteria, splitters and projections come as the values
 * the program imports, so a bundle carries only those (plain CART: the exact search and the builder).
 */
import { gini, mse } from '@dt/criteria';
import { AXIS_ONLY } from '@dt/projections/registry';
import type { FitKit } from './fit-kit.js';
import { treeOptionTable } from './options.js';
import { bestSplitter } from './split-search/axis-search.js';

export const VALUES_ONLY: FitKit = Object.freeze({
  // The defaults, by value (gini for classification, mse for regression); other criteria are passed as objects.
  criteria: Object.freeze([gini, mse]),
  projections: AXIS_ONLY,
  splitters: Object.freeze({ best: bestSplitter }),
  defaultSplitter: bestSplitter,
  oblique: null,
  scaling: null,
  prune: null,
});

/** The options of TreeClassifier/TreeRegressor. */
export const VALUE_TREE_OPTIONS = treeOptionTable(VALUES_ONLY);
