/**
 * The boosting loop shared by HistGradientBoostingClassifier and HistGradientBoostingRegressor
 * (scikit-learn's BaseHistGradientBoosting.fit): bin the training rows once, start every row at the
 * loss's intercept-only prediction, then per iteration compute gradients and hessians, grow one tree
 * per output on them (TreeGrower), re-fit the leaves of non-differentiable losses to the median /
 * quantile of their residuals, add the leaf values to the training predictions, and check early
 * stopping on the loss (or a score) of a validation split (or of the training data).
 *
 * Where this differs from scikit-learn: its RandomState draws (the validation split, the binning
 * subsample above 200,000 rows, the feature subsample of maxFeatures < 1) come from dt's seeded
 * generator here, so the same seed does not give scikit-learn's split or subsamples; given the
 * same validation set (`fit(X, y, { XVal, yVal })`) and fewer than 200,000 rows, trees are
 * scikit-learn's.
 */
import type { ClassLabel, Tree } from '@dt/core';
import { checkFeatureNames, FIT_CELLS_WITH_MISSING, optionParams, resolveOptions, saveParams, toRowMajorView, toSampleWeight } from '@dt/core/internal';
import type { Task } from '@dt/core/internal';
import { createRandom, InvalidArgumentError, knownKeys, NotFittedError, plainObject, ShapeMismatchError } from '@dt/errors';
import type { Random } from '@dt/errors';
import { BinMapper } from './bin-mapper.js';
import { TreeGrower } from './grower.js';
import type { GrowTimes } from './grower.js';
import { createLoss } from './losses.js';
import type { Loss } from './losses.js';
import { BOOSTING_OPTIONS, checkBoostingOptions } from './options.js';
import type { BoostingOptions, ResolvedBoostingOptions } from './options.js';
import { boostToJson } from './model-format.js';
import type { BoostEstimatorName, BoostModelJson, BoostState } from './model-format.js';
import { addTreeValues, predictRaw } from './predict-raw.js';

/** fit()'s third argument. */
export interface BoostingFitOptions {
  /** Non-negative weight per training row. */
  sampleWeight?: ArrayLike<number> | null;
  /** Validation rows for early stopping (instead of a split of the training rows); needs yVal. */
  XVal?: unknown;
  yVal?: ArrayLike<number | string> | null;
  sampleWeightVal?: ArrayLike<number> | null;
  /** Called after each iteration with its number (1-based), the total and the latest scores. */
  onIteration?: ((info: IterationInfo) => void) | null;
  /** A name per feature, kept with the model (pictures, model files, the CLI's column matching). */
  featureNames?: readonly string[] | null;
}

/**
 * What `onIteration` receives after each iteration: its number (1-based), the iteration limit, and the
 * latest training and validation scores (undefined when not computed).
 */
export interface IterationInfo {
  iteration: number;
  maxIter: number;
  trainScore: number | undefined;
  validationScore: number | undefined;
}

const FIT_KEYS = ['sampleWeight', 'XVal', 'yVal', 'sampleWeightVal', 'onIteration', 'featureNames'];

/** Time split of the last fit, ms (bench boost). */
export interface FitTimes extends GrowTimes {
  binning: number;
  gradients: number;
  predictionUpdate: number;
  earlyStopping: number;
}

/** Row-major features with their column-major copy. */
interface Rows {
  data: ArrayLike<number>;
  rows: number;
  cols: number;
}

/**
 * The boosting loop both estimators share (scikit-learn's BaseHistGradientBoosting): bin once, then per
 * iteration grow one tree per output on the loss's gradients and hessians, with early stopping.
 */
export abstract class HistGradientBoosting {
  protected options: ResolvedBoostingOptions;
  protected abstract readonly task: Task;
  protected abstract readonly estimatorName: BoostEstimatorName;
  /** Trees per iteration: trees[i][k] predicts output k's raw value at iteration i. */
  protected trees: Tree[][] = [];
  /** Per tree, each split node's gain (0 at leaves), for featureImportances. */
  protected gains: Float64Array[][] = [];
  protected baseline: Float64Array = new Float64Array(0);
  protected nFeaturesIn = 0;
  protected names: string[] | null = null;
  protected trainScores: number[] = [];
  protected validationScores: number[] = [];
  private fitRng: Random | null = null;
  /** Time split of the last fit (ms); filled when `timed` is set before fit. */
  times: FitTimes | null = null;
  /** Set true to record the time split of the next fits (bench). */
  timed = false;

  constructor(options: BoostingOptions | undefined, task: Task) {
    this.options = resolveBoostingOptions(options, task);
  }

  /** Iterations fitted (fewer than maxIter when early stopping stopped the fit). */
  get nIter(): number {
    this.checkFitted();
    return this.trees.length;
  }

  /** Trees per iteration (classes for multiclass classification, else 1). */
  get nTreesPerIteration(): number {
    this.checkFitted();
    return this.baseline.length;
  }

  /** Number of features seen in fit. */
  get nFeatures(): number {
    this.checkFitted();
    return this.nFeaturesIn;
  }

  /** Feature names given to fit (or read from the model file), or null. */
  get featureNames(): string[] | null {
    this.checkFitted();
    return this.names === null ? null : [...this.names];
  }

  /** Scores on the training data per iteration (the first before any tree); empty without early stopping. */
  get trainScore(): Float64Array {
    this.checkFitted();
    return Float64Array.from(this.trainScores);
  }

  /** Scores on the validation data per iteration; empty without early stopping or validation data. */
  get validationScore(): Float64Array {
    this.checkFitted();
    return Float64Array.from(this.validationScores);
  }

  /** The fitted trees: trees[i][k]. They are ordinary dt Trees (regression trees of raw values). */
  get estimators(): readonly (readonly Tree[])[] {
    this.checkFitted();
    return this.trees;
  }

  /** The raw prediction before any tree, per output. */
  get baselinePrediction(): Float64Array {
    this.checkFitted();
    return this.baseline.slice();
  }

  /** Constructor options (resolved), such that `new Estimator(getParams())` is the same estimator. */
  getParams(): BoostingOptions {
    return optionParams(BOOSTING_OPTIONS, this.options, this.task) as BoostingOptions;
  }

  /** Changes options (validated as in the constructor); the fitted model stays until the next fit. */
  setParams(params: BoostingOptions): this {
    this.options = resolveBoostingOptions({ ...this.getParams(), ...plainObject('params', params) }, this.task);
    return this;
  }

  /**
   * Gain-based importances: per feature, the sum over every split of every tree of its gain (the
   * loss reduction G²/H of the Newton step, Eq. 7 of XGBoost), normalised to sum 1. They come from
   * the training fit alone and favour features with many split points; permutation importance
   * (@dt/eval) instead measures how much a held-out score drops when a feature is shuffled.
   */
  get featureImportances(): Float64Array {
    this.checkFitted();
    const imp = new Float64Array(this.nFeaturesIn);
    // Gains are summed relative to the largest, so that loaded gains near 1e308 cannot overflow the sum.
    let top = 0;
    for (const row of this.gains) for (const g of row) for (const v of g) if (v > top) top = v;
    if (top === 0) return imp;
    this.trees.forEach((row, it) =>
      row.forEach((t, k) => {
        const g = this.gains[it]![k]!;
        for (let n = 0; n < t.nodeCount; n++) if (t.kind[n] !== 0) imp[t.feature[n]!] = imp[t.feature[n]!]! + g[n]! / top;
      }),
    );
    let s = 0;
    for (const v of imp) s += v;
    if (s > 0) for (let f = 0; f < imp.length; f++) imp[f] = imp[f]! / s;
    return imp;
  }

  /** The fitted model as a versioned JSON object (`JSON.stringify` it to save; fromJSON reads it back). */
  toJSON(): BoostModelJson {
    this.checkFitted();
    return boostToJson({
      estimator: this.estimatorName,
      params: saveParams(BOOSTING_OPTIONS, this.options, this.task),
      nFeatures: this.nFeaturesIn,
      featureNames: this.names,
      classes: this.classLabels(),
      baseline: this.baseline,
      trees: this.trees,
      gains: this.gains,
      trainScore: this.trainScores,
      validationScore: this.validationScores,
    });
  }

  /** Class labels of a fitted classifier (null for a regressor). */
  protected classLabels(): ClassLabel[] | null {
    return null;
  }

  /** Takes a loaded model's fitted state (its params were given to the constructor). */
  protected restore(s: BoostState): this {
    this.nFeaturesIn = s.nFeatures;
    this.names = s.featureNames;
    this.baseline = s.baseline;
    this.trees = s.trees;
    this.gains = s.gains;
    this.trainScores = s.trainScore;
    this.validationScores = s.validationScore;
    return this;
  }

  protected get fitted(): boolean {
    return this.trees.length > 0;
  }

  /** Throws NotFittedError before fit (or load). */
  protected checkFitted(): void {
    if (!this.fitted) throw new NotFittedError(this.constructor.name);
  }

  /** Validated feature rows for prediction (NaN allowed: it follows the learnt side). */
  protected predictRows(X: unknown): Rows {
    this.checkFitted();
    const v = toRowMajorView(X, 'X', false);
    if (v.cols !== this.nFeaturesIn) throw new ShapeMismatchError(`X has ${v.cols} features but the model was fitted with ${this.nFeaturesIn}`);
    return v;
  }

  /** Raw predictions (index k·n + i) of the first `iterations` iterations. */
  protected raw(X: unknown, iterations?: number): { raw: Float64Array; n: number } {
    const v = this.predictRows(X);
    return { raw: predictRaw(this.trees, this.baseline, v.data, v.rows, v.cols, iterations), n: v.rows };
  }

  /** Raw predictions after each iteration (the array is reused: copy it to keep it). */
  protected *stagedRaw(X: unknown): Generator<{ raw: Float64Array; n: number }> {
    const v = this.predictRows(X);
    const K = this.baseline.length;
    const raw = new Float64Array(K * v.rows);
    for (let k = 0; k < K; k++) raw.fill(this.baseline[k]!, k * v.rows, (k + 1) * v.rows);
    for (const row of this.trees) {
      for (let k = 0; k < K; k++) addTreeValues(row[k]!, v.data, v.rows, v.cols, raw, k * v.rows);
      yield { raw, n: v.rows };
    }
  }

  /** Encoded targets (class codes as numbers, or regression targets), the output count and loss details. */
  protected abstract encodeTargets(y: unknown, rows: number, name: string, refit: boolean): { y: Float64Array; nClasses: number };
  /** Sample weights with class weights applied (classifier). */
  protected finalizeWeights(w: Float64Array | null, _y: Float64Array): Float64Array | null {
    return w;
  }
  /** The estimator's score from raw predictions ('accuracy' or 'r2'), weighted. */
  protected abstract scoreRaw(raw: Float64Array, y: Float64Array, w: Float64Array | null, n: number): number;
  /** Stratify the validation split by these codes (classifier), or null. */
  protected stratifyBy(_y: Float64Array): Float64Array | null {
    return null;
  }

  /**
   * The boosting loop on validated X (NaN allowed) and encoded y: bins, grows trees per iteration, stops early;
   * with warmStart on a fitted model, continues from its trees (ShapeMismatchError on a different feature count).
   */
  protected fitBoosting(X: unknown, y: unknown, fitOptions?: BoostingFitOptions): this {
    const o = this.options;
    const fo = checkBoostingFitOptions(fitOptions);
    const xv = toRowMajorView(X, 'X', FIT_CELLS_WITH_MISSING);
    const { rows, cols } = xv;
    const warm = o.warmStart && this.fitted;
    if (warm && cols !== this.nFeaturesIn) throw new ShapeMismatchError(`X has ${cols} features but the warm-started model has ${this.nFeaturesIn}`);
    const names = checkFeatureNames(fo.featureNames, cols);
    const enc = this.encodeTargets(y, rows, 'y', !warm);
    let w = toSampleWeight(fo.sampleWeight, rows);
    w = this.finalizeWeights(w, enc.y);
    const hasVal = fo.XVal !== undefined && fo.XVal !== null;
    if (hasVal !== (fo.yVal !== undefined && fo.yVal !== null)) {
      throw new InvalidArgumentError(hasVal ? 'yVal' : 'XVal', hasVal ? 'validation targets with XVal' : 'validation features with yVal', hasVal ? fo.yVal : fo.XVal);
    }
    if (hasVal && o.earlyStopping === false) throw new InvalidArgumentError('XVal', "no validation data when earlyStopping is false (set it to 'auto' or true)", '(given)');
    const nTrees = enc.nClasses > 2 ? enc.nClasses : 1;
    if (o.monotonicCst !== null) {
      if (nTrees > 1) throw new InvalidArgumentError('monotonicCst', 'null for multiclass classification (monotonic constraints need one tree per iteration)', o.monotonicCst);
      if (o.monotonicCst.length !== cols) throw new InvalidArgumentError('monotonicCst', `one constraint per feature (${cols})`, o.monotonicCst);
    }
    const interaction = interactionSets(o.interactionCst, cols);
    if (!warm) {
      this.fitRng = createRandom(o.seed);
    }
    // As scikit-learn's `_random_seed`: the validation split, the binning subsample and the scored
    // training subset are drawn afresh from the seed on every fit (a warm start keeps its split);
    // feature subsampling continues one generator across warm-started fits.
    const rng = this.fitRng!;
    const splitRng = createRandom(o.seed);
    const loss = createLoss(o.loss, { weighted: w !== null, nClasses: enc.nClasses, quantile: o.quantile ?? undefined });
    if (o.loss === 'poisson' || o.loss === 'gamma') checkPositiveTargets(o.loss, enc.y);
    const doEarly = o.earlyStopping === 'auto' ? rows > 10_000 : o.earlyStopping;
    const times: FitTimes = { binning: 0, gradients: 0, histograms: 0, splitFinding: 0, partition: 0, predictionUpdate: 0, earlyStopping: 0 };
    const now = this.timed ? () => performance.now() : () => 0;

    // Training and validation rows.
    let trainIdx: Int32Array | null = null;
    let valIdx: Int32Array | null = null;
    const useValidation = o.validationFraction !== null || hasVal;
    if (doEarly && useValidation && !hasVal) {
      [trainIdx, valIdx] = validationSplit(rows, o.validationFraction!, this.stratifyBy(enc.y), splitRng);
    }
    const train = trainIdx === null ? { data: xv.data, rows, cols } : takeRows(xv.data, cols, trainIdx);
    const yTrain = trainIdx === null ? enc.y : takeValues(enc.y, trainIdx);
    const wTrain = w === null || trainIdx === null ? w : takeValues(w, trainIdx);
    let val: Rows | null = null;
    let yVal: Float64Array | null = null;
    let wVal: Float64Array | null = null;
    if (hasVal) {
      const vv = toRowMajorView(fo.XVal, 'XVal', FIT_CELLS_WITH_MISSING);
      if (vv.cols !== cols) throw new ShapeMismatchError(`XVal has ${vv.cols} features but X has ${cols}`);
      val = vv;
      yVal = this.encodeTargets(fo.yVal, vv.rows, 'yVal', false).y;
      wVal = toSampleWeight(fo.sampleWeightVal, vv.rows);
    } else if (valIdx !== null) {
      val = takeRows(xv.data, cols, valIdx);
      yVal = takeValues(enc.y, valIdx);
      wVal = w === null ? null : takeValues(w, valIdx);
    }

    // Bins of the training rows (scikit-learn refits them on every fit, warm or not).
    let t = now();
    const n = train.rows;
    const columns = transposeToColumns(train.data, n, cols);
    const mapper = BinMapper.fit({ data: columns, rows: n, cols }, o.maxBins, wTrain, null, splitRng);
    const binned = mapper.transform({ data: columns, rows: n, cols });
    const hasMissing = new Uint8Array(cols);
    for (let f = 0; f < cols; f++) {
      const c = binned.codes;
      for (let r = f * n; r < (f + 1) * n; r++) {
        if (c[r] === binned.missingBin) {
          hasMissing[f] = 1;
          break;
        }
      }
    }
    times.binning += now() - t;

    const K = nTrees;
    let raw: Float64Array;
    let rawVal: Float64Array | null = null;
    const scorer = o.scoring === 'loss' ? null : o.scoring;
    let small: { idx: Int32Array | null; y: Float64Array; w: Float64Array | null } | null = null;
    if (!warm) {
      this.trees = [];
      this.gains = [];
      this.trainScores = [];
      this.validationScores = [];
      this.nFeaturesIn = cols;
      this.names = names;
      this.baseline = loss.baseline(yTrain, wTrain);
      raw = new Float64Array(K * n);
      for (let k = 0; k < K; k++) raw.fill(this.baseline[k]!, k * n, (k + 1) * n);
    } else {
      if (o.maxIter < this.trees.length) throw new InvalidArgumentError('maxIter', `at least nIter (${this.trees.length}) with warmStart`, o.maxIter);
      raw = predictRaw(this.trees, this.baseline, train.data, n, cols);
      if (names !== null) this.names = names;
    }
    if (doEarly && val !== null) rawVal = predictRaw(this.trees, this.baseline, val.data, val.rows, cols);
    if (doEarly && scorer !== null) small = smallTrainset(n, yTrain, wTrain, this.stratifyBy(yTrain), splitRng);
    const check = (): boolean => {
      if (!doEarly) return false;
      if (scorer === null) {
        this.trainScores.push(-loss.meanLoss(yTrain, raw, wTrain));
        if (val !== null) {
          this.validationScores.push(-loss.meanLoss(yVal!, rawVal!, wVal));
          return shouldStop(this.validationScores, o.nIterNoChange, o.tol);
        }
        return shouldStop(this.trainScores, o.nIterNoChange, o.tol);
      }
      const smallRaw = small!.idx === null ? raw : takeRawRows(raw, n, K, small!.idx);
      this.trainScores.push(this.scoreRaw(smallRaw, small!.y, small!.w, small!.y.length));
      if (val !== null) {
        this.validationScores.push(this.scoreRaw(rawVal!, yVal!, wVal, val.rows));
        return shouldStop(this.validationScores, o.nIterNoChange, o.tol);
      }
      return shouldStop(this.trainScores, o.nIterNoChange, o.tol);
    };
    if (!warm) check();

    const grad = new Float32Array(K * n);
    const hess = new Float32Array(loss.constantHessian ? 0 : K * n);
    const grower = new TreeGrower(
      binned.codes,
      n,
      cols,
      {
        nBinsNonMissing: mapper.nBinsNonMissing,
        missingBin: mapper.missingBin,
        hasMissing,
        isCategorical: mapper.isCategorical,
        monotonicCst: Int8Array.from(o.monotonicCst ?? new Array<number>(cols).fill(0)),
        l2: o.l2Regularization,
        minHessianToSplit: 1e-3,
        minSamplesLeaf: o.minSamplesLeaf,
        minGainToSplit: 0,
        constantHessian: loss.constantHessian,
        maxLeafNodes: o.maxLeafNodes,
        maxDepth: o.maxDepth,
        interactionCst: interaction,
        featureFraction: o.maxFeatures,
        shrinkage: o.learningRate,
        thresholds: mapper.thresholds,
      },
      rng,
      this.timed,
    );
    for (let it = this.trees.length; it < o.maxIter; it++) {
      t = now();
      loss.gradients(yTrain, raw, wTrain, grad, hess);
      times.gradients += now() - t;
      const row: Tree[] = [];
      const rowGains: Float64Array[] = [];
      for (let k = 0; k < K; k++) {
        grower.grow(grad.subarray(k * n, (k + 1) * n), loss.constantHessian ? null : hess.subarray(k * n, (k + 1) * n));
        const { ids, partition } = grower.leaves();
        if (!loss.differentiable) refitLeaves(grower, ids, partition, loss, yTrain, raw, wTrain, o.learningRate);
        const { tree, gains } = grower.toTree();
        row.push(tree);
        rowGains.push(gains);
        t = now();
        for (const id of ids) {
          const [s, e] = grower.range(id);
          const v = grower.leafValue(id);
          const off = k * n;
          for (let p = s; p < e; p++) {
            const i = off + partition[p]!;
            raw[i] = raw[i]! + v;
          }
        }
        times.predictionUpdate += now() - t;
      }
      this.trees.push(row);
      this.gains.push(rowGains);
      t = now();
      if (rawVal !== null) for (let k = 0; k < K; k++) addTreeValues(row[k]!, val!.data, val!.rows, cols, rawVal, k * val!.rows);
      const stop = check();
      times.earlyStopping += now() - t;
      fo.onIteration?.({ iteration: it + 1, maxIter: o.maxIter, trainScore: this.trainScores.at(-1), validationScore: this.validationScores.at(-1) });
      if (stop) break;
    }
    Object.assign(times, { histograms: grower.times.histograms, splitFinding: grower.times.splitFinding, partition: grower.times.partition });
    this.times = this.timed ? times : null;
    return this;
  }
}

/** Options resolved through the table, then the checks across options. */
export function resolveBoostingOptions(options: unknown, task: Task): ResolvedBoostingOptions {
  const o = resolveOptions(BOOSTING_OPTIONS, options, task);
  checkBoostingOptions(o, task);
  return o;
}

function checkBoostingFitOptions(v: unknown): BoostingFitOptions {
  if (v === undefined || v === null) return {};
  const o = plainObject('fitOptions', v);
  knownKeys('fitOptions', o, FIT_KEYS);
  if (o.onIteration !== undefined && o.onIteration !== null && typeof o.onIteration !== 'function') {
    throw new InvalidArgumentError('fitOptions.onIteration', 'a function', o.onIteration);
  }
  return o as BoostingFitOptions;
}

/** scikit-learn's `_check_interaction_cst`: indices below nFeatures; features in no set form one more set. */
function interactionSets(cst: number[][] | null, cols: number): Int32Array[] | null {
  if (cst === null) return null;
  const seen = new Set<number>();
  cst.forEach((s, i) =>
    s.forEach((f, j) => {
      if (f >= cols) throw new InvalidArgumentError(`interactionCst[${i}][${j}]`, `a feature index below ${cols}`, f);
      seen.add(f);
    }),
  );
  const sets = cst.map((s) => Int32Array.from(new Set(s)));
  const rest: number[] = [];
  for (let f = 0; f < cols; f++) if (!seen.has(f)) rest.push(f);
  if (rest.length > 0) sets.push(Int32Array.from(rest));
  return sets;
}

function checkPositiveTargets(loss: 'poisson' | 'gamma', y: Float64Array): void {
  let sum = 0;
  for (let i = 0; i < y.length; i++) {
    const v = y[i]!;
    if (loss === 'poisson' ? v < 0 : v <= 0) throw new InvalidArgumentError(`y[${i}]`, loss === 'poisson' ? "a target >= 0 for loss 'poisson'" : "a target > 0 for loss 'gamma'", v);
    sum += v;
  }
  if (loss === 'poisson' && !(sum > 0)) throw new InvalidArgumentError('y', "targets with a positive sum for loss 'poisson'", 0);
}

/** scikit-learn's `_should_stop`: stop when none of the last n scores beats the one before them by tol. */
export function shouldStop(scores: readonly number[], nIterNoChange: number, tol: number): boolean {
  const ref = nIterNoChange + 1;
  if (scores.length < ref) return false;
  const refScore = scores[scores.length - ref]! + tol;
  for (let i = scores.length - ref + 1; i < scores.length; i++) if (scores[i]! > refScore) return false;
  return true;
}

/** Leaf values of a non-differentiable loss: learning rate × the loss's intercept of the leaf's residuals. */
function refitLeaves(grower: TreeGrower, ids: number[], partition: Uint32Array, loss: Loss, y: Float64Array, raw: Float64Array, w: Float64Array | null, lr: number): void {
  for (const id of ids) {
    const [s, e] = grower.range(id);
    const res = new Float64Array(e - s);
    const lw = w === null ? null : new Float64Array(e - s);
    for (let p = s; p < e; p++) {
      const i = partition[p]!;
      res[p - s] = y[i]! - raw[i]!;
      if (lw !== null) lw[p - s] = w![i]!;
    }
    grower.setLeafValue(id, lr * loss.interceptOf(res, lw));
  }
}

function transposeToColumns(data: ArrayLike<number>, rows: number, cols: number): Float64Array {
  const out = new Float64Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    const b = r * cols;
    for (let c = 0; c < cols; c++) out[c * rows + r] = data[b + c]!;
  }
  return out;
}

function takeRows(data: ArrayLike<number>, cols: number, idx: Int32Array): Rows {
  const out = new Float64Array(idx.length * cols);
  for (let i = 0; i < idx.length; i++) for (let c = 0; c < cols; c++) out[i * cols + c] = data[idx[i]! * cols + c]!;
  return { data: out, rows: idx.length, cols };
}

function takeValues(a: Float64Array, idx: Int32Array): Float64Array {
  return Float64Array.from(idx, (i) => a[i]!);
}

function takeRawRows(raw: Float64Array, n: number, K: number, idx: Int32Array): Float64Array {
  const m = idx.length;
  const out = new Float64Array(K * m);
  for (let k = 0; k < K; k++) for (let i = 0; i < m; i++) out[k * m + i] = raw[k * n + idx[i]!]!;
  return out;
}

/**
 * Train/validation rows: ceil(fraction·n) validation rows drawn by the seeded generator, stratified by
 * class when `strata` is given (each class keeps its share, largest remainders first).
 */
function validationSplit(n: number, fraction: number, strata: Float64Array | null, rng: Random): [Int32Array, Int32Array] {
  const nVal = Math.ceil(fraction * n);
  const perm = Int32Array.from({ length: n }, (_, i) => i);
  shuffle(perm, rng);
  const isVal = new Uint8Array(n);
  if (strata === null) {
    for (let i = 0; i < nVal; i++) isVal[perm[i]!] = 1;
  } else {
    const K = Math.max(...strata) + 1;
    const counts = new Float64Array(K);
    for (const c of strata) counts[c]!++;
    const take = new Int32Array(K);
    const rem: [number, number][] = [];
    let assigned = 0;
    for (let k = 0; k < K; k++) {
      const exact = (counts[k]! * nVal) / n;
      take[k] = Math.floor(exact);
      assigned += take[k]!;
      rem.push([exact - take[k]!, k]);
    }
    rem.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    for (let i = 0; assigned < nVal && i < rem.length; i++, assigned++) take[rem[i]![1]]!++;
    for (let i = 0; i < n; i++) {
      const r = perm[i]!;
      const c = strata[r]!;
      if (take[c]! > 0) {
        take[c]!--;
        isVal[r] = 1;
      }
    }
  }
  const tr: number[] = [];
  const va: number[] = [];
  for (let i = 0; i < n; i++) (isVal[i] ? va : tr).push(i);
  return [Int32Array.from(tr), Int32Array.from(va)];
}

/** The training rows scored by a scorer: all of them up to 10,000, else 10,000 drawn (stratified) as scikit-learn's `_get_small_trainset`. */
function smallTrainset(n: number, y: Float64Array, w: Float64Array | null, strata: Float64Array | null, rng: Random): { idx: Int32Array | null; y: Float64Array; w: Float64Array | null } {
  const SMALL = 10_000;
  if (n <= SMALL) return { idx: null, y, w };
  const [, keep] = validationSplit(n, SMALL / n, strata, rng);
  const idx = keep.length > SMALL ? keep.subarray(0, SMALL) : keep;
  return { idx, y: takeValues(y, idx), w: w === null ? null : takeValues(w, idx) };
}

function shuffle(a: Int32Array, rng: Random): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
}
