import type { RegressionCriterion } from '@dt/criteria';
import { checkFitOptions, DecisionTree, type FitOptions } from './decision-tree.js';
import { FIT_CELLS_WITH_MISSING, toFitMatrix, toSampleWeight, toTargets, type FeatureInput } from './input.js';
import { leafValue, r2Score } from './leaf-values.js';
import type { RegressorOptions } from './options.js';

/** CART regression tree (scikit-learn's DecisionTreeRegressor semantics). */
export class DecisionTreeRegressor extends DecisionTree {
  constructor(options?: RegressorOptions) {
    super(options, 'regression');
  }

  fit(X: FeatureInput, y: ArrayLike<number>, fitOptions: FitOptions = {}): this {
    fitOptions = checkFitOptions(fitOptions);
    const cm = toFitMatrix(X, 'X', FIT_CELLS_WITH_MISSING);
    const targets = toTargets(y, cm.rows);
    const weights = toSampleWeight(fitOptions.sampleWeight, cm.rows);
    this.setFeatureNames(fitOptions.featureNames, cm.cols);
    this.fitted = this.grow({
      task: 'regression',
      X: cm,
      targets,
      weights,
      criterion: this.options.criterion as RegressionCriterion,
    }, fitOptions.workers ?? null);
    return this;
  }

  /** Leaf value (mean for MSE, median for MAE) per row. */
  predict(X: FeatureInput): Float64Array {
    return leafValue(this.tree.value, this.apply(X));
  }

  /** Coefficient of determination R² on (X, y). */
  score(X: FeatureInput, y: ArrayLike<number>): number {
    return r2Score(this.predict(X), y);
  }
}
