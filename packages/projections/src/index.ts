export type { ProjectionData, Directions, FittedProjection, Projection } from './types.js';
