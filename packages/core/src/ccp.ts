/**
 * @deprecated `@dt/core/ccp` no longer registers anything: ccpAlpha works with @dt/core's full
 * estimators everywhere. A plain re-export of the pruning functions, without side effects.
 */
export { pruneTree, costComplexityPath } from './prune/cost-complexity.js';
