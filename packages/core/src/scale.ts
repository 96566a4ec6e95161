/**
 * @deprecated `@dt/core/scale` no longer registers anything: scale: true works with @dt/core's full
 * estimators everywhere. A plain re-export of the scaling value, without side effects.
 */
export { featureScaling } from './search/feature-scaling.js';
