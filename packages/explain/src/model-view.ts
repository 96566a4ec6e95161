/**
 * treeEnsembleView(model): the TreeEnsembleView of a dt model — a tree (classifier: probabilities,
 * regressor: values), a forest / extra trees / bagging of axis trees (members averaged, feature
 * subsets and member class subsets mapped back), a gradient-boosted model of @dt/boost (raw margins,
 * one output per class for multiclass), or any model with a `toTreeEnsembleView()` method
 * (boosted and imported models). Models whose splits are not on one feature each are refused with
 * the reason: TreeSHAP attributes each split to the feature it tests, and an oblique split, a
 * CRIMCOORD level map or a Decision Stream's merged DAG node has no single feature (nor a path).
 * Ensembles are recognised by shape (`estimators`, `estimatorsFeatures`), as @dt/plot's ForestLike,
 * and boosted models by theirs (`estimators`, `baselinePrediction`, `nTreesPerIteration`), so this
 * package depends on @dt/core only.
 */
import { DecisionTreeClassifier, DecisionTreeRegressor, AXIS, LEAF, type Tree } from '@dt/core';
import { InvalidArgumentError, NotFittedError } from '@dt/errors';
import type { ExplainableModel, TreeEnsembleView, ViewTree } from './ensemble-view.js';

const EXPECTED = 'a fitted dt tree, forest, extra trees or bagging of axis trees, a gradient-boosted model, or a model with toTreeEnsembleView()';

/** The structural shape of @dt/ensemble's fitted ensembles that this module reads. */
interface EnsembleLike {
  readonly isFitted: boolean;
  readonly estimators: readonly unknown[];
  readonly estimatorsFeatures: readonly (Int32Array | null)[];
  readonly nFeatures: number;
  readonly featureNames: readonly string[] | null;
  readonly classes?: readonly unknown[];
}

/** The tree ensemble view of a model (see TreeEnsembleView); throws a typed error naming what is unsupported. */
export function treeEnsembleView(model: unknown): TreeEnsembleView {
  if (model === null || typeof model !== 'object') throw new InvalidArgumentError('model', EXPECTED, model);
  if (typeof (model as Partial<ExplainableModel>).toTreeEnsembleView === 'function') {
    return checkView((model as ExplainableModel).toTreeEnsembleView());
  }
  if (model instanceof DecisionTreeClassifier || model instanceof DecisionTreeRegressor) {
    if (!model.isFitted) throw new NotFittedError(model.constructor.name);
    const tree = model.tree;
    checkAxisTree(tree, 'model', model);
    const classifier = model instanceof DecisionTreeClassifier;
    return {
      nFeatures: tree.nFeatures,
      nOutputs: classifier ? tree.nOutputs : 1,
      trees: [{ tree, weight: 1, output: 0, normalize: classifier, features: null, classMap: null }],
      baseValue: new Float64Array(classifier ? tree.nOutputs : 1),
      units: classifier ? 'probability' : 'value',
      outputNames: classifier ? model.classes.map(String) : null,
      featureNames: model.featureNames,
    };
  }
  if ('graph' in model && !('tree' in model)) {
    throw new InvalidArgumentError(
      'model',
      `${EXPECTED}: a Decision Stream is a DAG whose merged nodes pool rows from several paths, so no single root-to-leaf path (and no per-feature path) exists for TreeSHAP`,
      model,
    );
  }
  if (isEnsembleLike(model)) return ensembleView(model);
  if (isBoostingLike(model)) return boostingView(model);
  throw new InvalidArgumentError('model', EXPECTED, model);
}

/** The structural shape of @dt/boost's HistGradientBoosting* that this module reads. */
interface BoostingLike {
  /** trees[i][k]: iteration i's tree for raw output k (regression trees; throws NotFittedError before fit). */
  readonly estimators: readonly (readonly Tree[])[];
  readonly baselinePrediction: Float64Array;
  readonly nFeatures: number;
  readonly classes?: readonly unknown[];
}

function isBoostingLike(m: object): m is BoostingLike {
  return 'baselinePrediction' in m && 'nTreesPerIteration' in m && 'estimators' in m;
}

/**
 * A gradient-boosted model (@dt/boost): raw margins — the baseline plus every iteration's tree of
 * output k (leaf values already shrunk by the learning rate). Covers are training-row counts, as
 * shap reads scikit-learn's HistGradientBoosting predictors (`count`), so values equal shap's on the
 * trees dt fits equal to scikit-learn's.
 */
function boostingView(model: BoostingLike): TreeEnsembleView {
  const iterations = model.estimators;
  const baseValue = model.baselinePrediction;
  const K = baseValue.length;
  const trees: ViewTree[] = [];
  iterations.forEach((row, i) =>
    row.forEach((tree, k) => {
      checkAxisTree(tree, `model.estimators[${i}][${k}]`, tree);
      trees.push({ tree, weight: 1, output: k, normalize: false, features: null, classMap: null, coverBy: 'nSamples' });
    }),
  );
  const classes = model.classes;
  return {
    nFeatures: model.nFeatures,
    nOutputs: K,
    trees,
    baseValue,
    units: 'margin',
    // Two classes: one margin, the log-odds of the second class.
    outputNames: classes === undefined ? null : K === 1 ? [String(classes[1])] : classes.map(String),
    featureNames: null,
  };
}

function isEnsembleLike(m: object): m is EnsembleLike {
  return 'estimatorsFeatures' in m && 'estimators' in m && 'isFitted' in m;
}

function ensembleView(model: EnsembleLike): TreeEnsembleView {
  if (!model.isFitted) throw new NotFittedError(model.constructor.name);
  const members = model.estimators;
  const subsets = model.estimatorsFeatures;
  const classifier = model.classes !== undefined;
  const C = classifier ? model.classes!.length : 1;
  const weight = 1 / members.length;
  const trees: ViewTree[] = members.map((m, i) => {
    const name = `model.estimators[${i}]`;
    if (classifier ? !(m instanceof DecisionTreeClassifier) : !(m instanceof DecisionTreeRegressor)) {
      throw new InvalidArgumentError(name, `a dt ${classifier ? 'DecisionTreeClassifier' : 'DecisionTreeRegressor'} (TreeSHAP needs axis trees: other members have no per-feature paths)`, m);
    }
    const tree = (m as DecisionTreeClassifier | DecisionTreeRegressor).tree;
    checkAxisTree(tree, name, m);
    let classMap: Int32Array | null = null;
    if (m instanceof DecisionTreeClassifier) {
      // Members are fitted on the forest's class codes 0..C-1; one that never saw a class holds fewer columns.
      const codes = Int32Array.from(m.classes, (c) => c as number);
      if (codes.length !== C || codes.some((c, k) => c !== k)) classMap = codes;
    }
    return { tree, weight, output: 0, normalize: classifier, features: subsets[i] ?? null, classMap };
  });
  return {
    nFeatures: model.nFeatures,
    nOutputs: C,
    trees,
    baseValue: new Float64Array(C),
    units: classifier ? 'probability' : 'value',
    outputNames: classifier ? model.classes!.map(String) : null,
    featureNames: model.featureNames,
  };
}

/** Refuses oblique and CRIMCOORD nodes, naming the first one. */
function checkAxisTree(tree: Tree, name: string, value: unknown): void {
  for (let n = 0; n < tree.nodeCount; n++) {
    const k = tree.kind[n];
    if (k === LEAF) continue;
    if (k !== AXIS) {
      throw new InvalidArgumentError(
        name,
        `an axis-aligned tree model: node ${n} splits on a weighted sum of ${tree.obliqueLength[n]} features (an oblique split), which no single feature's Shapley value can be credited with, and TreeSHAP's per-feature paths do not exist for it`,
        value,
      );
    }
    if (tree.catCount[n]! > 0) {
      throw new InvalidArgumentError(
        name,
        `an axis-aligned tree model without CRIMCOORD level maps: node ${n} splits on a discriminant coordinate combining the dummy codes of qualitative features, which has no per-feature path for TreeSHAP`,
        value,
      );
    }
  }
}

/** Validates a view produced by a model's toTreeEnsembleView() (the boundary for other packages' models). */
export function checkView(view: TreeEnsembleView): TreeEnsembleView {
  const bad = (what: string, expect: string, v: unknown): never => {
    throw new InvalidArgumentError(`view.${what}`, expect, v);
  };
  if (view === null || typeof view !== 'object') bad('', 'an object', view);
  if (!Number.isInteger(view.nFeatures) || view.nFeatures < 1) bad('nFeatures', 'a positive integer', view.nFeatures);
  if (!Number.isInteger(view.nOutputs) || view.nOutputs < 1) bad('nOutputs', 'a positive integer', view.nOutputs);
  if (!Array.isArray(view.trees) || view.trees.length === 0) bad('trees', 'a non-empty array', view.trees);
  if (view.baseValue === null || typeof view.baseValue !== 'object' || view.baseValue.length !== view.nOutputs) bad('baseValue', `${view.nOutputs} numbers`, view.baseValue);
  for (let k = 0; k < view.nOutputs; k++) if (!Number.isFinite(view.baseValue[k])) bad(`baseValue[${k}]`, 'a finite number', view.baseValue[k]);
  if (view.units !== 'probability' && view.units !== 'value' && view.units !== 'margin') bad('units', "'probability', 'value' or 'margin'", view.units);
  view.trees.forEach((t, i) => {
    const name = `trees[${i}]`;
    if (t === null || typeof t !== 'object' || t.tree === null || typeof t.tree !== 'object' || !('kind' in t.tree)) bad(`${name}.tree`, 'a dt Tree', t?.tree);
    checkAxisTree(t.tree, `view.${name}.tree`, t.tree);
    if (!Number.isFinite(t.weight)) bad(`${name}.weight`, 'a finite number', t.weight);
    if (t.coverBy !== undefined && t.coverBy !== 'weightedNSamples' && t.coverBy !== 'nSamples') bad(`${name}.coverBy`, "'weightedNSamples' or 'nSamples'", t.coverBy);
    const width = t.classMap !== null ? view.nOutputs : t.tree.nOutputs;
    if (!Number.isInteger(t.output) || t.output < 0 || t.output + width > view.nOutputs) bad(`${name}.output`, `an output index with ${width} outputs inside 0..${view.nOutputs - 1}`, t.output);
    if (t.classMap !== null && (t.classMap.length !== t.tree.nOutputs || t.classMap.some((c) => c < 0 || c >= view.nOutputs - t.output))) bad(`${name}.classMap`, `${t.tree.nOutputs} output indices below ${view.nOutputs - t.output}`, t.classMap);
    if (t.features !== null) {
      if (t.features.length !== t.tree.nFeatures || t.features.some((f) => f < 0 || f >= view.nFeatures)) bad(`${name}.features`, `${t.tree.nFeatures} feature indices below ${view.nFeatures}`, t.features);
    } else if (t.tree.nFeatures > view.nFeatures) {
      bad(`${name}.tree.nFeatures`, `at most ${view.nFeatures}`, t.tree.nFeatures);
    }
  });
  return view;
}
