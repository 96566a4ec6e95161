import { createRandom, positiveInt, shuffleInPlace } from '@dt/errors';
import type { Random } from '@dt/errors';
import { checkOptions } from './check.js';
import { checkK, checkSampleCount, optionalBoolean, optionalSeed, shuffleSeed, splitsFromFolds } from './split-utils.js';
import type { Split } from './types.js';

/** Options of kFold and stratifiedKFold (a seed only with shuffle: true). */
export interface KFoldOptions {
  /** Shuffle samples before cutting folds (default false: contiguous folds, like sklearn). */
  shuffle?: boolean;
  /** Seed for the shuffle (default 0); only with `shuffle: true` (an error otherwise, as scikit-learn). */
  seed?: number;
}

/**
 * k folds of sizes ⌊n/k⌋ or ⌊n/k⌋+1 (the first n mod k folds are larger), like sklearn's `KFold`.
 * Without shuffling, fold f tests a contiguous block, identical to sklearn's. `seed` without
 * `shuffle: true` is an InvalidArgumentError (sklearn's ValueError), never silently ignored.
 */
export function kFold(n: number, k: number, options?: KFoldOptions): Split[] {
  checkSampleCount('n', n);
  checkK(k, n);
  const o = checkOptions('options', options, ['shuffle', 'seed']);
  const seed = shuffleSeed(optionalBoolean('options.shuffle', o.shuffle, false), o.seed);
  return kFoldWith(n, k, seed === null ? null : createRandom(seed));
}

export function kFoldWith(n: number, k: number, rng: Random | null): Split[] {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  if (rng !== null) shuffleInPlace(order, rng);
  const fold = new Int32Array(n);
  const base = Math.floor(n / k);
  const extra = n % k;
  let pos = 0;
  for (let f = 0; f < k; f++) {
    const size = base + (f < extra ? 1 : 0);
    for (let j = 0; j < size; j++) fold[order[pos++]!] = f;
  }
  return splitsFromFolds(fold, k);
}

/** Options of repeatedKFold and repeatedStratifiedKFold. */
export interface RepeatedOptions {
  /** Seed (default 0); each repetition shuffles with its own generator forked from it. */
  seed?: number;
}

/** `repeats` shuffled k-fold partitions: k × repeats splits, repetition-major. */
export function repeatedKFold(n: number, k: number, repeats: number, options?: RepeatedOptions): Split[] {
  checkSampleCount('n', n);
  checkK(k, n);
  positiveInt('repeats', repeats);
  const o = checkOptions('options', options, ['seed']);
  const rng = createRandom(optionalSeed(o.seed));
  const out: Split[] = [];
  for (let r = 0; r < repeats; r++) out.push(...kFoldWith(n, k, rng.fork()));
  return out;
}
