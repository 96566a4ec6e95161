/**
 * @dt/core/oblique: import once (for its effect) to use projections or categorical features —
 *
 *   import '@dt/core/oblique';
 *
 * It registers the oblique projections of @dt/projections and the split searches that use them (per-node
 * and global projections, CRIMCOORD for categorical features). The main @dt/core entry leaves these out,
 * so a plain axis-aligned tree bundles small.
 */
import '@dt/projections';
// Oblique fits usually standardise features (scale: true): the scaler comes along.
import './scale.js';
import { createObliqueSearch, prepareCategorical } from './split-search/oblique-searches.js';
import { registerObliqueSearch } from './split-search/oblique-slot.js';

registerObliqueSearch({ create: createObliqueSearch, categorical: prepareCategorical });
