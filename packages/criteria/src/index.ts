export type {
  SplitResult,
  ScanLimits,
  ClassificationScanInput,
  RegressionScanInput,
  ClassificationCriterion,
  RegressionCriterion,
  Criterion,
} from './types.js';
export { createSplitResult } from './types.js';
export { FEATURE_TOLERANCE, valuesDiffer, isCandidate, midpoint } from './tolerance.js';
export { SCORE_TIE_TOLERANCE, BALANCE_TIE_TOLERANCE, isBetterSplit, isBetterCandidate, impurityScale, tieScaleOf } from './ties.js';
export { gini, giniImpurity } from './gini.js';
export { entropy, entropyImpurity } from './entropy.js';
export { misclassification, misclassificationImpurity } from './misclassification.js';
export { twoing } from './twoing.js';
export { maxCut } from './max-cut.js';
export { mse, mseImpurity, weightedMean } from './mse.js';
export { mae, maeImpurity, weightedMedian } from './mae.js';
export { poisson, poissonImpurity, POISSON_EPSILON } from './poisson.js';
export { getCriterion, registerCriterion, listCriteria, BUILT_IN_CRITERIA } from './registry.js';
export type { CriterionTask } from './registry.js';
