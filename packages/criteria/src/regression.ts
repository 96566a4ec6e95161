/**
 * `@dt/criteria/regression`: the registry with the regression built-ins registered (mse, mae) and not
 * the classification ones, as classification.ts for classifiers. `@dt/criteria` registers every built-in.
 */
import { addBuiltIns } from './registry-store.js';
import { mse } from './mse.js';
import { mae } from './mae.js';

export { getCriterion, registerCriterion, listCriteria } from './registry-store.js';
export type { CriterionTask } from './registry-store.js';

addBuiltIns([mse, mae]);
