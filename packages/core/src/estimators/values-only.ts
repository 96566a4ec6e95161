/**
 * The kit of TreeClassifier and TreeRegressor: nothing known by name but the default criteria, the
 * exact splitter and the axis projection, no optional capability — criteria, splitters and projections come as the values
 * the program imports, so a bundle carries only those (plain CART: the exact search and the builder).
 */
import { gini, mse, type Criterion } from '@dt/criteria';
import { AXIS_ONLY } from '@dt/projections/registry';
import type { EstimatorKit } from './decision-tree.js';
import type { FitKit } from './fit-kit.js';
import { treeOptionTable } from './options.js';
import { bestSplitter } from '../search/axis-search.js';

const valuesOnly = (criteria: readonly Criterion[]): FitKit =>
  Object.freeze({
  // The task's default, by value; other criteria are passed as objects.
  criteria,
  projections: AXIS_ONLY,
  splitters: Object.freeze({ best: bestSplitter }),
  defaultSplitter: bestSplitter,
  oblique: null,
  scaling: null,
  prune: null,
});

function valueKit(criteria: readonly Criterion[]): EstimatorKit {
  const kit = valuesOnly(criteria);
  return { kit, table: treeOptionTable(kit) };
}

/** TreeClassifier's kit and options (criterion gini by name, others as objects). */
export const CLASSIFIER_VALUES: EstimatorKit = /* @__PURE__ */ valueKit([gini]);
/** TreeRegressor's kit and options (criterion mse by name, others as objects). */
export const REGRESSOR_VALUES: EstimatorKit = /* @__PURE__ */ valueKit([mse]);
