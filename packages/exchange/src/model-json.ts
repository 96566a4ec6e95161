/**
 * dt's own JSON file of an imported model (`dt import model.txt --out model.json`): format
 * "dt-imported-ensemble", version 1. Trees are @dt/core's tree JSON (validated by treeFromJson); the
 * split flags, category bitsets, output columns, base score, accumulation and link are stored beside
 * them, so the file predicts exactly as the original without the original library's reader.
 * Loading validates every field against the others before building anything.
 */
import { treeFromJson, treeToJson, type TreeJson } from '@dt/core';
import type { ClassLabel } from '@dt/core';
import { InvalidArgumentError } from '@dt/errors';
import { ExchangeFormatError } from './errors.js';
import { SPLIT_CAT_FLOAT32, SPLIT_CATEGORICAL, SPLIT_ZERO_MISSING, type ImportedTree } from './imported-tree.js';
import { ImportedModel, type Accumulation, type SourceFormat } from './imported-model.js';
import type { OutputLink } from './output-link.js';

/** The "format" field of dt's imported-model files. */
export const IMPORTED_FORMAT = 'dt-imported-ensemble';
/** The "version" field of the imported-model files this release writes and reads. */
export const IMPORTED_FORMAT_VERSION = 1;

interface TreeEntry {
  tree: TreeJson;
  output: number;
  weight: number;
  flags: number[];
  catStart: number[];
  catWords: number[];
  catBits: number[];
  sourceIds: number[];
}

/** The JSON document of an imported model. */
export interface ImportedModelJson {
  format: typeof IMPORTED_FORMAT;
  version: typeof IMPORTED_FORMAT_VERSION;
  source: { format: SourceFormat; objective: string; version: string };
  task: 'classification' | 'regression';
  nFeatures: number;
  featureNames: string[] | null;
  classes: ClassLabel[] | null;
  width: number;
  baseScore: number[];
  accumulation: Accumulation;
  link: OutputLink;
  trees: TreeEntry[];
}

/** The model as a JSON document (JSON.stringify it to save). */
export function importedModelToJson(model: ImportedModel): ImportedModelJson {
  if (!(model instanceof ImportedModel)) throw new InvalidArgumentError('model', 'an ImportedModel (readModel, readLightGBM, readXGBoost, readOnnx)', model);
  return {
    format: IMPORTED_FORMAT,
    version: IMPORTED_FORMAT_VERSION,
    source: { format: model.format, objective: model.objective, version: model.sourceVersion },
    task: model.task,
    nFeatures: model.nFeatures,
    featureNames: model.featureNames === null ? null : [...model.featureNames],
    classes: model.classes === null ? null : [...model.classes],
    width: model.width,
    baseScore: Array.from(model.baseScore),
    accumulation: { ...model.accumulation },
    link: { ...model.link },
    trees: model.trees.map((t) => ({
      tree: treeToJson(t.tree),
      output: t.output,
      weight: t.weight,
      flags: Array.from(t.flags.subarray(0, t.tree.nodeCount)),
      catStart: Array.from(t.catStart.subarray(0, t.tree.nodeCount)),
      catWords: Array.from(t.catWords.subarray(0, t.tree.nodeCount)),
      catBits: Array.from(t.catBits),
      sourceIds: Array.from(t.sourceIds.subarray(0, t.tree.nodeCount)),
    })),
  };
}

function bad(field: string, problem: string): never {
  throw new ExchangeFormatError(IMPORTED_FORMAT, field, problem);
}

function intArray(v: unknown, field: string, length: number, min: number, max: number): number[] {
  if (!Array.isArray(v) || v.length !== length) bad(field, `must be an array of ${length} integers`);
  for (let i = 0; i < v.length; i++) {
    const x: unknown = v[i];
    if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max) bad(`${field}[${i}]`, `${JSON.stringify(x)} is not an integer in [${min}, ${max}]`);
  }
  return v as number[];
}

function finite(v: unknown, field: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) bad(field, `${JSON.stringify(v)} is not a finite number`);
  return v;
}

function checkLink(v: unknown): OutputLink {
  const l = v as Record<string, unknown> | null;
  const kind = l?.kind;
  if (kind === 'identity' || kind === 'exp' || kind === 'softmax') return { kind };
  if (kind === 'sigmoid') return { kind, scale: finite(l!.scale, 'link.scale') };
  if (kind === 'onnx') {
    const post = l!.postTransform;
    if (post !== 'NONE' && post !== 'LOGISTIC' && post !== 'SOFTMAX' && post !== 'SOFTMAX_ZERO') bad('link.postTransform', `${JSON.stringify(post)}`);
    if (typeof l!.binary !== 'boolean' || typeof l!.allPositive !== 'boolean') bad('link', 'binary and allPositive must be booleans');
    return { kind, postTransform: post, binary: l!.binary, allPositive: l!.allPositive };
  }
  return bad('link.kind', `${JSON.stringify(kind)} is not identity, exp, sigmoid, softmax or onnx`);
}

/** Loads an imported model from its JSON document (parsed), validating every field. */
export function loadImportedModel(doc: unknown): ImportedModel {
  if (typeof doc !== 'object' || doc === null) bad('document', 'not an object');
  const d = doc as Record<string, unknown>;
  if (d.format !== IMPORTED_FORMAT) bad('format', `${JSON.stringify(d.format)}, expected "${IMPORTED_FORMAT}"`);
  if (d.version !== IMPORTED_FORMAT_VERSION) bad('version', `${JSON.stringify(d.version)} (this reader knows version ${IMPORTED_FORMAT_VERSION})`);
  const source = d.source as Record<string, unknown> | null;
  const format = source?.format;
  if (format !== 'lightgbm' && format !== 'xgboost' && format !== 'onnx') bad('source.format', `${JSON.stringify(format)}`);
  const task = d.task;
  if (task !== 'classification' && task !== 'regression') bad('task', `${JSON.stringify(task)}`);
  const nFeatures = intArray([d.nFeatures], 'nFeatures', 1, 1, 2 ** 31 - 1)[0]!;
  const width = intArray([d.width], 'width', 1, 1, 65536)[0]!;
  const names = d.featureNames;
  if (names !== null && !(Array.isArray(names) && names.length === nFeatures && names.every((s) => typeof s === 'string'))) bad('featureNames', `must be null or ${nFeatures} strings`);
  const classes = d.classes;
  if (task === 'classification' ? !(Array.isArray(classes) && classes.length >= 2 && classes.every((c) => typeof c === 'string' || typeof c === 'number')) : classes !== null) {
    bad('classes', task === 'classification' ? 'must list at least two class labels' : 'must be null for a regressor');
  }
  if (!Array.isArray(d.baseScore) || d.baseScore.length !== width) bad('baseScore', `must hold ${width} numbers`);
  const baseScore = Float64Array.from(d.baseScore as unknown[], (v, i) => finite(v, `baseScore[${i}]`));
  const acc = d.accumulation as Record<string, unknown> | null;
  if (acc?.precision !== 'float32' && acc?.precision !== 'float64') bad('accumulation.precision', `${JSON.stringify(acc?.precision)}`);
  if (typeof acc.baseFirst !== 'boolean') bad('accumulation.baseFirst', 'must be a boolean');
  const divisor = finite(acc.divisor, 'accumulation.divisor');
  if (!(divisor > 0)) bad('accumulation.divisor', `${divisor} is not positive`);
  const link = checkLink(d.link);
  if (!Array.isArray(d.trees) || d.trees.length === 0) bad('trees', 'must be a non-empty array');
  const trees: ImportedTree[] = (d.trees as unknown[]).map((raw, i) => {
    const e = raw as Partial<TreeEntry> | null;
    const where = `trees[${i}]`;
    if (typeof e !== 'object' || e === null) bad(where, 'not an object');
    let tree;
    try {
      tree = treeFromJson(e.tree as TreeJson);
    } catch (err) {
      return bad(`${where}.tree`, (err as Error).message);
    }
    if (tree.nFeatures !== nFeatures) bad(`${where}.tree.nFeatures`, `${tree.nFeatures}, the model has ${nFeatures}`);
    const n = tree.nodeCount;
    const output = intArray([e.output], `${where}.output`, 1, 0, width - 1)[0]!;
    if (output + tree.nOutputs > width) bad(`${where}.tree.nOutputs`, `${tree.nOutputs} outputs from column ${output} pass the model's ${width}`);
    const weight = finite(e.weight, `${where}.weight`);
    const flags = intArray(e.flags, `${where}.flags`, n, 0, SPLIT_ZERO_MISSING | SPLIT_CATEGORICAL | SPLIT_CAT_FLOAT32);
    const bits = intArray(e.catBits, `${where}.catBits`, Array.isArray(e.catBits) ? e.catBits.length : -1, 0, 0xffffffff);
    const catStart = intArray(e.catStart, `${where}.catStart`, n, 0, bits.length);
    const catWords = intArray(e.catWords, `${where}.catWords`, n, 0, bits.length);
    for (let j = 0; j < n; j++) {
      if (catStart[j]! + catWords[j]! > bits.length) bad(`${where}.catWords[${j}]`, `runs past catBits (${bits.length} words)`);
      if ((flags[j]! & SPLIT_CATEGORICAL) !== 0 && tree.isLeaf(j)) bad(`${where}.flags[${j}]`, 'a leaf cannot be categorical');
    }
    const sourceIds = intArray(e.sourceIds, `${where}.sourceIds`, n, -(2 ** 31), 2 ** 31 - 1);
    return {
      tree, output, weight,
      flags: Uint8Array.from(flags), catStart: Int32Array.from(catStart), catWords: Int32Array.from(catWords),
      catBits: Uint32Array.from(bits), sourceIds: Int32Array.from(sourceIds),
    };
  });
  return new ImportedModel({
    format,
    objective: String(source!.objective),
    sourceVersion: String(source!.version),
    task,
    nFeatures,
    featureNames: names as string[] | null,
    classes: classes as ClassLabel[] | null,
    trees,
    width,
    baseScore,
    accumulation: { precision: acc.precision, baseFirst: acc.baseFirst, divisor },
    link,
  });
}
