export type {
  Label,
  Labels,
  NumberArray,
  NumericTypedArray,
  DenseMatrix,
  MatrixLike,
  TabularData,
  Split,
} from './types.js';

export { accuracy } from './accuracy.js';
export type { AccuracyOptions } from './accuracy.js';
export { precision, recall, fBeta, f1 } from './precision-recall.js';
export type { Average, PrecisionRecallOptions, FBetaOptions } from './precision-recall.js';
export { confusionMatrix } from './confusion-matrix.js';
export type { ConfusionMatrix, ConfusionMatrixOptions } from './confusion-matrix.js';
export { classificationReport, formatClassificationReport } from './classification-report.js';
export type {
  ClassificationReport,
  ClassificationReportOptions,
  ClassReportRow,
  ReportRow,
  FormatReportOptions,
} from './classification-report.js';
export { balancedAccuracy } from './balanced-accuracy.js';
export type { BalancedAccuracyOptions } from './balanced-accuracy.js';
export { rocAuc } from './roc-auc.js';
export type { RocAucOptions } from './roc-auc.js';
export { logLoss } from './log-loss.js';
export type { LogLossOptions } from './log-loss.js';
export { meanSquaredError, meanAbsoluteError, r2Score, wape } from './regression.js';
export type { RegressionMetricOptions } from './regression.js';

export { trainTestSplit } from './train-test-split.js';
export type { TrainTestSplitOptions } from './train-test-split.js';
export { kFold, repeatedKFold } from './k-fold.js';
export type { KFoldOptions, RepeatedOptions } from './k-fold.js';
export { stratifiedKFold, repeatedStratifiedKFold } from './stratified-k-fold.js';

export { takeRows, takeLabels } from './take.js';

export { crossValidate, crossValidateAsync } from './cross-validate.js';
export type {
  Estimator,
  AsyncEstimator,
  Cloneable,
  FitOptions,
  CrossValidateOptions,
  CrossValidateResult,
  FoldResult,
  FoldProgress,
  ScoreSummary,
} from './cross-validate.js';
export { crossValPredict } from './cross-val-predict.js';
export type { CrossValPredictOptions, CrossValProba } from './cross-val-predict.js';
export { gridSearchCV } from './grid-search.js';
export type { GridSearchOptions, GridSearchResult, GridSearchRow, ParamEstimator, ParamGrid } from './grid-search.js';
export { SCORING_NAMES } from './scoring.js';
export type {
  Task,
  Scoring,
  ScoringName,
  ScoringFunction,
  ClassificationScoringName,
  ProbabilityScoringName,
  RegressionScoringName,
} from './scoring.js';

export { measure, measureAsync } from './timing.js';
export type { Timing, Measured } from './timing.js';

export { mean, std } from './stats.js';

export { pairedTTest } from './paired-t-test.js';
export type { Alternative, PairedTTestOptions, PairedTTestResult } from './paired-t-test.js';
export { holmBonferroni } from './holm-bonferroni.js';
export type { HolmBonferroniOptions, HolmBonferroniResult } from './holm-bonferroni.js';
export { meanConfidenceInterval, ratioOfMeansConfidenceInterval } from './confidence-interval.js';
export type { ConfidenceInterval, MeanConfidenceIntervalOptions, RatioConfidenceIntervalOptions } from './confidence-interval.js';
export { markSignificance, compareAlgorithms } from './compare-algorithms.js';
export type {
  SignificanceMark,
  SignificanceOptions,
  AlgorithmMark,
  AlgorithmConfig,
  CompareAlgorithmsOptions,
  CompareAlgorithmsResult,
} from './compare-algorithms.js';
export { permutationImportance } from './permutation-importance.js';
export type { PermutationImportanceOptions, PermutationImportanceResult, PredictingEstimator } from './permutation-importance.js';
