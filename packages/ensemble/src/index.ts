export { RandomForestClassifier, RandomForestRegressor, ExtraTreesClassifier, ExtraTreesRegressor } from './random-forest.js';
export type { ForestClassifierOptions, ForestRegressorOptions } from './random-forest.js';
export { Ensemble, EnsembleClassifier, EnsembleRegressor } from './ensemble.js';
export type { ClassifierMember, RegressorMember, EnsembleFitOptions, MemberDraw } from './ensemble.js';
export { ENSEMBLE_OPTIONS } from './forest-options.js';
export type { EnsembleOptions, EnsembleClassWeight, ResolvedEnsembleOptions } from './forest-options.js';
export { BaggingClassifier, BaggingRegressor, algorithmForest, listForestAlgorithms } from './bagging.js';
export type { BaggingOptions, MemberFactory, AlgorithmForestOptions } from './bagging.js';
