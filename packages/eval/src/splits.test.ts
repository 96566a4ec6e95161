import { InvalidArgumentError, ShapeMismatchError } from '@dt/errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kFold, repeatedKFold, repeatedStratifiedKFold, stratifiedKFold, trainTestSplit } from './index.js';
import type { Split } from './index.js';

const seed = fc.integer({ min: 0, max: 0xffffffff });

function sortedUnique(a: Int32Array): boolean {
  for (let i = 1; i < a.length; i++) if (a[i]! <= a[i - 1]!) return false;
  return true;
}

/** train ∪ test = 0..n-1, disjoint, both sorted. */
function expectComplement(s: Split, n: number): void {
  expect(sortedUnique(s.train) && sortedUnique(s.test)).toBe(true);
  expect(s.train.length + s.test.length).toBe(n);
  const seen = new Uint8Array(n);
  for (const i of s.train) seen[i]! += 1;
  for (const i of s.test) seen[i]! += 1;
  expect(seen.every((v) => v === 1)).toBe(true);
}

/** The test folds partition 0..n-1, every train set is its fold's complement. */
function expectPartition(splits: Split[], n: number): void {
  const hits = new Uint8Array(n);
  for (const s of splits) {
    expectComplement(s, n);
    for (const i of s.test) hits[i]! += 1;
  }
  expect(hits.every((v) => v === 1)).toBe(true);
}

function spread(values: number[]): number {
  return Math.max(...values) - Math.min(...values);
}

const labels = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 2, maxLength: 120 });

describe('kFold', () => {
  it('folds partition 0..n-1 with sizes differing by at most 1 (shuffled or not)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 200 }), fc.integer({ min: 2, max: 12 }), fc.boolean(), seed, (n, k0, shuffle, s) => {
        const k = Math.min(k0, n);
        const splits = kFold(n, k, shuffle ? { shuffle, seed: s } : { shuffle });
        expect(splits.length).toBe(k);
        expectPartition(splits, n);
        expect(spread(splits.map((f) => f.test.length))).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('is deterministic per seed and depends on it', () => {
    const a = kFold(50, 5, { shuffle: true, seed: 7 });
    expect(kFold(50, 5, { shuffle: true, seed: 7 })).toEqual(a);
    expect(kFold(50, 5, { shuffle: true, seed: 8 })).not.toEqual(a);
    expect(Array.from(kFold(5, 2)[0]!.test)).toEqual([0, 1, 2]);
  });

  it('validates n and k', () => {
    expect(() => kFold(5, 6)).toThrow('k must be an integer in [2, 5] (2 <= k <= number of samples), got 6');
    expect(() => kFold(5, 1)).toThrow(InvalidArgumentError);
    expect(() => kFold(1.5, 2)).toThrow('n must be an integer number of samples >= 2, got 1.5');
    expect(() => kFold(10, 2, { shuffle: 'yes' } as never)).toThrow('options.shuffle must be a boolean');
    expect(() => kFold(10, 2, { shuffle: true, seed: -1 })).toThrow('options.seed');
  });
});

describe('the seed rule (scikit-learn: random_state without shuffle is a ValueError)', () => {
  const y = [0, 1, 0, 1, 0, 1, 0, 1];
  it('refuses a seed without shuffle: true in kFold and stratifiedKFold, naming it', () => {
    for (const make of [(o: object) => kFold(8, 2, o), (o: object) => stratifiedKFold(y, 2, o)]) {
      expect(() => make({ seed: 3 })).toThrow(InvalidArgumentError);
      expect(() => make({ seed: 3 })).toThrow('options.seed must be omitted unless options.shuffle is true (a seed only takes effect when shuffling), got 3');
      expect(() => make({ shuffle: false, seed: 0 })).toThrow('options.seed must be omitted unless options.shuffle is true');
      expect(() => make({ shuffle: true, seed: 3 })).not.toThrow();
      expect(() => make({ shuffle: false })).not.toThrow();
    }
  });
  it('a shuffled seed takes effect: some seed moves the folds away from the unshuffled ones', () => {
    const plain = stratifiedKFold(y, 2);
    expect([1, 2, 3].some((s) => JSON.stringify(stratifiedKFold(y, 2, { shuffle: true, seed: s })) !== JSON.stringify(plain))).toBe(true);
    expect(kFold(8, 2, { shuffle: true, seed: 1 })).not.toEqual(kFold(8, 2));
  });
});

describe('stratifiedKFold', () => {
  it('partitions; per-class counts and fold sizes differ by at most 1 across folds', () => {
    fc.assert(
      fc.property(labels, fc.integer({ min: 2, max: 10 }), fc.boolean(), seed, (y, k0, shuffle, s) => {
        const k = Math.min(k0, y.length);
        const splits = stratifiedKFold(y, k, shuffle ? { shuffle, seed: s } : { shuffle });
        expectPartition(splits, y.length);
        expect(spread(splits.map((f) => f.test.length))).toBeLessThanOrEqual(1);
        for (const c of new Set(y)) {
          const perFold = splits.map((f) => Array.from(f.test).filter((i) => y[i] === c).length);
          expect(spread(perFold)).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('is deterministic per seed', () => {
    fc.assert(
      fc.property(labels, seed, (y, s) => {
        const k = Math.min(3, y.length);
        expect(stratifiedKFold(y, k, { shuffle: true, seed: s })).toEqual(stratifiedKFold(y, k, { shuffle: true, seed: s }));
      }),
      { numRuns: 30 },
    );
  });

  it('allows classes smaller than k (absent from some folds); errors only when k > n', () => {
    const y = ['a', 'a', 'a', 'a', 'b'];
    const splits = stratifiedKFold(y, 4);
    expect(splits.filter((s) => Array.from(s.test).some((i) => y[i] === 'b')).length).toBe(1);
    expect(() => stratifiedKFold(y, 6)).toThrow('k must be an integer in [2, 5]');
    expect(() => stratifiedKFold([0, Number.NaN], 2)).toThrow('y[1] must be a finite number like the other labels, got NaN');
  });

  it('accepts typed-array labels', () => {
    const y = Int32Array.from({ length: 30 }, (_, i) => i % 3);
    expect(stratifiedKFold(y, 3)).toEqual(stratifiedKFold(Array.from(y), 3));
  });
});

describe('repeated k-fold', () => {
  it('gives k × repeats splits; each repetition is a partition; repetitions differ', () => {
    fc.assert(
      fc.property(fc.integer({ min: 6, max: 80 }), fc.integer({ min: 1, max: 4 }), seed, (n, repeats, s) => {
        const k = 3;
        const all = repeatedKFold(n, k, repeats, { seed: s });
        expect(all.length).toBe(k * repeats);
        for (let r = 0; r < repeats; r++) expectPartition(all.slice(r * k, (r + 1) * k), n);
        expect(repeatedKFold(n, k, repeats, { seed: s })).toEqual(all);
      }),
      { numRuns: 40 },
    );
    const two = repeatedKFold(40, 4, 2, { seed: 1 });
    expect(two.slice(0, 4)).not.toEqual(two.slice(4));
  });

  it('stratified repetitions keep the class bounds', () => {
    fc.assert(
      fc.property(labels, fc.integer({ min: 1, max: 3 }), seed, (y, repeats, s) => {
        const k = Math.min(4, y.length);
        const all = repeatedStratifiedKFold(y, k, repeats, { seed: s });
        expect(all.length).toBe(k * repeats);
        for (let r = 0; r < repeats; r++) {
          const rep = all.slice(r * k, (r + 1) * k);
          expectPartition(rep, y.length);
          for (const c of new Set(y)) {
            expect(spread(rep.map((f) => Array.from(f.test).filter((i) => y[i] === c).length))).toBeLessThanOrEqual(1);
          }
        }
        expect(repeatedStratifiedKFold(y, k, repeats, { seed: s })).toEqual(all);
      }),
      { numRuns: 40 },
    );
  });

  it('validates repeats', () => {
    expect(() => repeatedKFold(10, 2, 0)).toThrow('repeats must be a positive integer, got 0');
    expect(() => repeatedStratifiedKFold([0, 1, 0, 1], 2, 1, { shuffle: true } as never)).toThrow('options.shuffle must be one of the known options');
  });
});

describe('trainTestSplit', () => {
  it('splits n samples into ⌈testSize·n⌉ test and the rest train, disjoint and sorted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 300 }), fc.double({ min: 0.01, max: 0.99, noNaN: true }), seed, (n, f, s) => {
        const nTest = Math.ceil(f * n);
        fc.pre(nTest <= n - 1);
        const split = trainTestSplit(n, { testSize: f, seed: s });
        expectComplement(split, n);
        expect(split.test.length).toBe(nTest);
        expect(trainTestSplit(n, { testSize: f, seed: s })).toEqual(split);
      }),
    );
  });

  it('takes a count as testSize and defaults to 0.25', () => {
    expect(trainTestSplit(10, { testSize: 3 }).test.length).toBe(3);
    expect(trainTestSplit(10).test.length).toBe(3);
    expect(trainTestSplit(['a', 'b', 'c', 'd']).test.length).toBe(1);
  });

  it('stratified: each class within 1 of its proportional share on both sides', () => {
    fc.assert(
      fc.property(labels, fc.double({ min: 0.05, max: 0.95, noNaN: true }), seed, (y, f, s) => {
        const n = y.length;
        const nTest = Math.ceil(f * n);
        fc.pre(nTest <= n - 1);
        const split = trainTestSplit(y, { testSize: f, stratify: true, seed: s });
        expectComplement(split, n);
        expect(split.test.length).toBe(nTest);
        for (const c of new Set(y)) {
          const count = y.filter((v) => v === c).length;
          const inTest = Array.from(split.test).filter((i) => y[i] === c).length;
          expect(Math.abs(inTest - (count * nTest) / n)).toBeLessThan(1);
          expect(Math.abs(count - inTest - (count * (n - nTest)) / n)).toBeLessThan(1);
        }
        expect(trainTestSplit(n, { testSize: f, stratify: y, seed: s })).toEqual(split);
      }),
    );
  });

  it('validates its arguments', () => {
    expect(() => trainTestSplit(10, { testSize: 0 })).toThrow('options.testSize must be a fraction in (0, 1) or a count in [1, 9]');
    expect(() => trainTestSplit(10, { testSize: 10 })).toThrow(InvalidArgumentError);
    expect(() => trainTestSplit(10, { testSize: 0.99 })).toThrow(InvalidArgumentError);
    expect(() => trainTestSplit(1)).toThrow('nOrY must be an integer number of samples >= 2, got 1');
    expect(() => trainTestSplit(10, { stratify: true })).toThrow('options.stratify must be an array of labels');
    expect(() => trainTestSplit(3, { stratify: [0, 1] })).toThrow(ShapeMismatchError);
    expect(() => trainTestSplit(4, { testsize: 2 } as never)).toThrow('options.testsize must be one of the known options');
  });
});
