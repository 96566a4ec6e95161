/**
 * What the playground's worker does, as a plain function (tested in Node too): load the data, run
 * k-fold cross-validation (@dt/eval), fit on all rows, draw the tree (@dt/plot) and write the model
 * file that `dt predict` reads.
 */
import { ALGORITHMS, DecisionTreeClassifier, DecisionTreeRegressor, createClassifier, modelToJson, type ClassLabel, type TreeModel } from '@dt/core';
import { featureSpread, fitDatasetImputer, loadDataset, parseCsv, type Dataset, type FittedSimpleImputer } from '@dt/datasets';
import { confusionMatrix, crossValidate, stratifiedKFold, kFold, takeRows, type Labels } from '@dt/eval';
import { InvalidArgumentError, intAtLeast, numberInRange, oneOf, seedValue } from '@dt/errors';
import { treeShap } from '@dt/explain';
import { renderSvg, waterfallSvg } from '@dt/plot';
import { BOOSTING, PLAYGROUND_ALGORITHMS } from './algorithms.js';
import { DecisionStreamClassifier, DecisionStreamRegressor, streamModelToJson, type StreamModel } from '@dt/stream';
import { boostingMemberTree, HistGradientBoostingClassifier, HistGradientBoostingRegressor, type BoostingModel, type IterationInfo } from '@dt/boost';


/** A built-in dataset, or CSV text whose label is the column `label` (default: the last one). */
export type DataSource = { builtin: string } | { csv: string; name: string; label?: string };

/**
 * Missing cells of a CSV ("", "?", "NA", ...): 'impute' fills them from each fold's training rows
 * (mean of a numeric column, most frequent level of a categorical one), 'native' keeps them as NaN
 * for CART to learn where they go, 'drop' drops their rows — `dt train --missing`'s policies.
 */
export type MissingChoice = 'impute' | 'native' | 'drop';
export const MISSING_CHOICES: readonly MissingChoice[] = ['impute', 'native', 'drop'];

/** Trees over this many nodes are drawn to a depth that keeps the picture near this size (the page says so). */
export const DRAW_LIMIT = 4000;

export interface TrainRequest {
  data: DataSource;
  algorithm: string;
  /** null: grow fully. */
  maxDepth: number | null;
  minSamplesLeaf: number;
  /** Decision Stream's significance level. */
  alpha: number;
  folds: number;
  /** Shuffles the folds (as `dt eval --seed`) and seeds the estimator. */
  seed: number;
  /** Default 'impute'. */
  missing?: MissingChoice;
  /** Gradient boosting: iterations (default 100) and learning rate (default 0.1). */
  maxIter?: number;
  learningRate?: number;
}

export interface TrainResult {
  dataset: string;
  rows: number;
  features: number;
  task: 'classification' | 'regression';
  /** Mean and standard deviation over the folds: accuracy (classification) or R² (regression). */
  metric: 'accuracy' | 'r2';
  mean: number;
  std: number;
  /** The score of each fold, in fold order (as `dt eval --json` lists them). */
  foldScores: number[];
  folds: number;
  /** Out-of-fold predictions against the truth (classification only). */
  confusion: { labels: string[]; matrix: number[][] } | null;
  nodeCount: number;
  /** The picture, and how much of the tree it draws. */
  svg: string;
  drawing: Drawing;
  /**
   * Gradient boosting: the validation loss after each iteration of the fit on all rows (early
   * stopping on a tenth of the rows held out), the curve the page draws as it grows; null otherwise.
   */
  validationLoss: number[] | null;
  /** The model file (JSON text) `dt predict --model` reads. */
  modelFile: string;
  fileName: string;
  /** The first rows of the data (PREVIEW_ROWS), for the page to list and explain on a click. */
  preview: RowPreview;
}

/** Rows shown for explaining: their indices, the column names (features, then the target) and the cells as text. */
export interface RowPreview {
  columns: string[];
  rows: { index: number; cells: string[] }[];
}

/** Rows listed under the results (a click explains one). */
export const PREVIEW_ROWS = 12;

/** The trained model with what explaining one of its rows needs (kept by the worker). */
export interface Trained {
  model: Model;
  X: Dataset['X'];
  imputer: FittedSimpleImputer | null;
}

/** A row's explanation: the waterfall SVG and the output it explains. */
export interface RowExplanation {
  row: number;
  svg: string;
  /** The explained output (the predicted class, or the regression value). */
  output: string;
}

/**
 * Explains row `row` of the training data with exact path-dependent TreeSHAP (@dt/explain), as a
 * waterfall (@dt/plot): the predicted class's probability for a classifier, the value for a
 * regressor. The row is imputed first when the model was fitted on imputed data. Models without
 * per-feature paths (oblique, CRIMCOORD, Decision Streams) are refused by treeShap with the reason.
 */
export function explainRow(t: Trained, row: number): RowExplanation {
  const i = intAtLeast('row', row, 0);
  if (i >= t.X.rows) throw new InvalidArgumentError('row', `a row index below ${t.X.rows}`, row);
  const cols = t.X.cols;
  let x: number[] = Array.from(t.X.data.subarray(i * cols, (i + 1) * cols));
  if (t.imputer !== null) x = t.imputer.transform([x])[0]!;
  const shap = treeShap(t.model, [x]);
  let best = 0;
  for (let k = 1; k < shap.nOutputs; k++) if (shap.prediction[k]! > shap.prediction[best]!) best = k;
  const output = shap.outputNames?.[best] ?? (shap.units === 'probability' ? String(best) : 'value');
  const title = shap.units === 'probability' ? `Row ${i}: why P(${output}) = ${shap.prediction[best]!.toFixed(3)}` : `Row ${i}: why the prediction is ${shap.prediction[best]!.toPrecision(4)}`;
  return { row: i, svg: waterfallSvg(shap, { output: best, title }), output };
}

function previewOf(ds: Dataset): RowPreview {
  const n = Math.min(PREVIEW_ROWS, ds.X.rows);
  const d = ds.X.cols;
  const cell = (j: number, v: number): string => {
    const levels = ds.categories[j];
    return Number.isNaN(v) ? '' : levels ? (levels[v] ?? String(v)) : String(v);
  };
  return {
    columns: [...ds.featureNames, ds.targetName],
    rows: Array.from({ length: n }, (_, i) => ({ index: i, cells: [...Array.from({ length: d }, (_, j) => cell(j, ds.X.data[i * d + j]!)), String(ds.y[i])] })),
  };
}

/** How much of the tree a picture draws: all of it, or its nodes within `maxDepth` (a cut tree). */
export interface Drawing {
  /** Nodes drawn, of `nodeCount`. */
  drawn: number;
  /** The depth the picture stops at, or null when it draws the whole tree. */
  maxDepth: number | null;
  /** The tree's depth (longest path from the root). */
  depth: number;
}

/** `curve`: gradient boosting's validation losses so far (the final fit), for the live curve. */
export type Progress = (p: { stage: string; done: number; total: number; curve?: number[] }) => void;

/** What the page draws: a tree or a stream (boosting draws its first tree). */
type Drawable = TreeModel | StreamModel;
type Model = Drawable | BoostingModel;

/** Node depths of a tree or stream (breadth-first; a stream node at its shortest distance). */
function nodeDepths(model: Drawable): Int32Array {
  const isStream = 'graph' in model && !('tree' in model);
  const n = model.nodeCount;
  const kids = (v: number): ArrayLike<number> => {
    if (isStream) {
      const g = (model as StreamModel).graph;
      return g.children.subarray(g.childStart[v]!, g.childStart[v + 1]!);
    }
    const t = (model as TreeModel).tree;
    return t.left[v]! < 0 ? [] : [t.left[v]!, t.right[v]!];
  };
  const depth = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let tail = 0;
  depth[0] = 0;
  queue[tail++] = 0;
  for (let head = 0; head < tail; head++) {
    const v = queue[head]!;
    const c = kids(v);
    for (let i = 0; i < c.length; i++) {
      if (depth[c[i]!] !== -1) continue;
      depth[c[i]!] = depth[v]! + 1;
      queue[tail++] = c[i]!;
    }
  }
  return depth;
}

/**
 * The picture of `model`: to `maxDepth` when given (Infinity: all of it); when null, the whole tree
 * if it has at most `limit` (DRAW_LIMIT) nodes, else the deepest cut with at most that many.
 */
export function drawModel(
  model: Drawable,
  ds: Pick<Dataset, 'categories'> & { spread: number[] },
  request: { maxDepth: number | null; limit?: number },
): { svg: string; drawing: Drawing } {
  const limit = request.limit ?? DRAW_LIMIT;
  const depths = nodeDepths(model);
  let depth = 0;
  for (const d of depths) depth = Math.max(depth, d);
  const within = (d: number): number => depths.reduce((c, x) => c + (x >= 0 && x <= d ? 1 : 0), 0);
  let maxDepth = request.maxDepth;
  if (maxDepth === null && within(depth) > limit) {
    maxDepth = 0;
    while (maxDepth + 1 < depth && within(maxDepth + 1) <= limit) maxDepth++;
  }
  if (maxDepth !== null && maxDepth >= depth) maxDepth = null;
  const reachable = within(depth);
  const drawn = maxDepth === null ? reachable : within(maxDepth);
  const svg = renderSvg(model, { categories: ds.categories, featureSpread: ds.spread, ...(maxDepth === null ? {} : { maxDepth }) });
  return { svg, drawing: { drawn, maxDepth, depth } };
}

function makeEstimator(r: TrainRequest, task: Dataset['task'], categorical: number[]): () => Model {
  if (r.algorithm === BOOSTING) {
    // Early stopping on a tenth of the training rows: the validation loss is the curve the page draws.
    const o = { ...(r.maxDepth === null ? {} : { maxDepth: r.maxDepth }), minSamplesLeaf: r.minSamplesLeaf, seed: r.seed, maxIter: r.maxIter, learningRate: r.learningRate, earlyStopping: true };
    return () => (task === 'classification' ? new HistGradientBoostingClassifier(o) : new HistGradientBoostingRegressor(o));
  }
  const tree = { ...(r.maxDepth === null ? {} : { maxDepth: r.maxDepth }), minSamplesLeaf: r.minSamplesLeaf, seed: r.seed };
  const cats = categorical.length > 0 ? { categoricalFeatures: categorical } : {};
  if (r.algorithm === 'stream') {
    const o = { alpha: r.alpha, seed: r.seed };
    return () => (task === 'classification' ? new DecisionStreamClassifier(o) : new DecisionStreamRegressor(o));
  }
  if (r.algorithm === 'cart') return () => (task === 'classification' ? new DecisionTreeClassifier({ ...tree, ...cats }) : new DecisionTreeRegressor({ ...tree, ...cats }));
  if (task === 'regression') throw new InvalidArgumentError('algorithm', 'cart or stream for a regression target (the paper algorithms classify)', r.algorithm);
  // Global PCA cannot read categorical level codes; the other projections take CRIMCOORD.
  const global = ALGORITHMS[r.algorithm as keyof typeof ALGORITHMS]?.projection === 'global-pca';
  return () => createClassifier(r.algorithm, { ...tree, ...(global ? {} : cats) });
}

export async function train(request: TrainRequest, progress: Progress = () => {}): Promise<TrainResult & { model: Drawable; picture: Pick<Dataset, 'categories'> & { spread: number[] }; trained: Trained }> {
  const r = {
    ...request,
    algorithm: oneOf('algorithm', request.algorithm, PLAYGROUND_ALGORITHMS.map((a) => a.name)),
    maxDepth: request.maxDepth === null ? null : intAtLeast('maxDepth', request.maxDepth, 1),
    minSamplesLeaf: intAtLeast('minSamplesLeaf', request.minSamplesLeaf, 1),
    alpha: numberInRange('alpha', request.alpha, 0, 1),
    folds: intAtLeast('folds', request.folds, 2),
    seed: seedValue('seed', request.seed),
    missing: request.missing === undefined ? 'impute' : oneOf('missing', request.missing, MISSING_CHOICES),
    maxIter: request.maxIter === undefined ? 100 : intAtLeast('maxIter', request.maxIter, 1),
    learningRate: request.learningRate === undefined ? 0.1 : numberInRange('learningRate', request.learningRate, 0, 1e9),
  };
  progress({ stage: 'loading data', done: 0, total: r.folds + 1 });
  const ds =
    'builtin' in r.data
      ? await loadDataset(r.data.builtin)
      : parseCsv(r.data.csv, { name: r.data.name, missing: r.missing === 'drop' ? 'drop' : 'native', ...(r.data.label === undefined ? {} : { label: r.data.label }) });
  if (r.folds > ds.X.rows) throw new InvalidArgumentError('folds', `at most the number of rows (${ds.X.rows})`, r.folds);
  const hasMissing = ds.missing !== undefined && ds.missing.policy === 'native' && ds.missing.cells > 0;
  if (hasMissing && r.missing === 'native' && r.algorithm !== 'cart' && r.algorithm !== BOOSTING) {
    throw new InvalidArgumentError('missing', `impute or drop for ${r.algorithm} (only CART and gradient boosting learn where missing values go; ${ds.missing!.cells} cells are missing)`, 'native');
  }
  const impute = hasMissing && r.missing === 'impute';
  const categorical = ds.featureTypes.flatMap((t, j) => (t === 'categorical' ? [j] : []));
  const make = makeEstimator(r, ds.task, categorical);
  const y = ds.y as Labels;
  // The folds of `dt eval --seed`: shuffled by the seed (stratified for classification).
  const splits = ds.task === 'classification' ? stratifiedKFold(y, r.folds, { shuffle: true, seed: r.seed }) : kFold(ds.X.rows, r.folds, { shuffle: true, seed: r.seed });
  const fitOptions = { featureNames: ds.featureNames };
  /** An estimator, with missing cells filled from its own training rows first when imputing (each fold's own). */
  const learner = (onIteration?: (info: IterationInfo) => void): { fit(X: Dataset['X'], y: Labels): unknown; predict(X: Dataset['X']): ArrayLike<ClassLabel>; model: Model; imputer: FittedSimpleImputer | null } => {
    const m = make();
    const self = {
      model: m,
      imputer: null as FittedSimpleImputer | null,
      fit(X: Dataset['X'], yy: Labels) {
        if (impute) self.imputer = fitDatasetImputer(X, ds.featureTypes, 'mean');
        return m.fit(self.imputer ? self.imputer.transform(X) : X, yy as never, { ...fitOptions, ...(onIteration ? { onIteration } : {}) } as never);
      },
      predict: (X: Dataset['X']) => m.predict(self.imputer ? self.imputer.transform(X) : X) as ArrayLike<ClassLabel>,
    };
    return self;
  };
  const oof: ClassLabel[] = new Array<ClassLabel>(ds.X.rows);
  const cv = crossValidate(learner, ds.X, y, {
    cv: splits,
    task: ds.task,
    returnEstimators: true,
    onFold: ({ done, total, result }) => {
      const split = splits[result.fold]!;
      const pred = result.estimator!.predict(takeRows(ds.X, split.test));
      for (let i = 0; i < split.test.length; i++) oof[split.test[i]!] = pred[i]!;
      progress({ stage: `cross-validation: fold ${done} of ${total}`, done, total: total + 1 });
    },
  });
  const metric = ds.task === 'classification' ? 'accuracy' : 'r2';
  const summary = cv.scores[metric]!;
  progress({ stage: 'fitting on all rows', done: r.folds, total: r.folds + 1 });
  // Boosting: each iteration posts the validation losses so far (scikit-learn's scores are the negative loss).
  const curve: number[] = [];
  const boosting = r.algorithm === BOOSTING;
  const onIteration = (info: IterationInfo): void => {
    if (info.validationScore !== undefined) curve.push(-info.validationScore);
    progress({ stage: `fitting on all rows: iteration ${info.iteration} of at most ${info.maxIter}`, done: r.folds, total: r.folds + 1, curve: [...curve] });
  };
  const final = learner(boosting ? onIteration : undefined);
  final.fit(ds.X, y);
  const model = final.model;
  const confusion = ds.task === 'classification' ? confusionMatrix(y, oof as Labels) : null;
  const stream = r.algorithm === 'stream';
  const boosted = model instanceof HistGradientBoostingClassifier || model instanceof HistGradientBoostingRegressor ? model : null;
  const json = boosted ? boosted.toJSON() : stream ? streamModelToJson(model as StreamModel) : modelToJson(model as TreeModel);
  // Boosting's validation losses after each iteration (validationScore[0] is before any tree).
  const validationLoss = boosted ? Array.from(boosted.validationScore.subarray(1), (v) => -v) : null;
  // The picture: the tree, the stream, or boosting's first tree (the CLI's dt show --tree i draws the others).
  const drawable: Drawable = boosted ? boostingMemberTree(boosted, 0) : (model as Drawable);
  // The "training" section dt train writes: dt predict finds the label column, category codes and imputer from it.
  const missing = ds.missing === undefined ? {} : { missing: { policy: r.missing, cells: ds.missing.cells, rows: ds.missing.rows, ...(final.imputer ? { strategy: 'mean', imputer: final.imputer.toJSON() } : {}) } };
  const spread = featureSpread(ds);
  const picture = { categories: ds.categories, spread: spread.map((v) => v ?? Number.NaN) };
  const training = { ...missing, data: ds.name, algorithm: r.algorithm, task: ds.task, rows: ds.X.rows, targetName: ds.targetName, featureTypes: ds.featureTypes, categories: ds.categories, featureSpread: spread };
  const { svg, drawing } = drawModel(drawable, picture, { maxDepth: null });
  progress({ stage: 'done', done: r.folds + 1, total: r.folds + 1 });
  return {
    dataset: ds.name,
    rows: ds.X.rows,
    features: ds.featureNames.length,
    task: ds.task,
    metric,
    mean: summary.mean,
    std: summary.std ?? 0,
    foldScores: [...summary.values],
    folds: r.folds,
    confusion: confusion && { labels: confusion.labels.map(String), matrix: confusion.matrix },
    nodeCount: drawable.nodeCount,
    svg,
    drawing,
    validationLoss,
    modelFile: JSON.stringify({ ...json, training }),
    fileName: `${ds.name}-${r.algorithm}.json`,
    preview: previewOf(ds),
    model: drawable,
    picture,
    trained: { model, X: ds.X, imputer: final.imputer },
  };
}
