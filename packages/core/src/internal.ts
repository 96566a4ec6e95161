/**
 * @dt/core/internal: the internals @dt/core shares with the other dt packages (@dt/stream,
 * @dt/prune) so they have one home instead of copies. NOT semver-stable: anything here may change in
 * any release; applications should use the main entry point.
 */
export { RESTORE } from './model-file/restore.js';
export type { RestoreState } from './model-file/restore.js';
export {
  cliHelp,
  cliText,
  loadParams,
  optionKeys,
  optionParams,
  parseNumber,
  resolveOptions,
  saveParams,
} from './estimators/option-table.js';
export type { CliSpec, CliTable, OptionLoaders, OptionSpec, OptionTable, SameKeys, Task } from './estimators/option-table.js';
export { jobsValue, resolveTreeOptionsWith, treeOptionTable } from './estimators/options.js';
export { TREE_OPTIONS, resolveTreeOptions } from './estimators/built-ins.js';
export { OPTION_TABLE } from './model-file/restore.js';
export { TREE_OPTION_LOADERS } from './model-file/tree-option-loaders.js';
export { resolveMaxFeatures, validateMaxFeatures } from './estimators/max-features.js';
export { accuracyScore, checkFeatureNames, leafArgmax, leafProba, leafValue, logProba, r2Score, splitRows } from './tree/leaf-values.js';
export { checkClassCounts, checkLoadedClasses, checkLoadedFeatures, constructLoaded, MAX_MODEL_FEATURES, MAX_NODE_SAMPLES, parseAt, parseModelDocument, readEnvelope } from './model-file/model-envelope.js';
export type { EnvelopeSpec } from './model-file/model-envelope.js';
export { z, Schema, NumberSchema } from './model-file/schema.js';
export type { Infer, Issue } from './model-file/schema.js';
export { checkLevelCodes, FIT_CELLS_WITH_MISSING, rejectMissing, rejectMissingRows, toColumnMajor, toFitMatrix, toRowMajor, toRowMajorView, toSampleWeight, toTargets } from './data/input.js';
export { noRuleForMissing } from './estimators/decision-tree.js';
export type { CellRules } from './data/input.js';
export { checkExportOptions } from './export/export-options.js';
export type { CheckedExportOptions } from './export/export-options.js';
export { FIT_ROWS } from './data/fit-rows.js';
export type { MemberRows } from './data/fit-rows.js';
export { SharedRows } from './data/shared-rows.js';
export { reviveTree } from './tree/tree.js';
export { MAX_SAVED_VALUES, readTreeJson } from './model-file/model-format.js';
export { among, checkFields, finite, intAtLeast, orNull, record, typed } from './model-file/json-rules.js';
export type { FieldRule, Rule } from './model-file/json-rules.js';
export { monotonicSigns } from './search/monotonic.js';
export { jobsToThreads, startScriptWorker, workerThreads } from './threads/worker-script.js';
export type { WorkerLike, WorkerThreads } from './threads/worker-script.js';
export { checkTreeModel } from './tree/check-tree-model.js';
