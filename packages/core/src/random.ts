/**
 * @dt/core/random: import once (for its effect) to use splitter 'random' (Extremely Randomized Trees)
 * in a browser bundle —
 *
 *   import '@dt/core/random';
 *
 * It registers the search drawing one uniform threshold per feature. Node's main @dt/core entry (the
 * `node` export condition) and @dt/core/node import it already; @dt/ensemble's ExtraTrees imports it.
 */
import { RandomAxisSearch } from './split-search/random-axis-search.js';
import { registerRandomSplitter } from './split-search/splitter-slot.js';

registerRandomSplitter((cfg, rootConstants) => new RandomAxisSearch(cfg, rootConstants));
