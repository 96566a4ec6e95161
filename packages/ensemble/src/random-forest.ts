import { DecisionTreeClassifier, DecisionTreeRegressor, type ClassifierOptions, type RegressorOptions } from '@dt/core';
// Extra trees grow with splitter 'random', which browser bundles of @dt/core load only on request.
import { EnsembleClassifier, EnsembleRegressor } from './ensemble.js';
import { memberConstraints, splitForestOptions, type EnsembleOptions, type ForestTreeOptions } from './forest-options.js';
import type { ForestThreadSpec } from './fit-threads.js';
import { FOREST_KIND, forestThreadSpec, forestToJson, readForestAs, type ForestEstimator, type ForestJson, type LoadedSpec } from './forest-format.js';

/** Options of a forest: the ensemble's and every tree option of @dt/core (passed to each tree). */
export type ForestClassifierOptions = EnsembleOptions & ForestTreeOptions;
/** Constructor options of RandomForestRegressor and ExtraTreesRegressor. */
export type ForestRegressorOptions = Omit<EnsembleOptions, 'classWeight'> & Omit<ForestTreeOptions, 'misRate'>;

/**
 * Random forest classifier (scikit-learn's RandomForestClassifier): nEstimators trees, each on a
 * bootstrap draw, maxFeatures 'sqrt' per node, fully grown by default; soft voting. Trees search
 * histogram bins of X binned once for the forest (splitter 'hist', maxBins 256; LightGBM's way):
 * `splitter: 'best'` grows scikit-learn's exact trees instead.
 */
export class RandomForestClassifier extends EnsembleClassifier<DecisionTreeClassifier> {
  /** The validated tree options every tree gets (with its own seed). */
  readonly treeOptions: Readonly<Record<string, unknown>>;

  constructor(options?: ForestClassifierOptions, kindDefaults: { ensemble?: Partial<EnsembleOptions>; tree?: Record<string, unknown> } = {}) {
    const { ensemble, tree } = splitForestOptions(options, 'classification', kindDefaults.ensemble ?? {}, { maxFeatures: 'sqrt', splitter: 'hist', ...kindDefaults.tree });
    super(ensemble, null);
    this.treeOptions = Object.freeze(tree);
  }

  protected makeMember(seed: number): DecisionTreeClassifier {
    return new DecisionTreeClassifier({ ...(this.treeOptions as ClassifierOptions), ...memberConstraints(this.treeOptions, this.featureNames), seed });
  }

  getParams(): ForestClassifierOptions {
    return { ...this.ensembleParams(), ...this.treeOptions } as ForestClassifierOptions;
  }

  protected withParams(params: object): this {
    const Ctor = this.constructor as new (options: ForestClassifierOptions) => this;
    return new Ctor(params as ForestClassifierOptions);
  }

  protected override threadSpec(): ForestThreadSpec<DecisionTreeClassifier> {
    return forestThreadSpec(this);
  }

  /** The estimator name in forest files. */
  get [FOREST_KIND](): ForestEstimator {
    return 'RandomForestClassifier';
  }

  /** The dt-forest file as an object: `JSON.stringify(forest)` writes what loadForest/fromJSON read (throws before fit). */
  toJSON(): ForestJson {
    return forestToJson(this);
  }

  /** A forest of this kind from a dt-forest file (JSON text or parsed object). */
  static fromJSON<T extends RandomForestClassifier>(this: abstract new (...args: never[]) => T, json: string | unknown): T {
    return readForestAs(json, this, randomForestFromSpec);
  }

  /** Same as fromJSON (ml-cart's spelling). */
  static load<T extends RandomForestClassifier>(this: abstract new (...args: never[]) => T, json: string | unknown): T {
    return readForestAs(json, this, randomForestFromSpec);
  }
}

/**
 * Random forest regressor (scikit-learn's RandomForestRegressor): maxFeatures null (all features,
 * scikit-learn's 1.0) by default; the prediction is the mean of the trees'. Trees search the
 * forest's histogram bins (splitter 'hist') unless `splitter: 'best'`.
 */
export class RandomForestRegressor extends EnsembleRegressor<DecisionTreeRegressor> {
  readonly treeOptions: Readonly<Record<string, unknown>>;

  constructor(options?: ForestRegressorOptions, kindDefaults: { ensemble?: Partial<EnsembleOptions>; tree?: Record<string, unknown> } = {}) {
    const { ensemble, tree } = splitForestOptions(options, 'regression', kindDefaults.ensemble ?? {}, { maxFeatures: null, splitter: 'hist', ...kindDefaults.tree });
    super(ensemble, null);
    this.treeOptions = Object.freeze(tree);
  }

  protected makeMember(seed: number): DecisionTreeRegressor {
    return new DecisionTreeRegressor({ ...(this.treeOptions as RegressorOptions), ...memberConstraints(this.treeOptions, this.featureNames), seed });
  }

  getParams(): ForestRegressorOptions {
    return { ...this.ensembleParams(), ...this.treeOptions } as ForestRegressorOptions;
  }

  protected withParams(params: object): this {
    const Ctor = this.constructor as new (options: ForestRegressorOptions) => this;
    return new Ctor(params as ForestRegressorOptions);
  }

  protected override threadSpec(): ForestThreadSpec<DecisionTreeRegressor> {
    return forestThreadSpec(this);
  }

  /** The estimator name in forest files. */
  get [FOREST_KIND](): ForestEstimator {
    return 'RandomForestRegressor';
  }

  /** The dt-forest file as an object: `JSON.stringify(forest)` writes what loadForest/fromJSON read (throws before fit). */
  toJSON(): ForestJson {
    return forestToJson(this);
  }

  /** A forest of this kind from a dt-forest file (JSON text or parsed object). */
  static fromJSON<T extends RandomForestRegressor>(this: abstract new (...args: never[]) => T, json: string | unknown): T {
    return readForestAs(json, this, randomForestFromSpec);
  }

  /** Same as fromJSON (ml-cart's spelling). */
  static load<T extends RandomForestRegressor>(this: abstract new (...args: never[]) => T, json: string | unknown): T {
    return readForestAs(json, this, randomForestFromSpec);
  }
}

/** Extremely randomized trees (scikit-learn's ExtraTreesClassifier): splitter 'random', bootstrap false. */
export class ExtraTreesClassifier extends RandomForestClassifier {
  constructor(options?: ForestClassifierOptions) {
    super(options, { ensemble: { bootstrap: false }, tree: { splitter: 'random' } });
  }

  /** The estimator name in forest files. */
  override get [FOREST_KIND](): ForestEstimator {
    return 'ExtraTreesClassifier';
  }
}

/** Extremely randomized trees for regression: splitter 'random', bootstrap false, all features. */
export class ExtraTreesRegressor extends RandomForestRegressor {
  constructor(options?: ForestRegressorOptions) {
    super(options, { ensemble: { bootstrap: false }, tree: { splitter: 'random' } });
  }

  /** The estimator name in forest files. */
  override get [FOREST_KIND](): ForestEstimator {
    return 'ExtraTreesRegressor';
  }
}

/** The random forest or extra trees a forest file's spec describes (options validated by the constructors); null for other estimators. */
export function randomForestFromSpec({ spec, params, memberOptions }: LoadedSpec): RandomForestClassifier | RandomForestRegressor | null {
  const options = { ...params, ...memberOptions } as never;
  switch (spec.estimator) {
    case 'RandomForestClassifier':
      return new RandomForestClassifier(options);
    case 'ExtraTreesClassifier':
      return new ExtraTreesClassifier(options);
    case 'RandomForestRegressor':
      return new RandomForestRegressor(options);
    case 'ExtraTreesRegressor':
      return new ExtraTreesRegressor(options);
    default:
      return null;
  }
}
