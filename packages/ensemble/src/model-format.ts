import { algorithmOptions, DecisionTreeClassifier, DecisionTreeRegressor, registerModelFormat, treeToJson } from '@dt/core';
import {
  checkClassCounts,
  checkLoadedClasses,
  checkLoadedFeatures,
  constructLoaded,
  loadParams,
  readEnvelope,
  readTreeJson,
  resolveTreeOptions,
  RESTORE,
  saveParams,
  TREE_OPTION_LOADERS,
  TREE_OPTIONS,
} from '@dt/core/internal';
import { InvalidArgumentError, ModelFormatError } from '@dt/errors';
import { DecisionStreamClassifier, graphToJson, readGraphJson, STREAM_OPTIONS } from '@dt/stream';
import { z } from 'zod';
import { AlgorithmForestClassifier, memberFeaturesValue } from './bagging.js';
import { Ensemble, RESTORE_ENSEMBLE } from './ensemble.js';
import { ENSEMBLE_OPTIONS } from './forest-options.js';
import { ExtraTreesClassifier, ExtraTreesRegressor, RandomForestClassifier, RandomForestRegressor } from './random-forest.js';

/** Name written into forest model files; loaders reject anything else. */
export const FOREST_FORMAT = 'dt-forest';
/**
 * 2 (issue #19): member trees carry `missingGoToLeft` and may have `null` (+Infinity) thresholds, as
 * dt-model version 2. Version 1 files still load (NaN then goes to the child with more samples).
 * 3: Decision Stream forests — their members hold a `graph` (dt-stream's graph JSON) instead of a
 * `tree`, their `treeParams` are stream options — and `subspace` may be 'sqrt' or 'log2'. Versions 1
 * and 2 still load (they hold trees only).
 */
export const FOREST_FORMAT_VERSION = 3;
const OLDER_VERSIONS = [1, 2];

/** The algorithm name of Decision Stream forests (members are graphs, not trees). */
const STREAM = 'decision-stream';

/** A loaded forest: a random forest or extra-trees classifier or regressor, or a forest of any algorithm. */
export type ForestModel = RandomForestClassifier | RandomForestRegressor | AlgorithmForestClassifier;

const ESTIMATORS = ['RandomForestClassifier', 'RandomForestRegressor', 'ExtraTreesClassifier', 'ExtraTreesRegressor', 'AlgorithmForestClassifier'] as const;

const label = z.union([z.string(), z.number().refine(Number.isFinite)]);
// Member trees are read by the tree file's own rules (core's readTreeJson: its field table, then its
// structural checks), not by a per-element schema of their own.
const forestSchema = z.object({
  format: z.literal(FOREST_FORMAT),
  version: z.union([z.literal(1), z.literal(2), z.literal(FOREST_FORMAT_VERSION)]),
  estimator: z.enum(ESTIMATORS),
  params: z.record(z.string(), z.unknown()),
  treeParams: z.record(z.string(), z.unknown()),
  algorithm: z.string().optional(),
  subspace: z.union([z.number(), z.literal('sqrt'), z.literal('log2')]).nullable().optional(),
  nFeatures: z.number().int().min(1),
  featureNames: z.array(z.string()).nullable(),
  classes: z.array(label).optional(),
  oobScore: z.number().refine(Number.isFinite).nullable().optional(),
  members: z.array(
    z.object({
      seed: z.number().int().min(0),
      features: z.array(z.number().int().min(0)).nullable(),
      classes: z.array(z.number().int().min(0)).optional(),
      /** A @dt/core tree (every forest but Decision Streams). */
      tree: z.record(z.string(), z.unknown()).optional(),
      /** A Decision Stream graph (version 3, algorithm 'decision-stream'). */
      graph: z.unknown().optional(),
    }),
  ).min(1),
});

export type ForestJson = z.infer<typeof forestSchema>;

function estimatorName(model: ForestModel): (typeof ESTIMATORS)[number] {
  if (model instanceof AlgorithmForestClassifier) return 'AlgorithmForestClassifier';
  if (model instanceof ExtraTreesClassifier) return 'ExtraTreesClassifier';
  if (model instanceof ExtraTreesRegressor) return 'ExtraTreesRegressor';
  if (model instanceof RandomForestClassifier) return 'RandomForestClassifier';
  if (model instanceof RandomForestRegressor) return 'RandomForestRegressor';
  // A Bagging forest's members come from a factory (code): no file or worker thread can rebuild them.
  const kind = (model as object)?.constructor?.name ?? typeof model;
  throw new InvalidArgumentError('model', 'a random forest, extra trees or algorithmForest (a Bagging forest of custom members has no file format and fits on one thread)', kind);
}

/** What rebuilds an unfitted forest (estimator, options): the head of a forest file, and what the fit workers receive. */
export type ForestSpec = Pick<ForestJson, 'estimator' | 'params' | 'treeParams' | 'algorithm' | 'subspace'>;

/** A member tree as stored. */
export type MemberJson = ForestJson['members'][number];

/** The spec of a forest of @dt/core trees or Decision Streams (forests of every kind this package names). */
export function forestSpec(model: ForestModel): ForestSpec {
  const task = model instanceof RandomForestRegressor ? 'regression' : 'classification';
  const algorithm = model instanceof AlgorithmForestClassifier ? model.algorithm : undefined;
  let treeParams: Record<string, unknown>;
  if (algorithm === STREAM) {
    // Every member's stream options (resolved, without the member's seed).
    treeParams = saveParams(STREAM_OPTIONS, new DecisionStreamClassifier({ ...(model as AlgorithmForestClassifier).memberOptions }).options, 'classification');
    delete treeParams.seed;
  } else {
    // Every member's full tree options (an algorithm's criterion and projection included).
    const raw = model instanceof AlgorithmForestClassifier ? algorithmOptions(model.algorithm, { ...model.memberOptions }) : { ...model.treeOptions };
    treeParams = saveParams(TREE_OPTIONS, resolveTreeOptions(raw, task), task);
  }
  return {
    estimator: estimatorName(model),
    params: saveParams(ENSEMBLE_OPTIONS, model.options, task),
    treeParams,
    ...(algorithm === undefined ? {} : { algorithm, subspace: (model as AlgorithmForestClassifier).maxFeatures }),
  };
}

/** A fitted member of any forest kind this package saves. */
export type ForestMember = DecisionTreeClassifier | DecisionTreeRegressor | DecisionStreamClassifier;

/** One fitted member as stored: a tree, or a Decision Stream's graph (its features are the forest's record of its subspace). */
export function memberToJson(m: ForestMember, features: Int32Array | null): MemberJson {
  const head = { seed: m.options.seed, features: features === null ? null : Array.from(features) };
  if (m instanceof DecisionStreamClassifier) return { ...head, classes: m.classes as number[], graph: graphToJson(m.graph) };
  const tree = m.tree;
  if (tree.catEntriesUsed > 0) throw new ModelFormatError('forests with categorical features cannot be saved yet');
  return {
    ...head,
    ...(m instanceof DecisionTreeClassifier ? { classes: m.classes as number[] } : {}),
    tree: treeToJson(tree) as unknown as Record<string, unknown>,
  };
}

/** A fitted forest as a JSON-ready object: shared params once, each member a compact flat tree. */
export function forestToJson(model: ForestModel): ForestJson {
  checkForestModel(model);
  const isC = !(model instanceof RandomForestRegressor);
  const spec = forestSpec(model);
  const members = model.estimators.map((m, i) => memberToJson(m as ForestMember, model.estimatorsFeatures[i]!));
  return {
    format: FOREST_FORMAT,
    version: FOREST_FORMAT_VERSION,
    ...spec,
    nFeatures: model.nFeatures,
    featureNames: model.featureNames,
    ...(isC ? { classes: (model as RandomForestClassifier).classes } : {}),
    oobScore: model.oobScoreOrNull,
    members,
  };
}

/** A fitted forest as model-file JSON text (what JSON.stringify(forest) gives). */
export function serializeForest(model: ForestModel): string {
  return JSON.stringify(forestToJson(model));
}

/** The boundary check of the functions taking a forest: a dt forest object (raw TypeErrors otherwise). */
function checkForestModel(model: unknown): asserts model is ForestModel {
  if (!(model instanceof Ensemble)) throw new InvalidArgumentError('model', 'a dt forest (RandomForestClassifier, ExtraTreesRegressor, BaggingClassifier, ...)', model);
}

/** Validates and loads a forest file (JSON text or parsed object). */
export function loadForest(input: string | unknown): ForestModel {
  const j = readEnvelope(input, { format: FOREST_FORMAT, version: FOREST_FORMAT_VERSION, olderVersions: OLDER_VERSIONS, what: 'a dt forest', schema: forestSchema });
  if (j.algorithm === STREAM && j.version < 3) throw new ModelFormatError(`invalid model at version: Decision Stream forests are dt-forest version 3, found ${j.version}`);
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
  const model = forestFromSpec(j);
  const members = j.members.map((mj, i) => memberFromJson(j, mj, `members.${i}`, j.nFeatures, C, j.version));
  (model as unknown as Ensemble<ForestMember>)[RESTORE_ENSEMBLE]({
    members,
    features: j.members.map((m) => (m.features === null ? null : Int32Array.from(m.features))),
    nFeatures: j.nFeatures,
    featureNames: j.featureNames,
    classes: j.classes ?? null,
    oobScore: j.oobScore ?? null,
  });
  return model;
}

function memberOptionsOf(spec: ForestSpec): Record<string, unknown> {
  const task = spec.estimator.endsWith('Regressor') ? 'regression' : 'classification';
  const treeParams = spec.algorithm === STREAM ? loadParams(spec.treeParams, 'classification') : loadParams(spec.treeParams, task, TREE_OPTION_LOADERS);
  delete treeParams.seed;
  return treeParams;
}

/** The unfitted forest a spec describes (its options validated by the constructors). */
export function forestFromSpec(spec: ForestSpec): ForestModel {
  const isC = !spec.estimator.endsWith('Regressor');
  const task = isC ? 'classification' : 'regression';
  const j = spec;
  const params = loadParams(j.params, task);
  const treeParams = memberOptionsOf(spec);
  return constructLoaded((): ForestModel => {
    switch (j.estimator) {
      case 'RandomForestClassifier':
        return new RandomForestClassifier({ ...params, ...treeParams } as never);
      case 'ExtraTreesClassifier':
        return new ExtraTreesClassifier({ ...params, ...treeParams } as never);
      case 'RandomForestRegressor':
        return new RandomForestRegressor({ ...params, ...treeParams } as never);
      case 'ExtraTreesRegressor':
        return new ExtraTreesRegressor({ ...params, ...treeParams } as never);
      case 'AlgorithmForestClassifier': {
        const { classWeight: _cw, ...rest } = params;
        void _cw;
        // A named algorithm sets its own criterion and projection; stream options are all the member's.
        const { criterion: _c, projection: _p, ...algorithmMemberOptions } = treeParams;
        void _c;
        void _p;
        const memberOptions = j.algorithm === STREAM ? treeParams : algorithmMemberOptions;
        return new AlgorithmForestClassifier(j.algorithm ?? '', { ...(rest as object), maxFeatures: memberFeaturesValue(j.subspace ?? null), tree: memberOptions } as never);
      }
      default:
        throw new ModelFormatError(`unknown estimator ${JSON.stringify(j.estimator)}`);
    }
  });
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

/** A member from its JSON (checked), as the estimator the forest holds; C = the forest's class count (0: regression). */
export function memberFromJson(
  spec: ForestSpec,
  mj: MemberJson,
  at: string,
  nFeatures: number,
  C: number,
  version: number = FOREST_FORMAT_VERSION,
): ForestMember {
  const isC = C > 0;
  const j = { nFeatures };
  const treeParams = memberOptionsOf(spec);
  if (spec.algorithm === STREAM) {
    if (mj.tree !== undefined || mj.graph === undefined) throw new ModelFormatError(`invalid model at ${at}: a Decision Stream forest's members hold a graph, not a tree`);
    // The width first (what the forest's header and subspace hold), then the graph.
    checkMemberShape(mj, at, 'graph', (mj.graph as { nFeatures?: unknown } | null)?.nFeatures, 0, nFeatures, 0);
    const graph = readGraphJson(mj.graph, `${at}.graph`);
    const classes = checkMemberShape(mj, at, 'graph', graph.nFeatures, graph.nOutputs, nFeatures, C);
    if (!isC) throw new ModelFormatError(`invalid model at ${at}: Decision Stream forests classify`);
    const m = constructLoaded(() => new DecisionStreamClassifier({ ...treeParams, seed: mj.seed } as never));
    m[RESTORE]({ fitted: graph, featureNames: null, classes });
    return m;
  }
  if (mj.graph !== undefined || mj.tree === undefined) throw new ModelFormatError(`invalid model at ${at}.tree: expected a tree (only Decision Stream forests hold graphs)`);
  const mt = mj.tree;
  {
    if (mt.catOffset !== undefined) throw new ModelFormatError(`invalid model at ${at}.tree: forest trees carry no categorical maps`);
    checkMemberShape(mj, at, 'tree', mt.nFeatures, 0, nFeatures, 0);
    const tree = readTreeJson(mt, `${at}.tree`, version);
    const classes = checkMemberShape(mj, at, 'tree', tree.nFeatures, tree.nOutputs, j.nFeatures, C);
    const opts = { ...treeParams, seed: mj.seed };
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
}

/**
 * Member `index` as a standalone tree in the forest's terms, for display (text, DOT, SVG): the
 * forest's class labels instead of the codes the member was fitted on, and the names of the
 * features the member saw (its subspace, if the forest draws one per member).
 */
export function forestMemberTree(model: ForestModel, index: number): ForestMember {
  checkForestModel(model);
  const members = model.estimators;
  const n = members.length;
  if (!(Number.isInteger(index) && index >= 0 && index < n)) throw new InvalidArgumentError('tree', `an index of the forest's ${n} trees (0..${n - 1})`, index);
  const m = members[index]!;
  if (!(m instanceof DecisionTreeClassifier || m instanceof DecisionTreeRegressor || m instanceof DecisionStreamClassifier)) throw new InvalidArgumentError('model', 'a forest of dt trees or Decision Streams', m.constructor.name);
  const all = model.featureNames ?? Array.from({ length: model.nFeatures }, (_, j) => `feature_${j}`);
  const feats = model.estimatorsFeatures[index]!;
  const featureNames = feats === null ? all : Array.from(feats, (f) => all[f]!);
  const opts = { ...memberOptionsOf(forestSpec(model)), seed: m.options.seed };
  if (m instanceof DecisionStreamClassifier) {
    const labels = (model as AlgorithmForestClassifier).classes;
    const out = new DecisionStreamClassifier(opts as never);
    out[RESTORE]({ fitted: m.graph, featureNames, classes: m.classes.map((c) => labels[c as number]!) });
    return out;
  }
  if (m instanceof DecisionTreeClassifier) {
    const labels = (model as RandomForestClassifier).classes;
    const out = new DecisionTreeClassifier(opts as never);
    out[RESTORE]({ fitted: m.tree, featureNames, classes: m.classes.map((c) => labels[c as number]!) });
    return out;
  }
  const out = new DecisionTreeRegressor(opts as never);
  out[RESTORE]({ fitted: m.tree, featureNames });
  return out;
}

declare module '@dt/core' {
  interface ModelFormats {
    'dt-forest': ForestModel;
  }
}

/** loadForest, checking the file holds a `Kind` (the forests' fromJSON/load). */
export function loadForestAs<M extends ForestModel>(input: string | unknown, Kind: abstract new (...args: never[]) => M): M {
  const m = loadForest(input);
  if (!(m instanceof Kind)) throw new ModelFormatError(`the file holds a ${estimatorName(m)}, not a ${Kind.name || 'forest of the kind asked for'}`);
  return m;
}

registerModelFormat(FOREST_FORMAT, loadForest);
