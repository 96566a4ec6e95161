import { InvalidArgumentError, ShapeMismatchError, createRandom, shuffleInPlace } from '@dt/errors';
import type { Random } from '@dt/errors';
import { checkLabels, checkOptions } from './check.js';
import { encodeLabels } from './encode-labels.js';
import { checkSampleCount, optionalSeed } from './split-utils.js';
import type { Labels, Split } from './types.js';

/** Options of trainTestSplit: test size, stratification and seed. */
export interface TrainTestSplitOptions {
  /**
   * Test-set size: a fraction in (0, 1) — the test set gets ⌈testSize·n⌉ samples, as in sklearn —
   * or an integer count in [1, n − 1]. Default 0.25.
   */
  testSize?: number;
  /**
   * Stratify by class: `true` uses the labels given as the first argument; an array gives the
   * labels explicitly. Default false.
   */
  stratify?: boolean | Labels;
  /** Seed (default 0). */
  seed?: number;
}

/**
 * Random train/test split of n samples (or of `nOrY.length` samples when labels are given). Both
 * index arrays are sorted ascending.
 *
 * Stratified splits allocate the test set per class by largest remainder (ties broken at random),
 * so each class's test count is within 1 of `count · nTest / n` and its train count within 1 of
 * `count · nTrain / n` — sklearn's `StratifiedShuffleSplit` up to rounding. A class with a single
 * member is allowed (it lands in one side).
 */
export function trainTestSplit(nOrY: number | Labels, options?: TrainTestSplitOptions): Split {
  let n: number;
  if (typeof nOrY === 'number') {
    n = checkSampleCount('nOrY', nOrY);
  } else {
    if (!Array.isArray(nOrY) && !ArrayBuffer.isView(nOrY)) {
      throw new InvalidArgumentError('nOrY', 'a sample count or an array of labels', nOrY);
    }
    n = checkSampleCount('nOrY.length', (nOrY as ArrayLike<unknown>).length);
  }
  const o = checkOptions('options', options, ['testSize', 'stratify', 'seed']);
  const nTest = testCount(o.testSize ?? 0.25, n);
  const rng = createRandom(optionalSeed(o.seed));

  let strata: Labels | null = null;
  if (o.stratify === true) {
    if (typeof nOrY === 'number') {
      throw new InvalidArgumentError('options.stratify', 'an array of labels (or true when labels are the first argument)', true);
    }
    checkLabels('nOrY', nOrY);
    strata = nOrY;
  } else if (o.stratify !== undefined && o.stratify !== false) {
    checkLabels('options.stratify', o.stratify);
    const s = o.stratify as Labels;
    if (s.length !== n) {
      throw new ShapeMismatchError(`options.stratify must have one label per sample: got ${s.length} labels for ${n} samples`);
    }
    strata = s;
  }
  return strata === null ? plainSplit(n, nTest, rng) : stratifiedSplit(strata, nTest, rng);
}

function testCount(size: unknown, n: number): number {
  if (typeof size === 'number' && Number.isFinite(size)) {
    if (Number.isInteger(size) && size >= 1 && size <= n - 1) return size;
    if (size > 0 && size < 1) {
      const t = Math.ceil(size * n);
      if (t <= n - 1) return t;
    }
  }
  throw new InvalidArgumentError(
    'options.testSize',
    `a fraction in (0, 1) or a count in [1, ${n - 1}] leaving train and test samples for n = ${n}`,
    size,
  );
}

function sortedSplit(fold: Uint8Array, nTest: number): Split {
  const n = fold.length;
  const test = new Int32Array(nTest);
  const train = new Int32Array(n - nTest);
  let a = 0;
  let b = 0;
  for (let i = 0; i < n; i++) {
    if (fold[i] === 1) test[a++] = i;
    else train[b++] = i;
  }
  return { train, test };
}

function plainSplit(n: number, nTest: number, rng: Random): Split {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  shuffleInPlace(order, rng);
  const isTest = new Uint8Array(n);
  for (let j = 0; j < nTest; j++) isTest[order[j]!] = 1;
  return sortedSplit(isTest, nTest);
}

function stratifiedSplit(y: Labels, nTest: number, rng: Random): Split {
  const n = y.length;
  const { classes, codes } = encodeLabels([y]);
  const code = codes[0]!;
  const C = classes.length;
  const members: number[][] = Array.from({ length: C }, () => []);
  for (let i = 0; i < n; i++) members[code[i]!]!.push(i);
  // Largest-remainder allocation in exact integer arithmetic: count·nTest = q·n + r.
  const alloc = new Int32Array(C);
  const rem = new Float64Array(C);
  let given = 0;
  for (let c = 0; c < C; c++) {
    const prod = members[c]!.length * nTest;
    alloc[c] = Math.floor(prod / n);
    rem[c] = prod - alloc[c]! * n;
    given += alloc[c]!;
  }
  const order = Array.from({ length: C }, (_, c) => c);
  shuffleInPlace(order, rng);
  order.sort((a, b) => rem[b]! - rem[a]!); // stable: random order among equal remainders
  for (let j = 0; j < nTest - given; j++) alloc[order[j]!]!++;
  const isTest = new Uint8Array(n);
  for (let c = 0; c < C; c++) {
    const m = members[c]!;
    shuffleInPlace(m, rng);
    for (let j = 0; j < alloc[c]!; j++) isTest[m[j]!] = 1;
  }
  return sortedSplit(isTest, nTest);
}
