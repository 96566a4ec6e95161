/**
 * splitter 'hist' (LightGBM-style): the search over per-feature histogram bins, its worker-thread
 * driver, and the second phase of fits grown in subtree tasks (the one search whose subtrees are
 * independent). `autoSplitter` (auto-splitter.ts) bins through it when binning is exact.
 */
import { finishSubtrees } from '../build/subtree-assembly.js';
import { startFitWorkers } from '../threads/threads.js';
import { createHistogramAxisSearch } from './hist/histogram-axis.js';
import { HistogramParallel, type HistogramWorkers } from './hist/histogram-parallel.js';
import type { SplitSearch } from './split-record.js';
import type { AxisColumns, SearchSettings, SplitStrategy } from './split-strategy.js';

/** The binned search over `columns`; with `exactOnly`, null unless every column bins exactly. */
export function binnedSearch(columns: AxisColumns, s: SearchSettings, exactOnly: boolean): SplitSearch | null {
  const cfg = { ...s.scan, maxFeatures: s.maxFeatures, rng: s.rng };
  const search: SplitSearch | null = exactOnly
    ? createHistogramAxisSearch(columns.X, s.maxBins, cfg, columns.shift, s.parallel, true)
    : createHistogramAxisSearch(columns.X, s.maxBins, cfg, columns.shift, s.parallel);
  if (search === null || search.independentSubtrees !== true) return search;
  // Subtree tasks: grown on this thread and the workers (when there are any), then joined.
  const parallel = s.parallel;
  search.growSubtrees = (fit) => finishSubtrees(fit, parallel);
  return search;
}

/**
 * Splitter 'hist': searches per-feature histogram bins (at most maxBins per feature, LightGBM-style), on
 * worker threads when the fit has them; refuses per-node projections and categorical features.
 */
export const histSplitter: SplitStrategy = Object.freeze({
  name: 'hist',
  limits: Object.freeze({
    nodeProjections: "'hist' bins features and global projections only",
    categorical: 'per-node CRIMCOORD values are not binned',
  }),
  axisSearch: (columns: AxisColumns, s: SearchSettings): SplitSearch => binnedSearch(columns, s, false)!,
  threads: Object.freeze({ parallel: (workers: HistogramWorkers) => new HistogramParallel(workers), start: startFitWorkers }),
});
