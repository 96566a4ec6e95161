import {
  InvalidArgumentError,
  booleanValue,
  knownKeys,
  numberInRange,
  oneOf,
  plainObject,
  positiveInt,
  seedValue,
} from '@dt/errors';
import type { TestFamily } from './test-result.js';

/** Split candidates per feature: ⌊√n⌋ equal-width thresholds (the reference code) or every midpoint. */
export type Candidates = 'sections' | 'exhaustive';
/** 'standard': binary splits at the lowest-p candidate. 'large': the paper's Algorithm 4 (multi-way). */
export type StreamMode = 'standard' | 'large';
export type MaxFeatures = number | 'sqrt' | 'log2' | null;

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
  /** Features drawn per split (integer count, fraction in (0, 1), 'sqrt', 'log2', null = all). */
  maxFeatures?: MaxFeatures;
  /** Seed of the feature sampling (the only randomness; unused when maxFeatures is null). */
  seed?: number;
}

export interface ResolvedStreamOptions {
  alpha: number;
  test: TestFamily;
  candidates: Candidates;
  merge: boolean;
  maxRounds: number | null;
  mode: StreamMode;
  maxFeatures: MaxFeatures;
  seed: number;
}

const KEYS = ['alpha', 'test', 'candidates', 'merge', 'maxRounds', 'mode', 'maxFeatures', 'seed'] as const;

export const DEFAULT_ALPHA = 0.02;

export function resolveStreamOptions(options: unknown): ResolvedStreamOptions {
  const o = plainObject('options', options ?? {});
  knownKeys('options', o, KEYS);
  const maxRounds = o.maxRounds ?? null;
  return {
    alpha: numberInRange('alpha', o.alpha ?? DEFAULT_ALPHA, 0, 1),
    test: oneOf('test', o.test ?? 'nonparametric', ['nonparametric', 'parametric'] as const),
    candidates: oneOf('candidates', o.candidates ?? 'sections', ['sections', 'exhaustive'] as const),
    merge: booleanValue('merge', o.merge ?? true),
    maxRounds: maxRounds === null ? null : positiveInt('maxRounds', maxRounds),
    mode: oneOf('mode', o.mode ?? 'standard', ['standard', 'large'] as const),
    maxFeatures: checkMaxFeatures(o.maxFeatures ?? null),
    seed: seedValue('seed', o.seed ?? 0),
  };
}

function checkMaxFeatures(v: unknown): MaxFeatures {
  if (v === null || v === 'sqrt' || v === 'log2') return v;
  if (typeof v === 'number' && Number.isFinite(v) && v > 0 && (Number.isInteger(v) || v < 1)) return v;
  throw new InvalidArgumentError('maxFeatures', "a positive integer, a fraction in (0, 1), 'sqrt', 'log2' or null", v);
}

/** Number of features drawn per split for d features. */
export function featuresPerSplit(mf: MaxFeatures, d: number): number {
  let k: number;
  if (mf === null) k = d;
  else if (mf === 'sqrt') k = Math.floor(Math.sqrt(d));
  else if (mf === 'log2') k = Math.floor(Math.log2(d));
  else if (Number.isInteger(mf)) k = mf;
  else k = Math.floor(mf * d);
  return Math.min(d, Math.max(1, k));
}
