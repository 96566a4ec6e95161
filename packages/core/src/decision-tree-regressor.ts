import { ShapeMismatchError } from '@dt/errors';
import type { RegressionCriterion } from '@dt/criteria';
import { DecisionTree, type FitOptions } from './decision-tree.js';
import { toFitMatrix, toSampleWeight, toTargets, type FeatureInput } from './input.js';
import type { RegressorOptions } from './options.js';

/** CART regression tree (scikit-learn's DecisionTreeRegressor semantics). */
export class DecisionTreeRegressor extends DecisionTree {
  constructor(options?: RegressorOptions) {
    super(options, 'regression');
  }

  fit(X: FeatureInput, y: ArrayLike<number>, fitOptions: FitOptions = {}): this {
    const cm = toFitMatrix(X, 'X');
    const targets = toTargets(y, cm.rows);
    const weights = toSampleWeight(fitOptions.sampleWeight, cm.rows);
    this.setFeatureNames(fitOptions.featureNames, cm.cols);
    this.fitted = this.grow({
      task: 'regression',
      X: cm,
      targets,
      weights,
      criterion: this.options.criterion as RegressionCriterion,
    });
    return this;
  }

  /** Leaf value (mean for MSE, median for MAE) per row. */
  predict(X: FeatureInput): Float64Array {
    const leaves = this.apply(X);
    const value = this.tree.value;
    const out = new Float64Array(leaves.length);
    for (let r = 0; r < leaves.length; r++) out[r] = value[leaves[r]!]!;
    return out;
  }

  /** Coefficient of determination R² on (X, y). */
  score(X: FeatureInput, y: ArrayLike<number>): number {
    const pred = this.predict(X);
    if (y.length !== pred.length) throw new ShapeMismatchError(`y has ${y.length} values but X has ${pred.length} rows`);
    let mean = 0;
    for (let i = 0; i < y.length; i++) mean += y[i]!;
    mean /= y.length;
    let ssRes = 0;
    let ssTot = 0;
    for (let i = 0; i < y.length; i++) {
      ssRes += (y[i]! - pred[i]!) ** 2;
      ssTot += (y[i]! - mean) ** 2;
    }
    return ssTot === 0 ? (ssRes === 0 ? 1 : 0) : 1 - ssRes / ssTot;
  }
}
