import type { TreeOptions } from '@dt/core';
import { cliText, jobsValue, monotonicSigns, optionKeys, resolveOptions, resolveTreeOptions, TREE_OPTIONS, type OptionTable, type SameKeys, type Task } from '@dt/core/internal';
import { booleanValue, InvalidArgumentError, knownKeys, plainObject, positiveInt, seedValue } from '@dt/errors';
import type { MaxSamples } from './bootstrap.js';

/** Most bootstrap draws per member (draw counts are int32). */
const MAX_DRAWS = 2 ** 31 - 1;

/** Class weights of an ensemble classifier: scikit-learn's, incl. 'balanced_subsample' (per member's bootstrap draw). */
export type EnsembleClassWeight = 'balanced' | 'balanced_subsample' | Record<string, number> | Map<string | number, number> | null;

/** The ensemble's own options (scikit-learn's names in camelCase). */
export interface EnsembleOptions {
  /** Number of members (trees). Default 100 (bagging: 10, as scikit-learn). */
  nEstimators?: number;
  /** Fit each member on a bootstrap draw of the rows. Default true (extra trees: false). */
  bootstrap?: boolean;
  /**
   * Rows drawn per member with bootstrap (scikit-learn 1.9's max_samples): null (n draws), an integer
   * count (1 is one row), a non-integer number or `{ fraction: f }` (max(floor(f·n), 1) draws, of Σ
   * weights when weighted; `{ fraction: 1 }` is scikit-learn's max_samples=1.0).
   */
  maxSamples?: MaxSamples;
  /** Compute the out-of-bag score and predictions after fit (needs bootstrap). */
  oobScore?: boolean;
  /** Seed of the whole ensemble; member i's seed is derived from it and i only. */
  seed?: number;
  /** Workers for fitting (1 = in this thread, -1 = every core). The fitted ensemble is identical for every nJobs. */
  nJobs?: number;
  /** Classification: 'balanced', 'balanced_subsample', weights per class label, or null. */
  classWeight?: EnsembleClassWeight;
}

/** Ensemble options after validation, with every default filled in. */
export interface ResolvedEnsembleOptions {
  nEstimators: number;
  bootstrap: boolean;
  maxSamples: MaxSamples;
  oobScore: boolean;
  seed: number;
  nJobs: number;
  classWeight: EnsembleClassWeight;
}

const _keysMatch: SameKeys<Required<EnsembleOptions>, ResolvedEnsembleOptions> = true;
void _keysMatch;

/** The ensemble options table (one entry per option; CLI flags read from here). */
export const ENSEMBLE_OPTIONS: OptionTable<ResolvedEnsembleOptions> = {
  nEstimators: {
    default: 100,
    validate: (v, name) => positiveInt(name, v),
    cli: { flag: '--n-estimators', arg: '<n>', help: 'members (trees) in the ensemble', defaultText: '100', parse: cliText.number },
  },
  bootstrap: {
    default: true,
    validate: (v, name) => booleanValue(name, v),
    cli: { flag: '--bootstrap', arg: '<on|off>', help: 'fit each member on a bootstrap draw', defaultText: 'on (extra-trees: off)', parse: cliText.onOff },
  },
  maxSamples: {
    default: null,
    validate: (v, name) => {
      if (v === null) return null;
      if (typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= MAX_DRAWS) return v;
      if (typeof v === 'object' && !Array.isArray(v)) {
        const o = plainObject(name, v);
        knownKeys(name, o, ['fraction']);
        const f = o.fraction;
        if (typeof f === 'number' && Number.isFinite(f) && f > 0 && f <= MAX_DRAWS) return { fraction: f };
        throw new InvalidArgumentError(`${name}.fraction`, 'a finite number > 0', f);
      }
      throw new InvalidArgumentError(name, `null, a count (integer >= 1, at most ${MAX_DRAWS}), a fraction (a non-integer number > 0) or { fraction: f } (f > 0; { fraction: 1 } is scikit-learn's 1.0)`, v);
    },
    cli: { flag: '--max-samples', arg: '<n>', help: 'rows drawn per member: count or fraction', defaultText: 'all', parse: cliText.numberOrNone },
  },
  oobScore: {
    default: false,
    validate: (v, name) => booleanValue(name, v),
    cli: { flag: '--oob', arg: '<on|off>', help: 'compute the out-of-bag score (needs --bootstrap on)', defaultText: 'off', parse: cliText.onOff },
  },
  seed: {
    default: 0,
    validate: (v, name) => seedValue(name, v),
    cli: null,
  },
  nJobs: {
    default: 1,
    validate: (v, name) => jobsValue(name, v),
    cli: { flag: '--jobs', arg: '<n>', help: 'parallel workers for fitting (-1: every core; same model for any n)', defaultText: '1', parse: cliText.number },
  },
  classWeight: {
    default: null,
    tasks: ['classification'],
    validate: (v, name) => {
      if (v === null || v === 'balanced' || v === 'balanced_subsample' || v instanceof Map) return v as EnsembleClassWeight;
      if (typeof v === 'object' && !Array.isArray(v)) return v as EnsembleClassWeight;
      throw new InvalidArgumentError(name, "'balanced', 'balanced_subsample', an object or Map of weights per class, or null", v);
    },
    save: (cw) => (cw instanceof Map ? Object.fromEntries(cw) : cw),
    cli: null,
  },
};

/** Tree options of a forest (every option of @dt/core's trees but classWeight, which the forest applies). */
export type ForestTreeOptions = Omit<TreeOptions, 'seed'> & { misRate?: number | null };

/**
 * Splits a forest's options into the ensemble's (validated by ENSEMBLE_OPTIONS) and the trees'
 * (validated once by @dt/core's table; passed to every tree with its own seed). Unknown keys are
 * rejected by name. `treeDefaults` are the forest kind's tree defaults (maxFeatures 'sqrt', ...).
 */
export function splitForestOptions(
  raw: unknown,
  task: Task,
  defaults: Partial<EnsembleOptions>,
  treeDefaults: Record<string, unknown>,
): { ensemble: ResolvedEnsembleOptions; tree: Record<string, unknown> } {
  const o = raw === undefined || raw === null ? {} : plainObject('options', raw);
  const own = optionKeys(ENSEMBLE_OPTIONS, task) as string[];
  const treeKeys = (optionKeys(TREE_OPTIONS, task) as string[]).filter((k) => k !== 'seed' && k !== 'classWeight');
  knownKeys('options', o, [...own, ...treeKeys]);
  const ensembleRaw: Record<string, unknown> = { ...defaults };
  const tree: Record<string, unknown> = { ...treeDefaults };
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined) continue;
    if (own.includes(k)) ensembleRaw[k] = v;
    else tree[k] = v;
  }
  const ensemble = checkBootstrapOptions(resolveOptions(ENSEMBLE_OPTIONS, ensembleRaw, task));
  resolveTreeOptions(tree, task); // validates every tree option once, naming the bad one
  return { ensemble, tree };
}

/**
 * monotonicCst by feature name, as the member trees take it: the forest's fit knows the names (its
 * members, fitted on the same columns, may run on worker threads without them), so an object of
 * name → constraint becomes the array by column here. Empty when there is nothing to resolve.
 */
export function memberConstraints(tree: Readonly<Record<string, unknown>>, featureNames: readonly string[] | null): { monotonicCst?: number[] } {
  const cst = tree.monotonicCst;
  if (cst === null || cst === undefined || Array.isArray(cst) || typeof cst !== 'object' || featureNames === null) return {};
  // @dt/core's own resolution (typed errors naming monotonicCst.<name>); null classes: the signs as given.
  return { monotonicCst: Array.from(monotonicSigns(cst as Record<string, number>, featureNames.length, featureNames, null)!) };
}

/** Options that need bootstrap draws are refused without them (scikit-learn's rule), not ignored. */
export function checkBootstrapOptions(ensemble: ResolvedEnsembleOptions): ResolvedEnsembleOptions {
  if (ensemble.bootstrap) return ensemble;
  if (ensemble.oobScore) throw new InvalidArgumentError('oobScore', 'false when bootstrap is false (out-of-bag rows need bootstrap draws)', true);
  if (ensemble.maxSamples !== null) throw new InvalidArgumentError('maxSamples', 'null when bootstrap is false (every member sees every row)', ensemble.maxSamples);
  return ensemble;
}
