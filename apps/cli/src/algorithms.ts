import '@dt/core/oblique'; // registers the oblique projections and split searches (cart --projection, the paper's algorithms)
import { ALGORITHMS as PAPER_ALGORITHMS, createClassifier, DecisionTreeClassifier, DecisionTreeRegressor, listAlgorithms as listPaperAlgorithms } from '@dt/core';
import type { ClassifierOptions } from '@dt/core';
import { DecisionStreamClassifier, DecisionStreamRegressor } from '@dt/stream';
import type { AnyModel } from './any-model.js';
import { UnknownNameError } from '@dt/errors';

export type Task = 'classification' | 'regression';

/**
 * A learner the CLI can train. A new algorithm (oblique trees, Decision Stream, ...) is one entry in
 * ALGORITHMS; `dt train --help`, `--algorithm` and `--config algorithm=...` pick it up from here.
 */
export interface Algorithm {
  readonly name: string;
  readonly description: string;
  readonly tasks: readonly Task[];
  /** A fresh, unfitted model. `options` are already mapped by tree-options.ts. */
  create(task: Task, options: ClassifierOptions): AnyModel;
  /** Option keys the algorithm accepts besides the shared ones; null = the tree options. */
  readonly streamOptions?: true;
  /** Learns with NaN in X (where missing values go, per node): `--missing native` is allowed. */
  readonly missingValues?: true;
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

const ALGORITHMS: readonly Algorithm[] = [cart, ...paperAlgorithms, stream];

export const DEFAULT_ALGORITHM = 'cart';

export function listAlgorithms(): readonly Algorithm[] {
  return ALGORITHMS;
}

export function getAlgorithm(name: string): Algorithm {
  const found = ALGORITHMS.find((a) => a.name === name);
  if (found === undefined) throw new UnknownNameError('algorithm', name, ALGORITHMS.map((a) => a.name));
  return found;
}
