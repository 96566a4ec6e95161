import { DecisionTreeClassifier, DecisionTreeRegressor, type ClassifierOptions, type RegressorOptions } from '@dt/core';
import { EnsembleClassifier, EnsembleRegressor } from './ensemble.js';
import { splitForestOptions, type EnsembleOptions, type ForestTreeOptions } from './forest-options.js';

/** Options of a forest: the ensemble's and every tree option of @dt/core (passed to each tree). */
export type ForestClassifierOptions = EnsembleOptions & ForestTreeOptions;
export type ForestRegressorOptions = Omit<EnsembleOptions, 'classWeight'> & Omit<ForestTreeOptions, 'misRate'>;

/**
 * Random forest classifier (scikit-learn's RandomForestClassifier): nEstimators trees, each on a
 * bootstrap draw, maxFeatures 'sqrt' per node, fully grown by default; soft voting.
 */
export class RandomForestClassifier extends EnsembleClassifier<DecisionTreeClassifier> {
  /** The validated tree options every tree gets (with its own seed). */
  readonly treeOptions: Readonly<Record<string, unknown>>;

  constructor(options?: ForestClassifierOptions, kindDefaults: { ensemble?: Partial<EnsembleOptions>; tree?: Record<string, unknown> } = {}) {
    const { ensemble, tree } = splitForestOptions(options, 'classification', kindDefaults.ensemble ?? {}, { maxFeatures: 'sqrt', ...kindDefaults.tree });
    super(ensemble, null);
    this.treeOptions = Object.freeze(tree);
  }

  protected makeMember(seed: number): DecisionTreeClassifier {
    return new DecisionTreeClassifier({ ...(this.treeOptions as ClassifierOptions), seed });
  }
}

/**
 * Random forest regressor (scikit-learn's RandomForestRegressor): maxFeatures null (all features,
 * scikit-learn's 1.0) by default; the prediction is the mean of the trees'.
 */
export class RandomForestRegressor extends EnsembleRegressor<DecisionTreeRegressor> {
  readonly treeOptions: Readonly<Record<string, unknown>>;

  constructor(options?: ForestRegressorOptions, kindDefaults: { ensemble?: Partial<EnsembleOptions>; tree?: Record<string, unknown> } = {}) {
    const { ensemble, tree } = splitForestOptions(options, 'regression', kindDefaults.ensemble ?? {}, { maxFeatures: null, ...kindDefaults.tree });
    super(ensemble, null);
    this.treeOptions = Object.freeze(tree);
  }

  protected makeMember(seed: number): DecisionTreeRegressor {
    return new DecisionTreeRegressor({ ...(this.treeOptions as RegressorOptions), seed });
  }
}

/** Extremely randomized trees (scikit-learn's ExtraTreesClassifier): splitter 'random', bootstrap false. */
export class ExtraTreesClassifier extends RandomForestClassifier {
  constructor(options?: ForestClassifierOptions) {
    super(options, { ensemble: { bootstrap: false }, tree: { splitter: 'random' } });
  }
}

/** Extremely randomized trees for regression: splitter 'random', bootstrap false, all features. */
export class ExtraTreesRegressor extends RandomForestRegressor {
  constructor(options?: ForestRegressorOptions) {
    super(options, { ensemble: { bootstrap: false }, tree: { splitter: 'random' } });
  }
}
