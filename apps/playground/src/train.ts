import '@dt/core/oblique'; // the algorithm list includes oblique ones
import '@dt/core/hist'; // splitter 'auto' bins large data (the same tree as 'best', faster), as in Node
/**
 * What the playground's worker does, as a plain function (tested in Node too): load the data, run
 * k-fold cross-validation (@dt/eval), fit on all rows, draw the tree (@dt/plot) and write the model
 * file that `dt predict` reads.
 */
import { ALGORITHMS, DecisionTreeClassifier, DecisionTreeRegressor, createClassifier, modelToJson, type ClassLabel, type TreeModel } from '@dt/core';
import { loadDataset, parseCsv, type Dataset } from '@dt/datasets';
import { confusionMatrix, crossValidate, stratifiedKFold, kFold, takeRows, type Labels } from '@dt/eval';
import { InvalidArgumentError, intAtLeast, numberInRange, oneOf } from '@dt/errors';
import { renderSvg } from '@dt/plot';
import { PLAYGROUND_ALGORITHMS } from './algorithms.js';
import { DecisionStreamClassifier, DecisionStreamRegressor, streamModelToJson, type StreamModel } from '@dt/stream';


export type DataSource = { builtin: string } | { csv: string; name: string };

export interface TrainRequest {
  data: DataSource;
  algorithm: string;
  /** null: grow fully. */
  maxDepth: number | null;
  minSamplesLeaf: number;
  /** Decision Stream's significance level. */
  alpha: number;
  folds: number;
  seed: number;
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
  folds: number;
  /** Out-of-fold predictions against the truth (classification only). */
  confusion: { labels: string[]; matrix: number[][] } | null;
  nodeCount: number;
  svg: string;
  /** The model file (JSON text) `dt predict --model` reads. */
  modelFile: string;
  fileName: string;
}

export type Progress = (p: { stage: string; done: number; total: number }) => void;

type Model = TreeModel | StreamModel;

function makeEstimator(r: TrainRequest, task: Dataset['task'], categorical: number[]): () => Model {
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

export async function train(request: TrainRequest, progress: Progress = () => {}): Promise<TrainResult> {
  const r = {
    ...request,
    algorithm: oneOf('algorithm', request.algorithm, PLAYGROUND_ALGORITHMS.map((a) => a.name)),
    maxDepth: request.maxDepth === null ? null : intAtLeast('maxDepth', request.maxDepth, 1),
    minSamplesLeaf: intAtLeast('minSamplesLeaf', request.minSamplesLeaf, 1),
    alpha: numberInRange('alpha', request.alpha, 0, 1),
    folds: intAtLeast('folds', request.folds, 2),
  };
  progress({ stage: 'loading data', done: 0, total: r.folds + 1 });
  const ds = 'builtin' in r.data ? await loadDataset(r.data.builtin) : parseCsv(r.data.csv, { name: r.data.name });
  const categorical = ds.featureTypes.flatMap((t, j) => (t === 'categorical' ? [j] : []));
  const make = makeEstimator(r, ds.task, categorical);
  const y = ds.y as Labels;
  const splits = ds.task === 'classification' ? stratifiedKFold(y, r.folds, { seed: r.seed }) : kFold(ds.X.rows, r.folds, { seed: r.seed });
  const fitOptions = { featureNames: ds.featureNames };
  const oof: ClassLabel[] = new Array<ClassLabel>(ds.X.rows);
  const cv = crossValidate(
    () => {
      const m = make();
      // Feature names travel with every fit, so the fold models and the final one read alike.
      return { fit: (X: typeof ds.X, yy: Labels) => m.fit(X, yy as never, fitOptions), predict: (X: typeof ds.X) => m.predict(X) as ArrayLike<ClassLabel>, model: m };
    },
    ds.X,
    y,
    {
      cv: splits,
      task: ds.task,
      returnEstimators: true,
      onFold: ({ done, total, result }) => {
        const split = splits[result.fold]!;
        const pred = result.estimator!.predict(takeRows(ds.X, split.test));
        for (let i = 0; i < split.test.length; i++) oof[split.test[i]!] = pred[i]!;
        progress({ stage: `cross-validation: fold ${done} of ${total}`, done, total: total + 1 });
      },
    },
  );
  const metric = ds.task === 'classification' ? 'accuracy' : 'r2';
  const summary = cv.scores[metric]!;
  progress({ stage: 'fitting on all rows', done: r.folds, total: r.folds + 1 });
  const model = make();
  model.fit(ds.X, y as never, fitOptions);
  const confusion = ds.task === 'classification' ? confusionMatrix(y, oof as Labels) : null;
  const stream = r.algorithm === 'stream';
  const json = stream ? streamModelToJson(model as StreamModel) : modelToJson(model as TreeModel);
  // The "training" section dt train writes: dt predict finds the label column and category codes from it.
  const training = { data: ds.name, algorithm: r.algorithm, task: ds.task, rows: ds.X.rows, targetName: ds.targetName, featureTypes: ds.featureTypes, categories: ds.categories };
  const svg = renderSvg(model, { categories: ds.categories, ...(model.nodeCount > 255 ? { maxDepth: 6 } : {}) });
  progress({ stage: 'done', done: r.folds + 1, total: r.folds + 1 });
  return {
    dataset: ds.name,
    rows: ds.X.rows,
    features: ds.featureNames.length,
    task: ds.task,
    metric,
    mean: summary.mean,
    std: summary.std ?? 0,
    folds: r.folds,
    confusion: confusion && { labels: confusion.labels.map(String), matrix: confusion.matrix },
    nodeCount: model.nodeCount,
    svg,
    modelFile: JSON.stringify({ ...json, training }),
    fileName: `${ds.name}-${r.algorithm}.json`,
  };
}
