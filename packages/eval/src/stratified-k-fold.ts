import { createRandom, positiveInt, shuffleInPlace } from '@dt/errors';
import type { Random } from '@dt/errors';
import { checkLabels, checkOptions } from './check.js';
import type { KFoldOptions, RepeatedOptions } from './k-fold.js';
import { checkK, optionalBoolean, optionalSeed, shuffleSeed, splitsFromFolds } from './split-utils.js';
import type { Label, Labels, Split } from './types.js';

/**
 * Stratified k folds with sklearn's `StratifiedKFold` allocation: each class's members are dealt
 * round-robin over the folds (class by class in order of first appearance), so every class's count
 * per test fold differs by at most 1 across folds and fold sizes differ by at most 1. Without
 * shuffling the folds equal sklearn's exactly.
 *
 * A class with fewer than k members is allowed (sklearn only warns): it is simply absent from some
 * test folds. Only k > n is an error. `seed` without `shuffle: true` is an InvalidArgumentError, as
 * in kFold.
 */
export function stratifiedKFold(y: Labels, k: number, options?: KFoldOptions): Split[] {
  checkLabels('y', y);
  checkK(k, y.length);
  const o = checkOptions('options', options, ['shuffle', 'seed']);
  const seed = shuffleSeed(optionalBoolean('options.shuffle', o.shuffle, false), o.seed);
  return stratifiedKFoldWith(y, k, seed === null ? null : createRandom(seed));
}

function countCongruentBelow(x: number, f: number, k: number): number {
  return x > f ? Math.floor((x - f - 1) / k) + 1 : 0;
}

export function stratifiedKFoldWith(y: Labels, k: number, rng: Random | null): Split[] {
  const n = y.length;
  // Codes in order of first appearance (sklearn's y_encoded).
  const codeOf = new Map<Label, number>();
  const code = new Int32Array(n);
  const counts: number[] = [];
  for (let i = 0; i < n; i++) {
    let c = codeOf.get(y[i]!);
    if (c === undefined) {
      c = counts.length;
      codeOf.set(y[i]!, c);
      counts.push(0);
    }
    counts[c]!++;
    code[i] = c;
  }
  const nClasses = counts.length;
  // Deal the class-sorted sample list round-robin: fold f takes positions p ≡ f (mod k).
  const folds: Int32Array[] = [];
  let start = 0;
  for (let c = 0; c < nClasses; c++) {
    const end = start + counts[c]!;
    const list = new Int32Array(counts[c]!);
    let pos = 0;
    for (let f = 0; f < k; f++) {
      const m = countCongruentBelow(end, f, k) - countCongruentBelow(start, f, k);
      for (let j = 0; j < m; j++) list[pos++] = f;
    }
    if (rng !== null) shuffleInPlace(list, rng);
    folds.push(list);
    start = end;
  }
  const fold = new Int32Array(n);
  const next = new Int32Array(nClasses);
  for (let i = 0; i < n; i++) {
    const c = code[i]!;
    fold[i] = folds[c]![next[c]!++]!;
  }
  return splitsFromFolds(fold, k);
}

/** `repeats` shuffled stratified k-fold partitions: k × repeats splits, repetition-major. */
export function repeatedStratifiedKFold(y: Labels, k: number, repeats: number, options?: RepeatedOptions): Split[] {
  checkLabels('y', y);
  checkK(k, y.length);
  positiveInt('repeats', repeats);
  const o = checkOptions('options', options, ['seed']);
  const rng = createRandom(optionalSeed(o.seed));
  const out: Split[] = [];
  for (let r = 0; r < repeats; r++) out.push(...stratifiedKFoldWith(y, k, rng.fork()));
  return out;
}
