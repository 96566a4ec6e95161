/**
 * The model file's side of the tree options table: how a saved value of `criterion` and `projection`
 * becomes a constructor value again (the table's `save` writes them). Kept out of TREE_OPTIONS so that
 * a bundle which fits, predicts and writes models leaves the reading out (it is reached from
 * model-format.ts's reader and @dt/ensemble's forest files only).
 */
import type { Criterion } from '@dt/criteria';
import { isBuiltInCriterion, isRegisteredCriterion } from '@dt/criteria/registry-store';
import { BUILT_IN_PROJECTIONS, type Projection } from '@dt/projections/registry';
import { DtError } from '@dt/errors';
import type { OptionLoaders, Task } from '../estimators/option-table.js';
import type { ResolvedTreeOptions } from '../estimators/options.js';

/**
 * Saved criterion and projection values as constructor values: a registered name stays a name; an
 * unregistered one (a custom criterion or projection, or a built-in this bundle did not load) becomes a
 * placeholder, so the model still loads and predicts and refitting says what is missing.
 */
export const TREE_OPTION_LOADERS: OptionLoaders<ResolvedTreeOptions> = {
  criterion: (saved, task) => (typeof saved === 'string' && !isBuiltInCriterion(saved) && !isRegisteredCriterion(saved) ? unavailableCriterion(saved, task) : saved),
  projection: (saved) => loadProjection(saved),
};


/** A saved projection (a name, or { name, options }) as a constructor value; unregistered ones become placeholders. */
function loadProjection(saved: unknown): unknown {
  const isObject = typeof saved === 'object' && saved !== null && !Array.isArray(saved);
  const name = isObject ? (saved as { name?: unknown }).name : saved;
  const options = isObject ? (saved as { options?: unknown }).options : undefined;
  if (typeof name !== 'string') return saved;
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) return saved;
  const opts = options as Record<string, unknown> | undefined;
  if (!BUILT_IN_PROJECTIONS.includes(name)) return unavailableProjection(name, opts);
  // A built-in: the name (with its options) is resolved by the loading estimator's table.
  return opts === undefined ? name : { name, options: opts };
}

/** Stands in for a custom projection a saved model was fitted with: not needed to predict; refitting says what is missing. */
function unavailableProjection(name: string, options: Record<string, unknown> | undefined): Projection {
  return {
    name,
    ...(options === undefined ? {} : { options: Object.freeze({ ...options }) }),
    prepare: () => {
      throw new DtError(
        'UNKNOWN_NAME',
        `this model was fitted with the custom projection "${name}"; pass that projection object in the options to refit`,
      );
    },
  };
}

/** Stands in for a custom (unregistered) criterion a saved model was fitted with, as for projections. */
function unavailableCriterion(name: string, task: Task): Criterion {
  const missing = (): never => {
    throw new DtError(
      'UNKNOWN_NAME',
      `this model was fitted with the custom criterion "${name}"; register it (registerCriterion) or pass the criterion object to refit`,
    );
  };
  return task === 'classification'
    ? { name, task, scan: missing, impurity: missing }
    : { name, task, scan: missing, impurity: missing, leafValue: missing };
}
