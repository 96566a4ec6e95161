import { BUILT_INS, TREE_OPTIONS } from './built-ins.js';
import type { EstimatorKit } from './decision-tree.js';
import { loadModelAs } from '../model-file/model-format.js';
import type { RegressorOptions } from './options.js';
import { TreeRegressor, type ValueRegressorOptions } from './tree-regressor.js';

const FULL: EstimatorKit = { kit: BUILT_INS, table: TREE_OPTIONS };

/**
 * CART regression tree (scikit-learn's DecisionTreeRegressor semantics) with every option and name
 * built in, as DecisionTreeClassifier; TreeRegressor takes values instead.
 */
export class DecisionTreeRegressor extends TreeRegressor {
  constructor(options?: RegressorOptions) {
    super(options as ValueRegressorOptions, FULL);
  }

  /** A regressor from a model file (JSON text or parsed object), validated as loadModel does. */
  static fromJSON(json: string | unknown): DecisionTreeRegressor {
    return loadModelAs(json, 'DecisionTreeRegressor', (params) => new DecisionTreeRegressor(params));
  }

  /** Same as fromJSON (ml-cart's spelling). */
  static load(json: string | unknown): DecisionTreeRegressor {
    return DecisionTreeRegressor.fromJSON(json);
  }
}
