import { InvalidArgumentError } from '@dt/errors';
import type { ClassificationCriterion } from '@dt/criteria';
import type { BinnedDataset } from '../data/binned-dataset.js';
import { BINNED_FIT, isBinnedSource } from '../data/binned-source.js';
import { checkFitOptions, DecisionTree, type EstimatorKit, type FitOptions } from './decision-tree.js';
import { FIT_CELLS_WITH_MISSING, toFitMatrix, toSampleWeight, type ColumnMajor, type FeatureInput, type LabelInput } from '../data/input.js';
import { FIT_ROWS, type MemberRows } from '../data/fit-rows.js';
import { encodeLabels, type ClassLabel } from '../data/labels.js';
import { accuracyScore, logProba, splitRows } from '../tree/leaf-values.js';
import { modelToJson, type ModelJson } from '../model-file/model-format.js';
import type { ClassifierOptions } from './options.js';
import type { SplitStrategy } from '../search/split-strategy.js';
import { CLASSIFIER_VALUES } from './values-only.js';
import type { ClassificationData } from '../search/fit-data.js';
import { RESTORE, type RestoreState } from '../model-file/restore.js';
import type { Tree } from '../tree/tree.js';

/**
 * The options of TreeClassifier: criterion and splitter as values (the defaults gini and the exact
 * search by name), axis splits, no scale/ccpAlpha/categoricalFeatures — checked at compile time.
 */
export type ValueClassifierOptions = Omit<ClassifierOptions, 'criterion' | 'splitter' | 'projection' | 'scale' | 'ccpAlpha' | 'categoricalFeatures'> & {
  criterion?: ClassificationCriterion | 'gini';
  splitter?: SplitStrategy | 'best';
  projection?: 'axis' | null;
};

const VALUES: EstimatorKit = CLASSIFIER_VALUES;

/**
 * CART classification tree (scikit-learn's DecisionTreeClassifier semantics) that takes its criterion
 * and splitter as values — `new TreeClassifier({ criterion: entropy, splitter: histSplitter })` — so a
 * bundle carries only what it imports (plain CART: the exact search and the builder).
 * DecisionTreeClassifier is this class with every name, option and model loading built in. Labels may
 * be any strings or numbers; they are encoded to 0..C-1 and decoded on predict.
 */
export class TreeClassifier extends DecisionTree {
  private labelSet: ClassLabel[] = [];

  /** `kit`: for subclasses (DecisionTreeClassifier passes its table of built-ins). */
  constructor(options?: ValueClassifierOptions, kit: EstimatorKit = VALUES) {
    super(options, 'classification', kit);
  }

  /** Distinct training labels, in the order of predictProba's columns. */
  get classes(): ClassLabel[] {
    void this.tree;
    return [...this.labelSet];
  }

  get nClasses(): number {
    return this.labelSet.length;
  }

  /** Fits on X (raw features), or on a BinnedDataset (binDataset; splitter 'hist') without binning again. */
  fit(X: FeatureInput | BinnedDataset, y: LabelInput, fitOptions: FitOptions = {}): this {
    fitOptions = checkFitOptions(fitOptions);
    const cm = isBinnedSource(X) ? X[BINNED_FIT](this.options) : toFitMatrix(X, 'X', FIT_CELLS_WITH_MISSING);
    return this.fitMatrix(cm, y, fitOptions, null);
  }

  /** fit on a forest member's rows (validated by the forest; shared-rows.ts): the same tree as fit on those rows. */
  [FIT_ROWS](rows: MemberRows, y: LabelInput, fitOptions: FitOptions = {}): this {
    return this.fitMatrix(rows.X, y, checkFitOptions(fitOptions), rows);
  }

  private fitMatrix(cm: ColumnMajor, y: LabelInput, fitOptions: FitOptions, rows: MemberRows | null): this {
    const { codes, classes } = encodeLabels(y, cm.rows);
    let weights = toSampleWeight(fitOptions.sampleWeight, cm.rows);
    weights = this.applyClassWeight(codes, classes, weights);
    this.setFeatureNames(fitOptions.featureNames, cm.cols);
    this.labelSet = classes;
    const data: ClassificationData = {
      task: 'classification',
      X: cm,
      labels: codes,
      nClasses: classes.length,
      weights,
      criterion: this.options.criterion as ClassificationCriterion,
    };
    this.fitted = this.grow(rows === null ? data : rows.fitData(data, this.options), fitOptions.workers ?? null);
    return this;
  }

  /** Class probabilities per row (columns follow `classes`): leaf class weights normalised. */
  predictProba(X: FeatureInput): number[][] {
    return splitRows(this.predictProbaFlat(X), this.labelSet.length);
  }

  /** Same as predictProba as one row-major Float64Array (rows × classes), without per-row arrays. */
  predictProbaFlat(X: FeatureInput): Float64Array {
    const leaves = this.apply(X);
    return this.tree.leafProba(leaves);
  }

  /** Most probable class per row (ties: the first class in `classes` order, as numpy.argmax). */
  predict(X: FeatureInput): ClassLabel[] {
    const codes = this.predictCodes(X);
    const out: ClassLabel[] = new Array(codes.length);
    for (let r = 0; r < codes.length; r++) out[r] = this.labelSet[codes[r]!]!;
    return out;
  }

  /** Predicted class codes (indices into `classes`). */
  predictCodes(X: FeatureInput): Int32Array {
    const leaves = this.apply(X);
    return this.tree.leafArgmax(leaves);
  }

  /** Natural log of predictProba (log 0 = -Infinity, as scikit-learn). */
  predictLogProba(X: FeatureInput): number[][] {
    return logProba(this.predictProba(X));
  }

  /** Mean accuracy on (X, y), weighted by sampleWeight when given (scikit-learn's score). */
  score(X: FeatureInput, y: LabelInput, sampleWeight?: ArrayLike<number> | null): number {
    return accuracyScore(this.predict(X), y, sampleWeight);
  }

  /** The model file as an object, so `JSON.stringify(model)` writes what `loadModel`/`fromJSON` read (throws before fit). */
  toJSON(): ModelJson {
    return modelToJson(this);
  }

  private applyClassWeight(codes: Int32Array, classes: ClassLabel[], weights: Float64Array | null): Float64Array | null {
    const cw = this.options.classWeight;
    if (cw === null || cw === undefined) return weights;
    const C = classes.length;
    const perClass = new Float64Array(C);
    if (cw === 'balanced') {
      const counts = new Float64Array(C);
      for (let i = 0; i < codes.length; i++) counts[codes[i]!]!++;
      for (let c = 0; c < C; c++) perClass[c] = codes.length / (C * counts[c]!);
    } else {
      perClass.fill(1);
      const entries = cw instanceof Map ? [...cw.entries()] : Object.entries(cw);
      for (const [label, w] of entries) {
        const k = classes.findIndex((c) => String(c) === String(label));
        if (k < 0) throw new InvalidArgumentError(`classWeight[${JSON.stringify(label)}]`, `a label of y (${classes.join(', ')})`, label);
        if (typeof w !== 'number' || !Number.isFinite(w) || w < 0) {
          throw new InvalidArgumentError(`classWeight[${JSON.stringify(label)}]`, 'a finite number >= 0', w);
        }
        perClass[k] = w;
      }
    }
    const out = new Float64Array(codes.length);
    for (let i = 0; i < codes.length; i++) out[i] = (weights ? weights[i]! : 1) * perClass[codes[i]!]!;
    return out;
  }

  override [RESTORE](state: RestoreState<Tree>): void {
    super[RESTORE](state);
    this.labelSet = [...(state.classes ?? [])];
  }
}
