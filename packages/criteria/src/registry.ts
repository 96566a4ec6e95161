/**
 * Criterion names as @dt/criteria's main entry resolves them: the built-ins from a static table of
 * values (imported, never registered) and the criteria users add (registry-store.ts).
 */
import type { ClassificationCriterion, Criterion, RegressionCriterion } from './types.js';
import { listCriteriaIn, resolveCriterion, type CriterionTask } from './registry-store.js';
import { gini } from './gini.js';
import { entropy } from './entropy.js';
import { misclassification } from './misclassification.js';
import { twoing } from './twoing.js';
import { maxCut } from './max-cut.js';
import { mse } from './mse.js';
import { mae } from './mae.js';
import { poisson } from './poisson.js';

export { registerCriterion } from './registry-store.js';
export type { CriterionTask } from './registry-store.js';

/** Built-in criteria. A new built-in criterion is one import above and one entry here. */
const BUILT_IN_CRITERIA: readonly Criterion[] = [gini, entropy, misclassification, twoing, maxCut, mse, mae, poisson];
export { BUILT_IN_CRITERIA };

/**
 * The built-in or registered criterion named `nameOrInstance` (scikit-learn aliases accepted), or the
 * instance itself after a shape check. With `task`, also checks the criterion is for that task.
 */
export function getCriterion(nameOrInstance: string | Criterion, task: 'classification'): ClassificationCriterion;
export function getCriterion(nameOrInstance: string | Criterion, task: 'regression'): RegressionCriterion;
export function getCriterion(nameOrInstance: string | Criterion, task?: CriterionTask): Criterion;
export function getCriterion(nameOrInstance: string | Criterion, task?: CriterionTask): Criterion {
  return resolveCriterion(nameOrInstance, task, BUILT_IN_CRITERIA);
}

/** Built-in then registered names (aliases excluded), optionally for one task. */
export function listCriteria(task?: CriterionTask): string[] {
  return listCriteriaIn(BUILT_IN_CRITERIA, task);
}
