/**
 * `@dt/criteria/classification`: the registry with the classification built-ins registered (gini,
 * entropy, misclassification, twoing, maxCut) and not the regression ones — what a classifier needs
 * to resolve criterion names, for bundles that carry no regression code. `@dt/criteria` registers every built-in.
 */
import { addBuiltIns } from './registry-store.js';
import { gini } from './gini.js';
import { entropy } from './entropy.js';
import { misclassification } from './misclassification.js';
import { twoing } from './twoing.js';
import { maxCut } from './max-cut.js';

export { getCriterion, registerCriterion, listCriteria } from './registry-store.js';
export type { CriterionTask } from './registry-store.js';

addBuiltIns([gini, entropy, misclassification, twoing, maxCut]);
