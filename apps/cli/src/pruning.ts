/**
 * Pruning as part of a learner: `--prune rep` and `--prune ccp --ccp-cv K` change how a model is
 * fitted (hold-out or cross-validation inside fit), so they wrap the estimator; `--ccp-alpha A` is a
 * plain estimator option. Used by `dt train` and by every fold of `dt eval`.
 */
import { isStream, type AnyModel } from './any-model.js';
import type { Dataset } from '@dt/datasets';
import { InvalidArgumentError } from '@dt/errors';
import { chooseCcpAlpha, fitWithReducedErrorPruning } from '@dt/prune';
import type { Task } from './algorithms.js';
import { buildEstimator, type TreeConfig } from './tree-options.js';
import { buildForestLearner, isForestConfig, type ForestLearner } from './forest.js';
import { buildBoostLearner, isBoostingConfig, type BoostLearner } from './boosting.js';

type Labels = (string | number)[];
type Pruning = { method: 'rep'; fraction: number } | { method: 'ccp-cv'; folds: number; rule: 'min' | 'one-se' } | null;

const flag = (config: TreeConfig, key: keyof TreeConfig['params'], fallback: string): string => config.names[key] ?? fallback;

/** The pruning a config asks for, after checking the flags fit together. */
export function pruningOf(config: TreeConfig): Pruning {
  const p = config.params;
  const method = (p.prune as string | undefined) ?? (p.ccpCv !== undefined ? 'ccp' : 'none');
  if (p.pruneFraction !== undefined && method !== 'rep') {
    throw new InvalidArgumentError(flag(config, 'pruneFraction', '--prune-fraction'), 'used only with --prune rep', p.pruneFraction);
  }
  if ((p.ccpCv !== undefined || p.ccpRule !== undefined) && method !== 'ccp') {
    throw new InvalidArgumentError(flag(config, 'ccpCv', '--ccp-cv'), 'used only with --prune ccp', p.ccpCv ?? p.ccpRule);
  }
  if (method === 'ccp') {
    if (p.ccpCv !== undefined && p.ccpAlpha !== undefined) {
      throw new InvalidArgumentError(flag(config, 'ccpCv', '--ccp-cv'), 'given without --ccp-alpha (choose one)', p.ccpCv);
    }
    if (p.ccpCv === undefined && p.ccpAlpha === undefined) {
      throw new InvalidArgumentError(flag(config, 'prune', '--prune'), 'ccp together with --ccp-alpha A or --ccp-cv K', 'ccp');
    }
    if (p.ccpCv !== undefined) return { method: 'ccp-cv', folds: p.ccpCv as number, rule: (p.ccpRule as 'min' | 'one-se' | undefined) ?? 'min' };
    return null; // ccpAlpha is an estimator option
  }
  if (method === 'rep') return { method: 'rep', fraction: (p.pruneFraction as number | undefined) ?? 0.2 };
  return null;
}

/** A learner whose fit grows and prunes a tree; it answers like the pruned tree afterwards. */
export class PrunedLearner {
  private model: AnyModel | null = null;
  /** What pruning did on the last fit, for summaries. */
  note = '';

  constructor(
    private readonly config: TreeConfig,
    private readonly task: Task,
    private readonly pruning: Exclude<Pruning, null>,
    private readonly seed: number,
    private readonly featureTypes?: readonly string[],
  ) {}

  fit(X: Dataset['X'], y: Dataset['y'], opts: { featureNames?: readonly string[] } = {}): this {
    const make = () => {
      const m = buildEstimator(this.config, this.task, this.featureTypes);
      if (isStream(m)) throw new InvalidArgumentError('--prune', 'none for --algorithm stream (Decision Streams are not pruned)', this.config.params.prune);
      return m;
    };
    const common = { seed: this.seed, task: this.task, ...(opts.featureNames ? { featureNames: opts.featureNames } : {}) };
    if (this.pruning.method === 'rep') {
      const r = fitWithReducedErrorPruning(make, X, y as Labels, { ...common, pruneFraction: this.pruning.fraction });
      this.model = r.model;
      this.note = `reduced-error pruning on ${r.pruneRows.length} held-out rows: ${r.unpruned.nLeaves} -> ${r.model.nLeaves} leaves`;
    } else {
      const r = chooseCcpAlpha(make, X, y as Labels, { ...common, folds: this.pruning.folds, rule: this.pruning.rule });
      this.model = r.model;
      this.note = `cost-complexity alpha ${r.alpha.toPrecision(4)} chosen by ${this.pruning.folds}-fold CV (${this.pruning.rule} rule)`;
    }
    return this;
  }

  get fitted(): AnyModel {
    if (this.model === null) throw new InvalidArgumentError('model', 'fitted before use', null);
    return this.model;
  }
  predict(X: Dataset['X']): ArrayLike<string | number> {
    return this.fitted.predict(X);
  }
  get nLeaves(): number {
    return this.fitted.nLeaves;
  }
  get depth(): number {
    return this.fitted.depth;
  }
}

export type Learner = AnyModel | PrunedLearner | ForestLearner | BoostLearner;

/** A fresh learner for a config: the plain estimator, or one that prunes inside fit. */
export function buildLearner(config: TreeConfig, task: Task, featureTypes?: readonly string[]): Learner {
  if (isForestConfig(config)) return buildForestLearner(config, task, featureTypes);
  if (isBoostingConfig(config)) return buildBoostLearner(config, task);
  const model = buildEstimator(config, task, featureTypes);
  const pruning = pruningOf(config);
  if (pruning === null) return model;
  return new PrunedLearner(config, task, pruning, (config.params.seed as number | undefined) ?? 0, featureTypes);
}

/** The fitted tree model behind a learner. */
export function fittedModel(learner: AnyModel | PrunedLearner): AnyModel {
  return learner instanceof PrunedLearner ? learner.fitted : learner;
}
