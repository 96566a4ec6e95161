/**
 * Feature standardisation for the scale option, as a value: @dt/projections' weighted scaler, folded
 * into the scan values (feature-index.ts) so thresholds stay on raw features.
 */
import { applyScaler, fitScaler } from '@dt/projections/registry';
import { withScaledScanValues } from '../data/feature-index.js';
import type { ScaleStrategy } from './compose-search.js';

export const featureScaling: ScaleStrategy = Object.freeze({ fit: fitScaler, apply: applyScaler, scanValues: withScaledScanValues });
