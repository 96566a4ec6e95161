/**
 * The argument checks of @dt/stream's public functions: a wrong-typed argument (null, a Symbol, a
 * BigInt, an object for a number) is an InvalidArgumentError naming it, never a raw TypeError from
 * deep inside a p-value or a graph walk.
 */
import { InvalidArgumentError } from '@dt/errors';
import { StreamGraph } from './stream-graph.js';

/** `value` when it is a number (NaN included: the p-value functions answer NaN for it as SciPy does). */
export function numberArg(name: string, value: unknown): number {
  if (typeof value !== 'number') throw new InvalidArgumentError(name, 'a number', value);
  return value;
}

/** `value` when it is array-like with at least `n` entries (n: an integer count). */
export function sampleArg(name: string, value: unknown, n: number, nName: string): ArrayLike<number> {
  if (!(Number.isInteger(n) && n >= 0)) throw new InvalidArgumentError(nName, 'a sample size (an integer >= 0)', n);
  const a = value as ArrayLike<number> | null;
  if (a === null || typeof a !== 'object' || typeof a.length !== 'number' || a.length < n) {
    throw new InvalidArgumentError(name, `an array of at least ${nName} = ${n} numbers`, value);
  }
  return a;
}

/** `graph` when it is a StreamGraph. */
export function graphArg(name: string, graph: unknown): StreamGraph {
  if (!(graph instanceof StreamGraph)) throw new InvalidArgumentError(name, 'a StreamGraph (a fitted Decision Stream\'s graph)', graph);
  return graph;
}

/** `model` when it is a fitted Decision Stream (structurally: its task, options and graph; an unfitted one's NotFittedError passes through). */
export function fittedStreamArg<M>(name: string, model: M): M {
  const m = model as { graph?: unknown; task?: unknown; options?: unknown } | null;
  const estimator = typeof m === 'object' && m !== null && (m.task === 'classification' || m.task === 'regression') && typeof m.options === 'object' && m.options !== null;
  if (!estimator || !(m.graph instanceof StreamGraph)) throw new InvalidArgumentError(name, 'a fitted DecisionStreamClassifier or DecisionStreamRegressor', model);
  return model;
}
