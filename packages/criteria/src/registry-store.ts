/**
 * The criteria registry's mechanics: name resolution over a static table of built-ins (a value the
 * caller passes) and the criteria users add with registerCriterion. User additions live on a global
 * symbol, not in this module: a project can end up with two copies of @dt/criteria (two versions, or an
 * app and a library each with its own), and a criterion registered through one must still be found
 * through the other. Built-ins are never registered: they are imported as values (registry.ts).
 */
import { InvalidArgumentError, UnknownNameError } from '@dt/errors';
import type { Criterion, RegressionCriterion } from './types.js';

/** The task a criterion serves: `'classification'` or `'regression'`. */
export type CriterionTask = Criterion['task'];

/** scikit-learn's names for the same criteria, and the CLI spellings of maxCut. */
const ALIASES: Readonly<Record<string, string>> = Object.freeze({
  'max-cut': 'maxCut',
  maxcut: 'maxCut',
  log_loss: 'entropy',
  squared_error: 'mse',
  absolute_error: 'mae',
});

/** Names of every built-in criterion: user criteria may not take them. */
const BUILT_IN_NAMES: readonly string[] = ['gini', 'entropy', 'misclassification', 'twoing', 'maxCut', 'mse', 'mae', 'poisson'];

const TASKS: readonly CriterionTask[] = ['classification', 'regression'];
const NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

const REGISTRY_KEY = Symbol.for('@dt/criteria/registry');
const globalSlot = globalThis as { [REGISTRY_KEY]?: Map<string, Criterion> };
const registry: Map<string, Criterion> = globalSlot[REGISTRY_KEY] ?? (globalSlot[REGISTRY_KEY] = new Map());

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
    (c.task !== 'regression' || typeof c.leafValue === 'function') &&
    (c.checkTargets === undefined || typeof c.checkTargets === 'function');
  if (!ok) throw new InvalidArgumentError(argument, expectation, value);
}

/**
 * The criterion named `nameOrInstance` among `builtIns` (scikit-learn aliases accepted) or the ones
 * users registered, or the instance itself after a shape check. With `task`, also checks the
 * criterion is for that task. `builtIns` is a static table: an empty one (lean bundles that pass
 * criterion objects) resolves user-registered names only.
 */
export function resolveCriterion(nameOrInstance: string | Criterion, task: CriterionTask | undefined, builtIns: readonly Criterion[]): Criterion {
  const wanted = checkTask(task);
  let criterion: Criterion;
  if (typeof nameOrInstance === 'string') {
    const name = ALIASES[nameOrInstance] ?? nameOrInstance;
    const found = builtIns.find((c) => c.name === name) ?? registry.get(name);
    if (found === undefined) {
      if (BUILT_IN_NAMES.includes(name)) {
        throw new InvalidArgumentError(
          'criterion',
          `a criterion object here (\`import { ${name} } from '@dt/criteria'\`): this estimator takes values, not built-in names; @dt/core's DecisionTreeClassifier/DecisionTreeRegressor know every name`,
          nameOrInstance,
        );
      }
      throw new UnknownNameError('criterion', nameOrInstance, [...listCriteriaIn(builtIns), ...Object.keys(ALIASES)]);
    }
    criterion = found;
  } else {
    assertCriterion('criterion', nameOrInstance);
    criterion = nameOrInstance;
  }
  if (wanted !== undefined && criterion.task !== wanted) {
    const names = listCriteriaIn(builtIns, wanted).map((n) => JSON.stringify(n));
    throw new InvalidArgumentError(
      'criterion',
      `a ${wanted} criterion (${names.join(', ')})`,
      typeof nameOrInstance === 'string' ? nameOrInstance : `${criterion.task} criterion "${criterion.name}"`,
    );
  }
  return criterion;
}

/** True when `name` is a built-in criterion's (or one of their aliases). */
export function isBuiltInCriterion(name: string): boolean {
  return BUILT_IN_NAMES.includes(ALIASES[name] ?? name);
}

/** True when `name` was added with registerCriterion. */
export function isRegisteredCriterion(name: string): boolean {
  return registry.has(name);
}

/** Adds a criterion under its `name`; built-in names, aliases and names already taken are rejected. */
export function registerCriterion(criterion: Criterion): void {
  assertCriterion('criterion', criterion);
  if (registry.has(criterion.name) || criterion.name in ALIASES || BUILT_IN_NAMES.includes(criterion.name)) {
    throw new InvalidArgumentError('criterion.name', 'a name not registered yet', criterion.name);
  }
  registry.set(criterion.name, criterion);
}

/** Names of `builtIns` then of the registered criteria (aliases excluded), optionally for one task. */
export function listCriteriaIn(builtIns: readonly Criterion[], task?: CriterionTask): string[] {
  const wanted = checkTask(task);
  const names: string[] = [];
  for (const c of builtIns) if (wanted === undefined || c.task === wanted) names.push(c.name);
  for (const [name, c] of registry) if (wanted === undefined || c.task === wanted) names.push(name);
  return names;
}
