/**
 * @dt/core/scale: import once (for its effect) to use the scale option in a browser bundle —
 *
 *   import '@dt/core/scale';
 *
 * It registers the feature standardisation (fitScaler/applyScaler of @dt/projections, folded into the
 * split thresholds). Node's main @dt/core entry, @dt/core/node, @dt/core/oblique and createClassifier
 * import it already.
 */
import { applyScaler, fitScaler } from '@dt/projections/registry';
import { withScaledScanValues } from './feature-index.js';
import { registerScaling } from './split-search/scale-slot.js';

registerScaling({ fit: fitScaler, apply: applyScaler, scanValues: withScaledScanValues });
