/**
 * A tree ensemble read from another library's file (LightGBM, XGBoost, ONNX), predicting as that
 * library does. Its trees are dt `Tree`s with the split flags of `ImportedTree`, and the output is
 * composed exactly like the origin library's: raw scores = base score + Σ tree leaf values (in the
 * library's precision and order), then its link (sigmoid, softmax, exp, onnxruntime's
 * post-transforms). The pieces TreeSHAP needs are public: `trees` (each with its output column and
 * weight), `baseScore`, `accumulation` and `link`.
 */
import { InvalidArgumentError, ShapeMismatchError } from '@dt/errors';
import type { ClassLabel, FeatureInput, Tree } from '@dt/core';
import { toRowMajor } from '@dt/core/internal';
import { CompiledForest } from './compiled-forest.js';
import { ExchangeFormatError } from './errors.js';
import type { ImportedTree } from './imported-tree.js';
import { applyLink, onnxBinaryPositive, type OutputLink } from './output-link.js';
import { shapView, type ImportedEnsembleView } from './shap-view.js';

/** The library a model came from. */
export type SourceFormat = 'lightgbm' | 'xgboost' | 'onnx';

/** How raw scores are summed: the origin library's arithmetic. */
export interface Accumulation {
  /** 'float32': round after every addition (XGBoost; onnxruntime on float inputs); 'float64' (LightGBM; ONNX double inputs). */
  readonly precision: 'float32' | 'float64';
  /** True: the sum starts at the base score (XGBoost); false: the base is added after the trees. */
  readonly baseFirst: boolean;
  /** The tree sum is divided by this before the base is added (ONNX AVERAGE: the number of trees; LightGBM average_output: iterations); 1 otherwise. */
  readonly divisor: number;
}

/** Everything a reader produces. */
export interface ImportedModelSpec {
  readonly format: SourceFormat;
  /** The source's objective or operator, e.g. "binary sigmoid:0.7", "multi:softprob", "TreeEnsembleRegressor". */
  readonly objective: string;
  /** Library and format versions as the file states them. */
  readonly sourceVersion: string;
  readonly task: 'classification' | 'regression';
  readonly nFeatures: number;
  readonly featureNames: readonly string[] | null;
  /** Class labels (classification), in the order of the probability columns. */
  readonly classes: readonly ClassLabel[] | null;
  readonly trees: readonly ImportedTree[];
  /** Raw-score columns (1 for regression and binary boosting, the class count for multiclass). */
  readonly width: number;
  readonly baseScore: Float64Array;
  readonly accumulation: Accumulation;
  readonly link: OutputLink;
}

/** A dt tree as @dt/plot draws it (one per ensemble member). */
export interface MemberView {
  readonly tree: Tree;
  readonly nFeatures: number;
  readonly featureNames: readonly string[] | null;
  readonly classes?: readonly ClassLabel[];
}

/**
 * A tree ensemble read from LightGBM, XGBoost or ONNX, predicting as that library does: raw scores = base
 * score + Σ tree leaf values (the library's precision and order), then its link.
 */
export class ImportedModel implements ImportedModelSpec {
  readonly format: SourceFormat;
  readonly objective: string;
  readonly sourceVersion: string;
  readonly task: 'classification' | 'regression';
  readonly nFeatures: number;
  readonly featureNames: readonly string[] | null;
  readonly classes: readonly ClassLabel[] | null;
  readonly trees: readonly ImportedTree[];
  readonly width: number;
  readonly baseScore: Float64Array;
  readonly accumulation: Accumulation;
  readonly link: OutputLink;
  private readonly forest: CompiledForest;

  constructor(spec: ImportedModelSpec) {
    if (typeof spec !== 'object' || spec === null || !Array.isArray(spec.trees)) throw new InvalidArgumentError('spec', 'an imported model spec (the readers build it: readModel, readLightGBM, readXGBoost, readOnnx)', spec);
    this.format = spec.format;
    this.objective = spec.objective;
    this.sourceVersion = spec.sourceVersion;
    this.task = spec.task;
    this.nFeatures = spec.nFeatures;
    this.featureNames = spec.featureNames;
    this.classes = spec.classes;
    this.trees = spec.trees;
    this.width = spec.width;
    this.baseScore = spec.baseScore;
    this.accumulation = spec.accumulation;
    this.link = spec.link;
    this.forest = new CompiledForest(spec.trees);
    // Raw scores are finite for every input: the largest leaves of all trees plus the base must not overflow.
    let base = 0;
    for (const b of spec.baseScore) base = Math.max(base, b === b ? Math.abs(b) : Number.POSITIVE_INFINITY);
    if (spec.trees.length === 0) throw new ExchangeFormatError(spec.format, 'trees', 'the model has no trees');
    const bound = this.forest.scoreBound + base;
    if (!(bound < 1e300)) throw new ExchangeFormatError(spec.format, 'leaf values', `the trees' largest leaf values sum to ${bound}: raw scores could overflow`);
  }

  /** The trees as @dt/plot's forest members (`renderSvg(model, { tree: i })`). */
  get estimators(): MemberView[] {
    return this.trees.map((t) => {
      const withClasses = this.classes !== null && t.tree.nOutputs === this.classes.length && t.tree.nOutputs > 1;
      const view = { tree: t.tree, nFeatures: this.nFeatures, featureNames: this.featureNames };
      return withClasses ? { ...view, classes: this.classes! } : view;
    });
  }

  // Always float64 rows (a Float32Array input is widened once): the tree walk then reads one array
  // type and V8 keeps its loads monomorphic.
  private rows(X: FeatureInput): { data: Float64Array; rows: number; cols: number } {
    const v = toRowMajor(X, 'X', { scan: false, nan: 'allow' });
    if (v.cols !== this.nFeatures) throw new ShapeMismatchError(`X has ${v.cols} features, the model was trained on ${this.nFeatures}`);
    return v;
  }

  /**
   * Raw scores, rows × width row-major: LightGBM's `predict(raw_score=True)`, XGBoost's
   * `predict(output_margin=True)`, onnxruntime's scores before its post-transform.
   */
  decisionFunction(X: FeatureInput): Float64Array {
    const { data, rows, cols } = this.rows(X);
    const w = this.width;
    const f32 = this.accumulation.precision === 'float32';
    const out = new Float64Array(rows * w);
    const base = this.baseScore;
    if (this.accumulation.baseFirst) for (let r = 0; r < rows; r++) for (let j = 0; j < w; j++) out[r * w + j] = base[j]!;
    this.forest.accumulate(data, rows, cols, out, w, f32);
    const div = this.accumulation.divisor;
    if (div !== 1) for (let i = 0; i < out.length; i++) out[i] = f32 ? Math.fround(out[i]! / div) : out[i]! / div;
    if (!this.accumulation.baseFirst) {
      for (let r = 0; r < rows; r++) {
        for (let j = 0; j < w; j++) out[r * w + j] = f32 ? Math.fround(out[r * w + j]! + base[j]!) : out[r * w + j]! + base[j]!;
      }
    }
    return out;
  }

  /** Class probabilities, rows × classes row-major (classification only). */
  predictProba(X: FeatureInput): Float64Array {
    if (this.task !== 'classification') throw new InvalidArgumentError('predictProba', `called on a classifier (this ${this.format} model is a regressor)`, this.objective);
    const raw = this.decisionFunction(X);
    return applyLink(this.link, raw, raw.length / this.width, this.width, this.accumulation.precision === 'float32');
  }

  /**
   * Class labels (classification: the most probable class; ONNX models: onnxruntime's label
   * output), or predicted values (regression: rows × width, after the link, e.g. exp).
   */
  predict(X: FeatureInput): ClassLabel[] | Float64Array {
    const raw = this.decisionFunction(X);
    const w = this.width;
    const rows = raw.length / w;
    const f32 = this.accumulation.precision === 'float32';
    if (this.task === 'regression') return applyLink(this.link, raw, rows, w, f32);
    const classes = this.classes!;
    const out: ClassLabel[] = new Array<ClassLabel>(rows);
    if (this.link.kind === 'onnx' && classes.length === 2) {
      for (let r = 0; r < rows; r++) out[r] = classes[onnxBinaryPositive(this.link, raw, r, w) ? 1 : 0]!;
      return out;
    }
    const scores = this.link.kind === 'onnx' ? raw : applyLink(this.link, raw, rows, w, f32);
    const k = scores.length / rows;
    for (let r = 0; r < rows; r++) {
      let best = 0;
      for (let j = 1; j < k; j++) if (scores[r * k + j]! > scores[r * k + best]!) best = j;
      out[r] = classes[best]!;
    }
    return out;
  }

  /**
   * The model as @dt/explain's TreeSHAP reads it (`treeShap(model, X)` calls this): margins, each
   * tree in its raw-score column, covers as the origin library's own TreeSHAP weighs them (LightGBM:
   * counts, XGBoost: hessian sums, ONNX: none — interventional only). Categorical and zero-as-missing
   * splits are refused (an InvalidArgumentError naming the tree and node).
   */
  toTreeEnsembleView(): ImportedEnsembleView {
    return shapView(this);
  }

  /** Leaf reached by every row in every tree: dt node ids, rows × trees row-major (`trees[t].sourceIds` maps them to the file's ids). */
  apply(X: FeatureInput): Int32Array {
    const { data, rows, cols } = this.rows(X);
    return this.forest.apply(data, rows, cols);
  }
}
