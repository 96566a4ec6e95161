/**
 * @deprecated `@dt/core/oblique` no longer registers anything: projections and categorical features
 * work with @dt/core's DecisionTreeClassifier/DecisionTreeRegressor everywhere (their table of
 * built-ins holds the oblique searches). A plain re-export, without side effects.
 */
export { obliqueSearches } from './search/oblique/oblique-searches.js';
export type { ObliqueStrategies, ObliqueContext } from './search/oblique/oblique-searches.js';
