import type { FeatureInput, LabelInput, TreeModel } from '@dt/core';
import { InvalidArgumentError, knownKeys, numberInRange, plainObject, seedValue } from '@dt/errors';
import { trainTestSplit } from '@dt/eval';
import { takeArray, takeRowMajor } from './data.js';
import { fitInputs, fitModel, freshEstimator, type EstimatorSpec, type FitHelperOptions } from './model-copy.js';
import { reducedErrorPrune } from './reduced-error.js';

/** Options of fitWithReducedErrorPruning: the held-out fraction, stratification and seed. */
export interface FitWithReducedErrorPruningOptions extends FitHelperOptions {
  /** Share of the rows held out as the pruning set, in (0, 1) (default 0.2). */
  pruneFraction?: number;
  /** Seed of the split (default 0). */
  seed?: number;
  /** Stratify the split by class (default true for classification). */
  stratify?: boolean;
}

/** What fitWithReducedErrorPruning returns: the pruned and unpruned trees and the rows each part used. */
export interface FitWithReducedErrorPruningResult<M extends TreeModel = TreeModel> {
  /** The tree grown on the growing rows, then reduced-error pruned on the held-out rows. */
  model: M;
  /** The same tree before pruning. */
  unpruned: M;
  /** Row indices (ascending) the tree was grown on and pruned with. */
  growRows: Int32Array;
  pruneRows: Int32Array;
}

/**
 * The usual reduced-error protocol in one call: hold out `pruneFraction` of the rows (stratified,
 * seeded), grow on the rest, prune with the held-out rows ({@link reducedErrorPrune}).
 */
export function fitWithReducedErrorPruning(
  estimator: EstimatorSpec,
  X: FeatureInput,
  y: LabelInput,
  options: FitWithReducedErrorPruningOptions = {},
): FitWithReducedErrorPruningResult {
  const o = plainObject('options', options);
  knownKeys('options', o, ['pruneFraction', 'seed', 'stratify', 'sampleWeight', 'task', 'featureNames']);
  const fraction = numberInRange('options.pruneFraction', o.pruneFraction ?? 0.2, 0, 1);
  const seed = seedValue('options.seed', o.seed ?? 0);
  const { x, y: yArr, weights, proto, classification } = fitInputs(estimator, X, y, o);
  const stratify = o.stratify ?? classification;
  if (typeof stratify !== 'boolean') throw new InvalidArgumentError('options.stratify', 'a boolean', stratify);
  const { train, test } = trainTestSplit(stratify ? yArr : x.rows, { testSize: fraction, stratify, seed });
  // Keep the estimator's own ccpAlpha: REP then prunes the (possibly ccp-pruned) tree further.
  const unpruned = typeof estimator === 'function' ? freshEstimator(estimator()) : freshEstimator(proto, { ccpAlpha: (estimator as { ccpAlpha?: number }).ccpAlpha ?? 0 });
  fitModel(unpruned, takeRowMajor(x, train), takeArray(yArr, train), weights && Float64Array.from(takeArray(weights, train)), (o.featureNames ?? null) as readonly string[] | null);
  const model = reducedErrorPrune(unpruned, takeRowMajor(x, test), takeArray(yArr, test), {
    sampleWeight: weights && takeArray(weights, test),
  });
  return { model, unpruned, growRows: train, pruneRows: test };
}
