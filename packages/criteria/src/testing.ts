/**
 * Conformance suite for criteria (`@dt/criteria/testing`). It runs a criterion's scan on seeded
 * random inputs and compares it with a brute-force oracle that scores any split from scratch.
 * No test framework is needed: a check returns a report or throws a ConformanceError describing
 * the first failure together with a copy-pastable input.
 */
import { createRandom, InvalidArgumentError, intAtLeast, nonNegativeInt, numberInRange, positiveInt } from '@dt/errors';
import type { Random } from '@dt/errors';
import type {
  ClassificationCriterion,
  ClassificationScanInput,
  RegressionCriterion,
  RegressionScanInput,
  SplitResult,
} from './types.js';
import { randomClassificationInput, randomRegressionInput, validPositions } from './testing-inputs.js';

export {
  randomClassificationInput,
  randomRegressionInput,
  randomValues,
  validPositions,
} from './testing-inputs.js';
export type { RandomInputOptions } from './testing-inputs.js';
export {
  giniOracle,
  entropyOracle,
  misclassificationOracle,
  twoingOracle,
  maxCutOracle,
  largestScoreScale,
  mseOracle,
  maeOracle,
  referenceGini,
  referenceEntropy,
  referenceMisclassification,
  referenceVariance,
  referenceMeanAbsoluteDeviation,
  referenceWeightedMedian,
} from './testing-oracles.js';

/** Scores the split [0, pos) | [pos, n) from scratch; higher is better. O(n) or O(n²) is fine. */
export type ClassificationOracle = (input: ClassificationScanInput, pos: number) => number;
/** Scores the split [0, pos) | [pos, n) of a regression input from scratch; higher is better. */
export type RegressionOracle = (input: RegressionScanInput, pos: number) => number;

interface CommonCheckOptions {
  /** Random inputs to try (default 300). Each is scanned under 3 sets of limits. */
  trials?: number;
  /** Seed of the input generator (default 20240601). */
  seed?: number;
  /** Largest number of raw samples per input (default 40). */
  maxEntries?: number;
  /**
   * true (default): `out.score` must equal the oracle's score of `out.pos`. false: the score may be
   * any increasing function of the oracle; only its order across scans of one input is checked.
   */
  scoreIsOracle?: boolean;
  /** Relative tolerance (times the score scale) for optimality and score equality (default 1e-9). */
  relTol?: number;
  /**
   * Oracle scores closer than this (times the scale) are ties the criterion must break by the tie
   * rule (default 1e-13). Differences between tieTol and relTol may go either way.
   */
  tieTol?: number;
}

/** Options of checkClassificationCriterion: the oracle (required), the generated inputs and the tolerances. */
export interface ClassificationCheckOptions extends CommonCheckOptions {
  oracle: ClassificationOracle;
  /** Class count range of the generated inputs (default 2..20). */
  minClasses?: number;
  maxClasses?: number;
  /** Reference for `criterion.impurity`, checked on every input when given. */
  impurity?: (classWeights: Float64Array, nClasses: number, totalWeight: number) => number;
  /** Natural scale of the scores of one input (default max(1, max |oracle|)). */
  scale?: (input: ClassificationScanInput, oracleScores: readonly number[]) => number;
}

/** Options of checkRegressionCriterion: the oracle (required), optional impurity/leafValue references and the tolerances. */
export interface RegressionCheckOptions extends CommonCheckOptions {
  oracle: RegressionOracle;
  /** Reference for `criterion.impurity`, checked on every input when given. */
  impurity?: (targets: Float64Array, weights: Float64Array, n: number) => number;
  /** Reference for `criterion.leafValue`, checked on every input when given. */
  leafValue?: (targets: Float64Array, weights: Float64Array, n: number) => number;
  /**
   * Natural scale of the scores of one input (default max(max |oracle|, var(y), sd(y), 1e-12·mean(y²)),
   * or 1 if that is 0).
   */
  scale?: (input: RegressionScanInput, oracleScores: readonly number[]) => number;
}

/** What a conformance check ran: scans, no-split answers, exercised ties and oracle-scored positions. */
export interface ConformanceReport {
  criterion: string;
  trials: number;
  /** Scans run and checked. */
  scans: number;
  /** Scans that correctly returned false (no valid position). */
  noSplit: number;
  /** Scans where several valid positions tied for the best score (the tie rule was exercised). */
  ties: number;
  /** Valid positions scored by the oracle. */
  positions: number;
}

/** A criterion broke the contract; `input` reproduces the failure. */
export class ConformanceError extends Error {
  readonly criterion: string;
  readonly input: ClassificationScanInput | RegressionScanInput;
  constructor(criterion: string, message: string, input: ClassificationScanInput | RegressionScanInput, where: string) {
    super(`criterion "${criterion}" fails conformance (${where}): ${message}\ninput: ${formatInput(input)}`);
    this.name = 'ConformanceError';
    this.criterion = criterion;
    this.input = input;
  }
}

function formatArray(name: string, a: Float64Array | Int32Array, n: number): string {
  const head = Array.from(a.subarray(0, n), (x) => (Object.is(x, -0) ? '-0' : String(x))).join(', ');
  const tail = a.length > n ? ` /* +${a.length - n} garbage entries past n */` : '';
  return `${name}: ${a instanceof Int32Array ? 'Int32Array' : 'Float64Array'}.of(${head})${tail}`;
}

/** The input as a TypeScript object literal (first n entries; extra capacity noted). */
export function formatInput(input: ClassificationScanInput | RegressionScanInput): string {
  const parts = [`n: ${input.n}`, formatArray('values', input.values, input.n)];
  if ('labels' in input) {
    parts.push(
      formatArray('labels', input.labels, input.n),
      formatArray('weights', input.weights, input.n),
      input.counts === null ? 'counts: null' : formatArray('counts', input.counts, input.n),
      `nClasses: ${input.nClasses}`,
      formatArray('classWeights', input.classWeights, input.nClasses),
      `totalWeight: ${input.totalWeight}`,
      `totalCount: ${input.totalCount}`,
    );
  } else {
    parts.push(
      formatArray('targets', input.targets, input.n),
      formatArray('weights', input.weights, input.n),
      ...(input.counts ? [formatArray('counts', input.counts, input.n)] : []),
      `totalWeight: ${input.totalWeight}`,
      `weightedSum: ${input.weightedSum}`,
    );
  }
  parts.push(`minSamplesLeaf: ${input.minSamplesLeaf}`, `minWeightLeaf: ${input.minWeightLeaf}`);
  return `{ ${parts.join(', ')} }`;
}

interface Settings {
  trials: number;
  seed: number;
  maxEntries: number;
  scoreIsOracle: boolean;
  relTol: number;
  tieTol: number;
}

function settings(options: CommonCheckOptions): Settings {
  return {
    trials: positiveInt('options.trials', options.trials ?? 300),
    seed: nonNegativeInt('options.seed', options.seed ?? 20240601),
    maxEntries: intAtLeast('options.maxEntries', options.maxEntries ?? 40, 2),
    scoreIsOracle: options.scoreIsOracle ?? true,
    relTol: numberInRange('options.relTol', options.relTol ?? 1e-9, 0, 1),
    tieTol: numberInRange('options.tieTol', options.tieTol ?? 1e-13, 0, 1, { loInclusive: true }),
  };
}

type AnyInput = ClassificationScanInput | RegressionScanInput;
type Scan<I> = (input: I, out: SplitResult) => boolean;

interface ScanRecord {
  ok: boolean;
  pos: number;
  score: number;
  leftWeight: number;
  best: number;
}

function snapshot(input: AnyInput): (Float64Array | Int32Array)[] {
  const arrays: (Float64Array | Int32Array)[] = [input.values, input.weights];
  if ('labels' in input) {
    arrays.push(input.labels, input.classWeights);
    if (input.counts !== null) arrays.push(input.counts);
  } else {
    arrays.push(input.targets);
  }
  return arrays;
}

/**
 * Runs one scan and checks it against the oracle; returns what it found for cross-scan checks.
 * `fail` throws.
 */
function checkScan<I extends AnyInput>(
  scan: Scan<I>,
  input: I,
  oracle: (input: I, pos: number) => number,
  scaleOf: (input: I, scores: readonly number[]) => number,
  s: Settings,
  report: ConformanceReport,
  fail: (message: string, input: I) => never,
): ScanRecord {
  const arrays = snapshot(input);
  const copies = arrays.map((a) => a.slice());
  const out: SplitResult = { pos: -7, score: Number.NaN, leftWeight: Number.NaN };
  let ok: unknown;
  try {
    ok = scan(input, out);
  } catch (e) {
    fail(`scan threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`, input);
  }
  report.scans++;
  for (let k = 0; k < arrays.length; k++) {
    const a = arrays[k]!;
    const b = copies[k]!;
    for (let i = 0; i < a.length; i++) {
      if (!Object.is(a[i], b[i])) fail(`scan modified its input (an array changed at index ${i})`, input);
    }
  }
  if (typeof ok !== 'boolean') fail(`scan must return a boolean, got ${String(ok)}`, input);

  const valid = validPositions(input as ClassificationScanInput);
  if (valid.length === 0) {
    if (ok) fail(`no position is valid, but scan returned true with pos ${out.pos}`, input);
    report.noSplit++;
    return { ok: false, pos: -1, score: Number.NaN, leftWeight: Number.NaN, best: Number.NaN };
  }
  if (!ok) fail(`scan returned false, but positions ${valid.join(', ')} are valid`, input);
  if (!valid.includes(out.pos)) {
    fail(`returned pos ${String(out.pos)} is not a valid position (valid: ${valid.join(', ')})`, input);
  }

  const scores = valid.map((q) => oracle(input, q));
  report.positions += valid.length;
  for (let k = 0; k < valid.length; k++) {
    if (!Number.isFinite(scores[k])) throw new InvalidArgumentError('oracle', 'finite at every valid position', scores[k]);
  }
  const scale = scaleOf(input, scores);
  const strict = s.relTol * scale;
  const tie = s.tieTol * scale;
  let bestIdx = 0;
  for (let k = 1; k < scores.length; k++) if (scores[k]! > scores[bestIdx]!) bestIdx = k;
  const best = scores[bestIdx]!;
  const at = scores[valid.indexOf(out.pos)]!;
  if (at < best - strict) {
    fail(`returned pos ${out.pos} scores ${at} by the oracle, but pos ${valid[bestIdx]} scores ${best}`, input);
  }
  if (!Number.isFinite(out.score)) fail(`score must be finite, got ${out.score}`, input);
  if (s.scoreIsOracle && Math.abs(out.score - at) > strict) {
    fail(`score ${out.score} at pos ${out.pos} differs from the oracle's ${at}`, input);
  }

  const w = input.weights;
  let W = 0;
  for (let i = 0; i < input.n; i++) W += w[i]!;
  let wL = 0;
  for (let i = 0; i < out.pos; i++) wL += w[i]!;
  if (!(Math.abs(out.leftWeight - wL) <= 1e-12 * W)) {
    fail(`leftWeight ${out.leftWeight} at pos ${out.pos}, expected ${wL}`, input);
  }

  // Tie rule: no position scoring the same may be more balanced, or as balanced and earlier.
  const prefix = new Float64Array(input.n + 1);
  for (let i = 0; i < input.n; i++) prefix[i + 1] = prefix[i]! + w[i]!;
  const balance = (q: number): number => Math.abs(2 * prefix[q]! - W);
  const own = balance(out.pos);
  let tied = 0;
  for (let k = 0; k < valid.length; k++) {
    if (Math.abs(scores[k]! - best) <= tie) tied++;
    const q = valid[k]!;
    if (q === out.pos || Math.abs(scores[k]! - at) > tie) continue;
    const b = balance(q);
    if (b < own - s.relTol * W) {
      fail(`tie rule: pos ${q} scores the same as pos ${out.pos} (${scores[k]} vs ${at}) but is more balanced (|wL − wR| ${b} < ${own})`, input);
    }
    if (q < out.pos && Math.abs(b - own) <= s.tieTol * W) {
      fail(`tie rule: pos ${q} scores the same as pos ${out.pos} and is as balanced, so the lower position must win`, input);
    }
  }
  if (tied > 1) report.ties++;
  return { ok: true, pos: out.pos, score: out.score, leftWeight: out.leftWeight, best };
}

/** Scans of one input under different limits must order their scores like the oracle does. */
function checkOrder<I extends AnyInput>(
  records: readonly { input: I; rec: ScanRecord; scale: number }[],
  s: Settings,
  fail: (message: string, input: I) => never,
): void {
  for (const a of records) {
    for (const b of records) {
      if (!a.rec.ok || !b.rec.ok) continue;
      const scale = Math.max(a.scale, b.scale);
      if (a.rec.best > b.rec.best + s.relTol * scale) {
        const slack = 1e-12 * (Math.abs(a.rec.score) + Math.abs(b.rec.score));
        if (a.rec.score < b.rec.score - slack) {
          fail(
            `scores are not monotone in the oracle: limits (${a.input.minSamplesLeaf}, ${a.input.minWeightLeaf}) give oracle ${a.rec.best} and score ${a.rec.score}, limits (${b.input.minSamplesLeaf}, ${b.input.minWeightLeaf}) give oracle ${b.rec.best} but a higher score ${b.rec.score}`,
            a.input,
          );
        }
      }
    }
  }
}

function limitVariants<I extends AnyInput>(rng: Random, input: I, totalCount: number): I[] {
  const loose = { ...input, minSamplesLeaf: 1, minWeightLeaf: 0 };
  const tight = {
    ...input,
    minSamplesLeaf: 1 + rng.int(Math.max(1, Math.ceil(totalCount / 3))),
    minWeightLeaf: rng.next() < 0.5 ? 0 : rng.next() * 0.4 * input.totalWeight,
  };
  return [input, loose, tight];
}

function runTrials<I extends AnyInput>(
  name: string,
  scan: Scan<I>,
  generate: (rng: Random) => I,
  totalCountOf: (input: I) => number,
  oracle: (input: I, pos: number) => number,
  scaleOf: (input: I, scores: readonly number[]) => number,
  extraChecks: (input: I, fail: (message: string, input: I) => never) => void,
  s: Settings,
): ConformanceReport {
  const rng = createRandom(s.seed);
  const report: ConformanceReport = { criterion: name, trials: s.trials, scans: 0, noSplit: 0, ties: 0, positions: 0 };
  for (let t = 0; t < s.trials; t++) {
    const fail = (message: string, input: I): never => {
      throw new ConformanceError(name, message, input, `seed ${s.seed}, trial ${t}`);
    };
    const base = generate(rng);
    const records: { input: I; rec: ScanRecord; scale: number }[] = [];
    for (const input of limitVariants(rng, base, totalCountOf(base))) {
      const rec = checkScan(scan, input, oracle, scaleOf, s, report, fail);
      const scores = rec.ok ? validPositions(input as ClassificationScanInput).map((q) => oracle(input, q)) : [];
      records.push({ input, rec, scale: rec.ok ? scaleOf(input, scores) : 1 });
    }
    if (!s.scoreIsOracle) checkOrder(records, s, fail);
    // The same input must give the same answer after other scans ran (no state leaks between scans).
    const again: SplitResult = { pos: -7, score: Number.NaN, leftWeight: Number.NaN };
    const first = records[0]!;
    const ok = scan(first.input, again);
    if (ok !== first.rec.ok || (ok && (again.pos !== first.rec.pos || !Object.is(again.score, first.rec.score) || !Object.is(again.leftWeight, first.rec.leftWeight)))) {
      fail(`a second scan of the same input gave a different result (pos ${again.pos} vs ${first.rec.pos}, score ${again.score} vs ${first.rec.score})`, first.input);
    }
    extraChecks(base, fail);
  }
  return report;
}

function close(a: number, b: number, tol: number): boolean {
  return Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));
}

/**
 * Checks a classification criterion against `options.oracle` on random inputs. Returns a report, or
 * throws a ConformanceError on the first failure.
 */
export function checkClassificationCriterion(
  criterion: ClassificationCriterion,
  options: ClassificationCheckOptions,
): ConformanceReport {
  if (criterion === null || typeof criterion !== 'object' || criterion.task !== 'classification' || typeof criterion.scan !== 'function') {
    throw new InvalidArgumentError('criterion', 'a classification criterion', criterion);
  }
  if (typeof options?.oracle !== 'function') throw new InvalidArgumentError('options.oracle', 'a function', options?.oracle);
  const s = settings(options);
  const minClasses = intAtLeast('options.minClasses', options.minClasses ?? 2, 1);
  const maxClasses = intAtLeast('options.maxClasses', options.maxClasses ?? 20, minClasses);
  const scaleOf = options.scale ?? ((_: ClassificationScanInput, scores: readonly number[]) => Math.max(1, ...scores.map(Math.abs)));
  const impurity = options.impurity;
  return runTrials<ClassificationScanInput>(
    criterion.name,
    (input, out) => criterion.scan(input, out),
    (rng) => randomClassificationInput(rng, { maxEntries: s.maxEntries, minClasses, maxClasses }),
    (input) => input.totalCount,
    options.oracle,
    scaleOf,
    (input, fail) => {
      if (impurity === undefined) return;
      const got = criterion.impurity(input.classWeights, input.nClasses, input.totalWeight);
      const want = impurity(input.classWeights.slice(0, input.nClasses), input.nClasses, input.totalWeight);
      if (!close(got, want, s.relTol)) fail(`impurity ${got}, reference ${want}`, input);
    },
    s,
  );
}

function defaultRegressionScale(input: RegressionScanInput, scores: readonly number[]): number {
  let W = 0;
  let S = 0;
  for (let i = 0; i < input.n; i++) {
    W += input.weights[i]!;
    S += input.weights[i]! * input.targets[i]!;
  }
  let v = 0;
  let sq = 0;
  for (let i = 0; i < input.n; i++) {
    v += input.weights[i]! * (input.targets[i]! - S / W) ** 2;
    sq += input.weights[i]! * input.targets[i]! ** 2;
  }
  v = W > 0 ? v / W : 0;
  // Floor for (near-)constant targets, where every score is rounding noise of size ~ε²·mean(y²).
  const floor = W > 0 ? 1e-12 * (sq / W) : 0;
  const m = Math.max(v, Math.sqrt(v), floor, ...scores.map(Math.abs));
  return m > 0 ? m : 1;
}

/**
 * Checks a regression criterion against `options.oracle` on random inputs. Returns a report, or
 * throws a ConformanceError on the first failure.
 */
export function checkRegressionCriterion(criterion: RegressionCriterion, options: RegressionCheckOptions): ConformanceReport {
  if (criterion === null || typeof criterion !== 'object' || criterion.task !== 'regression' || typeof criterion.scan !== 'function') {
    throw new InvalidArgumentError('criterion', 'a regression criterion', criterion);
  }
  if (typeof options?.oracle !== 'function') throw new InvalidArgumentError('options.oracle', 'a function', options?.oracle);
  const s = settings(options);
  const { impurity, leafValue } = options;
  return runTrials<RegressionScanInput>(
    criterion.name,
    (input, out) => criterion.scan(input, out),
    (rng) => randomRegressionInput(rng, { maxEntries: s.maxEntries }),
    (input) => input.n,
    options.oracle,
    options.scale ?? defaultRegressionScale,
    (input, fail) => {
      if (input.n === 0) return;
      const targets = input.targets.slice(0, input.n);
      const weights = input.weights.slice(0, input.n);
      if (impurity !== undefined) {
        const got = criterion.impurity(input.targets, input.weights, input.n);
        const want = impurity(targets, weights, input.n);
        if (!close(got, want, s.relTol)) fail(`impurity ${got}, reference ${want}`, input);
      }
      if (leafValue !== undefined) {
        const got = criterion.leafValue(input.targets, input.weights, input.n);
        const want = leafValue(targets, weights, input.n);
        if (!close(got, want, s.relTol)) fail(`leafValue ${got}, reference ${want}`, input);
      }
      if (criterion.groupedEntries === true) {
        checkGrouped(criterion, input, options.oracle, options.scale ?? defaultRegressionScale, s, fail);
      }
    },
    s,
  );
}

/**
 * The samples of `input` with equal values merged into one entry each: summed weight, weighted mean
 * target (the first target when the weight is 0) and the sample count.
 */
export function groupRegressionInput(input: RegressionScanInput): RegressionScanInput {
  const { n, values, targets, weights } = input;
  const gv: number[] = [];
  const gt: number[] = [];
  const gw: number[] = [];
  const gc: number[] = [];
  for (let i = 0; i < n; ) {
    let j = i;
    let w = 0;
    let sy = 0;
    while (j < n && values[j] === values[i]) {
      w += weights[j]!;
      sy += weights[j]! * targets[j]!;
      j++;
    }
    gv.push(values[i]!);
    gt.push(w > 0 ? sy / w : targets[i]!);
    gw.push(w);
    gc.push(j - i);
    i = j;
  }
  return {
    ...input,
    n: gv.length,
    values: Float64Array.from(gv),
    targets: Float64Array.from(gt),
    weights: Float64Array.from(gw),
    counts: Float64Array.from(gc),
  };
}

/** A criterion declaring `groupedEntries` must find the same split on the grouped input. */
function checkGrouped(
  criterion: RegressionCriterion,
  input: RegressionScanInput,
  oracle: RegressionOracle,
  scaleOf: (input: RegressionScanInput, scores: readonly number[]) => number,
  s: Settings,
  fail: (message: string, input: RegressionScanInput) => never,
): void {
  const grouped = groupRegressionInput(input);
  const a: SplitResult = { pos: -7, score: Number.NaN, leftWeight: Number.NaN };
  const b: SplitResult = { pos: -7, score: Number.NaN, leftWeight: Number.NaN };
  const okA = criterion.scan(input, a);
  const okB = criterion.scan(grouped, b);
  if (okA !== okB) fail(`groupedEntries: the grouped input ${okB ? 'splits' : 'does not split'} but the samples ${okA ? 'do' : 'do not'}`, grouped);
  if (!okA) return;
  let samplesLeft = 0;
  for (let g = 0; g < b.pos; g++) samplesLeft += grouped.counts![g]!;
  if (samplesLeft === a.pos && Math.abs(a.leftWeight - b.leftWeight) <= 1e-12 * input.totalWeight && a.score === b.score) return;
  // Rounding differs between the two inputs: the grouped split must score the same by the oracle
  // (then it is a tie the rounding may break either way) and report that score.
  const atA = oracle(input, a.pos);
  const atB = samplesLeft > 0 && samplesLeft < input.n ? oracle(input, samplesLeft) : Number.NaN;
  const tol = s.relTol * scaleOf(input, [atA, atB]);
  if (!(Math.abs(atA - atB) <= tol) || Math.abs(a.score - b.score) > tol) {
    fail(
      `groupedEntries: the grouped input splits after ${samplesLeft} samples (score ${b.score}), the samples after ${a.pos} (score ${a.score})`,
      grouped,
    );
  }
}
