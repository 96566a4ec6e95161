/**
 * @deprecated `@dt/core/load` no longer registers anything: DecisionTreeClassifier.fromJSON/load work
 * everywhere. A plain re-export of loadModel, without side effects.
 */
export { loadModel } from './model-file/load-model.js';
