/**
 * The criteria registry's mechanics, without built-ins: a name → criterion map on a global symbol,
 * getCriterion / registerCriterion / listCriteria. Which built-ins are in it depends on the entries
 * loaded: `@dt/criteria` (registry.ts) registers every built-in; `@dt/criteria/classification` and
 * `@dt/criteria/regression` register one task's, so a browser bundle of a classifier does not carry
 * the regression criteria (@dt/core's estimators import the entry of their task).
 */
import { DtError, InvalidArgumentError, UnknownNameError } from '@dt/errors';
import type { ClassificationCriterion, Criterion, RegressionCriterion } from './types.js';

export type CriterionTask = Criterion['task'];

/** scikit-learn's names for the same criteria, and the CLI spellings of maxCut. */
const ALIASES: Readonly<Record<string, string>> = Object.freeze({
  'max-cut': 'maxCut',
  maxcut: 'maxCut',
  log_loss: 'entropy',
  squared_error: 'mse',
  absolute_error: 'mae',
});

/**
 * Names of every built-in criterion. A lean bundle registers only some (the task entries); a name of
 * one it left out is "not loaded", an error naming the import that registers it, not "unknown".
 */
const BUILT_IN_NAMES: readonly string[] = ['gini', 'entropy', 'misclassification', 'twoing', 'maxCut', 'mse', 'mae'];

const TASKS: readonly CriterionTask[] = ['classification', 'regression'];
const NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

/**
 * The registry lives on a global symbol, not in this module: a project can end up with two copies
 * of @dt/criteria (two versions, or an app and a library each with its own), and a criterion
 * registered through one must still be found by @dt/core resolving names through the other.
 */
const REGISTRY_KEY = Symbol.for('@dt/criteria/registry');
const globalSlot = globalThis as { [REGISTRY_KEY]?: Map<string, Criterion> };
const registry: Map<string, Criterion> = globalSlot[REGISTRY_KEY] ?? (globalSlot[REGISTRY_KEY] = new Map());

/**
 * Adds built-in criteria missing from the shared map (another entry or an older copy may have added
 * them already); names already taken stay as they are.
 */
export function addBuiltIns(criteria: readonly Criterion[]): void {
  for (const c of criteria) if (!registry.has(c.name)) registry.set(c.name, c);
}

function knownNames(): string[] {
  return [...registry.keys(), ...Object.keys(ALIASES)];
}

function checkTask(task: unknown): CriterionTask | undefined {
  if (task === undefined) return undefined;
  if (task !== 'classification' && task !== 'regression') {
    throw new InvalidArgumentError('task', '"classification" or "regression"', task);
  }
  return task;
}

/** Throws unless `value` has the shape of a criterion (checked once, at the boundary). */
function assertCriterion(argument: string, value: unknown): asserts value is Criterion {
  const expectation =
    'a criterion: an object with a name, task "classification" or "regression", scan() and impurity() (and leafValue() for regression)';
  if (typeof value !== 'object' || value === null) throw new InvalidArgumentError(argument, expectation, value);
  const c = value as Partial<Record<keyof RegressionCriterion, unknown>>;
  const ok =
    typeof c.name === 'string' &&
    NAME_PATTERN.test(c.name) &&
    TASKS.includes(c.task as CriterionTask) &&
    typeof c.scan === 'function' &&
    typeof c.impurity === 'function' &&
    (c.task !== 'regression' || typeof c.leafValue === 'function');
  if (!ok) throw new InvalidArgumentError(argument, expectation, value);
}

/**
 * The criterion registered under `nameOrInstance` (scikit-learn aliases accepted), or the instance
 * itself after a shape check. With `task`, also checks the criterion is for that task.
 */
export function getCriterion(nameOrInstance: string | Criterion, task: 'classification'): ClassificationCriterion;
export function getCriterion(nameOrInstance: string | Criterion, task: 'regression'): RegressionCriterion;
export function getCriterion(nameOrInstance: string | Criterion, task?: CriterionTask): Criterion;
export function getCriterion(nameOrInstance: string | Criterion, task?: CriterionTask): Criterion {
  const wanted = checkTask(task);
  let criterion: Criterion;
  if (typeof nameOrInstance === 'string') {
    const name = ALIASES[nameOrInstance] ?? nameOrInstance;
    const found = registry.get(name);
    if (found === undefined) throw BUILT_IN_NAMES.includes(name) ? criterionNotLoaded(name) : new UnknownNameError('criterion', nameOrInstance, knownNames());
    criterion = found;
  } else {
    assertCriterion('criterion', nameOrInstance);
    criterion = nameOrInstance;
  }
  if (wanted !== undefined && criterion.task !== wanted) {
    const names = listCriteria(wanted).map((n) => JSON.stringify(n));
    throw new InvalidArgumentError(
      'criterion',
      `a ${wanted} criterion (${names.join(', ')})`,
      typeof nameOrInstance === 'string' ? nameOrInstance : `${criterion.task} criterion "${criterion.name}"`,
    );
  }
  return criterion;
}

/**
 * The error for a built-in criterion a lean bundle did not register (`@dt/criteria/classification`
 * has gini, entropy and misclassification; `@dt/criteria/regression` mse and mae).
 */
export function criterionNotLoaded(name: string): DtError {
  return new DtError(
    'UNKNOWN_NAME',
    `criterion ${JSON.stringify(name)} is not loaded: add \`import '@dt/criteria/all';\` once, or pass the criterion object (\`import { ${name} } from '@dt/criteria'\`)`,
  );
}

/** True when `name` is a built-in criterion's (registered or not). */
export function isBuiltInCriterion(name: string): boolean {
  return BUILT_IN_NAMES.includes(ALIASES[name] ?? name);
}

/** Adds a criterion under its `name`; names and aliases already taken are rejected. */
export function registerCriterion(criterion: Criterion): void {
  assertCriterion('criterion', criterion);
  if (registry.has(criterion.name) || criterion.name in ALIASES) {
    throw new InvalidArgumentError('criterion.name', 'a name not registered yet', criterion.name);
  }
  registry.set(criterion.name, criterion);
}

/** Registered names (aliases excluded) in registration order, optionally for one task. */
export function listCriteria(task?: CriterionTask): string[] {
  const wanted = checkTask(task);
  const names: string[] = [];
  for (const [name, c] of registry) if (wanted === undefined || c.task === wanted) names.push(name);
  return names;
}
