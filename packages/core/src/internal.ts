/**
 * @dt/core/internal: the internals @dt/core shares with the other dt packages (@dt/stream,
 * @dt/prune) so they have one home instead of copies. NOT semver-stable: anything here may change in
 * any release; applications should use the main entry point.
 */
export { RESTORE } from './restore.js';
export type { RestoreState } from './restore.js';
export {
  cliHelp,
  cliText,
  loadParams,
  optionKeys,
  optionParams,
  parseNumber,
  resolveOptions,
  saveParams,
} from './option-table.js';
export type { CliSpec, CliTable, OptionLoaders, OptionSpec, OptionTable, SameKeys, Task } from './option-table.js';
export { jobsValue, resolveTreeOptionsWith, treeOptionTable } from './options.js';
export { TREE_OPTIONS, resolveTreeOptions } from './built-ins.js';
export { OPTION_TABLE } from './restore.js';
export { TREE_OPTION_LOADERS } from './tree-option-loaders.js';
export { resolveMaxFeatures, validateMaxFeatures } from './max-features.js';
export { accuracyScore, checkFeatureNames, leafArgmax, leafProba, leafValue, logProba, r2Score, splitRows } from './leaf-values.js';
export { checkClassCounts, checkLoadedClasses, checkLoadedFeatures, constructLoaded, MAX_MODEL_FEATURES, MAX_NODE_SAMPLES, parseAt, parseModelDocument, readEnvelope } from './model-envelope.js';
export type { EnvelopeSpec } from './model-envelope.js';
export { z, Schema, NumberSchema } from './schema.js';
export type { Infer, Issue } from './schema.js';
export { checkLevelCodes, FIT_CELLS_WITH_MISSING, rejectMissing, rejectMissingRows, toColumnMajor, toFitMatrix, toRowMajor, toRowMajorView, toSampleWeight, toTargets } from './input.js';
export { noRuleForMissing } from './decision-tree.js';
export type { CellRules } from './input.js';
export { checkExportOptions } from './export-options.js';
export type { CheckedExportOptions } from './export-options.js';
export { FIT_ROWS } from './fit-rows.js';
export type { MemberRows } from './fit-rows.js';
export { SharedRows } from './shared-rows.js';
export { reviveTree } from './tree.js';
export { MAX_SAVED_VALUES, readTreeJson } from './model-format.js';
export { among, checkFields, finite, intAtLeast, orNull, record, typed } from './json-rules.js';
export type { FieldRule, Rule } from './json-rules.js';
