export { treeShap, treeShapInteractions, additivityError } from './tree-shap.js';
export type { TreeShapOptions, ShapValues, ShapInteractionValues, FeaturePerturbation } from './tree-shap.js';
export { treeEnsembleView, checkView } from './model-view.js';
export type { TreeEnsembleView, ViewTree, OutputUnits, ExplainableModel } from './ensemble-view.js';
export { shapImportance } from './shap-importance.js';
export type { ShapImportanceOptions } from './shap-importance.js';
export { checkShapValues } from './check-shap-values.js';
