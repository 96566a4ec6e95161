/**
 * XGBoost's JSON model (`Booster.save_model('m.json')`, schemas 1.x and 2.x: gbtree and dart) into
 * an ImportedModel. XGBoost rounds each feature value to float32 and sends it left when
 * `fround(x) < split_condition` (a float32), NaN to the default child; the reader stores the exact
 * double threshold of that test (float32.ts), so prediction compares doubles without rounding.
 * Categorical splits (split_type 1) send x right when its category is in the node's set (a negative
 * or unlisted category, left), so their children are swapped: in dt's tree members go left.
 * Raw scores are float32 sums (the CPU predictor's arithmetic), starting at the base margin:
 * base_score is stored in the objective's output space ("5E-1" in 1.x, "[5E-1]" in 2.x), and the
 * margin is its logit (logistic objectives) or log (poisson, gamma, tweedie), computed in float32.
 * dart trees are scaled by weight_drop. The objective's transform is what `predict` applies.
 */
import { ExchangeFormatError, UnsupportedModelError } from './errors.js';
import { lt32 } from './float32.js';
import { buildImportedTree, SPLIT_CAT_FLOAT32, SPLIT_CATEGORICAL, type ImportedTree, type SourceNode } from './imported-tree.js';
import { ImportedModel } from './imported-model.js';
import type { OutputLink } from './output-link.js';

const FORMAT = 'XGBoost';
type Json = Record<string, unknown>;

function bad(field: string, problem: string): never {
  throw new ExchangeFormatError(FORMAT, field, problem);
}

/**
 * JSON.parse for XGBoost's output, which writes bare NaN, Infinity and -Infinity tokens: outside
 * strings they become null, 1e999 and -1e999 (JSON.parse reads the last two as ±Infinity).
 */
export function parseJsonWithNonFinite(text: string): unknown {
  let out = '';
  let last = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 78 && text.startsWith('NaN', i)) {
      out += `${text.slice(last, i)}null`;
      last = i + 3;
      i += 2;
    } else if (c === 73 && text.startsWith('Infinity', i)) {
      out += `${text.slice(last, i)}1e999`;
      last = i + 8;
      i += 7;
    }
  }
  try {
    return JSON.parse(last === 0 ? text : out + text.slice(last));
  } catch (e) {
    return bad('JSON', (e as Error).message);
  }
}

function obj(v: unknown, field: string): Json {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) bad(field, 'missing or not an object');
  return v as Json;
}

function arr(v: unknown, field: string, length?: number): unknown[] {
  if (!Array.isArray(v)) bad(field, 'missing or not an array');
  if (length !== undefined && v.length !== length) bad(field, `holds ${v.length} entries, num_nodes says ${length}`);
  return v;
}

function ints(v: unknown, field: string, length?: number): Int32Array {
  const a = arr(v, field, length);
  const out = new Int32Array(a.length);
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    if (typeof x === 'boolean') out[i] = x ? 1 : 0;
    else if (typeof x === 'number' && Number.isInteger(x) && x >= -(2 ** 31) && x < 2 ** 31) out[i] = x;
    else bad(`${field}[${i}]`, `${JSON.stringify(x)} is not an integer`);
  }
  return out;
}

/** Numbers as written (null: NaN). */
function floats(v: unknown, field: string, length?: number): Float64Array {
  const a = arr(v, field, length);
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    if (x === null) out[i] = Number.NaN;
    else if (typeof x === 'number') out[i] = x;
    else bad(`${field}[${i}]`, `${JSON.stringify(x)} is not a number`);
  }
  return out;
}

/** A count or number stored as a decimal string ("10", "5E-1") or number. */
function param(v: unknown, field: string): number {
  const x = typeof v === 'string' ? Number(v) : v;
  if (typeof x !== 'number' || !Number.isFinite(x)) bad(field, `${JSON.stringify(v)} is not a number`);
  return x;
}

/** base_score: "5E-1" (1.x) or "[5E-1]" / "[a,b,c]" (2.x). */
function baseScores(v: unknown, width: number): number[] {
  if (typeof v !== 'string' && typeof v !== 'number') bad('learner_model_param.base_score', 'missing');
  const s = String(v).trim();
  const parts = s.startsWith('[') && s.endsWith(']') ? s.slice(1, -1).split(',') : [s];
  const values = parts.map((p, i) => param(p.trim(), `learner_model_param.base_score[${i}]`));
  if (values.length === 1) return Array.from({ length: width }, () => values[0]!);
  if (values.length !== width) bad('learner_model_param.base_score', `${values.length} values for ${width} outputs`);
  return values;
}

interface Objective {
  task: 'classification' | 'regression';
  link: OutputLink;
  margin: (b: number) => number;
}

const f = Math.fround;
const logit = (b: number): number => f(-Math.log(f(f(1 / f(b)) - 1)));
const logMargin = (b: number): number => f(Math.log(f(b)));
const same = (b: number): number => f(b);

function objective(name: string): Objective {
  switch (name) {
    case 'binary:logistic':
      return { task: 'classification', link: { kind: 'sigmoid', scale: 1 }, margin: logit };
    case 'reg:logistic':
      return { task: 'regression', link: { kind: 'identity' }, margin: logit };
    case 'binary:logitraw':
      return { task: 'regression', link: { kind: 'identity' }, margin: logit };
    case 'multi:softprob':
    case 'multi:softmax':
      return { task: 'classification', link: { kind: 'softmax' }, margin: same };
    case 'count:poisson':
    case 'reg:gamma':
    case 'reg:tweedie':
      return { task: 'regression', link: { kind: 'exp' }, margin: logMargin };
    case 'reg:squarederror':
    case 'reg:linear':
    case 'reg:squaredlogerror':
    case 'reg:pseudohubererror':
    case 'reg:absoluteerror':
    case 'reg:quantileerror':
    case 'rank:pairwise':
    case 'rank:ndcg':
    case 'rank:map':
      return { task: 'regression', link: { kind: 'identity' }, margin: same };
    default:
      throw new UnsupportedModelError(FORMAT, 'learner.objective.name', `"${name}" is not supported`);
  }
}

/** Words of a bitset holding `cats`; `budget` caps the words of the whole model. */
function bitset(cats: Float64Array, field: string, budget: { words: number }): Uint32Array {
  let max = -1;
  for (let i = 0; i < cats.length; i++) {
    const c = cats[i]!;
    if (!(Number.isInteger(c) && c >= 0 && c < 2 ** 24)) bad(`${field}[${i}]`, `${c} is not a category code (0 .. 2^24-1)`);
    if (c > max) max = c;
  }
  const words = (max >> 5) + 1;
  budget.words -= words;
  if (budget.words < 0) bad(field, 'the category sets need more memory than the file justifies (categories far above the ones listed)');
  const out = new Uint32Array(words);
  for (let i = 0; i < cats.length; i++) out[cats[i]! >> 5] = (out[cats[i]! >> 5]! | (1 << (cats[i]! & 31))) >>> 0;
  return out;
}

function readTree(t: Json, where: string, nFeatures: number, output: number, weight: number, budget: { words: number }): ImportedTree {
  const tp = obj(t.tree_param, `${where}.tree_param`);
  const n = param(tp.num_nodes, `${where}.tree_param.num_nodes`);
  if (!Number.isSafeInteger(n) || n < 1) bad(`${where}.tree_param.num_nodes`, `${n} is not a node count`);
  const left = ints(t.left_children, `${where}.left_children`, n);
  const right = ints(t.right_children, `${where}.right_children`, n);
  const feature = ints(t.split_indices, `${where}.split_indices`, n);
  const cond = floats(t.split_conditions, `${where}.split_conditions`, n);
  const defaultLeft = ints(t.default_left, `${where}.default_left`, n);
  const splitType = t.split_type === undefined ? new Int32Array(n) : ints(t.split_type, `${where}.split_type`, n);
  const hess = t.sum_hessian === undefined ? null : floats(t.sum_hessian, `${where}.sum_hessian`, n);
  const baseWeights = t.base_weights === undefined ? null : floats(t.base_weights, `${where}.base_weights`, n);
  const catSets = new Map<number, Float64Array>();
  if (t.categories_nodes !== undefined) {
    const nodes = ints(t.categories_nodes, `${where}.categories_nodes`);
    const segments = ints(t.categories_segments, `${where}.categories_segments`, nodes.length);
    const sizes = ints(t.categories_sizes, `${where}.categories_sizes`, nodes.length);
    const cats = floats(t.categories, `${where}.categories`);
    for (let i = 0; i < nodes.length; i++) {
      const a = segments[i]!;
      const b = a + sizes[i]!;
      if (!(a >= 0 && sizes[i]! >= 0 && b <= cats.length)) bad(`${where}.categories_segments[${i}]`, `[${a}, ${b}) is outside categories (${cats.length})`);
      catSets.set(nodes[i]!, cats.subarray(a, b));
    }
  }
  const nodes: SourceNode[] = new Array<SourceNode>(n);
  for (let i = 0; i < n; i++) {
    const isLeaf = left[i] === -1;
    const base = { count: 0, weight: hess?.[i] ?? 0, sourceId: i };
    if (isLeaf) {
      const v = cond[i]!;
      if (!Number.isFinite(v)) bad(`${where}.split_conditions[${i}]`, `leaf value ${v} is not finite`);
      nodes[i] = { ...base, leaf: true, feature: -1, threshold: 0, missingLeft: false, flags: 0, cats: null, left: -1, right: -1, values: [f(v)] };
      continue;
    }
    const internal = baseWeights?.[i] ?? 0;
    if (splitType[i] === 1) {
      const set = catSets.get(i);
      if (set === undefined) bad(`${where}.categories_nodes`, `node ${i} is categorical but has no category set`);
      nodes[i] = {
        ...base, leaf: false, feature: feature[i]!, threshold: 0, missingLeft: defaultLeft[i] === 0,
        flags: SPLIT_CATEGORICAL | SPLIT_CAT_FLOAT32, cats: bitset(set, `${where}.categories`, budget),
        left: right[i]!, right: left[i]!, values: [internal],
      };
    } else if (splitType[i] === 0) {
      const c = cond[i]!;
      if (c !== c) bad(`${where}.split_conditions[${i}]`, 'NaN threshold');
      nodes[i] = {
        ...base, leaf: false, feature: feature[i]!, threshold: lt32(c), missingLeft: defaultLeft[i] === 1,
        flags: 0, cats: null, left: left[i]!, right: right[i]!, values: [internal],
      };
    } else bad(`${where}.split_type[${i}]`, `${splitType[i]} is not 0 (numerical) or 1 (categorical)`);
  }
  return buildImportedTree(FORMAT, where, nodes, 0, nFeatures, 1, output, weight);
}

/** Reads an XGBoost JSON model (text of `save_model('m.json')`, or the parsed document). */
export function readXGBoost(input: string | unknown): ImportedModel {
  const doc = obj(typeof input === 'string' ? parseJsonWithNonFinite(input) : input, 'document');
  const version = arr(doc.version, 'version');
  const learner = obj(doc.learner, 'learner');
  const lmp = obj(learner.learner_model_param, 'learner.learner_model_param');
  const nFeatures = param(lmp.num_feature, 'learner_model_param.num_feature');
  if (!Number.isSafeInteger(nFeatures) || nFeatures < 1) bad('learner_model_param.num_feature', `${nFeatures} is not a feature count`);
  const numClass = param(lmp.num_class ?? '0', 'learner_model_param.num_class');
  const numTarget = param(lmp.num_target ?? '1', 'learner_model_param.num_target');
  if (numTarget !== 1) throw new UnsupportedModelError(FORMAT, 'learner_model_param.num_target', `${numTarget} targets: multi-target models are not supported`);
  const objName = obj(learner.objective, 'learner.objective').name;
  if (typeof objName !== 'string') bad('learner.objective.name', 'missing');
  const o = objective(objName);
  const width = numClass > 1 ? numClass : 1;
  if (!Number.isSafeInteger(width) || width > 65536) bad('learner_model_param.num_class', `${numClass} is not a class count`);
  if (o.link.kind === 'softmax' && width < 2) bad('learner_model_param.num_class', `${numClass} for ${objName}`);
  const gb = obj(learner.gradient_booster, 'learner.gradient_booster');
  let model: Json;
  let weights: Float64Array | null = null;
  if (gb.name === 'gbtree') model = obj(gb.model, 'gradient_booster.model');
  else if (gb.name === 'dart') {
    model = obj(obj(gb.gbtree, 'gradient_booster.gbtree').model, 'gradient_booster.gbtree.model');
    weights = floats(gb.weight_drop, 'gradient_booster.weight_drop');
  } else throw new UnsupportedModelError(FORMAT, 'gradient_booster.name', `"${String(gb.name)}" is not supported (gbtree and dart are)`);
  const treeDocs = arr(model.trees, 'gradient_booster.model.trees');
  const info = ints(model.tree_info, 'gradient_booster.model.tree_info', treeDocs.length);
  if (weights !== null && weights.length !== treeDocs.length) bad('gradient_booster.weight_drop', `${weights.length} weights for ${treeDocs.length} trees`);
  if (treeDocs.length === 0) bad('gradient_booster.model.trees', 'the model has no trees');
  const budget = { words: 1 << 20 };
  const trees: ImportedTree[] = [];
  for (let i = 0; i < treeDocs.length; i++) {
    const where = `trees[${i}]`;
    const group = info[i]!;
    if (!(group >= 0 && group < width)) bad(`tree_info[${i}]`, `output ${group} is not one of the model's ${width}`);
    trees.push(readTree(obj(treeDocs[i], where), where, nFeatures, group, weights?.[i] ?? 1, budget));
  }
  const names = Array.isArray(learner.feature_names) && learner.feature_names.length === nFeatures ? (learner.feature_names as unknown[]).map(String) : null;
  const base = baseScores(lmp.base_score, width).map((b, i) => {
    const m = o.margin(b);
    if (!Number.isFinite(m)) bad('learner_model_param.base_score', `${b} gives the margin ${m} for ${objName} (output ${i})`);
    return m;
  });
  return new ImportedModel({
    format: 'xgboost',
    objective: objName,
    sourceVersion: version.join('.'),
    task: o.task,
    nFeatures,
    featureNames: names,
    classes: o.task === 'classification' ? Array.from({ length: Math.max(2, width) }, (_, c) => c) : null,
    trees,
    width,
    baseScore: Float64Array.from(base),
    accumulation: { precision: 'float32', baseFirst: true, divisor: 1 },
    link: o.link,
  });
}
