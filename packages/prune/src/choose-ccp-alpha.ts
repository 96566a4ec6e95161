import {
  pruneTreeAtStep,
  stepsForAlpha,
  weakestLinkSequence,
  type CcpRisk,
  type CostComplexityPath,
  type FeatureInput,
  type LabelInput,
  type TreeModel,
} from '@dt/core';
import { InvalidArgumentError, knownKeys, oneOf, plainObject, seedValue } from '@dt/errors';
import { kFold, stratifiedKFold } from '@dt/eval';
import { takeArray, takeRowMajor, targetsFor, treeLoss, type RowMajor } from './data.js';
import { copyWithTree, fitInputs, fitModel, freshEstimator, type EstimatorSpec, type FitHelperOptions } from './model-copy.js';
import { sameAlpha } from './same-alpha.js';

/** How chooseCcpAlpha picks alpha: 'min' (the best mean CV score) or 'one-se' (the largest alpha within one standard error of it). */
export type CcpRule = 'min' | 'one-se';

/** One cross-validation split: row indices to fit on and to score on. */
export interface CvSplit {
  train: ArrayLike<number>;
  test: ArrayLike<number>;
}

/** Options of chooseCcpAlpha: folds, seed and rule, plus the fit options. */
export interface ChooseCcpAlphaOptions extends FitHelperOptions {
  /** Number of folds (default 5; stratified and shuffled for classification) or explicit splits. */
  folds?: number | readonly CvSplit[];
  /** Seed of the fold shuffle (default 0). */
  seed?: number;
  /**
   * `'min'` (default): the alpha with the best mean CV score — the zero-SE rule the HHCART paper uses.
   * `'one-se'`: Breiman's 1-SE rule — the largest alpha (smallest tree) whose mean score is within one
   * standard error of the best.
   */
  rule?: CcpRule;
  /** Node risk of the weakest-link sequence (default `'impurity'`, as scikit-learn). */
  risk?: CcpRisk;
}

/** One candidate alpha of chooseCcpAlpha: its mean CV score and the standard error of that mean. */
export interface CcpCvRow {
  /** Candidate alpha: geometric mean of two consecutive distinct alphas of the full-data path. */
  alpha: number;
  /** Mean over folds of accuracy (classification) or −MSE (regression): higher is better. */
  meanScore: number;
  /** Standard error of the mean: sample std over folds / √folds. */
  se: number;
  foldScores: number[];
  /** Leaves of the full-data tree pruned at this alpha. */
  nLeaves: number;
}

/** What chooseCcpAlpha returns: the chosen alpha, the rule and scoring, and the CV table of every candidate. */
export interface CcpAlphaChoice {
  /** The chosen alpha (pass it as ccpAlpha, or use `model`). */
  alpha: number;
  rule: CcpRule;
  scoring: 'accuracy' | 'neg_mean_squared_error';
  /** Index of the chosen row in `table`. */
  index: number;
  /** Index of the row with the best mean score (equals `index` for rule 'min'). */
  bestIndex: number;
  table: CcpCvRow[];
  /** The full-data cost-complexity path the candidates come from. */
  path: CostComplexityPath;
  /** The estimator fitted on all rows and pruned at `alpha`. */
  model: TreeModel;
}

const RULES: readonly CcpRule[] = ['min', 'one-se'];
const RISKS: readonly CcpRisk[] = ['impurity', 'misclassification'];

/**
 * One alpha per distinct subtree of a pruning path: for consecutive distinct alphas a_k < a_{k+1},
 * √(a_k·a_{k+1}) (0 when a_k = 0: the unpruned tree), then the last alpha (the root alone). Each
 * lies inside the interval where its subtree is optimal (Breiman et al. 1984, §3.4.2). Alphas
 * within 1e-9 (relative) of the previous distinct one are the same step up to rounding and merge
 * (`sameAlpha`).
 */
export function ccpCandidateAlphas(alphas: ArrayLike<number>): number[] {
  if (!Array.isArray(alphas) && !(alphas instanceof Float64Array)) throw new InvalidArgumentError('alphas', 'an array of alphas (a cost-complexity path\'s)', alphas);
  const u: number[] = [];
  for (const a of Array.from(alphas, (x) => Math.max(0, x)).sort((x, y) => x - y)) {
    if (u.length === 0 || !sameAlpha(a, u[u.length - 1]!)) u.push(a);
  }
  const out: number[] = [];
  for (let k = 0; k + 1 < u.length; k++) out.push(Math.sqrt(u[k]! * u[k + 1]!));
  out.push(u[u.length - 1]!);
  return out;
}

/**
 * Chooses ccpAlpha by k-fold cross-validation, scikit-learn style: the cost-complexity path of the
 * tree grown on all rows gives the candidate alphas ({@link ccpCandidateAlphas}); each fold grows a
 * tree on its training rows, prunes it at every candidate and scores the held-out rows; the rule
 * picks from the mean scores. Ties go to the larger alpha (the smaller tree).
 *
 * `estimator` is a factory of unfitted estimators (`() => new DecisionTreeClassifier({...})`) or
 * plain tree options; any ccpAlpha in it is ignored (trees are grown unpruned, then pruned).
 */
export function chooseCcpAlpha(
  estimator: EstimatorSpec,
  X: FeatureInput,
  y: LabelInput,
  options: ChooseCcpAlphaOptions = {},
): CcpAlphaChoice {
  const o = plainObject('options', options);
  knownKeys('options', o, ['folds', 'seed', 'rule', 'risk', 'sampleWeight', 'task', 'featureNames']);
  const seed = seedValue('options.seed', o.seed ?? 0);
  const rule = oneOf('options.rule', o.rule ?? 'min', RULES);
  const risk = oneOf('options.risk', o.risk ?? 'impurity', RISKS);
  const { x, y: yArr, weights, proto, classification } = fitInputs(estimator, X, y, o);
  const splits = resolveSplits(o.folds ?? 5, yArr, x.rows, classification, seed);

  const full = fit(proto, x, yArr, weights, (o.featureNames ?? null) as readonly string[] | null);
  const fullSeq = weakestLinkSequence(full.tree, { risk });
  const candidates = ccpCandidateAlphas(fullSeq.alphas);
  const stepsAt = (seq: typeof fullSeq, a: number) => (a === 0 ? 1 : stepsForAlpha(seq, a));

  const scores = candidates.map(() => new Float64Array(splits.length));
  splits.forEach((split, f) => {
    const m = fit(proto, takeRowMajor(x, split.train), takeArray(yArr, split.train), weights && Float64Array.from(takeArray(weights, split.train)));
    const seq = weakestLinkSequence(m.tree, { risk });
    const xt = takeRowMajor(x, split.test);
    const targets = targetsFor(m, takeArray(yArr, split.test), xt.rows, 'y');
    const wt = weights && Float64Array.from(takeArray(weights, split.test));
    let total = xt.rows;
    if (wt) total = wt.reduce((a, b) => a + b, 0);
    let lastSteps = -1;
    let score = 0;
    candidates.forEach((a, c) => {
      const steps = stepsAt(seq, a);
      if (steps !== lastSteps) {
        const loss = treeLoss(pruneTreeAtStep(m.tree, seq, steps), xt, targets, wt) / total;
        score = classification ? 1 - loss : -loss;
        lastSteps = steps;
      }
      scores[c]![f] = score;
    });
  });

  const k = splits.length;
  const table: CcpCvRow[] = candidates.map((alpha, c) => {
    const s = Array.from(scores[c]!);
    const mean = s.reduce((a, b) => a + b, 0) / k;
    const variance = k > 1 ? s.reduce((a, b) => a + (b - mean) ** 2, 0) / (k - 1) : 0;
    return { alpha, meanScore: mean, se: Math.sqrt(variance / k), foldScores: s, nLeaves: pruneTreeAtStep(full.tree, fullSeq, stepsAt(fullSeq, alpha)).nLeaves };
  });
  const tol = (v: number) => 1e-12 * Math.max(1, Math.abs(v));
  let bestIndex = 0;
  for (let c = 1; c < table.length; c++) if (table[c]!.meanScore >= table[bestIndex]!.meanScore - tol(table[bestIndex]!.meanScore)) bestIndex = c;
  let index = bestIndex;
  if (rule === 'one-se') {
    const best = table[bestIndex]!;
    const floor = best.meanScore - best.se;
    for (let c = table.length - 1; c > bestIndex; c--) {
      if (table[c]!.meanScore >= floor - tol(floor)) {
        index = c;
        break;
      }
    }
  }
  const alpha = table[index]!.alpha;
  const chosen = pruneTreeAtStep(full.tree, fullSeq, stepsAt(fullSeq, alpha));
  return {
    alpha,
    rule,
    scoring: classification ? 'accuracy' : 'neg_mean_squared_error',
    index,
    bestIndex,
    table,
    path: { alphas: fullSeq.alphas, impurities: fullSeq.impurities },
    model: copyWithTree(full, chosen, { ccpAlpha: risk === 'impurity' ? alpha : 0 }),
  };
}

function fit(proto: TreeModel, x: RowMajor, y: (string | number)[], weights: Float64Array | null, featureNames: readonly string[] | null = null): TreeModel {
  return fitModel(freshEstimator(proto), x, y, weights, featureNames);
}

function resolveSplits(folds: unknown, y: (string | number)[], n: number, stratify: boolean, seed: number): CvSplit[] {
  if (typeof folds === 'number') {
    if (!Number.isInteger(folds) || folds < 2 || folds > n) throw new InvalidArgumentError('options.folds', `an integer in [2, ${n}] or a list of splits`, folds);
    return stratify ? stratifiedKFold(y, folds, { shuffle: true, seed }) : kFold(n, folds, { shuffle: true, seed });
  }
  if (!Array.isArray(folds) || folds.length < 2) throw new InvalidArgumentError('options.folds', `an integer in [2, ${n}] or a list of at least 2 splits`, folds);
  return folds.map((s: unknown, f) => {
    const split = s as Partial<CvSplit>;
    for (const part of ['train', 'test'] as const) {
      const idx = split?.[part];
      if (!Array.isArray(idx) && !ArrayBuffer.isView(idx)) throw new InvalidArgumentError(`options.folds[${f}].${part}`, 'an array of row indices', idx);
      const arr = idx as ArrayLike<unknown>;
      if (arr.length === 0) throw new InvalidArgumentError(`options.folds[${f}].${part}`, 'a non-empty array of row indices', idx);
      for (let i = 0; i < arr.length; i++) {
        const v = arr[i];
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= n) {
          throw new InvalidArgumentError(`options.folds[${f}].${part}[${i}]`, `a row index in [0, ${n})`, v);
        }
      }
    }
    return split as CvSplit;
  });
}
