/**
 * @deprecated `@dt/core/random` no longer registers anything: splitter 'random' works with @dt/core's
 * full estimators everywhere, and TreeClassifier takes the value (`splitter: randomSplitter`, exported
 * by '@dt/core'). A plain re-export, without side effects.
 */
export { randomSplitter } from './search/random-axis-search.js';
