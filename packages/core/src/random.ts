/**
 * @dt/core/random: import once (for its effect) to use splitter 'random' (Extremely Randomized Trees)
 * in a browser bundle —
 *
 *   import '@dt/core/random';
 *
 * It registers the search drawing one uniform threshold per feature. Node's main @dt/core entry (the
 * `node` export condition) and @dt/core/node import it already; @dt/ensemble's ExtraTrees imports it.
 */
import { InvalidArgumentError } from '@dt/errors';
import type { FittedProjection } from '@dt/projections/registry';
import { RandomAxisSearch } from './split-search/random-axis-search.js';
import { registerRandomSplitter } from './split-search/splitter-slot.js';

/**
 * splitter 'random' draws thresholds on axis columns (raw features or global projections) and scores
 * the partition alone, so it needs a criterion whose score ignores the values (not Max-Cut).
 */
function checkRandomSplitter(criterion: string, fitted: FittedProjection, cats: readonly number[] | null): void {
  if (fitted.kind === 'node') throw new InvalidArgumentError('splitter', "'best' with a per-node projection ('random' draws axis thresholds)", 'random');
  if (cats) throw new InvalidArgumentError('splitter', "'best' with categoricalFeatures", 'random');
  if (criterion === 'maxCut') throw new InvalidArgumentError('splitter', "'best' with the maxCut criterion (its score depends on the values, not only the partition)", 'random');
}

registerRandomSplitter({ create: (cfg, rootConstants) => new RandomAxisSearch(cfg, rootConstants), check: checkRandomSplitter });
