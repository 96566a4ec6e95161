import { TREE_OPTIONS, type MaxFeatures } from '@dt/core';
import { cliText, resolveOptions, type OptionTable, type SameKeys, type Task } from '@dt/core/internal';
import { booleanValue, InvalidArgumentError, numberInRange, oneOf, positiveInt } from '@dt/errors';
import type { TestFamily } from './test-result.js';

/** Split candidates per feature: ⌊√n⌋ equal-width thresholds (the reference code) or every midpoint. */
export type Candidates = 'sections' | 'exhaustive';
/** 'standard': binary splits at the lowest-p candidate. 'large': the paper's Algorithm 4 (multi-way). */
export type StreamMode = 'standard' | 'large';
export type { MaxFeatures } from '@dt/core';
/**
 * 'dt' (default): dt's statistics. 'reference': the authors' reference code's conventions (its test
 * choice, p-values, candidate order and ties, thresholds, round bookkeeping), so that dt grows the
 * graph the reference grows; see reference-compat.ts and the README.
 */
export type Compat = 'dt' | 'reference';

/** Constructor options of DecisionStreamClassifier/Regressor (see the README table). */
export interface StreamOptions {
  /** Significance threshold for both operations: split when p < alpha, merge when p > alpha. Default 0.02. */
  alpha?: number;
  /** 'nonparametric' (KS / Mann–Whitney U, default) or 'parametric' (Z / Student's t). */
  test?: TestFamily;
  /** Default 'sections'. */
  candidates?: Candidates;
  /** false grows the paper's "DS without merging" (a tree). Default true. */
  merge?: boolean;
  /** Stop after this many split+merge rounds (null: only the paper's stop rules). */
  maxRounds?: number | null;
  /** Default 'standard'. */
  mode?: StreamMode;
  /** Features drawn per split (integer count, fraction in (0, 1), 'sqrt', 'log2', null = all); @dt/core's rules. */
  maxFeatures?: MaxFeatures;
  /** Seed of the feature sampling (the only randomness; unused when maxFeatures is null). */
  seed?: number;
  /**
   * Feature indices the large-data mode splits by category (one child range per level) and
   * associates by the correlation ratio. Values are the level codes. Standard mode treats every
   * feature as ordered numbers.
   */
  categoricalFeatures?: readonly number[] | null;
  /** Default 'dt'. 'reference' (classifier only) needs the defaults of test, candidates, mode and maxFeatures. */
  compat?: Compat;
}

/** Stream options after validation, with every default filled in. */
export interface ResolvedStreamOptions {
  alpha: number;
  test: TestFamily;
  candidates: Candidates;
  merge: boolean;
  maxRounds: number | null;
  mode: StreamMode;
  maxFeatures: MaxFeatures;
  seed: number;
  categoricalFeatures: number[] | null;
  compat: Compat;
}

// Compile-time check: the resolved options have exactly the keys of StreamOptions.
const _keysMatch: SameKeys<Required<StreamOptions>, ResolvedStreamOptions> = true;
void _keysMatch;

/** The default significance level of the split and merge tests (the paper's 0.02). */
export const DEFAULT_ALPHA = 0.02;

const TESTS: readonly TestFamily[] = ['nonparametric', 'parametric'];
const CANDIDATES: readonly Candidates[] = ['sections', 'exhaustive'];
const MODES: readonly StreamMode[] = ['standard', 'large'];

/**
 * Decision Stream's options, each declared once (validator, default, model file, CLI flag and help)
 * with @dt/core's option-table mechanism; maxFeatures, seed and categoricalFeatures are core's entries.
 */
export const STREAM_OPTIONS: OptionTable<ResolvedStreamOptions> = {
  alpha: {
    default: DEFAULT_ALPHA,
    validate: (v, name) => numberInRange(name, v, 0, 1),
    cli: {
      flag: '--alpha',
      arg: '<p>',
      help: 'Decision Stream significance level for splits and merges, in (0, 1)',
      defaultText: String(DEFAULT_ALPHA),
      parse: cliText.number,
    },
  },
  test: {
    default: 'nonparametric',
    validate: (v, name) => oneOf(name, v, TESTS),
    cli: {
      flag: '--test',
      arg: '<family>',
      help: 'Decision Stream tests: nonparametric (KS / Mann-Whitney) or parametric (Z / t)',
      defaultText: 'nonparametric',
      parse: cliText.choice(TESTS),
    },
  },
  candidates: {
    default: 'sections',
    validate: (v, name) => oneOf(name, v, CANDIDATES),
    cli: {
      flag: '--candidates',
      arg: '<mode>',
      help: 'Decision Stream thresholds: sections (sqrt(n) equal-width) or exhaustive',
      defaultText: 'sections',
      parse: cliText.choice(CANDIDATES),
    },
  },
  merge: {
    default: true,
    validate: (v, name) => booleanValue(name, v),
    cli: {
      flag: '--merge',
      arg: '<on|off>',
      help: 'Decision Stream: merge statistically indistinguishable leaves (off = DS without merging)',
      defaultText: 'on',
      parse: cliText.onOff,
    },
  },
  maxRounds: {
    default: null,
    validate: (v, name) => (v === null ? null : positiveInt(name, v)),
    cli: {
      flag: '--max-rounds',
      arg: '<n>',
      help: 'Decision Stream: stop after this many split/merge rounds',
      defaultText: 'none',
      parse: cliText.numberOrNone,
    },
  },
  mode: {
    default: 'standard',
    validate: (v, name) => oneOf(name, v, MODES),
    cli: {
      flag: '--mode',
      arg: '<mode>',
      help: "Decision Stream: standard, or large (the paper's Algorithm 4 for big data)",
      defaultText: 'standard',
      parse: cliText.choice(MODES),
    },
  },
  maxFeatures: TREE_OPTIONS.maxFeatures,
  seed: TREE_OPTIONS.seed,
  categoricalFeatures: TREE_OPTIONS.categoricalFeatures,
  compat: {
    default: 'dt',
    validate: (v, name) => oneOf(name, v, ['dt', 'reference'] as const),
    tasks: ['classification'],
    cli: null,
  },
};

export function resolveStreamOptions(options: unknown, task: Task): ResolvedStreamOptions {
  const resolved = resolveOptions(STREAM_OPTIONS, options, task);
  if (resolved.compat === 'reference') {
    // the reference code has only these; anything else has no reference behaviour to copy
    const need = { test: 'nonparametric', candidates: 'sections', mode: 'standard', maxFeatures: null } as const;
    for (const key of ['test', 'candidates', 'mode', 'maxFeatures'] as const) {
      if (resolved[key] !== need[key]) {
        throw new InvalidArgumentError(key, `${JSON.stringify(need[key])} (the only choice of compat: 'reference')`, (options as Record<string, unknown>)[key]);
      }
    }
  }
  return resolved;
}
