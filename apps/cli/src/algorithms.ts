import { ALGORITHMS as PAPER_ALGORITHMS, createClassifier, DecisionTreeClassifier, DecisionTreeRegressor, listAlgorithms as listPaperAlgorithms } from '@dt/core';
import type { ClassifierOptions } from '@dt/core';
import { DecisionStreamClassifier, DecisionStreamRegressor } from '@dt/stream';
import type { AnyModel } from './any-model.js';
import { UnknownNameError } from '@dt/errors';

/** The task of a model or command: classification or regression. */
export type Task = 'classification' | 'regression';

/**
 * A learner the CLI can train. A new algorithm (oblique trees, Decision Stream, ...) is one entry in
 * ALGORITHMS; `dt train --help`, `--algorithm` and `--config algorithm=...` pick it up from here.
 */
export interface Algorithm {
  readonly name: string;
  readonly description: string;
  readonly tasks: readonly Task[];
  /** A fresh, unfitted model. `options` are already mapped by tree-options.ts. Absent for forests (forest.ts builds them). */
  create?(task: Task, options: ClassifierOptions): AnyModel;
  /** A forest algorithm: takes the ensemble flags (--n-estimators, --jobs, ...); built by forest.ts. */
  readonly forest?: true;
  /** Option keys the algorithm accepts besides the shared ones; null = the tree options. */
  readonly streamOptions?: true;
  /** Learns with NaN in X (where missing values go, per node): `--missing native` is allowed. */
  readonly missingValues?: true;
  /** Gradient boosting (@dt/boost): takes the boosting flags (--max-iter, --learning-rate, ...); built by boosting.ts. */
  readonly boosting?: true;
}

const cart: Algorithm = {
  name: 'cart',
  description: 'CART: greedy axis-aligned splits (scikit-learn DecisionTreeClassifier/Regressor semantics)',
  tasks: ['classification', 'regression'],
  missingValues: true,
  create: (task, options) =>
    task === 'classification' ? new DecisionTreeClassifier(options) : new DecisionTreeRegressor(options),
};

/** The Max-Cut paper's Table 2 (criterion × candidate directions) and HHCART(A)/(D); classification only. */
const paperAlgorithms: Algorithm[] = listPaperAlgorithms().map((name) => ({
  name,
  description: `${PAPER_ALGORITHMS[name].paperName} (criterion ${PAPER_ALGORITHMS[name].criterion}, directions ${PAPER_ALGORITHMS[name].projection})${name.startsWith('hhcart') ? '; MinParent 2, MisRate 0; --crimcoord on for qualitative features' : '; use --scale on|off'}`,
  tasks: ['classification'] as const,
  create: (_task: Task, options: ClassifierOptions) => createClassifier(name, options),
}));

/** Decision Stream (@dt/stream): leaves split and merged by two-sample tests into a DAG. */
const stream: Algorithm = {
  name: 'stream',
  description: 'Decision Stream: leaves split and merged by two-sample tests (use --alpha; --merge off for DS without merging)',
  tasks: ['classification', 'regression'],
  streamOptions: true,
  create: (task, options) =>
    task === 'classification'
      ? new DecisionStreamClassifier(options as never)
      : new DecisionStreamRegressor(options as never),
};

/** Forests (@dt/ensemble), built by forest.ts from the tree options and the ensemble flags. */
const forests: Algorithm[] = [
  { name: 'random-forest', description: "random forest (scikit-learn's RandomForest*): --n-estimators trees on bootstrap draws, --max-features sqrt per node (regression: all)", tasks: ['classification', 'regression'], forest: true },
  { name: 'extra-trees', description: 'extremely randomized trees: --splitter random, no bootstrap, --max-features sqrt per node (regression: all)', tasks: ['classification', 'regression'], forest: true },
  { name: 'bagging', description: 'bagged trees of --base (cart, stream or an algorithm name; oblique forests); --max-features: features per tree for a named --base', tasks: ['classification', 'regression'], forest: true },
];

/** Histogram gradient boosting (@dt/boost), built by boosting.ts from the boosting flags. */
const boosting: Algorithm = {
  name: 'hist-gradient-boosting',
  description:
    "histogram gradient boosting (scikit-learn's HistGradientBoosting*): --max-iter rounds of trees with --max-leaf-nodes leaves, --learning-rate, --loss, --early-stopping; missing values learnt (--missing native)",
  tasks: ['classification', 'regression'],
  missingValues: true,
  boosting: true,
};

const ALGORITHMS: readonly Algorithm[] = [cart, ...paperAlgorithms, stream, ...forests, boosting];

/** `--base` of a bagged forest: cart, stream or one of the paper's algorithm names. */
export function parseBase(raw: string, name: string): string {
  const names = [cart.name, stream.name, ...paperAlgorithms.map((a) => a.name)];
  // 'decision-stream' is @dt/ensemble's name of the same members (algorithmForest('decision-stream')).
  const v = raw.trim() === 'decision-stream' ? stream.name : raw.trim();
  if (!names.includes(v)) throw new UnknownNameError(name, v, names);
  return v;
}

export const DEFAULT_ALGORITHM = 'cart';

/** Every algorithm the CLI knows: cart, the papers' algorithms, stream and the forests. */
export function listAlgorithms(): readonly Algorithm[] {
  return ALGORITHMS;
}

/** The algorithm named `name`; UnknownNameError listing the known names otherwise. */
export function getAlgorithm(name: string): Algorithm {
  const found = ALGORITHMS.find((a) => a.name === name);
  if (found === undefined) throw new UnknownNameError('algorithm', name, ALGORITHMS.map((a) => a.name));
  return found;
}
