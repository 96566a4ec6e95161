export { DecisionTreeClassifier } from './estimators/decision-tree-classifier.js';
export { DecisionTreeRegressor } from './estimators/decision-tree-regressor.js';
export { TreeClassifier } from './estimators/tree-classifier.js';
export type { ValueClassifierOptions } from './estimators/tree-classifier.js';
export { TreeRegressor } from './estimators/tree-regressor.js';
export type { ValueRegressorOptions } from './estimators/tree-regressor.js';
export { bestSplitter } from './search/axis-search.js';
export { histSplitter } from './search/hist-splitter.js';
export { randomSplitter } from './search/random-axis-search.js';
export { autoSplitter } from './search/auto-splitter.js';
export type { SplitStrategy, StrategyLimits, AxisColumns, SearchSettings } from './search/split-strategy.js';
export { BUILT_INS } from './estimators/built-ins.js';
export type { FitKit } from './estimators/fit-kit.js';
export { DecisionTree } from './estimators/decision-tree.js';
export type { FitOptions } from './estimators/decision-tree.js';
export type { TreeOptions, ClassifierOptions, RegressorOptions, MaxFeatures, ResolvedTreeOptions, ClassWeight } from './estimators/options.js';
export { TREE_OPTIONS } from './estimators/built-ins.js';
export { TREE_OPTIONS_CLI } from './estimators/tree-options-cli.js';
export type { OptionSpec, OptionTable, CliSpec, CliTable } from './estimators/option-table.js';
export { Tree, LEAF, AXIS, OBLIQUE } from './tree/tree.js';
export type { SplitKind, NodeStats } from './tree/tree.js';
export type { FeatureInput, LabelInput, DenseMatrix, MatrixLike, ColumnMajor } from './data/input.js';
export { toRowMajor, toColumnMajor } from './data/input.js';
export { binDataset, BinnedDataset, isBinnedDataset } from './data/binned-dataset.js';
export type { BinDatasetOptions, SharedBinnedDataset } from './data/binned-dataset.js';
export type { ClassLabel } from './data/labels.js';
export { encodeLabels } from './data/labels.js';
export {
  MODEL_FORMAT,
  MODEL_FORMAT_VERSION,
  modelToJson,
  serializeModel,
  treeToJson,
  treeFromJson,
} from './model-file/model-format.js';
export type { ModelJson, TreeJson, FittedTreeEstimator } from './model-file/model-format.js';
export { loadModel } from './model-file/load-model.js';
export type { TreeModel } from './model-file/load-model.js';
export { loadAnyModel, registerModelFormat, listModelFormats } from './model-file/model-registry.js';
export type { AnyModel, ModelFormats } from './model-file/model-registry.js';
export { exportText, exportDot } from './export/export.js';
export type { ExportOptions } from './export/export.js';
export { describeSplit, formatLevelSet, formatTerms, formatTerm, formatWeight } from './export/split-format.js';
export type { SplitDescription, SplitTerm, LevelScores } from './export/split-format.js';
export { buildFeatureIndex } from './data/feature-index.js';
export type { FeatureIndex } from './data/feature-index.js';
export { costComplexityPath, pruneTree, weakestLinkSequence, pruneTreeAtStep, stepsForAlpha, collapseNodes } from './prune/cost-complexity.js';
export type { CcpRisk, CostComplexityOptions, CostComplexityPath, WeakestLinkSequence } from './prune/cost-complexity.js';
export { ALGORITHMS, listAlgorithms, algorithmOptions, createClassifier } from './estimators/algorithms.js';
export type { AlgorithmName } from './estimators/algorithms.js';
