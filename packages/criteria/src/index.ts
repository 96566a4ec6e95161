export * from './types.js';
export { FEATURE_TOLERANCE, valuesDiffer, midpoint } from './tolerance.js';
