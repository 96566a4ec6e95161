/**
 * @dt/projections/registry: the light part — projection types, name resolution over a table the caller
 * passes, the axis projection and the feature scaler — without the linear algebra, for bundles that
 * pass projection objects. '@dt/projections' (the main entry) has the table of every built-in.
 */
export type { ProjectionData, Directions, FittedProjection, Projection } from './types.js';
export { axis } from './axis.js';
export { directionCount, directionWeights, denseDirections } from './directions.js';
export { fitScaler, applyScaler } from './scaler.js';
export type { Scaler } from './scaler.js';
export { resolveProjection, listProjections, projectionByValue, BUILT_IN_PROJECTIONS, AXIS_ONLY } from './registry.js';
export type { ProjectionFactory, ProjectionOptions } from './registry.js';
