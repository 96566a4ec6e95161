import { InvalidArgumentError, ModelFormatError } from '@dt/errors';
import type { Issue } from './schema.js';
import { among, checkFields, finite, intAtLeast, orNull, record, typed, type FieldRule } from './json-rules.js';
import { checkClassCounts, checkLoadedClasses, checkLoadedFeatures, constructLoaded, MAX_NODE_SAMPLES, readEnvelope, type ParseSchema } from './model-envelope.js';
import { loadParams, saveParams } from '../estimators/option-table.js';
import { TREE_OPTION_LOADERS } from './tree-option-loaders.js';
import { OPTION_TABLE, RESTORE, type RestoreState } from './restore.js';
import type { OptionTable } from '../estimators/option-table.js';
import type { ResolvedTreeOptions } from '../estimators/options.js';
import { AXIS, LEAF, OBLIQUE, Tree } from '../tree/tree.js';

/** Name and version written into every model file; loaders reject anything else. */
export const MODEL_FORMAT = 'dt-model';
/**
 * 2 (issue #19): `tree.missingGoToLeft` (where NaN goes at each node) and `null` thresholds (+Infinity:
 * "every value left, NaN right"). Version 1 files still load; their nodes send NaN to the child with
 * more training samples (scikit-learn's rule for a node that saw no missing values).
 */
export const MODEL_FORMAT_VERSION = 2;

const count = intAtLeast(0);
const int = intAtLeast(Number.NEGATIVE_INFINITY);

/** The tree of a model file (also a forest member's): the Tree's arrays up to nodeCount. */
export interface TreeJson {
  nodeCount: number;
  nFeatures: number;
  nOutputs: number;
  kind: (typeof LEAF | typeof AXIS | typeof OBLIQUE)[];
  left: number[];
  right: number[];
  feature: number[];
  /** null is +Infinity (JSON has none): an axis split sending every value left and NaN right. */
  threshold: (number | null)[];
  /** Per node 1 (NaN goes left) or 0 (right); absent in version 1 files. */
  missingGoToLeft?: (0 | 1)[];
  impurity: number[];
  nSamples: number[];
  weightedNSamples: number[];
  value: number[];
  obliqueOffset: number[];
  obliqueLength: number[];
  obliqueFeatures: number[];
  obliqueWeights: number[];
  // Categorical level maps (CRIMCOORD); absent in files of trees without categorical features.
  catOffset?: number[];
  catCount?: number[];
  catFeature?: number[];
  catValuesOffset?: number[];
  catLevels?: number[];
  /** null marks a level absent from the node (JSON has no NaN). */
  catValues?: (number | null)[];
}

/**
 * A tree model file: format tag and version, estimator class, resolved options (`params`), feature names,
 * class labels (classifiers) and the tree.
 */
export interface ModelJson {
  format: typeof MODEL_FORMAT;
  version: 1 | typeof MODEL_FORMAT_VERSION;
  estimator: 'DecisionTreeClassifier' | 'DecisionTreeRegressor';
  params: Record<string, unknown>;
  featureNames: string[] | null;
  classes?: (string | number)[];
  tree: TreeJson;
}

/** Each field of TreeJson with its rule ([rule]: an array of such values), in the order they are checked. */
const TREE_FIELDS: Readonly<Record<keyof TreeJson, FieldRule>> = {
  nodeCount: intAtLeast(1),
  nFeatures: intAtLeast(1),
  nOutputs: intAtLeast(1),
  kind: [among(LEAF, AXIS, OBLIQUE)],
  left: [int],
  right: [int],
  feature: [int],
  threshold: [orNull(finite)],
  missingGoToLeft: [among(0, 1)],
  impurity: [finite],
  nSamples: [count],
  weightedNSamples: [finite],
  value: [finite],
  obliqueOffset: [count],
  obliqueLength: [count],
  obliqueFeatures: [count],
  obliqueWeights: [finite],
  catOffset: [count],
  catCount: [count],
  catFeature: [count],
  catValuesOffset: [count],
  catLevels: [count],
  catValues: [orNull(finite)],
};
const TREE_OPTIONAL: readonly string[] = ['missingGoToLeft', 'catOffset', 'catCount', 'catFeature', 'catValuesOffset', 'catLevels', 'catValues'];

const string = typed('string');
// format and version are readEnvelope's checks, made before these.
const MODEL_FIELDS: Readonly<Record<Exclude<keyof ModelJson, 'tree' | 'format' | 'version'>, FieldRule>> = {
  estimator: among('DecisionTreeClassifier', 'DecisionTreeRegressor'),
  params: record,
  featureNames: [string, 'or null'],
  classes: [(v) => (string(v) === null || finite(v) === null ? null : 'invalid input')],
};

/** A model file's fields checked (readEnvelope's schema): the first issue, with its path. */
const modelSchema: ParseSchema & { safeParse(v: unknown): { success: true; data: ModelJson } | { success: false; error: { issues: Issue[] } } } = {
  safeParse(v) {
    const issue = checkFields(v, MODEL_FIELDS, [], ['classes']) ?? checkFields((v as { tree: unknown }).tree, TREE_FIELDS, ['tree'], TREE_OPTIONAL);
    return issue === null ? { success: true, data: v as ModelJson } : { success: false, error: { issues: [issue] } };
  },
};

/**
 * A fitted tree estimator as the model file sees it (DecisionTreeClassifier/Regressor, TreeClassifier/
 * Regressor): structural, so that this file never imports the estimators (they import it for toJSON).
 */
export interface FittedTreeEstimator {
  readonly task: 'classification' | 'regression';
  readonly options: ResolvedTreeOptions;
  readonly tree: Tree;
  readonly featureNames: string[] | null;
  /** Classifiers only. */
  readonly classes?: (string | number)[];
  readonly [OPTION_TABLE]: OptionTable<ResolvedTreeOptions>;
  /** Installs a loaded model's fitted state (the model file reader's hook, not for users). */
  [RESTORE](state: RestoreState<Tree>): void;
}

/**
 * A tree embedded in another model file (a forest member) read by the tree file's own rules: the
 * field rules of TREE_FIELDS (paths under `at`), the 2^24 nFeatures bound, then treeFromJson's
 * structure and statistics. Version 1 holds no `missingGoToLeft` (NaN goes to the larger child).
 */
export function readTreeJson(value: unknown, at: string, version: number): Tree {
  const issue = checkFields(value, TREE_FIELDS, [at], TREE_OPTIONAL);
  if (issue !== null) throw new ModelFormatError(`invalid model at ${issue.path.join('.')}: ${issue.message}`);
  const j = value as TreeJson;
  checkLoadedFeatures(j.nFeatures, null);
  try {
    return treeFromJson(j, version >= 2 ? 'required' : 'legacy');
  } catch (e) {
    if (e instanceof ModelFormatError) throw new ModelFormatError(`invalid model at ${at}: ${e.message}`);
    throw e;
  }
}

/**
 * Most class values (nodes × outputs) a tree file holds: `tree.value` is dense in the file (a sparse
 * encoding needs a new format version), and JSON text of more could pass what a string may hold.
 * 2^24 numbers are at most some 400 MB of text.
 */
export const MAX_SAVED_VALUES = 2 ** 24;

/** A tree's arrays as plain JSON (TreeJson); throws InvalidArgumentError above MAX_SAVED_VALUES node × class values. */
export function treeToJson(t: Tree): TreeJson {
  if (!(t instanceof Tree)) throw new InvalidArgumentError('tree', 'a Tree (a fitted model\'s .tree)', t);
  const n = t.nodeCount;
  // Checked before reading t.value (which would turn a sparse tree dense: nodes × classes numbers).
  if (n * t.nOutputs > MAX_SAVED_VALUES) {
    throw new InvalidArgumentError('model', `a tree of at most ${MAX_SAVED_VALUES} node × class values to save (the file stores them dense)`, `${n} nodes × ${t.nOutputs} classes`);
  }
  return {
    nodeCount: n,
    nFeatures: t.nFeatures,
    nOutputs: t.nOutputs,
    kind: Array.from(t.kind.subarray(0, n)) as TreeJson['kind'],
    left: Array.from(t.left.subarray(0, n)),
    right: Array.from(t.right.subarray(0, n)),
    feature: Array.from(t.feature.subarray(0, n)),
    threshold: Array.from(t.threshold.subarray(0, n), (v) => (v === Number.POSITIVE_INFINITY ? null : v)),
    missingGoToLeft: Array.from(t.missingGoToLeft.subarray(0, n)) as (0 | 1)[],
    impurity: Array.from(t.impurity.subarray(0, n)),
    nSamples: Array.from(t.nSamples.subarray(0, n)),
    weightedNSamples: Array.from(t.weightedNSamples.subarray(0, n)),
    value: Array.from(t.value.subarray(0, n * t.nOutputs)),
    obliqueOffset: Array.from(t.obliqueOffset.subarray(0, n)),
    obliqueLength: Array.from(t.obliqueLength.subarray(0, n)),
    obliqueFeatures: Array.from(t.obliqueFeatures.subarray(0, t.obliqueUsed)),
    obliqueWeights: Array.from(t.obliqueWeights.subarray(0, t.obliqueUsed)),
    ...(t.catEntriesUsed > 0
      ? {
          catOffset: Array.from(t.catOffset.subarray(0, n)),
          catCount: Array.from(t.catCount.subarray(0, n)),
          catFeature: Array.from(t.catFeature.subarray(0, t.catEntriesUsed)),
          catValuesOffset: Array.from(t.catValuesOffset.subarray(0, t.catEntriesUsed)),
          catLevels: Array.from(t.catLevels.subarray(0, t.catEntriesUsed)),
          catValues: Array.from(t.catValues.subarray(0, t.catValuesUsed), (v) => (Number.isNaN(v) ? null : v)),
        }
      : {}),
  };
}

/**
 * Rebuilds a Tree from JSON after checking every structural invariant a predictor relies on.
 * `missingSides`: 'required' (current files) or 'legacy' (files written before missing values:
 * `missingGoToLeft` absent, each axis node sends NaN to its child with more training samples).
 */
export function treeFromJson(j: TreeJson, missingSides: 'required' | 'legacy' = 'required'): Tree {
  const bad = (msg: string): never => {
    throw new ModelFormatError(`invalid tree: ${msg}`);
  };
  if (typeof j !== 'object' || j === null || Array.isArray(j)) bad('not a tree object');
  if (missingSides !== 'required' && missingSides !== 'legacy') throw new InvalidArgumentError('missingSides', "'required' or 'legacy'", missingSides);
  const n = j.nodeCount;
  // Sizes first: nothing is allocated from nodeCount before the arrays the file holds agree with it.
  for (const key of ['kind', 'left', 'right', 'feature', 'threshold', 'impurity', 'nSamples', 'weightedNSamples', 'obliqueOffset', 'obliqueLength', 'value', 'obliqueFeatures', 'obliqueWeights'] as const) {
    if (!Array.isArray(j[key])) bad(`${key} is not an array`);
  }
  for (const key of ['kind', 'left', 'right', 'feature', 'threshold', 'impurity', 'nSamples', 'weightedNSamples', 'obliqueOffset', 'obliqueLength'] as const) {
    if (j[key].length !== n) bad(`${key} has ${j[key].length} entries but nodeCount is ${n}`);
  }
  const sides = readMissingSides(j, missingSides, bad);
  if (j.value.length !== n * j.nOutputs) bad(`value has ${j.value.length} entries, expected nodeCount*nOutputs = ${n * j.nOutputs}`);
  if (j.obliqueFeatures.length !== j.obliqueWeights.length) bad('obliqueFeatures and obliqueWeights differ in length');
  const parents = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    if (j.kind[i] === LEAF) {
      if (j.left[i] !== -1 || j.right[i] !== -1) bad(`leaf node ${i} has children`);
      continue;
    }
    for (const c of [j.left[i]!, j.right[i]!]) {
      // Children after parents makes cycles impossible; one parent each makes it a tree.
      if (!(c > i && c < n)) bad(`node ${i} has child id ${c} (must be in (${i}, ${n}))`);
      if (++parents[c]! > 1) bad(`node ${c} has more than one parent`);
    }
    if (j.kind[i] === AXIS && !(j.feature[i]! >= 0 && j.feature[i]! < j.nFeatures)) {
      bad(`node ${i} splits on feature ${j.feature[i]} but the model has ${j.nFeatures} features`);
    }
    if (j.kind[i] === OBLIQUE) {
      const off = j.obliqueOffset[i]!;
      const len = j.obliqueLength[i]!;
      if (len < 1 || off + len > j.obliqueFeatures.length) bad(`node ${i} has oblique weights outside the pool`);
      // Importances share a split's decrease by |weight| / Σ|weight|: the sum must be finite and > 0.
      let total = 0;
      for (let k = off; k < off + len; k++) total += Math.abs(j.obliqueWeights[k]!);
      if (!(total > 0 && Number.isFinite(total))) bad(`node ${i} has oblique weights whose absolute sum is ${total} (must be finite and > 0)`);
      for (let k = off; k < off + len; k++) {
        if (j.obliqueFeatures[k]! >= j.nFeatures) bad(`node ${i} uses feature ${j.obliqueFeatures[k]} of ${j.nFeatures}`);
      }
    }
  }
  for (let i = 1; i < n; i++) if (parents[i] !== 1) bad(`node ${i} is not reachable from the root`);
  checkNodeStatistics(j);
  const cat = readCategoricalMaps(j, bad);
  const t = new Tree(j.nFeatures, j.nOutputs, n);
  for (let i = 0; i < n; i++) {
    t.addNode(-1, true, { impurity: j.impurity[i]!, nSamples: j.nSamples[i]!, weightedNSamples: j.weightedNSamples[i]! });
  }
  t.value.set(j.value);
  for (let i = 0; i < n; i++) {
    if (j.kind[i] === LEAF) continue;
    t.left[i] = j.left[i]!;
    t.right[i] = j.right[i]!;
    if (j.kind[i] === AXIS) t.setAxisSplit(i, j.feature[i]!, j.threshold[i] ?? Number.POSITIVE_INFINITY, sides[i]!);
    else {
      const off = j.obliqueOffset[i]!;
      const len = j.obliqueLength[i]!;
      t.setObliqueSplit(i, j.obliqueFeatures.slice(off, off + len), j.obliqueWeights.slice(off, off + len), j.threshold[i]!);
    }
    const maps = cat[i];
    if (maps && maps.length > 0) t.setCategoricalMaps(i, maps);
  }
  return t;
}

/**
 * Where NaN goes at each node: checked (0 or 1, 1 only on axis splits; +Infinity thresholds only on
 * axis splits sending NaN right, the one split that has them) or, for legacy files, derived.
 */
function readMissingSides(j: TreeJson, mode: 'required' | 'legacy', bad: (msg: string) => never): Uint8Array {
  const n = j.nodeCount;
  const out = new Uint8Array(n);
  const given = j.missingGoToLeft;
  if (mode === 'legacy') {
    if (given !== undefined) bad('missingGoToLeft is not part of this format version');
  } else if (given === undefined) bad('missingGoToLeft is missing');
  else if (given.length !== n) bad(`missingGoToLeft has ${given.length} entries but nodeCount is ${n}`);
  for (let i = 0; i < n; i++) {
    const axis = j.kind[i] === AXIS;
    if (j.threshold[i] === null && !(axis && mode === 'required' && given![i] === 0)) {
      bad(`node ${i} has threshold null (+Infinity), allowed only on an axis split sending NaN right`);
    }
    if (mode === 'legacy') {
      // scikit-learn's side for a node without missing values in training: the child with more samples.
      if (axis) out[i] = j.nSamples[j.left[i]!]! > j.nSamples[j.right[i]!]! ? 1 : 0;
    } else {
      const v = given![i]!;
      if (v !== 0 && v !== 1) bad(`missingGoToLeft[${i}] is ${JSON.stringify(v)} (must be 0 or 1)`);
      if (v === 1 && !axis) bad(`missingGoToLeft[${i}] is 1 on a ${j.kind[i] === LEAF ? 'leaf' : 'oblique split'} (NaN has a side only at axis splits)`);
      out[i] = v;
    }
  }
  return out;
}

/**
 * The node statistics against what they mean: sample counts fit int32, weights and impurities are
 * finite and non-negative, a child weighs no more than its parent, the root weighs more than zero and
 * weight × impurity is finite (feature importances would otherwise be NaN).
 */
export function checkNodeStatistics(j: Pick<TreeJson, 'nodeCount' | 'kind' | 'left' | 'right' | 'impurity' | 'nSamples' | 'weightedNSamples'>): void {
  const at = (field: string, i: number, v: number, must: string): never => {
    throw new ModelFormatError(`invalid model at tree.${field}[${i}]: ${v} (${must})`);
  };
  for (let i = 0; i < j.nodeCount; i++) {
    const ns = j.nSamples[i]!;
    if (ns > MAX_NODE_SAMPLES) at('nSamples', i, ns, `must be at most ${MAX_NODE_SAMPLES}`);
    const w = j.weightedNSamples[i]!;
    if (!(w >= 0)) at('weightedNSamples', i, w, 'must be >= 0');
    if (i === 0 && !(w > 0)) at('weightedNSamples', i, w, 'the root must weigh more than 0');
    const imp = j.impurity[i]!;
    if (!(imp >= 0)) at('impurity', i, imp, 'must be >= 0');
    if (!Number.isFinite(w * imp)) at('impurity', i, imp, `times the node weight ${w} must be finite`);
    if (j.kind[i] !== LEAF) {
      const l = j.left[i]!;
      const r = j.right[i]!;
      for (const c of [l, r]) {
        // Relative slack: weights are sums of floats, summed in another order in each child.
        if (j.weightedNSamples[c]! > w * (1 + 1e-9) + 1e-9) at('weightedNSamples', c, j.weightedNSamples[c]!, `a child must not weigh more than its parent's ${w}`);
        if (j.nSamples[c]! > ns) at('nSamples', c, j.nSamples[c]!, `a child must not hold more samples than its parent's ${ns}`);
      }
      // A split never raises the weighted impurity (the criteria are concave); a file where it does
      // would give negative feature importances, and others above 1.
      const parentRisk = w * imp;
      const childRisk = j.weightedNSamples[l]! * j.impurity[l]! + j.weightedNSamples[r]! * j.impurity[r]!;
      if (!(childRisk <= parentRisk * (1 + 1e-7) + 1e-12)) {
        at('impurity', i, imp, `the children's weighted impurity ${childRisk} exceeds this node's ${parentRisk}`);
      }
    }
  }
}

/** Per node, the categorical maps of a tree JSON (all-or-nothing fields, every index checked). */
function readCategoricalMaps(j: TreeJson, bad: (msg: string) => never): { feature: number; values: number[] }[][] {
  const fields = [j.catOffset, j.catCount, j.catFeature, j.catValuesOffset, j.catLevels, j.catValues];
  const present = fields.filter((f) => f !== undefined).length;
  if (present === 0) return [];
  if (present !== fields.length) bad('categorical map fields must be all present or all absent');
  const n = j.nodeCount;
  const off = j.catOffset!;
  const cnt = j.catCount!;
  if (off.length !== n || cnt.length !== n) bad(`catOffset/catCount must have ${n} entries`);
  const E = j.catFeature!.length;
  if (j.catValuesOffset!.length !== E || j.catLevels!.length !== E) bad('catFeature, catValuesOffset and catLevels differ in length');
  const out: { feature: number; values: number[] }[][] = [];
  for (let i = 0; i < n; i++) {
    const maps: { feature: number; values: number[] }[] = [];
    if (cnt[i]! > 0 && off[i]! + cnt[i]! > E) bad(`node ${i} has categorical maps outside the pool`);
    for (let e = off[i]!; e < off[i]! + cnt[i]!; e++) {
      const f = j.catFeature![e]!;
      if (f >= j.nFeatures) bad(`node ${i} maps feature ${f} of ${j.nFeatures}`);
      const vo = j.catValuesOffset![e]!;
      const L = j.catLevels![e]!;
      if (vo + L > j.catValues!.length) bad(`node ${i} has categorical values outside the pool`);
      maps.push({ feature: f, values: j.catValues!.slice(vo, vo + L).map((v) => (v === null ? Number.NaN : v)) });
    }
    out.push(maps);
  }
  return out;
}

function paramsOf(model: FittedTreeEstimator): Record<string, unknown> {
  return saveParams(model[OPTION_TABLE], model.options, model.task);
}

/** A fitted model as a plain JSON-ready object (versioned; numbers round-trip exactly). */
export function modelToJson(model: FittedTreeEstimator): ModelJson {
  if (typeof model !== 'object' || model === null || typeof (model as Partial<FittedTreeEstimator>)[OPTION_TABLE] !== 'object') {
    throw new InvalidArgumentError('model', 'a fitted dt tree (DecisionTreeClassifier or DecisionTreeRegressor)', model);
  }
  const json: ModelJson = {
    format: MODEL_FORMAT,
    version: MODEL_FORMAT_VERSION,
    estimator: model.task === 'classification' ? 'DecisionTreeClassifier' : 'DecisionTreeRegressor',
    params: paramsOf(model),
    featureNames: model.featureNames,
    tree: treeToJson(model.tree),
  };
  if (model.task === 'classification') json.classes = model.classes!;
  return json;
}

/**
 * A fitted tree model as the JSON text of its model file (`dt-model` format, see ModelJson).
 * Throws InvalidArgumentError for a tree of more than MAX_SAVED_VALUES node × class values.
 */
export function serializeModel(model: FittedTreeEstimator): string {
  return JSON.stringify(modelToJson(model));
}

/**
 * loadModel, checking the file holds an `estimator` (DecisionTreeClassifier.fromJSON, DecisionTreeRegressor.fromJSON).
 * `create` builds it from the loaded options: the caller's class only, so a bundle of the classifier
 * does not carry the regressor (and its criteria) for fromJSON.
 */
export function loadModelAs<M extends FittedTreeEstimator>(input: string | unknown, estimator: ModelJson['estimator'], create: (params: never) => M): M {
  return readTreeModel(input, estimator, (_, params) => create(params));
}

export function readTreeModel<M extends FittedTreeEstimator>(
  input: string | unknown,
  want: ModelJson['estimator'] | null,
  create: (estimator: ModelJson['estimator'], params: never) => M,
): M {
  const j = readEnvelope(input, { format: MODEL_FORMAT, version: MODEL_FORMAT_VERSION, olderVersions: [1], what: 'a dt model', schema: modelSchema });
  if (want !== null && j.estimator !== want) throw new ModelFormatError(`the file holds a ${j.estimator}, not a ${want}`);
  checkLoadedFeatures(j.tree.nFeatures, j.featureNames);
  const tree = treeFromJson(j.tree, j.version === 1 ? 'legacy' : 'required');
  const featureNames = j.featureNames;
  if (j.estimator === 'DecisionTreeClassifier') {
    const classes = checkLoadedClasses(j.classes, tree.nOutputs);
    for (let i = 0; i < j.tree.nodeCount; i++) checkClassCounts(j.tree.value, i * tree.nOutputs, tree.nOutputs, i, 'tree.value');
    const m = constructLoaded(() => create(j.estimator, loadParams(j.params, 'classification', TREE_OPTION_LOADERS) as never));
    m[RESTORE]({ fitted: tree, featureNames, classes });
    return m;
  }
  if (tree.nOutputs !== 1) throw new ModelFormatError(`regressor trees have one output, found ${tree.nOutputs}`);
  const m = constructLoaded(() => create(j.estimator, loadParams(j.params, 'regression', TREE_OPTION_LOADERS) as never));
  m[RESTORE]({ fitted: tree, featureNames });
  return m;
}

declare module './model-registry.js' {
  interface ModelFormats {
    'dt-model': FittedTreeEstimator;
  }
}
