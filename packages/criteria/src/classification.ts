/**
 * `@dt/criteria/classification`: the registry with scikit-learn's classification criteria registered
 * (gini, entropy, misclassification) — what a classifier needs to resolve criterion names in a lean
 * bundle, without the regression criteria, twoing and maxCut (`@dt/criteria/all` registers every
 * built-in; the main entry's registry has them all too).
 */
import { addBuiltIns } from './registry-store.js';
import { gini } from './gini.js';
import { entropy } from './entropy.js';
import { misclassification } from './misclassification.js';

export { getCriterion, registerCriterion, listCriteria } from './registry-store.js';
export type { CriterionTask } from './registry-store.js';

addBuiltIns([gini, entropy, misclassification]);
