import { InvalidArgumentError, seedValue } from '@dt/errors';
import type { Split } from './types.js';

/** Train = complement of the test fold; both ascending. `fold[i]` is sample i's test fold. */
export function splitsFromFolds(fold: Int32Array, k: number): Split[] {
  const n = fold.length;
  const sizes = new Int32Array(k);
  for (let i = 0; i < n; i++) sizes[fold[i]!]!++;
  const splits: Split[] = [];
  for (let f = 0; f < k; f++) {
    const test = new Int32Array(sizes[f]!);
    const train = new Int32Array(n - sizes[f]!);
    let a = 0;
    let b = 0;
    for (let i = 0; i < n; i++) {
      if (fold[i] === f) test[a++] = i;
      else train[b++] = i;
    }
    splits.push({ train, test });
  }
  return splits;
}

export function checkK(k: unknown, n: number): number {
  if (typeof k !== 'number' || !Number.isInteger(k) || k < 2 || k > n) {
    throw new InvalidArgumentError('k', `an integer in [2, ${n}] (2 <= k <= number of samples)`, k);
  }
  return k;
}

export function checkSampleCount(name: string, n: unknown): number {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 2 || n > 0x7fffffff) {
    throw new InvalidArgumentError(name, 'an integer number of samples >= 2', n);
  }
  return n;
}

export function optionalSeed(value: unknown): number {
  return value === undefined ? 0 : seedValue('options.seed', value);
}

/**
 * The one seed rule of kFold, stratifiedKFold, crossValidate and compareAlgorithms (scikit-learn's
 * KFold raises for a random_state without shuffle): a seed only means something when the samples
 * are shuffled, so `seed` given while shuffling is off (explicitly or by default) is refused rather
 * than silently ignored. Returns the generator's seed (0 when omitted) or null without shuffling.
 */
export function shuffleSeed(shuffle: boolean, seed: unknown): number | null {
  if (!shuffle) {
    if (seed !== undefined) throw new InvalidArgumentError('options.seed', 'omitted unless options.shuffle is true (a seed only takes effect when shuffling)', seed);
    return null;
  }
  return optionalSeed(seed);
}

export function optionalBoolean(name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new InvalidArgumentError(name, 'a boolean', value);
  return value;
}
