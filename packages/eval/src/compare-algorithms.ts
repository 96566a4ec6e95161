import { InvalidArgumentError, ShapeMismatchError, booleanValue, knownKeys, numberInRange, plainObject, positiveInt } from '@dt/errors';
import { crossValidate } from './cross-validate.js';
import type { CrossValidateOptions, CrossValidateResult, Estimator } from './cross-validate.js';
import { holmBonferroni } from './holm-bonferroni.js';
import { kFold, repeatedKFold } from './k-fold.js';
import { checkSample, pairedTTest } from './paired-t-test.js';
import { optionalBoolean, optionalSeed } from './split-utils.js';
import { repeatedStratifiedKFold, stratifiedKFold } from './stratified-k-fold.js';
import type { Labels, NumberArray, Split, TabularData } from './types.js';

/**
 * '//' significantly best; \\ (two backslash characters, as printed in the paper, so `'\\\\'` in
 * JS source) significantly worse than some other; '' neither.
 */
export type SignificanceMark = '//' | '\\\\' | '';

/** Options of markSignificance: level and direction of the scores. */
export interface SignificanceOptions {
  /** Family-wise level of each Holm–Bonferroni family (default 0.05). */
  alpha?: number;
  /** True (default) for accuracies and other scores; false for errors and times. */
  higherIsBetter?: boolean;
}

/** One algorithm's row of markSignificance: mean, whether it is top, its mark and the pairwise tests. */
export interface AlgorithmMark {
  readonly name: string;
  readonly mean: number;
  readonly n: number;
  /** This algorithm has the best mean (ties included). */
  readonly top: boolean;
  readonly mark: SignificanceMark;
  /**
   * Per other algorithm, the one-tailed paired t-test p-value of this algorithm's family:
   * "better than it" for a top algorithm, "worse than it" otherwise.
   */
  readonly pValues: Record<string, number>;
  /** Per other algorithm, whether Holm–Bonferroni rejected that null hypothesis at alpha. */
  readonly rejected: Record<string, boolean>;
}

function scoreTable(scores: unknown): [string, ArrayLike<number>][] {
  const entries: [string, unknown][] =
    scores instanceof Map ? [...(scores as Map<string, unknown>)] : Object.entries(plainObject('scores', scores));
  if (entries.length < 2) throw new InvalidArgumentError('scores', 'scores of at least 2 algorithms', scores);
  const out = entries.map(([name, v]) => [name, checkSample(`scores.${name}`, v, 2)] as [string, ArrayLike<number>]);
  const n = out[0]![1].length;
  for (const [name, v] of out) {
    if (v.length !== n) throw new ShapeMismatchError(`every algorithm needs one score per data set or fold: ${out[0]![0]} has ${n}, ${name} has ${v.length}`);
  }
  return out;
}

/**
 * Marks, for one experimental setting, the significantly best and significantly worse algorithms,
 * given each algorithm's scores on the same data sets (or folds) in the same order — the rule of
 * the Max-Cut paper (section 3.1.1):
 *
 * > "If a specific algorithm had the highest average accuracy, we considered the seven null
 * > hypotheses that there was no difference in the performance of the specific algorithm compared to
 * > each of the others, and the seven respective alternative hypotheses that the specific algorithm
 * > outperformed each of the respective other algorithm. We then used the Holm-Bonferroni Method to
 * > correct for the fact that we were doing multiple hypothesis testing and marked where all the
 * > null hypotheses were rejected on the accuracy graph with '//' markings at the 5% significance
 * > level. Likewise, when the mean was less than the highest average accuracy, we instead looked at
 * > the seven respective alternative hypotheses that the specific algorithm performed worse than each
 * > of the respective other algorithm. Again using the Holm-Bonferroni Method, we marked on the graph
 * > with '\\' markings when at least one of the null hypotheses was rejected at the 5% level."
 *
 * So with k algorithms: each algorithm gets one family of k − 1 one-tailed paired t-tests against
 * every other algorithm, corrected by Holm–Bonferroni at alpha. An algorithm with the highest mean
 * tests "better than each other" and is marked '//' when all k − 1 nulls are rejected; any other
 * tests "worse than each other" and is marked '\\' when at least one is rejected (which, under
 * Holm, is when its smallest p-value is ≤ alpha/(k − 1)). Several algorithms sharing the highest
 * mean each run the '//' family (and so cannot pass it against each other). With
 * `higherIsBetter: false` (errors, times) "better" means lower. Returned in input order.
 */
export function markSignificance(
  scores: Readonly<Record<string, ArrayLike<number>>> | ReadonlyMap<string, ArrayLike<number>>,
  options: SignificanceOptions = {},
): AlgorithmMark[] {
  const table = scoreTable(scores);
  plainObject('options', options);
  knownKeys('options', options, ['alpha', 'higherIsBetter']);
  const alpha = options.alpha === undefined ? 0.05 : numberInRange('options.alpha', options.alpha, 0, 1);
  const higher = options.higherIsBetter === undefined ? true : booleanValue('options.higherIsBetter', options.higherIsBetter);
  const means = table.map(([, v]) => {
    let s = 0;
    for (let i = 0; i < v.length; i++) s += v[i]!;
    return s / v.length;
  });
  const best = higher ? Math.max(...means) : Math.min(...means);
  return table.map(([name, v], i) => {
    const top = means[i] === best;
    // 'greater' = this − other > 0. A top algorithm tests "better", the others "worse".
    const alternative = top === higher ? 'greater' : 'less';
    const others = table.filter((_, j) => j !== i);
    const p = others.map(([, w]) => pairedTTest(v as NumberArray, w as NumberArray, { alternative }).pValue);
    const holm = holmBonferroni(p, { alpha });
    const pValues: Record<string, number> = {};
    const rejected: Record<string, boolean> = {};
    others.forEach(([other], j) => {
      pValues[other] = p[j]!;
      rejected[other] = holm.rejected[j]!;
    });
    const mark: SignificanceMark = top ? (holm.rejected.every(Boolean) ? '//' : '') : holm.rejected.some(Boolean) ? '\\\\' : '';
    return { name, mean: means[i]!, n: v.length, top, mark, pValues, rejected };
  });
}

/** One configuration to compare: a name and a factory of fresh, unfitted estimators. */
export interface AlgorithmConfig<E> {
  readonly name: string;
  /** Returns a fresh, unfitted estimator (called once per fold). */
  readonly make: () => E;
}

/** Options of compareAlgorithms: folds, repetitions, one metric, and the significance settings. */
export interface CompareAlgorithmsOptions<E> extends Omit<CrossValidateOptions<E>, 'scoring' | 'cv' | 'onFold'> {
  /** Folds per repetition (default 10) or explicit splits. */
  cv?: number | readonly Split[];
  /** Repetitions of k-fold CV, each reshuffled (default 1; the paper's real-data runs use 10 × 10). */
  repeats?: number;
  /** One metric name (default accuracy / r2) or a function; its per-fold values are compared. */
  scoring?: NonNullable<CrossValidateOptions<E>['scoring']> & (string | ((...args: never[]) => number));
  /** Family-wise level of each Holm–Bonferroni family (default 0.05). */
  alpha?: number;
  /** Default: false for the error metrics mse, mae and wape, else true. */
  higherIsBetter?: boolean;
  /** Called after each algorithm finishes all folds. */
  onAlgorithm?: (progress: { done: number; total: number; name: string }) => void;
}

/** What compareAlgorithms returns: the shared folds, each algorithm's CV result and scores, and the marks. */
export interface CompareAlgorithmsResult<E> {
  /** The folds every algorithm was run on. */
  readonly splits: Split[];
  /** Per algorithm, its cross-validation result (same order as given). */
  readonly results: { readonly name: string; readonly cv: CrossValidateResult<E> }[];
  /** Per algorithm, its per-fold scores of the compared metric. */
  readonly scores: Record<string, number[]>;
  /** The paper's '//' and '\\' marks over the folds (see markSignificance). */
  readonly marks: AlgorithmMark[];
}

const ERROR_METRICS = new Set(['mse', 'mae', 'wape']);

/**
 * Runs several configurations on exactly the same folds and marks the significantly best and
 * worse ones by `markSignificance` on their per-fold scores (paired by fold). Folds are made once:
 * k-fold (stratified by y for classification, shuffled with `seed` unless `shuffle: false`, when a
 * seed is an error), repeated `repeats` times.
 *
 * Caveat: folds of one data set share training rows, so their scores are not independent and the
 * t-test is optimistic; the paper applies the test across independently generated data sets.
 */
export function compareAlgorithms<TX extends TabularData, TY extends Labels, E extends Estimator<TX, TY>>(
  algorithms: readonly AlgorithmConfig<E>[],
  X: TX,
  y: TY,
  options: CompareAlgorithmsOptions<E> = {},
): CompareAlgorithmsResult<E> {
  if (!Array.isArray(algorithms) || algorithms.length < 2) {
    throw new InvalidArgumentError('algorithms', 'a list of at least 2 { name, make } configurations', algorithms);
  }
  const names = new Set<string>();
  algorithms.forEach((a: unknown, i) => {
    const c = a as { name?: unknown; make?: unknown } | null;
    if (typeof c !== 'object' || c === null || typeof c.name !== 'string' || typeof c.make !== 'function') {
      throw new InvalidArgumentError(`algorithms[${i}]`, 'a { name, make } configuration', a);
    }
    if (names.has(c.name)) throw new InvalidArgumentError(`algorithms[${i}].name`, 'a name not used by another configuration', c.name);
    names.add(c.name);
  });
  plainObject('options', options);
  const { repeats: r, alpha, higherIsBetter, onAlgorithm, cv, scoring, stratified: strat, shuffle: shuf, seed: sd, ...cvOptions } = options;
  knownKeys('options', options, ['cv', 'repeats', 'scoring', 'alpha', 'higherIsBetter', 'onAlgorithm', 'task', 'stratified', 'shuffle', 'seed', 'posLabel', 'sampleWeight', 'returnEstimators']);
  const repeats = r === undefined ? 1 : positiveInt('options.repeats', r);
  if (typeof scoring !== 'undefined' && typeof scoring !== 'string' && typeof scoring !== 'function') {
    throw new InvalidArgumentError('options.scoring', 'one metric name or a scoring function', scoring);
  }

  // Folds are made once here and passed explicitly to every algorithm's crossValidate run.
  let splits: Split[];
  if (cv === undefined || typeof cv === 'number') {
    const k = cv ?? 10;
    const yy = y as unknown as Labels;
    const stratified = optionalBoolean('options.stratified', strat, cvOptions.task !== 'regression');
    const n = yy.length;
    if (repeats > 1) {
      // Every repetition is reshuffled: shuffle: false cannot take effect.
      if (shuf === false) throw new InvalidArgumentError('options.shuffle', 'true or omitted when options.repeats > 1 (each repetition is reshuffled)', shuf);
      const seed = optionalSeed(sd);
      splits = stratified ? repeatedStratifiedKFold(yy, k, repeats, { seed }) : repeatedKFold(n, k, repeats, { seed });
    } else {
      const shuffle = optionalBoolean('options.shuffle', shuf, true);
      const opts = { shuffle, ...(sd === undefined ? {} : { seed: sd as number }) };
      splits = stratified ? stratifiedKFold(yy, k, opts) : kFold(n, k, opts);
    }
  } else {
    if (repeats !== 1) throw new InvalidArgumentError('options.repeats', '1 (or omitted) when explicit splits are given', repeats);
    for (const [key, v] of [['stratified', strat], ['shuffle', shuf], ['seed', sd]] as const) {
      if (v !== undefined) throw new InvalidArgumentError(`options.${key}`, 'omitted when options.cv is an array of splits (the splits are used as given)', v);
    }
    splits = [...cv];
  }
  const key = scoring === undefined ? null : typeof scoring === 'string' ? scoring : 'score';
  const results: { name: string; cv: CrossValidateResult<E> }[] = [];
  const scores: Record<string, number[]> = {};
  algorithms.forEach((a, i) => {
    const res = crossValidate<TX, TY, E>(a.make, X, y, { ...cvOptions, cv: splits, ...(scoring === undefined ? {} : { scoring }) } as CrossValidateOptions<E>);
    results.push({ name: a.name, cv: res });
    const k = key ?? Object.keys(res.scores)[0]!;
    scores[a.name] = res.scores[k]!.values;
    onAlgorithm?.({ done: i + 1, total: algorithms.length, name: a.name });
  });
  const metric = key ?? Object.keys(results[0]!.cv.scores)[0]!;
  const higher = higherIsBetter ?? !ERROR_METRICS.has(metric);
  const marks = markSignificance(scores, { ...(alpha === undefined ? {} : { alpha }), higherIsBetter: higher });
  return { splits, results, scores, marks };
}
