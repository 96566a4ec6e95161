import type { ProjectionData, Scaler } from '@dt/projections/registry';
import type { FeatureIndex } from '../feature-index.js';
import { notLoaded } from '../opt-in.js';

/** What `import '@dt/core/scale'` registers: fitting the standardisation and applying it to the data and the scan values. */
export interface ScaleStrategy {
  fit: (data: ProjectionData) => Scaler;
  apply: (data: ProjectionData, scaler: Scaler) => ProjectionData;
  scanValues: (index: FeatureIndex, mean: Float64Array, scale: Float64Array) => FeatureIndex;
}

// Filled by `import '@dt/core/scale'` (src/scale.ts; Node's main entry, @dt/core/node, @dt/core/oblique
// and createClassifier import it). On axis splits scaling changes the partitions only for value-based
// criteria (maxCut, itself opt-in), so a plain CART bundle leaves the scaler out.
let strategy: ScaleStrategy | null = null;

/** Registers feature scaling for the scale option; called by `@dt/core/scale`. */
export function registerScaling(s: ScaleStrategy): void {
  strategy = s;
}

/** Feature scaling for scale: true, or a typed error naming the import that loads it. */
export function scaling(): ScaleStrategy {
  if (strategy) return strategy;
  throw notLoaded('scale', true, 'scale', 'feature scaling');
}
