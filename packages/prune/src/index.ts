export { reducedErrorPrune } from './reduced-error.js';
export type { ReducedErrorOptions } from './reduced-error.js';
export { fitWithReducedErrorPruning } from './fit-with-rep.js';
export type { FitWithReducedErrorPruningOptions, FitWithReducedErrorPruningResult } from './fit-with-rep.js';
export { chooseCcpAlpha, ccpCandidateAlphas } from './choose-ccp-alpha.js';
export type { ChooseCcpAlphaOptions, CcpAlphaChoice, CcpCvRow, CcpRule, CvSplit } from './choose-ccp-alpha.js';
export { pruneModel } from './prune-model.js';
export { pruneOnHoldout } from './prune-on-holdout.js';
export type { PruneOnHoldoutOptions, PruneOnHoldoutResult } from './prune-on-holdout.js';
export type { EstimatorSpec, Task } from './model-copy.js';

// The cost-complexity core lives in @dt/core (the estimators' ccpAlpha option needs it); re-exported here.
export { costComplexityPath, pruneTree, weakestLinkSequence, pruneTreeAtStep, stepsForAlpha, collapseNodes } from '@dt/core';
export type { CcpRisk, CostComplexityOptions, CostComplexityPath, WeakestLinkSequence } from '@dt/core';
