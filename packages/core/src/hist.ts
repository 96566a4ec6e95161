/**
 * @dt/core/hist: import once (for its effect) to use splitter 'hist' in a browser bundle —
 *
 *   import '@dt/core/hist';
 *
 * It registers the binned split search (per-feature histograms, LightGBM-style), its worker-thread
 * driver and the second phase of fits grown in subtree tasks. Splitter 'auto' (the default) then
 * bins when binning gives the identical tree to 'best'; without this import 'auto' searches exactly: the same tree, only slower on large data. Node's main
 * @dt/core entry (the `node` export condition) and @dt/core/node import it already.
 */
import { createHistogramAxisSearch } from './split-search/histogram-axis.js';
import { HistogramParallel } from './split-search/histogram-parallel.js';
import { registerHistSplitter } from './split-search/splitter-slot.js';
import { finishSubtrees } from './subtree-assembly.js';

registerHistSplitter({ create: createHistogramAxisSearch, parallel: (workers) => new HistogramParallel(workers), subtrees: finishSubtrees });
