import { loadAnyModel, modelToJson } from '@dt/core';
import { streamModelToJson } from '@dt/stream';
import { forestToJson } from '@dt/ensemble';
import { isBoostingModelDocument, loadBoostingModel } from '@dt/boost';
import { isBoosting, isForest, isSavedModel, isStream, MODEL_FORMATS, type SavedModel } from './any-model.js';
import { parseModelDocument } from '@dt/core/internal';
import { readModelText } from '@dt/core/node';
import type { Context } from './io.js';
import { writeOut, type OutTarget } from './out-target.js';
import type { Dataset, FeatureType } from '@dt/datasets';
import { DtError, ModelFormatError } from '@dt/errors';
import type { Task } from './algorithms.js';
import { CLI_MISSING, type MissingInfo } from './missing.js';
import { featureSpread, loadSimpleImputer } from '@dt/datasets';

/**
 * What `dt train` records about its training data next to the model, under the key "training".
 * `dt predict` needs it to find the label column and to map categorical levels of new data to the
 * codes the tree was fitted on. Core's loader ignores unknown keys, so the file stays a plain
 * dt-model that `readModel` from @dt/core/node loads.
 */
export interface TrainingInfo {
  data: string;
  algorithm: string;
  task: Task;
  rows: number;
  targetName: string;
  featureTypes: FeatureType[];
  categories: (string[] | null)[];
  /** Missing values in the training data and what was done (with the imputer's fill values for 'impute'). */
  missing?: MissingInfo;
  /**
   * Standard deviation of each numeric feature over the training rows (null for categorical or
   * all-missing columns): `dt show` ranks an oblique split's terms by |weight × spread|.
   */
  featureSpread?: (number | null)[];
}

export const TRAINING_KEY = 'training';

export function trainingInfo(ds: Dataset, algorithm: string, missing?: MissingInfo): TrainingInfo {
  return {
    ...(missing === undefined ? {} : { missing }),
    data: ds.name,
    algorithm,
    task: ds.task,
    rows: ds.X.rows,
    targetName: ds.targetName,
    featureTypes: ds.featureTypes,
    categories: ds.categories,
    featureSpread: featureSpread(ds),
  };
}

/** Writes the model file to `--out` (atomically: temp file + fsync + rename, never over an input; `-`: standard output). */
export async function writeModelFile(target: OutTarget, model: SavedModel, info: TrainingInfo, ctx: Context): Promise<void> {
  const json = isBoosting(model) ? model.toJSON() : isForest(model) ? forestToJson(model) : isStream(model) ? streamModelToJson(model) : modelToJson(model);
  await writeOut(target, `${JSON.stringify({ ...json, [TRAINING_KEY]: info })}${target.path === null ? '\n' : ''}`, ctx);
}

export interface ModelFile {
  model: SavedModel;
  /** Null for a model saved by the library rather than by `dt train`. */
  training: TrainingInfo | null;
}

export async function readModelFile(path: string): Promise<ModelFile> {
  const text = await readModelText(path);
  let model: SavedModel;
  let doc: Record<string, unknown>;
  try {
    doc = parseModelDocument(text);
    // The format field says which library wrote the file (dt-model tree, dt-stream graph, dt-forest,
    // dt-boost-model, ...). Boosting files are read by @dt/boost's own loader.
    const loaded = isBoostingModelDocument(doc) ? loadBoostingModel(doc) : loadAnyModel(doc, MODEL_FORMATS);
    if (!isSavedModel(loaded)) throw new ModelFormatError(`format "${String(doc.format)}" holds a model dt's commands do not read yet (they read trees, Decision Streams, forests and boosting models)`);
    model = loaded;
  } catch (e) {
    if (e instanceof DtError) throw new DtError(e.code, `${path}: ${e.message}`, { cause: e });
    throw e;
  }
  const raw = doc[TRAINING_KEY];
  return { model, training: raw === undefined ? null : checkTraining(raw, model, path) };
}

function checkTraining(raw: unknown, model: SavedModel, path: string): TrainingInfo {
  const bad = (what: string): never => {
    throw new ModelFormatError(`${path}: invalid "${TRAINING_KEY}" section: ${what}`);
  };
  if (typeof raw !== 'object' || raw === null) return bad('not an object');
  const t = raw as Partial<TrainingInfo>;
  const d = model.nFeatures;
  if (typeof t.targetName !== 'string') bad('targetName is not a string');
  if (t.task !== 'classification' && t.task !== 'regression') bad('task is not classification or regression');
  if (!Array.isArray(t.featureTypes) || t.featureTypes.length !== d) bad(`featureTypes must list ${d} types`);
  if (!Array.isArray(t.categories) || t.categories.length !== d) bad(`categories must have ${d} entries`);
  for (let j = 0; j < d; j++) {
    const type = t.featureTypes![j];
    const levels = t.categories![j];
    if (type === 'numeric' && levels === null) continue;
    if (type === 'categorical' && Array.isArray(levels) && levels.every((l) => typeof l === 'string')) continue;
    bad(`feature ${j} has type ${JSON.stringify(type)} with levels ${JSON.stringify(levels)}`);
  }
  const spread = t.featureSpread;
  if (spread !== undefined && (!Array.isArray(spread) || spread.length !== d || !spread.every((v) => v === null || (typeof v === 'number' && v >= 0)))) {
    bad(`featureSpread must list ${d} non-negative numbers or nulls`);
  }
  let missing: MissingInfo | undefined;
  if (t.missing !== undefined) {
    const m = t.missing as Partial<MissingInfo> | null;
    if (typeof m !== 'object' || m === null || !CLI_MISSING.includes(m.policy as never)) bad('missing.policy is not one of ' + CLI_MISSING.join(', '));
    if (m!.policy === 'impute') {
      if (m!.imputer === undefined) bad('missing.imputer is required for policy impute');
      try {
        if (loadSimpleImputer(m!.imputer!).nFeatures !== d) bad(`missing.imputer must have ${d} features`);
      } catch (e) {
        if (e instanceof ModelFormatError) throw e;
        bad(`missing.imputer: ${(e as Error).message}`);
      }
    }
    missing = m as MissingInfo;
  }
  return {
    ...(missing === undefined ? {} : { missing }),
    data: String(t.data ?? ''),
    algorithm: String(t.algorithm ?? ''),
    task: t.task!,
    rows: typeof t.rows === 'number' ? t.rows : 0,
    targetName: t.targetName!,
    featureTypes: t.featureTypes!,
    categories: t.categories!,
    ...(spread === undefined ? {} : { featureSpread: spread }),
  };
}
