import type { FittedProjection, Projection } from './types.js';

const AXIS_FITTED: FittedProjection = Object.freeze({ kind: 'axis' as const });

const AXIS: Projection = Object.freeze({
  name: 'axis',
  options: Object.freeze({}),
  prepare: (): FittedProjection => AXIS_FITTED,
});

/** The original features (plain CART): the builder's axis-aligned path, no directions. */
export function axis(): Projection {
  return AXIS;
}
