import type { RegressionCriterion } from '@dt/criteria';
import type { BinnedDataset } from '../data/binned-dataset.js';
import { BINNED_FIT, isBinnedSource } from '../data/binned-source.js';
import { checkFitOptions, DecisionTree, type EstimatorKit, type FitOptions } from './decision-tree.js';
import { FIT_ROWS, type MemberRows } from '../data/fit-rows.js';
import { FIT_CELLS_WITH_MISSING, toFitMatrix, toSampleWeight, toTargets, type ColumnMajor, type FeatureInput } from '../data/input.js';
import { leafValue, r2Score } from '../tree/leaf-values.js';
import { modelToJson, type ModelJson } from '../model-file/model-format.js';
import type { RegressorOptions } from './options.js';
import type { SplitStrategy } from '../search/split-strategy.js';
import { REGRESSOR_VALUES } from './values-only.js';
import type { RegressionData } from '../search/fit-data.js';

/** The options of TreeRegressor: criterion and splitter as values (defaults mse and the exact search), axis splits. */
export type ValueRegressorOptions = Omit<RegressorOptions, 'criterion' | 'splitter' | 'projection' | 'scale' | 'ccpAlpha' | 'categoricalFeatures'> & {
  criterion?: RegressionCriterion | 'mse';
  splitter?: SplitStrategy | 'best';
  projection?: 'axis' | null;
};

const VALUES: EstimatorKit = REGRESSOR_VALUES;

/**
 * CART regression tree (scikit-learn's DecisionTreeRegressor semantics) taking criterion and splitter
 * as values, as TreeClassifier; DecisionTreeRegressor is it with every name and option built in.
 */
export class TreeRegressor extends DecisionTree {
  /** `kit`: for subclasses (DecisionTreeRegressor passes its table of built-ins). */
  constructor(options?: ValueRegressorOptions, kit: EstimatorKit = VALUES) {
    super(options, 'regression', kit);
  }

  /** Fits on X (raw features), or on a BinnedDataset (binDataset; splitter 'hist') without binning again. */
  fit(X: FeatureInput | BinnedDataset, y: ArrayLike<number>, fitOptions: FitOptions = {}): this {
    fitOptions = checkFitOptions(fitOptions);
    const cm = isBinnedSource(X) ? X[BINNED_FIT](this.options) : toFitMatrix(X, 'X', FIT_CELLS_WITH_MISSING);
    return this.fitMatrix(cm, y, fitOptions, null);
  }

  /** fit on a forest member's rows (validated by the forest; shared-rows.ts): the same tree as fit on those rows. */
  [FIT_ROWS](rows: MemberRows, y: ArrayLike<number>, fitOptions: FitOptions = {}): this {
    return this.fitMatrix(rows.X, y, checkFitOptions(fitOptions), rows);
  }

  private fitMatrix(cm: ColumnMajor, y: ArrayLike<number>, fitOptions: FitOptions, rows: MemberRows | null): this {
    const targets = toTargets(y, cm.rows);
    const weights = toSampleWeight(fitOptions.sampleWeight, cm.rows);
    const criterion = this.options.criterion as RegressionCriterion;
    // A forest member's rows were checked by its forest (a bootstrap draw may hold only zeros).
    if (rows === null) criterion.checkTargets?.(targets, weights, targets.length, 'y');
    this.setFeatureNames(fitOptions.featureNames, cm.cols);
    const data: RegressionData = {
      task: 'regression',
      X: cm,
      targets,
      weights,
      criterion,
    };
    this.fitted = this.grow(rows === null ? data : rows.fitData(data, this.options), fitOptions.workers ?? null);
    return this;
  }

  /** Leaf value (mean for MSE, median for MAE) per row. */
  predict(X: FeatureInput): Float64Array {
    return leafValue(this.tree.value, this.apply(X));
  }

  /** Coefficient of determination R² on (X, y), weighted by sampleWeight when given (scikit-learn's score). */
  score(X: FeatureInput, y: ArrayLike<number>, sampleWeight?: ArrayLike<number> | null): number {
    return r2Score(this.predict(X), y, sampleWeight);
  }

  /** The model file as an object, so `JSON.stringify(model)` writes what `loadModel`/`fromJSON` read (throws before fit). */
  toJSON(): ModelJson {
    return modelToJson(this);
  }
}
