/**
 * `@dt/criteria/all`: import once, for its effect, to register every built-in criterion by name —
 *
 *   import '@dt/criteria/all';
 *
 * Browser bundles of @dt/core register only the criteria of scikit-learn's trees (classification.ts,
 * regression.ts); twoing and maxCut by name need this import (or the criterion object itself).
 * Node's @dt/core entry imports it.
 */
import { BUILT_IN_CRITERIA } from './registry.js';
import { addBuiltIns } from './registry-store.js';

addBuiltIns(BUILT_IN_CRITERIA);
