import { BUILT_INS, TREE_OPTIONS } from './built-ins.js';
import type { EstimatorKit } from './decision-tree.js';
import { loadModelAs } from '../model-file/model-format.js';
import type { ClassifierOptions } from './options.js';
import { TreeClassifier, type ValueClassifierOptions } from './tree-classifier.js';

const FULL: EstimatorKit = { kit: BUILT_INS, table: TREE_OPTIONS };

/**
 * CART classification tree (scikit-learn's DecisionTreeClassifier semantics) with every option and
 * name built in — criteria ('gini', 'twoing', 'maxCut', ...), splitters ('auto', 'hist', 'random'),
 * projections ('householder-a', ...), scale, ccpAlpha, categorical features, fromJSON — the same in
 * Node, browsers and workers. TreeClassifier takes values instead, for the smallest bundles.
 */
export class DecisionTreeClassifier extends TreeClassifier {
  constructor(options?: ClassifierOptions) {
    super(options as ValueClassifierOptions, FULL);
  }

  /** A classifier from a model file (JSON text or parsed object), validated as loadModel does. */
  static fromJSON(json: string | unknown): DecisionTreeClassifier {
    return loadModelAs(json, 'DecisionTreeClassifier', (params) => new DecisionTreeClassifier(params));
  }

  /** Same as fromJSON (ml-cart's spelling). */
  static load(json: string | unknown): DecisionTreeClassifier {
    return DecisionTreeClassifier.fromJSON(json);
  }
}
