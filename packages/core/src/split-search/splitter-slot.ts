import type { FittedProjection } from '@dt/projections/registry';
import { notLoaded } from '../opt-in.js';
import type { AxisSearchConfig } from './axis-search.js';
import type { createHistogramAxisSearch } from './histogram-axis.js';
import type { HistogramParallel, HistogramWorkers } from './histogram-parallel.js';
import type { RandomAxisSearch } from './random-axis-search.js';
import type { finishSubtrees } from '../subtree-assembly.js';

/** What `import '@dt/core/hist'` registers: the binned search, its worker-thread driver and the subtree tasks' second phase. */
export interface HistStrategy {
  create: typeof createHistogramAxisSearch;
  parallel: (workers: HistogramWorkers) => HistogramParallel;
  subtrees: typeof finishSubtrees;
}

/** What `import '@dt/core/random'` registers: Extra-Trees' one-uniform-threshold-per-feature search, and the check of what it can be combined with. */
export interface RandomStrategy {
  create: (cfg: AxisSearchConfig, rootConstants?: Int32Array) => RandomAxisSearch;
  check: (criterion: string, fitted: FittedProjection, categorical: readonly number[] | null) => void;
}

// The split strategies beyond the exact one register themselves (src/hist.ts, src/random.ts), as the
// oblique ones do (oblique-slot.ts), so a browser bundle of plain CART leaves them out (the binned
// search, binning and its thread driver are a third of the classifier's bundle). Node's main entry
// (the `node` export condition, src/index.node.ts) and @dt/core/node register both. Splitter 'auto'
// bins only when binning gives the identical tree to 'best', so without 'hist' it searches exactly:
// the same model, only slower on large data.
const slots: { hist: HistStrategy | null; random: RandomStrategy | null } = { hist: null, random: null };

export function registerHistSplitter(strategy: HistStrategy): void {
  slots.hist = strategy;
}

export function registerRandomSplitter(strategy: RandomStrategy): void {
  slots.random = strategy;
}

/** The registered 'hist' strategy, or null ('auto' then searches exactly: the same tree). */
export function optionalHistSplitter(): HistStrategy | null {
  return slots.hist;
}

/** The strategy of an explicit splitter 'hist' or 'random', or a typed error saying which import registers it. */
export function splitterStrategy(splitter: 'hist'): HistStrategy;
export function splitterStrategy(splitter: 'random'): RandomStrategy;
export function splitterStrategy(splitter: 'hist' | 'random'): HistStrategy | RandomStrategy {
  const found = slots[splitter];
  if (found) return found;
  throw notLoaded('splitter', splitter, splitter, 'its split search');
}
