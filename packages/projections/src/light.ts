/**
 * @dt/projections/registry: the light part — projection types, the name registry, the axis projection
 * and the feature scaler — without the linear algebra. `@dt/core` imports only this; importing
 * '@dt/projections' (the main entry) registers the oblique projections.
 */
export type { ProjectionData, Directions, FittedProjection, Projection } from './types.js';
export { axis } from './axis.js';
export { directionCount, directionWeights, denseDirections } from './directions.js';
export { fitScaler, applyScaler } from './scaler.js';
export type { Scaler } from './scaler.js';
export { getProjection, listProjections, isProjectionLoaded, projectionNotLoaded, BUILT_IN_PROJECTIONS } from './registry.js';
