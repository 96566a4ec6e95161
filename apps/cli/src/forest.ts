/**
 * Forests on the command line (@dt/ensemble): `--algorithm random-forest | extra-trees | bagging`
 * with the ensemble flags of ENSEMBLE_OPTIONS (--n-estimators, --bootstrap, --max-samples, --oob,
 * --jobs) and `--base` for bagging. The tree flags (--max-depth, --criterion, --max-features, ...)
 * go to every member. `--jobs N` fits on N worker threads (fitForest; the same forest for any N).
 */
import {
  algorithmForest,
  ExtraTreesClassifier,
  ExtraTreesRegressor,
  RandomForestClassifier,
  RandomForestRegressor,
  type AlgorithmForestClassifier,
  type ForestModel,
  type MemberFeatures,
} from '@dt/ensemble';
import { fitForest } from '@dt/ensemble/node';
import type { Dataset } from '@dt/datasets';
import { DtError, InvalidArgumentError } from '@dt/errors';
import type { Task } from './algorithms.js';
import { renamedError, toTreeOptions, type TreeConfig } from './tree-options.js';

export type { ForestModel };

/** What a forest's estimators share for the summaries (dt trees and Decision Streams). */
interface MemberShape {
  nLeaves: number;
  depth: number;
}

type AnyForest = ForestModel;

const ENSEMBLE_KEYS = ['nEstimators', 'bootstrap', 'maxSamples', 'oobScore', 'nJobs'] as const;

/** The unfitted forest a config describes (options validated here; errors name the flags). */
function buildForest(config: TreeConfig, task: Task, featureTypes?: readonly string[]): AnyForest {
  const p = config.params;
  const name = (key: keyof TreeConfig['params'], fallback: string): string => config.names[key] ?? fallback;
  const base = (p.base as string | undefined) ?? 'cart';
  if (p.base !== undefined && config.algorithm !== 'bagging') throw new InvalidArgumentError(name('base', '--base'), 'used only with --algorithm bagging', base);
  for (const key of ['prune', 'ccpCv'] as const) {
    if (p[key] !== undefined) throw new InvalidArgumentError(name(key, `--${key}`), 'not used with forests (members are fully grown; use --ccp-alpha)', String(p[key]));
  }
  const tree = toTreeOptions(config, task, featureTypes) as Record<string, unknown>;
  const ensemble: Record<string, unknown> = {};
  for (const k of ENSEMBLE_KEYS) {
    if (k in tree) {
      ensemble[k] = tree[k];
      delete tree[k];
    }
  }
  delete tree.base;
  if (tree.seed !== undefined) {
    ensemble.seed = tree.seed;
    delete tree.seed;
  }
  if (tree.classWeight !== undefined) {
    ensemble.classWeight = tree.classWeight;
    delete tree.classWeight;
  }
  const C = task === 'classification';
  try {
    if (config.algorithm === 'random-forest') return (C ? new RandomForestClassifier({ ...ensemble, ...tree } as never) : new RandomForestRegressor({ ...ensemble, ...tree } as never));
    if (config.algorithm === 'extra-trees') return (C ? new ExtraTreesClassifier({ ...ensemble, ...tree } as never) : new ExtraTreesRegressor({ ...ensemble, ...tree } as never));
    // Bagging: cart members are a random forest that sees every feature at every node (scikit-learn's
    // BaggingClassifier of decision trees); a named algorithm or stream is an algorithm forest.
    if (base === 'cart') {
      const opts = { maxFeatures: null, ...ensemble, ...tree, nEstimators: ensemble.nEstimators ?? 10 } as never;
      return C ? new RandomForestClassifier(opts) : new RandomForestRegressor(opts);
    }
    if (!C) throw new InvalidArgumentError(name('base', '--base'), 'cart for a regression task (forests of the other algorithms classify)', base);
    const mf = tree.maxFeatures;
    delete tree.maxFeatures;
    if (mf !== undefined && mf !== null && typeof mf !== 'number' && mf !== 'sqrt' && mf !== 'log2') {
      throw new InvalidArgumentError(name('maxFeatures', '--max-features'), `an integer, a fraction in (0, 1), sqrt, log2 or all with --base ${base} (features per tree)`, String(mf));
    }
    return algorithmForest(base === 'stream' ? 'decision-stream' : base, { ...ensemble, maxFeatures: (mf as MemberFeatures | undefined) ?? null, tree } as never);
  } catch (e) {
    throw renamedForestError(renamedError(e, config), config);
  }
}

/** An error about an ensemble option (nEstimators, oobScore, ...) reworded to name the flag the user typed. */
function renamedForestError(e: unknown, config: TreeConfig): unknown {
  if (!(e instanceof InvalidArgumentError)) return e;
  const key = ([...ENSEMBLE_KEYS, 'seed', 'maxFeatures'] as const).find((k) => e.argument === k || e.argument === `options.${k}`);
  const flag = key === undefined ? undefined : config.names[key];
  if (key === undefined || flag === undefined) return e;
  return new DtError('INVALID_ARGUMENT', flag + e.message.slice(e.argument.length), { cause: e });
}

/** A forest as `dt train` and `dt eval` fit it: with worker threads for --jobs > 1, and progress per tree. */
export class ForestLearner {
  readonly model: AnyForest;
  onProgress: ((done: number, total: number) => void) | null = null;

  constructor(model: AnyForest) {
    this.model = model;
  }

  async fit(X: Dataset['X'], y: Dataset['y'], opts: { featureNames?: readonly string[]; sampleWeight?: ArrayLike<number> } = {}): Promise<this> {
    const fitOptions = { ...opts, ...(this.onProgress ? { onProgress: this.onProgress } : {}) };
    if (this.model.options.nJobs > 1) await fitForest(this.model, X, y, fitOptions);
    else (this.model as unknown as { fit(X: unknown, y: unknown, o: unknown): unknown }).fit(X, y, fitOptions);
    return this;
  }

  predict(X: Dataset['X']): ArrayLike<string | number> {
    return this.model.predict(X);
  }

  /** Mean leaves per tree (for `dt eval`'s leaves column). */
  get nLeaves(): number {
    return forestShape(this.model).meanLeaves;
  }

  get depth(): number {
    return forestShape(this.model).meanDepth;
  }
}

export function isForestConfig(config: TreeConfig): boolean {
  return ['random-forest', 'extra-trees', 'bagging'].includes(config.algorithm);
}

export function buildForestLearner(config: TreeConfig, task: Task, featureTypes?: readonly string[]): ForestLearner {
  return new ForestLearner(buildForest(config, task, featureTypes));
}

/** Trees, mean leaves and mean depth of a fitted forest. */
export function forestShape(model: { estimators: readonly unknown[] }): { trees: number; meanLeaves: number; meanDepth: number } {
  const ms = model.estimators as MemberShape[];
  let leaves = 0;
  let depth = 0;
  for (const m of ms) {
    leaves += m.nLeaves;
    depth += m.depth;
  }
  return { trees: ms.length, meanLeaves: leaves / ms.length, meanDepth: depth / ms.length };
}

/** The forest kind as the user would name it. */
export function forestKind(model: ForestModel): string {
  if ('algorithm' in model) return `bagged ${(model as AlgorithmForestClassifier).algorithm} forest`;
  const name = model.constructor.name;
  const task = name.endsWith('Regressor') ? 'regressor' : 'classifier';
  if (name.startsWith('ExtraTrees')) return `extra-trees ${task}`;
  return `random forest ${task}`;
}
