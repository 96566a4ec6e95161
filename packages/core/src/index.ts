export { DecisionTreeClassifier } from './decision-tree-classifier.js';
export { DecisionTreeRegressor } from './decision-tree-regressor.js';
export { TreeClassifier } from './tree-classifier.js';
export type { ValueClassifierOptions } from './tree-classifier.js';
export { TreeRegressor } from './tree-regressor.js';
export type { ValueRegressorOptions } from './tree-regressor.js';
export { bestSplitter } from './split-search/axis-search.js';
export { histSplitter } from './split-search/hist-splitter.js';
export { randomSplitter } from './split-search/random-axis-search.js';
export { autoSplitter } from './split-search/auto-splitter.js';
export type { SplitStrategy, StrategyLimits, AxisColumns, SearchSettings } from './split-search/split-strategy.js';
export { BUILT_INS } from './built-ins.js';
export type { FitKit } from './fit-kit.js';
export { DecisionTree } from './decision-tree.js';
export type { FitOptions } from './decision-tree.js';
export type { TreeOptions, ClassifierOptions, RegressorOptions, MaxFeatures, ResolvedTreeOptions, ClassWeight } from './options.js';
export { TREE_OPTIONS } from './built-ins.js';
export { TREE_OPTIONS_CLI } from './tree-options-cli.js';
export type { OptionSpec, OptionTable, CliSpec, CliTable } from './option-table.js';
export { Tree, LEAF, AXIS, OBLIQUE } from './tree.js';
export type { SplitKind, NodeStats } from './tree.js';
export type { FeatureInput, LabelInput, DenseMatrix, MatrixLike, ColumnMajor } from './input.js';
export { toRowMajor, toColumnMajor } from './input.js';
export { binDataset, BinnedDataset, isBinnedDataset } from './binned-dataset.js';
export type { BinDatasetOptions, SharedBinnedDataset } from './binned-dataset.js';
export type { ClassLabel } from './labels.js';
export { encodeLabels } from './labels.js';
export {
  MODEL_FORMAT,
  MODEL_FORMAT_VERSION,
  modelToJson,
  serializeModel,
  treeToJson,
  treeFromJson,
} from './model-format.js';
export type { ModelJson, TreeJson, FittedTreeEstimator } from './model-format.js';
export { loadModel } from './load-model.js';
export type { TreeModel } from './load-model.js';
export { loadAnyModel, registerModelFormat, listModelFormats } from './model-registry.js';
export type { AnyModel, ModelFormats } from './model-registry.js';
export { exportText, exportDot } from './export.js';
export type { ExportOptions } from './export.js';
export { describeSplit, formatLevelSet, formatTerms, formatTerm, formatWeight } from './split-format.js';
export type { SplitDescription, SplitTerm, LevelScores } from './split-format.js';
export { buildFeatureIndex } from './feature-index.js';
export type { FeatureIndex } from './feature-index.js';
export { costComplexityPath, pruneTree, weakestLinkSequence, pruneTreeAtStep, stepsForAlpha, collapseNodes } from './cost-complexity.js';
export type { CcpRisk, CostComplexityOptions, CostComplexityPath, WeakestLinkSequence } from './cost-complexity.js';
export { ALGORITHMS, listAlgorithms, algorithmOptions, createClassifier } from './algorithms.js';
export type { AlgorithmName } from './algorithms.js';
