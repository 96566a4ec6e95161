/**
 * The registry as @dt/criteria's main entry exports it: every built-in registered (registry-store.ts
 * holds the mechanics; classification.ts and regression.ts register one task's built-ins for lean bundles).
 */
import type { Criterion } from './types.js';
import { addBuiltIns } from './registry-store.js';
import { gini } from './gini.js';
import { entropy } from './entropy.js';
import { misclassification } from './misclassification.js';
import { twoing } from './twoing.js';
import { maxCut } from './max-cut.js';
import { mse } from './mse.js';
import { mae } from './mae.js';

export { getCriterion, registerCriterion, listCriteria } from './registry-store.js';
export type { CriterionTask } from './registry-store.js';

/** Built-in criteria. A new built-in criterion is one import above and one entry here. */
const BUILT_IN_CRITERIA: readonly Criterion[] = [gini, entropy, misclassification, twoing, maxCut, mse, mae];
addBuiltIns(BUILT_IN_CRITERIA);
export { BUILT_IN_CRITERIA };
