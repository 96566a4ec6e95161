/**
 * Gradient boosting on the command line (@dt/boost): `--algorithm hist-gradient-boosting` with the
 * boosting flags of BOOSTING_OPTIONS (--max-iter, --learning-rate, --loss, --early-stopping, ...) and
 * the tree flags boosting shares (--max-depth, --max-leaf-nodes, --min-samples-leaf, --max-bins,
 * --seed, ...), read by boosting's own table (tree-options.ts). The learner reports each iteration
 * for the progress line.
 */
import { HistGradientBoostingClassifier, HistGradientBoostingRegressor, type BoostingModel, type BoostingOptions, type IterationInfo } from '@dt/boost';
import type { Dataset } from '@dt/datasets';
import { InvalidArgumentError } from '@dt/errors';
import { getAlgorithm, type Task } from './algorithms.js';
import { renamedError, type TreeConfig } from './tree-options.js';

export type { BoostingModel };

/** True when the config names a boosting algorithm. */
export function isBoostingConfig(config: TreeConfig): boolean {
  return getAlgorithm(config.algorithm).boosting === true;
}

/** The estimator options a boosting config sets (fitting-only flags such as --prune are refused). */
function boostingOptions(config: TreeConfig, task: Task): BoostingOptions {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(config.params)) {
    const name = config.names[key as keyof TreeConfig['params']] ?? key;
    if (['prune', 'pruneFraction', 'ccpCv', 'ccpRule', 'crimcoord', 'base'].includes(key)) {
      throw new InvalidArgumentError(name, `not used with --algorithm ${config.algorithm}`, v === null ? 'none' : String(v));
    }
    if (task === 'regression' && key === 'classWeight') throw new InvalidArgumentError(name, 'omitted for a regression task', String(v));
    out[key] = v;
  }
  return out as BoostingOptions;
}

/** The unfitted classifier or regressor a config describes (its errors name the flags the user typed). */
export function buildBoosting(config: TreeConfig, task: Task): BoostingModel {
  if (!getAlgorithm(config.algorithm).tasks.includes(task)) throw new InvalidArgumentError('--algorithm', `one that supports ${task}`, config.algorithm);
  try {
    const o = boostingOptions(config, task);
    return task === 'classification' ? new HistGradientBoostingClassifier(o) : new HistGradientBoostingRegressor(o);
  } catch (e) {
    throw renamedError(e, config);
  }
}

/** A boosting model as `dt train` and `dt eval` fit it: with the feature names, and progress per iteration. */
export class BoostLearner {
  readonly model: BoostingModel;
  /** Called after each boosting iteration (the progress line: iterations done of maxIter, elapsed, ETA). */
  onIteration: ((info: IterationInfo) => void) | null = null;

  constructor(model: BoostingModel) {
    this.model = model;
  }

  fit(X: Dataset['X'], y: Dataset['y'], opts: { featureNames?: readonly string[] } = {}): this {
    const fitOptions = { ...(opts.featureNames ? { featureNames: opts.featureNames } : {}), ...(this.onIteration ? { onIteration: this.onIteration } : {}) };
    if (this.model instanceof HistGradientBoostingClassifier) this.model.fit(X, y as (string | number)[], fitOptions);
    else this.model.fit(X, y as Float64Array, fitOptions);
    return this;
  }

  predict(X: Dataset['X']): ArrayLike<string | number> {
    return this.model.predict(X);
  }

  /** Mean leaves per tree (for `dt eval`'s leaves column). */
  get nLeaves(): number {
    return boostingShape(this.model).meanLeaves;
  }

  /** Mean depth per tree. */
  get depth(): number {
    return boostingShape(this.model).meanDepth;
  }
}

/** A fresh boosting learner for a config. */
export function buildBoostLearner(config: TreeConfig, task: Task): BoostLearner {
  return new BoostLearner(buildBoosting(config, task));
}

/** Iterations, trees, mean leaves and mean depth of a fitted boosting model. */
export function boostingShape(model: BoostingModel): { iterations: number; trees: number; meanLeaves: number; meanDepth: number } {
  let trees = 0;
  let leaves = 0;
  let depth = 0;
  for (const row of model.estimators) {
    for (const t of row) {
      trees++;
      leaves += t.nLeaves;
      depth += t.maxDepth;
    }
  }
  return { iterations: model.nIter, trees, meanLeaves: leaves / trees, meanDepth: depth / trees };
}
