/**
 * The dt-forest file format: what a forest file holds and the rules it is read by. The member trees
 * are read by the tree file's own rules (core's readTreeJson: TREE_FIELDS, the 2^24 nFeatures bound,
 * then treeFromJson's structure and statistics); the forest's own fields by a table of the same
 * json-rules. This file never imports the estimators (they import it for toJSON/fromJSON): an
 * estimator names its kind (FOREST_KIND) and passes its own constructor to readForest.
 *
 * Version 4 is compact: member trees are not objects of number arrays but columns of one flat
 * node table for the whole forest (forest-columns.ts: base64 of little-endian typed arrays, each at
 * the narrowest exact dtype); each member names its node and oblique-weight counts, and the loader
 * expands the table back into the version 3 member trees before any rule runs, so every version is
 * checked by one set of rules.
 */
import type { ForestThreadSpec } from './fit-threads.js';
import { algorithmOptions, DecisionTreeClassifier, DecisionTreeRegressor, LEAF, treeToJson, type Tree, type TreeJson } from '@dt/core';
import {
  among,
  checkClassCounts,
  checkFields,
  checkLoadedClasses,
  checkLoadedFeatures,
  constructLoaded,
  finite,
  intAtLeast,
  loadParams,
  MAX_SAVED_VALUES,
  orNull,
  readEnvelope,
  readTreeJson,
  record,
  resolveTreeOptions,
  RESTORE,
  saveParams,
  TREE_OPTION_LOADERS,
  TREE_OPTIONS,
  typed,
  type FieldRule,
  type Rule,
} from '@dt/core/internal';
import { InvalidArgumentError, ModelFormatError } from '@dt/errors';
import { DecisionStreamClassifier, graphToJson, readGraphJson, STREAM_OPTIONS } from '@dt/stream';
import { RESTORE_ENSEMBLE, type EnsembleState } from './ensemble.js';
import { decodeColumn, encodeColumn, type Column } from './forest-columns.js';
import { ENSEMBLE_OPTIONS, type ResolvedEnsembleOptions } from './forest-options.js';

/** Name written into forest model files; loaders reject anything else. */
export const FOREST_FORMAT = 'dt-forest';
/**
 * 2 (issue #19): member trees carry `missingGoToLeft` and may have `null` (+Infinity) thresholds, as
 * dt-model version 2. Version 1 files still load (NaN then goes to the child with more samples).
 * 3: Decision Stream forests — their members hold a `graph` (dt-stream's graph JSON) instead of a
 * `tree`, their `treeParams` are stream options — and `subspace` may be 'sqrt' or 'log2'.
 * 4 (issue #28): member trees are stored as one table of base64 typed-array columns (`nodes`), each
 * member naming its `nodeCount` and `obliqueCount`; left, right, feature, threshold and missingGoToLeft
 * hold split nodes only. Versions 1–3 still load.
 */
export const FOREST_FORMAT_VERSION = 4;
const OLDER_VERSIONS = [1, 2, 3];

/** The algorithm name of Decision Stream forests (members are graphs, not trees). */
export const STREAM = 'decision-stream';

/** The estimator classes a forest file may hold. */
export const ESTIMATORS = ['RandomForestClassifier', 'RandomForestRegressor', 'ExtraTreesClassifier', 'ExtraTreesRegressor', 'AlgorithmForestClassifier'] as const;
export type ForestEstimator = (typeof ESTIMATORS)[number];

/**
 * The key under which a saveable forest class names what it is in files. A class, not `constructor.name`
 * (minifiers rename classes); a Bagging forest of custom members has none (no file can rebuild a factory).
 */
export const FOREST_KIND: unique symbol = Symbol('dt.ensemble.forestKind');

/** A member as stored in versions 1–3 (and as the fit workers send it): a tree, or a Decision Stream's graph. */
export interface MemberJson {
  seed: number;
  features: number[] | null;
  classes?: number[];
  /** A @dt/core tree (every forest but Decision Streams). */
  tree?: Record<string, unknown>;
  /** A Decision Stream graph (version 3, algorithm 'decision-stream'). */
  graph?: unknown;
}

/** A member as stored in version 4: its tree's node and oblique-weight counts in the forest's `nodes` table, or a graph. */
export interface CompactMemberJson {
  seed: number;
  features: number[] | null;
  classes?: number[];
  nodeCount?: number;
  obliqueCount?: number;
  graph?: unknown;
}

/** The columns of a version 4 file's node table: per node, per node × output (`value`), per oblique weight. */
export const NODE_COLUMNS = ['kind', 'left', 'right', 'feature', 'threshold', 'missingGoToLeft', 'impurity', 'nSamples', 'weightedNSamples', 'obliqueOffset', 'obliqueLength'] as const;
const POOL_COLUMNS = ['obliqueFeatures', 'obliqueWeights'] as const;
/** Node columns stored for split nodes only (a leaf's entries are fixed: -1, -1, -1, 0, 0). */
const SPLIT_COLUMNS: readonly string[] = ['left', 'right', 'feature', 'threshold', 'missingGoToLeft'];
const LEAF_ENTRY: Readonly<Record<string, number>> = { left: -1, right: -1, feature: -1, threshold: 0, missingGoToLeft: 0 };
type NodeTable = Record<(typeof NODE_COLUMNS)[number] | (typeof POOL_COLUMNS)[number] | 'value', Column>;

/** The head of a forest file: what rebuilds the unfitted forest (estimator, options); also what the fit workers receive. */
export interface ForestSpec {
  estimator: ForestEstimator;
  params: Record<string, unknown>;
  treeParams: Record<string, unknown>;
  algorithm?: string;
  subspace?: number | 'sqrt' | 'log2' | null;
}

/** A forest file (version 4, as written). */
export interface ForestJson extends ForestSpec {
  format: typeof FOREST_FORMAT;
  version: 1 | 2 | 3 | typeof FOREST_FORMAT_VERSION;
  nFeatures: number;
  featureNames: string[] | null;
  classes?: (string | number)[];
  oobScore?: number | null;
  members: CompactMemberJson[];
  /** Version 4: the member trees' node table (absent in Decision Stream forests). */
  nodes?: NodeTable;
}

/** A forest file as its members are checked: version 1–3 members (a version 4 file expanded). */
type ExpandedForestJson = Omit<ForestJson, 'members' | 'nodes'> & { members: MemberJson[] };

const string = typed('string');
const count = intAtLeast(0);
const label: Rule = (v) => (string(v) === null || finite(v) === null ? null : 'invalid input');
const subspace: Rule = (v) => (finite(v) === null || v === 'sqrt' || v === 'log2' ? null : 'invalid input');

// format and version are readEnvelope's checks, made before these.
const FOREST_FIELDS: Readonly<Record<Exclude<keyof ForestJson, 'format' | 'version'>, FieldRule>> = {
  estimator: among(...ESTIMATORS),
  params: record,
  treeParams: record,
  algorithm: string,
  subspace: orNull(subspace),
  nFeatures: intAtLeast(1),
  featureNames: [string, 'or null'],
  classes: [label],
  oobScore: orNull(finite),
  members: [record],
  nodes: record,
};
const FOREST_OPTIONAL = ['algorithm', 'subspace', 'classes', 'oobScore', 'nodes'];

const MEMBER_FIELDS: Readonly<Record<keyof MemberJson, FieldRule>> = {
  seed: count,
  features: [count, 'or null'],
  classes: [count],
  tree: record,
  graph: () => null,
};
const COMPACT_MEMBER_FIELDS: Readonly<Record<keyof CompactMemberJson, FieldRule>> = {
  seed: count,
  features: [count, 'or null'],
  classes: [count],
  nodeCount: intAtLeast(1),
  obliqueCount: count,
  graph: () => null,
};

/** A forest file's fields checked (readEnvelope's schema); members by the rules of the file's version. */
const forestSchema = {
  safeParse(v: unknown) {
    const issue = checkFields(v, FOREST_FIELDS, [], FOREST_OPTIONAL);
    if (issue !== null) return { success: false as const, error: { issues: [issue] } };
    const j = v as ForestJson;
    if (j.members.length < 1) return { success: false as const, error: { issues: [{ path: ['members'], message: 'expected at least 1 member' }] } };
    const rules = j.version === FOREST_FORMAT_VERSION ? COMPACT_MEMBER_FIELDS : MEMBER_FIELDS;
    const optional = j.version === FOREST_FORMAT_VERSION ? ['classes', 'nodeCount', 'obliqueCount', 'graph'] : ['classes', 'tree', 'graph'];
    for (let i = 0; i < j.members.length; i++) {
      const mi = checkFields(j.members[i], rules, ['members', i], optional);
      if (mi !== null) return { success: false as const, error: { issues: [mi] } };
    }
    return { success: true as const, data: j };
  },
};

/** A forest as the file sees it: structural, so that this file never imports the estimator classes. */
export interface SavableForest {
  readonly [FOREST_KIND]?: ForestEstimator;
  readonly options: ResolvedEnsembleOptions;
  readonly estimators: readonly unknown[];
  readonly estimatorsFeatures: readonly (Int32Array | null)[];
  readonly nFeatures: number;
  readonly featureNames: string[] | null;
  readonly oobScoreOrNull: number | null;
  /** Classifiers. */
  readonly classes?: (string | number)[];
  /** Random forests and extra trees: every tree's options. */
  readonly treeOptions?: Readonly<Record<string, unknown>>;
  /** AlgorithmForestClassifier: the algorithm, its members' options and subspace. */
  readonly algorithm?: string;
  readonly memberOptions?: Readonly<Record<string, unknown>>;
  readonly maxFeatures?: number | 'sqrt' | 'log2' | null;
}

/** The estimator name a forest is saved under; InvalidArgumentError for forests no file can rebuild. */
export function forestKind(model: SavableForest): ForestEstimator {
  const kind = (model as { [FOREST_KIND]?: ForestEstimator } | null)?.[FOREST_KIND];
  if (kind !== undefined) return kind;
  // A Bagging forest's members come from a factory (code): no file or worker thread can rebuild them.
  const name = (model as object)?.constructor?.name ?? typeof model;
  throw new InvalidArgumentError('model', 'a random forest, extra trees or algorithmForest (a Bagging forest of custom members has no file format and fits on one thread)', name);
}

/** The spec of a forest of @dt/core trees or Decision Streams (forests of every kind this package names). */
export function forestSpec(model: SavableForest): ForestSpec {
  const estimator = forestKind(model);
  const task = estimator.endsWith('Regressor') ? 'regression' : 'classification';
  const algorithm = estimator === 'AlgorithmForestClassifier' ? model.algorithm! : undefined;
  let treeParams: Record<string, unknown>;
  if (algorithm === STREAM) {
    // Every member's stream options (resolved, without the member's seed).
    treeParams = saveParams(STREAM_OPTIONS, new DecisionStreamClassifier({ ...model.memberOptions }).options, 'classification');
    delete treeParams.seed;
  } else {
    // Every member's full tree options (an algorithm's criterion and projection included).
    const raw = algorithm !== undefined ? algorithmOptions(algorithm, { ...model.memberOptions }) : { ...model.treeOptions };
    treeParams = saveParams(TREE_OPTIONS, resolveTreeOptions(raw, task), task);
  }
  return {
    estimator,
    params: saveParams(ENSEMBLE_OPTIONS, model.options, task),
    treeParams,
    ...(algorithm === undefined ? {} : { algorithm, subspace: model.maxFeatures ?? null }),
  };
}

/** A fitted member of any forest kind this package saves. */
export type ForestMember = DecisionTreeClassifier | DecisionTreeRegressor | DecisionStreamClassifier;

/** One fitted member as stored in versions 1–3 (and sent by fit workers): a tree, or a Decision Stream's graph. */
export function memberToJson(m: ForestMember, features: Int32Array | null): MemberJson {
  const head = { seed: m.options.seed, features: features === null ? null : Array.from(features) };
  if (m instanceof DecisionStreamClassifier) return { ...head, classes: m.classes as number[], graph: graphToJson(m.graph) };
  checkSavable(m.tree);
  return {
    ...head,
    ...(m instanceof DecisionTreeClassifier ? { classes: m.classes as number[] } : {}),
    tree: treeToJson(m.tree) as unknown as Record<string, unknown>,
  };
}

function checkSavable(tree: Tree): void {
  if (tree.catEntriesUsed > 0) throw new ModelFormatError('forests with categorical features cannot be saved yet');
}

/** A fitted forest as a JSON-ready object (version 4): shared params once, the member trees as one table of typed columns. */
export function forestToJson(model: SavableForest): ForestJson {
  const spec = forestSpec(model);
  const isC = !spec.estimator.endsWith('Regressor');
  const members = model.estimators as ForestMember[];
  const out: CompactMemberJson[] = [];
  const trees: Tree[] = [];
  for (let i = 0; i < members.length; i++) {
    const m = members[i]!;
    const features = model.estimatorsFeatures[i]!;
    const head = { seed: m.options.seed, features: features === null ? null : Array.from(features) };
    if (m instanceof DecisionStreamClassifier) {
      out.push({ ...head, classes: m.classes as number[], graph: graphToJson(m.graph) });
      continue;
    }
    checkSavable(m.tree);
    // The tree file's bound on dense values (treeToJson's), checked before anything is copied.
    if (m.tree.nodeCount * m.tree.nOutputs > MAX_SAVED_VALUES) {
      throw new InvalidArgumentError('model', `trees of at most ${MAX_SAVED_VALUES} node × class values to save (the file stores them dense)`, `member ${i}: ${m.tree.nodeCount} nodes × ${m.tree.nOutputs} classes`);
    }
    trees.push(m.tree);
    out.push({ ...head, ...(m instanceof DecisionTreeClassifier ? { classes: m.classes as number[] } : {}), nodeCount: m.tree.nodeCount, obliqueCount: m.tree.obliqueUsed });
  }
  return {
    format: FOREST_FORMAT,
    version: FOREST_FORMAT_VERSION,
    ...spec,
    nFeatures: model.nFeatures,
    featureNames: model.featureNames,
    ...(isC ? { classes: model.classes! } : {}),
    oobScore: model.oobScoreOrNull,
    members: out,
    ...(trees.length > 0 ? { nodes: nodeTable(trees) } : {}),
  };
}

/** The split (non-leaf) node ids of a tree, ascending. */
function splitNodes(t: Tree): Int32Array {
  const out: number[] = [];
  for (let v = 0; v < t.nodeCount; v++) if (t.kind[v] !== LEAF) out.push(v);
  return Int32Array.from(out);
}

/** The member trees' arrays concatenated (members in order), one column per field. */
function nodeTable(trees: readonly Tree[]): NodeTable {
  let nodes = 0;
  let values = 0;
  let pool = 0;
  for (const t of trees) {
    nodes += t.nodeCount;
    values += t.nodeCount * t.nOutputs;
    pool += t.obliqueUsed;
  }
  const concat = (length: number, part: (t: Tree) => ArrayLike<number>): Column => {
    const all = new Float64Array(length);
    let o = 0;
    for (const t of trees) {
      const p = part(t);
      all.set(p, o);
      o += p.length;
    }
    return encodeColumn(all);
  };
  let splits = 0;
  for (const t of trees) for (let v = 0; v < t.nodeCount; v++) if (t.kind[v] !== LEAF) splits++;
  const table: Partial<NodeTable> = {};
  for (const key of NODE_COLUMNS) {
    if (SPLIT_COLUMNS.includes(key)) {
      // Split nodes only: a leaf's are always the same (no children, feature -1, threshold 0, NaN right).
      table[key] = concat(splits, (t) => Float64Array.from(splitNodes(t), (v) => t[key][v]!));
      continue;
    }
    table[key] = concat(nodes, (t) => t[key].subarray(0, t.nodeCount));
  }
  table.value = concat(values, (t) => t.value.subarray(0, t.nodeCount * t.nOutputs));
  table.obliqueFeatures = concat(pool, (t) => t.obliqueFeatures.subarray(0, t.obliqueUsed));
  table.obliqueWeights = concat(pool, (t) => t.obliqueWeights.subarray(0, t.obliqueUsed));
  return table as NodeTable;
}

/** A fitted forest as model-file JSON text (what JSON.stringify(forest) gives). */
export function serializeForest(model: SavableForest): string {
  return JSON.stringify(forestToJson(model));
}

/**
 * A version 4 file's members as version 3 members (each tree an object of number arrays, +Infinity
 * thresholds as null), for the tree file's rules to check. Every count is checked against what the
 * columns hold before anything is sliced: sizes are bounded by the file.
 */
function expandMembers(j: ForestJson): MemberJson[] {
  const members = j.members;
  const trees = members.filter((m) => m.graph === undefined);
  if (trees.length === 0) {
    if (j.nodes !== undefined) throw new ModelFormatError('invalid model at nodes: a forest of Decision Streams has no node table');
    return members as MemberJson[];
  }
  if (j.nodes === undefined) throw new ModelFormatError('invalid model at nodes: the member trees\' node table is missing');
  const cols: Partial<Record<keyof NodeTable, Float64Array>> = {};
  for (const key of [...NODE_COLUMNS, 'value', ...POOL_COLUMNS] as const) cols[key] = decodeColumn((j.nodes as Record<string, unknown>)[key], `nodes.${key}`);
  const isC = !j.estimator.endsWith('Regressor');
  let nodes = 0;
  let values = 0;
  let pool = 0;
  members.forEach((m, i) => {
    if (m.graph !== undefined) return;
    if (m.nodeCount === undefined || m.obliqueCount === undefined) throw new ModelFormatError(`invalid model at members.${i}: a tree member needs nodeCount and obliqueCount`);
    nodes += m.nodeCount;
    values += m.nodeCount * (isC ? (m.classes?.length ?? 0) : 1);
    pool += m.obliqueCount;
  });
  for (const key of NODE_COLUMNS) {
    if (SPLIT_COLUMNS.includes(key)) continue;
    if (cols[key]!.length !== nodes) throw new ModelFormatError(`invalid model at nodes.${key}: ${cols[key]!.length} values, but the members' nodeCounts sum to ${nodes}`);
  }
  let splits = 0;
  for (let v = 0; v < nodes; v++) if (cols.kind![v] !== LEAF) splits++;
  for (const key of SPLIT_COLUMNS) {
    const n = cols[key as keyof NodeTable]!.length;
    if (n !== splits) throw new ModelFormatError(`invalid model at nodes.${key}: ${n} values, but nodes.kind has ${splits} split nodes`);
  }
  if (cols.value!.length !== values) throw new ModelFormatError(`invalid model at nodes.value: ${cols.value!.length} values, expected ${values} (each member's nodeCount × its classes)`);
  for (const key of POOL_COLUMNS) if (cols[key]!.length !== pool) throw new ModelFormatError(`invalid model at nodes.${key}: ${cols[key]!.length} values, but the members' obliqueCounts sum to ${pool}`);
  let o = 0;
  let v = 0;
  let p = 0;
  let q = 0;
  return members.map((m): MemberJson => {
    const { nodeCount: n, obliqueCount: k, ...head } = m;
    if (m.graph !== undefined) {
      if (n !== undefined || k !== undefined) throw new ModelFormatError('invalid model at members: a Decision Stream member holds a graph, not nodes');
      return head;
    }
    const nOutputs = isC ? (m.classes?.length ?? 0) : 1;
    const kinds = cols.kind!.subarray(o, o + n!);
    let ms = 0;
    for (let i = 0; i < kinds.length; i++) if (kinds[i] !== LEAF) ms++;
    const part = (key: (typeof NODE_COLUMNS)[number]): number[] => {
      if (!SPLIT_COLUMNS.includes(key)) return Array.from(cols[key]!.subarray(o, o + n!));
      // Split-node entries in node order; leaves get their fixed entry.
      const src = cols[key]!;
      const out = new Array<number>(n!);
      for (let i = 0, k = q; i < n!; i++) out[i] = kinds[i] !== LEAF ? src[k++]! : LEAF_ENTRY[key]!;
      return out;
    };
    const tree: TreeJson = {
      nodeCount: n!,
      nFeatures: m.features === null ? j.nFeatures : m.features.length,
      nOutputs,
      kind: part('kind') as TreeJson['kind'],
      left: part('left'),
      right: part('right'),
      feature: part('feature'),
      threshold: part('threshold').map((t) => (t === Number.POSITIVE_INFINITY ? null : t)),
      missingGoToLeft: part('missingGoToLeft') as TreeJson['missingGoToLeft'],
      impurity: part('impurity'),
      nSamples: part('nSamples'),
      weightedNSamples: part('weightedNSamples'),
      value: Array.from(cols.value!.subarray(v, v + n! * nOutputs)),
      obliqueOffset: part('obliqueOffset'),
      obliqueLength: part('obliqueLength'),
      obliqueFeatures: Array.from(cols.obliqueFeatures!.subarray(p, p + k!)),
      obliqueWeights: Array.from(cols.obliqueWeights!.subarray(p, p + k!)),
    };
    o += n!;
    q += ms;
    v += n! * nOutputs;
    p += k!;
    return { ...head, tree: tree as unknown as Record<string, unknown> };
  });
}

/**
 * A version 4 forest file as the version 3 file of the same forest (member trees as objects of number
 * arrays): what the loader checks, also for tests and the fuzz campaign to edit member trees field by field.
 */
export function expandForestJson(input: string | unknown): Omit<ForestJson, 'members' | 'nodes' | 'version'> & { version: 3; members: MemberJson[] } {
  const j = readEnvelope(input, { format: FOREST_FORMAT, version: FOREST_FORMAT_VERSION, olderVersions: [], what: 'a dt forest version 4', schema: forestSchema }) as ForestJson;
  const { nodes: _nodes, members: _members, ...head } = j;
  void _nodes;
  void _members;
  return { ...head, version: 3, members: expandMembers(j) };
}

/** What a forest's constructor gets from a file: the loaded ensemble options and the members' options. */
export interface LoadedSpec {
  spec: ForestSpec;
  /** Ensemble options (params). */
  params: Record<string, unknown>;
  /** Every member's options, without a seed. */
  memberOptions: Record<string, unknown>;
}

/** The options of a spec as its constructors take them (validated by the constructors, not here). */
export function loadSpec(spec: ForestSpec): LoadedSpec {
  const task = spec.estimator.endsWith('Regressor') ? 'regression' : 'classification';
  const memberOptions = spec.algorithm === STREAM ? loadParams(spec.treeParams, 'classification') : loadParams(spec.treeParams, task, TREE_OPTION_LOADERS);
  delete memberOptions.seed;
  return { spec, params: loadParams(spec.params, task), memberOptions };
}

/** A forest the file can restore a fitted state into (any member type: the state is built for the file's estimator). */
export interface RestorableForest {
  [RESTORE_ENSEMBLE](state: never): void;
}

/**
 * Validates and loads a forest file (JSON text or parsed object). `create` builds the unfitted
 * forest of the file's estimator (null: not a kind the caller makes; the error names the file's).
 */
export function readForest<M extends RestorableForest>(input: string | unknown, create: (loaded: LoadedSpec) => M | null, want = 'forest of the kind asked for'): M {
  const j = readEnvelope(input, { format: FOREST_FORMAT, version: FOREST_FORMAT_VERSION, olderVersions: OLDER_VERSIONS, what: 'a dt forest', schema: forestSchema }) as ForestJson;
  if (j.algorithm === STREAM && j.version < 3) throw new ModelFormatError(`invalid model at version: Decision Stream forests are dt-forest version 3 or later, found ${j.version}`);
  if (j.version < FOREST_FORMAT_VERSION && j.nodes !== undefined) throw new ModelFormatError(`invalid model at nodes: not part of dt-forest version ${j.version}`);
  const isC = !j.estimator.endsWith('Regressor');
  // The tree files' rules: nFeatures <= 2^24 and as many names; classes distinct.
  checkLoadedFeatures(j.nFeatures, j.featureNames);
  const C = isC ? (j.classes ?? []).length : 0;
  if (isC && C < 1) throw new ModelFormatError('a forest classifier needs its classes');
  if (isC) checkLoadedClasses(j.classes, C);
  else if (j.classes !== undefined) throw new ModelFormatError('invalid model at classes: a regression forest has no classes');
  const oob = j.oobScore ?? null;
  // Accuracy is in [0, 1]; R² is at most 1.
  if (oob !== null && !(oob <= 1 && (!isC || oob >= 0))) throw new ModelFormatError(`invalid model at oobScore: ${oob} (${isC ? 'an accuracy in [0, 1]' : 'an R² of at most 1'})`);
  const members: ExpandedForestJson['members'] = j.version === FOREST_FORMAT_VERSION ? expandMembers(j) : (j.members as MemberJson[]);
  const loaded = loadSpec(j);
  const model = constructLoaded(() => create(loaded));
  if (model === null) throw new ModelFormatError(`the file holds a ${j.estimator}, not a ${want}`);
  const fitted = members.map((mj, i) => memberFromJson(j, mj, `members.${i}`, j.nFeatures, C, j.version));
  const state: EnsembleState<ForestMember> = {
    members: fitted,
    features: members.map((m) => (m.features === null ? null : Int32Array.from(m.features))),
    nFeatures: j.nFeatures,
    featureNames: j.featureNames,
    classes: j.classes ?? null,
    oobScore: oob,
  };
  model[RESTORE_ENSEMBLE](state as never);
  return model;
}

/** Checks a member's subspace against its model width and the member's class codes against the forest's C classes. */
function checkMemberShape(mj: MemberJson, at: string, what: string, width: unknown, nOutputs: number, nFeatures: number, C: number): number[] {
  const expected = mj.features === null ? nFeatures : mj.features.length;
  if (width !== expected) throw new ModelFormatError(`invalid model at ${at}: the ${what} has ${String(width)} features, expected ${expected}`);
  if (mj.features !== null) {
    const seen = new Set<number>();
    for (const f of mj.features) {
      if (f >= nFeatures) throw new ModelFormatError(`invalid model at ${at}.features: indices must be below ${nFeatures}`);
      if (seen.has(f)) throw new ModelFormatError(`invalid model at ${at}.features: feature ${f} appears twice`);
      seen.add(f);
    }
  }
  if (C === 0) return [];
  const classes = mj.classes ?? [];
  if (classes.length !== nOutputs || classes.some((c) => c >= C)) throw new ModelFormatError(`invalid model at ${at}.classes: ${nOutputs} class codes below ${C} expected`);
  if (new Set(classes).size !== classes.length) throw new ModelFormatError(`invalid model at ${at}.classes: class codes repeat (${classes.join(', ')})`);
  return classes;
}

/** A member from its (version 1–3) JSON, checked, as the estimator the forest holds; C = the forest's class count (0: regression). */
export function memberFromJson(spec: ForestSpec, mj: MemberJson, at: string, nFeatures: number, C: number, version: number = FOREST_FORMAT_VERSION): ForestMember {
  const isC = C > 0;
  const { memberOptions } = loadSpec(spec);
  if (spec.algorithm === STREAM) {
    if (mj.tree !== undefined || mj.graph === undefined) throw new ModelFormatError(`invalid model at ${at}: a Decision Stream forest's members hold a graph, not a tree`);
    // The width first (what the forest's header and subspace hold), then the graph.
    checkMemberShape(mj, at, 'graph', (mj.graph as { nFeatures?: unknown } | null)?.nFeatures, 0, nFeatures, 0);
    const graph = readGraphJson(mj.graph, `${at}.graph`);
    const classes = checkMemberShape(mj, at, 'graph', graph.nFeatures, graph.nOutputs, nFeatures, C);
    if (!isC) throw new ModelFormatError(`invalid model at ${at}: Decision Stream forests classify`);
    const m = constructLoaded(() => new DecisionStreamClassifier({ ...memberOptions, seed: mj.seed } as never));
    m[RESTORE]({ fitted: graph, featureNames: null, classes });
    return m;
  }
  if (mj.graph !== undefined || mj.tree === undefined) throw new ModelFormatError(`invalid model at ${at}.tree: expected a tree (only Decision Stream forests hold graphs)`);
  const mt = mj.tree;
  if (mt.catOffset !== undefined) throw new ModelFormatError(`invalid model at ${at}.tree: forest trees carry no categorical maps`);
  checkMemberShape(mj, at, 'tree', mt.nFeatures, 0, nFeatures, 0);
  const tree = readTreeJson(mt, `${at}.tree`, version);
  const classes = checkMemberShape(mj, at, 'tree', tree.nFeatures, tree.nOutputs, nFeatures, C);
  const opts = { ...memberOptions, seed: mj.seed };
  if (isC) {
    // Class counts as a tree classifier's loader checks them (predictProba divides by their sum).
    for (let i = 0; i < tree.nodeCount; i++) checkClassCounts(mt.value as number[], i * tree.nOutputs, tree.nOutputs, i, `${at}.tree.value`);
    const m = constructLoaded(() => new DecisionTreeClassifier(opts as never));
    m[RESTORE]({ fitted: tree, featureNames: null, classes });
    return m;
  }
  if (tree.nOutputs !== 1) throw new ModelFormatError(`invalid model at ${at}: regressor trees have one output`);
  const m = constructLoaded(() => new DecisionTreeRegressor(opts as never));
  m[RESTORE]({ fitted: tree, featureNames: null });
  return m;
}

/** readForest for a class's fromJSON: the file must hold a `Kind` (or a subclass of it). */
export function readForestAs<M extends RestorableForest>(input: string | unknown, Kind: abstract new (...args: never[]) => M, create: (loaded: LoadedSpec) => RestorableForest | null): M {
  const m = readForest(input, create, Kind.name || undefined);
  if (!(m instanceof Kind)) throw new ModelFormatError(`the file holds a ${forestKind(m as unknown as SavableForest)}, not a ${Kind.name || 'forest of the kind asked for'}`);
  return m;
}

/** How fit's worker threads rebuild `model` and read back its Decision Stream members (fit with nJobs > 1, fit-threads.ts). */
export function forestThreadSpec<M>(model: SavableForest): ForestThreadSpec<M> {
  const spec = forestSpec(model);
  return { spec, readMember: (json, i, nFeatures, nClasses) => memberFromJson(spec, json as MemberJson, `members.${i}`, nFeatures, nClasses) as M };
}
