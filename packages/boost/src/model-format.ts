/**
 * The boosting model file: versioned JSON (`format` 'dt-boost-model'), validated on load — the
 * envelope and field types first (core's schema), then every tree through @dt/core's treeFromJson
 * (structure, children after parents, statistics), then what boosting adds: one output per tree,
 * axis splits only, features below nFeatures, iterations × outputs trees, a gain per node, classes
 * matching the outputs. Numbers round-trip exactly (+Infinity thresholds are written as null).
 */
import { treeFromJson, treeToJson } from '@dt/core';
import type { ClassLabel, Tree, TreeJson } from '@dt/core';
import { checkLoadedFeatures, readEnvelope, z } from '@dt/core/internal';
import { ModelFormatError } from '@dt/errors';

/** The `format` field of a boosting model file. */
export const BOOST_MODEL_FORMAT = 'dt-boost-model';
/** The model file version this package writes and reads. */
export const BOOST_MODEL_VERSION = 1;

/** The estimator a boosting model file holds. */
export type BoostEstimatorName = 'HistGradientBoostingClassifier' | 'HistGradientBoostingRegressor';

/** A boosting model file as JSON: the estimator, its params, the trees per iteration and output, their gains and scores. */
export interface BoostModelJson {
  /** Always 'dt-boost-model'. */
  format: typeof BOOST_MODEL_FORMAT;
  /** The file format version. */
  version: typeof BOOST_MODEL_VERSION;
  /** Which estimator fromJSON builds. */
  estimator: BoostEstimatorName;
  /** Constructor options (BOOSTING_OPTIONS as saved). */
  params: Record<string, unknown>;
  /** Features seen in fit. */
  nFeatures: number;
  /** Absent when the model was fitted without names (files written before names were kept have none). */
  featureNames?: string[];
  /** Class labels (classifier only). */
  classes?: ClassLabel[];
  /** The raw prediction before any tree, per output. */
  baseline: number[];
  /** trees[iteration][output]. */
  trees: TreeJson[][];
  /** gains[iteration][output][node]: each split's gain (0 at leaves). */
  gains: number[][][];
  /** Training scores per iteration (early stopping). */
  trainScore: number[];
  /** Validation scores per iteration (early stopping). */
  validationScore: number[];
}

/** The fitted state a model file holds. */
export interface BoostState {
  estimator: BoostEstimatorName;
  params: Record<string, unknown>;
  nFeatures: number;
  featureNames: string[] | null;
  classes: ClassLabel[] | null;
  baseline: Float64Array;
  trees: Tree[][];
  gains: Float64Array[][];
  trainScore: number[];
  validationScore: number[];
}

const finite = z.number().refine((v) => Number.isFinite(v), 'expected a finite number');
const count = z.number().int().min(0);
const numbers = z.array(finite);
const treeSchema = z.object({
  nodeCount: z.number().int().min(1),
  nFeatures: z.number().int().min(1),
  nOutputs: z.literal(1),
  kind: z.array(z.number().int().min(0).refine((v) => v <= 1, "expected 0 or 1")),
  left: z.array(z.number().int().min(-1)),
  right: z.array(z.number().int().min(-1)),
  feature: z.array(z.number().int().min(-1)),
  threshold: z.array(finite.nullable()),
  missingGoToLeft: z.array(z.number().int().min(0).refine((v) => v <= 1, "expected 0 or 1")),
  impurity: numbers,
  nSamples: z.array(count),
  weightedNSamples: numbers,
  value: numbers,
  obliqueOffset: z.array(count),
  obliqueLength: z.array(count),
  obliqueFeatures: z.array(count).refine((a) => a.length === 0, 'boosting trees have no oblique splits'),
  obliqueWeights: numbers.refine((a) => a.length === 0, 'boosting trees have no oblique splits'),
});
const schema = z.object({
  format: z.literal(BOOST_MODEL_FORMAT),
  version: z.literal(BOOST_MODEL_VERSION),
  estimator: z.enum(['HistGradientBoostingClassifier', 'HistGradientBoostingRegressor'] as const),
  params: z.record(z.string(), z.unknown()),
  nFeatures: z.number().int().min(1),
  featureNames: z.array(z.string()).optional(),
  classes: z.array(z.union([z.string(), finite])).optional(),
  baseline: z.array(finite).refine((a) => a.length >= 1, 'expected at least one output'),
  trees: z.array(z.array(treeSchema)).refine((a) => a.length >= 1, 'expected at least one iteration'),
  gains: z.array(z.array(z.array(finite.refine((v) => v >= 0, 'expected a gain >= 0')))),
  trainScore: numbers,
  validationScore: numbers,
});

/** The model file object of a fitted state. */
export function boostToJson(s: BoostState): BoostModelJson {
  return {
    format: BOOST_MODEL_FORMAT,
    version: BOOST_MODEL_VERSION,
    estimator: s.estimator,
    params: s.params,
    nFeatures: s.nFeatures,
    ...(s.featureNames === null ? {} : { featureNames: [...s.featureNames] }),
    ...(s.classes === null ? {} : { classes: [...s.classes] }),
    baseline: Array.from(s.baseline),
    trees: s.trees.map((row) => row.map(treeToJson)),
    gains: s.gains.map((row) => row.map((g) => Array.from(g))),
    trainScore: [...s.trainScore],
    validationScore: [...s.validationScore],
  };
}

/** Reads and checks a model file (string or parsed object); `expected` names the estimator it must hold. */
export function boostFromJson(input: string | unknown, expected: BoostEstimatorName): BoostState {
  const j = readEnvelope(input, { format: BOOST_MODEL_FORMAT, version: BOOST_MODEL_VERSION, what: 'a dt boosting model', schema });
  if (j.estimator !== expected) throw new ModelFormatError(`the file holds a ${j.estimator}, not a ${expected}`);
  checkLoadedFeatures(j.nFeatures, j.featureNames ?? null);
  const K = j.baseline.length;
  const classifier = expected === 'HistGradientBoostingClassifier';
  let classes: ClassLabel[] | null = null;
  if (classifier) {
    if (!j.classes || j.classes.length < 2) throw new ModelFormatError('invalid model at classes: a classifier needs at least two classes');
    if (new Set(j.classes).size !== j.classes.length) throw new ModelFormatError('invalid model at classes: a class is listed twice');
    if (K !== (j.classes.length === 2 ? 1 : j.classes.length)) throw new ModelFormatError(`invalid model at baseline: ${K} outputs for ${j.classes.length} classes`);
    classes = j.classes;
  } else {
    if (j.classes !== undefined) throw new ModelFormatError('invalid model at classes: a regressor has no classes');
    if (K !== 1) throw new ModelFormatError(`invalid model at baseline: a regressor has one output, not ${K}`);
  }
  let gainTotal = 0;
  if (j.gains.length !== j.trees.length) throw new ModelFormatError('invalid model at gains: one row per iteration expected');
  const trees = j.trees.map((row, it) => {
    if (row.length !== K) throw new ModelFormatError(`invalid model at trees.${it}: ${row.length} trees for ${K} outputs`);
    return row.map((tj, k) => {
      const at = `trees.${it}.${k}`;
      if (tj.nFeatures !== j.nFeatures) throw new ModelFormatError(`invalid model at ${at}.nFeatures: ${tj.nFeatures}, the model has ${j.nFeatures}`);
      let t: Tree;
      try {
        t = treeFromJson(tj as TreeJson);
      } catch (e) {
        throw new ModelFormatError(`invalid model at ${at}: ${(e as Error).message}`);
      }
      if (t.catEntriesUsed > 0) throw new ModelFormatError(`invalid model at ${at}: boosting trees have no categorical maps`);
      for (let n = 0; n < t.nodeCount; n++) {
        if (t.kind[n] !== 0 && !(t.feature[n]! >= 0 && t.feature[n]! < j.nFeatures)) {
          throw new ModelFormatError(`invalid model at ${at}.feature.${n}: ${t.feature[n]} (a feature below ${j.nFeatures})`);
        }
      }
      const g = j.gains[it]![k];
      if (g === undefined || g.length !== t.nodeCount) throw new ModelFormatError(`invalid model at gains.${it}.${k}: one gain per node (${t.nodeCount}) expected`);
      // A split's gain is a loss reduction G²/H ≥ 0 (0 at leaves), and importances divide by their
      // total: a negative or overflowing gain would make them leave [0, 1] or turn NaN.
      for (let n = 0; n < g.length; n++) {
        const v = g[n]!;
        if (!(v >= 0 && v < Number.POSITIVE_INFINITY)) throw new ModelFormatError(`invalid model at gains.${it}.${k}.${n}: ${v} (a gain is finite and >= 0)`);
        gainTotal += v;
      }
      if (!Number.isFinite(gainTotal)) throw new ModelFormatError(`invalid model at gains.${it}.${k}: the gains sum past the largest number`);
      return t;
    });
  });
  return {
    estimator: j.estimator,
    params: j.params,
    nFeatures: j.nFeatures,
    featureNames: j.featureNames ?? null,
    classes,
    baseline: Float64Array.from(j.baseline),
    trees,
    gains: j.gains.map((row) => row.map((g) => Float64Array.from(g))),
    trainScore: j.trainScore,
    validationScore: j.validationScore,
  };
}
