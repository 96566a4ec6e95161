/**
 * @deprecated `@dt/core/hist` no longer registers anything: splitter 'hist' works with @dt/core's
 * DecisionTreeClassifier/DecisionTreeRegressor everywhere, and TreeClassifier takes the value
 * (`splitter: histSplitter`, exported by '@dt/core'). A plain re-export, without side effects.
 */
export { histSplitter } from './search/hist-splitter.js';
