/**
 * LightGBM's text model (`Booster.save_model`, `model.txt`, format v3 and v4) into an ImportedModel.
 * A split sends x left when `x <= threshold` (doubles, compared in double, as LightGBM's
 * NumericalDecision), with decision_type's bits: 1 categorical, 2 default_left, bits 2–3 the missing
 * type (None: NaN is 0; Zero: NaN is 0 and |x| <= 1e-35f takes the default side; NaN: NaN takes it).
 * Categorical splits send x left when its category (x truncated to int) is in the node's bitset
 * (cat_threshold words from cat_boundaries[threshold]); NaN and negative categories go right.
 * Leaf values already include shrinkage; raw scores are their float64 sum in tree order per class
 * (tree i feeds class i mod num_tree_per_iteration), divided by the iteration count under
 * average_output (random-forest boosting). `predict` applies the objective's link: binary → sigmoid
 * with its `sigmoid:` scale, multiclass → softmax, multiclassova → per-class sigmoid, poisson / gamma /
 * tweedie → exp, the regression family → identity. Linear trees are refused (UnsupportedModelError).
 * Every array is sized by what the text holds; a declared count must agree with it.
 */
import { InvalidArgumentError } from '@dt/errors';
import { ExchangeFormatError, UnsupportedModelError } from './errors.js';
import { buildImportedTree, SPLIT_CATEGORICAL, SPLIT_ZERO_MISSING, type ImportedTree, type SourceNode } from './imported-tree.js';
import { ImportedModel } from './imported-model.js';
import type { OutputLink } from './output-link.js';

const FORMAT = 'LightGBM';
const IDENTITY = new Set(['regression', 'regression_l2', 'regression_l1', 'huber', 'fair', 'quantile', 'mape', 'lambdarank', 'rank_xendcg', 'custom']);
const EXP = new Set(['poisson', 'gamma', 'tweedie']);

function bad(field: string, problem: string): never {
  throw new ExchangeFormatError(FORMAT, field, problem);
}

/** key=value lines of one section. */
function fields(lines: readonly string[], from: number, to: number): Map<string, string> {
  const m = new Map<string, string>();
  for (let i = from; i < to; i++) {
    const line = lines[i]!;
    const eq = line.indexOf('=');
    if (eq > 0) m.set(line.slice(0, eq), line.slice(eq + 1));
  }
  return m;
}

function parseNumber(field: string, s: string): number {
  const v = s === 'inf' || s === '+inf' ? Number.POSITIVE_INFINITY : s === '-inf' ? Number.NEGATIVE_INFINITY : s.trim() === '' ? Number.NaN : Number(s);
  if (v !== v) bad(field, `"${s.slice(0, 40)}" is not a number`);
  return v;
}

function numbers(m: Map<string, string>, key: string, where: string, length: number, integer = false): Float64Array {
  const raw = m.get(key);
  if (raw === undefined) return bad(`${where} ${key}`, 'missing');
  const parts = raw.trim() === '' ? [] : raw.trim().split(' ');
  if (parts.length !== length) bad(`${where} ${key}`, `holds ${parts.length} values, num_leaves says ${length}`);
  const out = new Float64Array(parts.length);
  for (let i = 0; i < parts.length; i++) {
    const v = parseNumber(`${where} ${key}[${i}]`, parts[i]!);
    if (integer && !Number.isSafeInteger(v)) bad(`${where} ${key}[${i}]`, `${parts[i]} is not an integer`);
    out[i] = v;
  }
  return out;
}

function optionalNumbers(m: Map<string, string>, key: string, where: string, length: number): Float64Array | null {
  return m.has(key) ? numbers(m, key, where, length) : null;
}

function countOf(m: Map<string, string>, key: string, where: string): number {
  const s = m.get(key);
  if (s === undefined) return bad(`${where}${key}`, 'missing');
  const v = Number(s);
  if (!Number.isSafeInteger(v) || v < 0) bad(`${where}${key}`, `${s.slice(0, 40)} is not a count`);
  return v;
}

function objectiveLink(objective: string, nClass: number): { task: 'classification' | 'regression'; link: OutputLink } {
  const [name = '', ...params] = objective.trim().split(/\s+/);
  const param = (p: string): string | undefined => params.find((q) => q.startsWith(`${p}:`))?.slice(p.length + 1);
  if (name === 'binary') {
    const scale = Number(param('sigmoid') ?? '1');
    if (!(scale > 0 && Number.isFinite(scale))) bad('objective', `binary sigmoid scale ${param('sigmoid')} is not a positive number`);
    return { task: 'classification', link: { kind: 'sigmoid', scale } };
  }
  if (name === 'multiclass' || name === 'softmax') return { task: 'classification', link: { kind: 'softmax' } };
  if (name === 'multiclassova' || name === 'ova') {
    return { task: 'classification', link: { kind: 'sigmoid', scale: Number(param('sigmoid') ?? '1') } };
  }
  if (nClass > 1) throw new UnsupportedModelError(FORMAT, 'objective', `"${objective}" with ${nClass} classes is not supported`);
  if (params.includes('sqrt')) throw new UnsupportedModelError(FORMAT, 'objective', `"${objective}": reg_sqrt outputs are not supported`);
  if (IDENTITY.has(name)) return { task: 'regression', link: { kind: 'identity' } };
  if (EXP.has(name)) return { task: 'regression', link: { kind: 'exp' } };
  throw new UnsupportedModelError(FORMAT, 'objective', `"${objective}" is not supported (binary, multiclass, multiclassova, the regression family, poisson, gamma, tweedie are)`);
}

function readTree(m: Map<string, string>, where: string, nFeatures: number, output: number): ImportedTree {
  if (m.get('is_linear') === '1' || m.has('leaf_const')) {
    throw new UnsupportedModelError(FORMAT, `${where} is_linear`, 'linear trees (linear_tree=true) are not supported: retrain without linear_tree');
  }
  const L = countOf(m, 'num_leaves', `${where} `);
  if (L === 0) bad(`${where} num_leaves`, 'is 0');
  const leafValue = numbers(m, 'leaf_value', where, L);
  const leafCount = optionalNumbers(m, 'leaf_count', where, L);
  const leafWeight = optionalNumbers(m, 'leaf_weight', where, L);
  const nodes: SourceNode[] = [];
  const I = L - 1;
  const leafNode = (j: number): SourceNode => ({
    leaf: true, feature: -1, threshold: 0, missingLeft: false, flags: 0, cats: null, left: -1, right: -1,
    values: [leafValue[j]!], count: leafCount?.[j] ?? 0, weight: leafWeight?.[j] ?? 0, sourceId: ~j,
  });
  if (I === 0) {
    nodes.push(leafNode(0));
    return buildImportedTree(FORMAT, where, nodes, 0, nFeatures, 1, output);
  }
  const feature = numbers(m, 'split_feature', where, I, true);
  const threshold = numbers(m, 'threshold', where, I);
  const decision = numbers(m, 'decision_type', where, I, true);
  const left = numbers(m, 'left_child', where, I, true);
  const right = numbers(m, 'right_child', where, I, true);
  const internalValue = optionalNumbers(m, 'internal_value', where, I);
  const internalCount = optionalNumbers(m, 'internal_count', where, I);
  const internalWeight = optionalNumbers(m, 'internal_weight', where, I);
  const numCat = m.has('num_cat') ? countOf(m, 'num_cat', `${where} `) : 0;
  let boundaries: Float64Array | null = null;
  let catWords: Float64Array | null = null;
  if (numCat > 0) {
    boundaries = numbers(m, 'cat_boundaries', where, numCat + 1, true);
    const words = boundaries[numCat]!;
    catWords = numbers(m, 'cat_threshold', where, words, true);
  }
  const child = (c: number, i: number, side: string): number => {
    if (c >= 0) {
      if (c >= I) bad(`${where} ${side}[${i}]`, `node ${c} does not exist (the tree has ${I} splits)`);
      return c;
    }
    if (~c >= L) bad(`${where} ${side}[${i}]`, `leaf ${~c} does not exist (the tree has ${L} leaves)`);
    return I + ~c;
  };
  for (let i = 0; i < I; i++) {
    const dt = decision[i]!;
    if (dt < 0 || dt > 15) bad(`${where} decision_type[${i}]`, `${dt} is not a decision type (0..15)`);
    const missingType = (dt >> 2) & 3;
    if (missingType === 3) bad(`${where} decision_type[${i}]`, `missing type 3 does not exist`);
    const defaultLeft = ((dt >> 1) & 1) === 1;
    const t = threshold[i]!;
    let flags = 0;
    let cats: Uint32Array | null = null;
    let missingLeft: boolean;
    if ((dt & 1) === 1) {
      const idx = t;
      if (boundaries === null || !(Number.isInteger(idx) && idx >= 0 && idx < numCat)) {
        bad(`${where} threshold[${i}]`, `categorical split ${idx} is not one of the tree's num_cat=${numCat} category sets`);
      }
      const a = boundaries[idx]!;
      const b = boundaries[idx + 1]!;
      if (!(a >= 0 && a <= b && b <= catWords!.length)) bad(`${where} cat_boundaries[${idx}]`, `[${a}, ${b}) is outside cat_threshold (${catWords!.length} words)`);
      cats = new Uint32Array(b - a);
      for (let w = a; w < b; w++) {
        const word = catWords![w]!;
        if (!(word >= 0 && word <= 0xffffffff)) bad(`${where} cat_threshold[${w}]`, `${word} is not a 32-bit word`);
        cats[w - a] = word;
      }
      flags = SPLIT_CATEGORICAL;
      missingLeft = false;
    } else {
      if (Number.isNaN(t)) bad(`${where} threshold[${i}]`, 'NaN');
      if (missingType === 1) {
        flags = SPLIT_ZERO_MISSING;
        missingLeft = defaultLeft;
      } else if (missingType === 2) missingLeft = defaultLeft;
      else missingLeft = 0 <= t;
    }
    nodes.push({
      leaf: false, feature: feature[i]!, threshold: t, missingLeft, flags, cats,
      left: child(left[i]!, i, 'left_child'), right: child(right[i]!, i, 'right_child'),
      values: [internalValue?.[i] ?? 0], count: internalCount?.[i] ?? 0, weight: internalWeight?.[i] ?? 0, sourceId: i,
    });
  }
  for (let j = 0; j < L; j++) nodes.push(leafNode(j));
  return buildImportedTree(FORMAT, where, nodes, 0, nFeatures, 1, output);
}

/** Reads a LightGBM text model (`model.txt`, `Booster.model_to_string()`). */
export function readLightGBM(text: string): ImportedModel {
  if (typeof text !== 'string') throw new InvalidArgumentError('text', 'the text of a LightGBM model file', text);
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== 'tree') bad('header', `the first line is ${JSON.stringify((lines[0] ?? '').slice(0, 40))}, not "tree"`);
  let i = 1;
  while (i < lines.length && !lines[i]!.startsWith('Tree=') && lines[i] !== 'end of trees') i++;
  const header = fields(lines, 1, i);
  const version = header.get('version') ?? '';
  if (version !== 'v2' && version !== 'v3' && version !== 'v4') bad('version', `"${version.slice(0, 20)}" is not v2, v3 or v4`);
  const nClass = countOf(header, 'num_class', '');
  const perIteration = countOf(header, 'num_tree_per_iteration', '');
  if (perIteration === 0) bad('num_tree_per_iteration', 'is 0');
  if (nClass > 1 && nClass !== perIteration) bad('num_tree_per_iteration', `${perIteration} differs from num_class=${nClass}`);
  const maxFeature = Number(header.get('max_feature_idx'));
  if (!Number.isSafeInteger(maxFeature) || maxFeature < 0) bad('max_feature_idx', `${header.get('max_feature_idx')} is not a feature index`);
  const nFeatures = maxFeature + 1;
  const namesLine = header.get('feature_names');
  const names = namesLine === undefined ? null : namesLine.split(' ');
  if (names !== null && names.length !== nFeatures) bad('feature_names', `${names.length} names for ${nFeatures} features`);
  const objective = header.get('objective') ?? 'custom';
  const { task, link } = objectiveLink(objective, nClass);
  const trees: ImportedTree[] = [];
  let ended = false;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line === 'end of trees') {
      ended = true;
      break;
    }
    if (!line.startsWith('Tree=')) {
      i++;
      continue;
    }
    const where = line;
    let j = i + 1;
    while (j < lines.length && !lines[j]!.startsWith('Tree=') && lines[j] !== 'end of trees') j++;
    trees.push(readTree(fields(lines, i + 1, j), where, nFeatures, trees.length % perIteration));
    i = j;
  }
  if (!ended) bad('end of trees', 'missing (the file is truncated)');
  if (trees.length === 0) bad('Tree=0', 'the model has no trees');
  if (trees.length % perIteration !== 0) bad(`Tree=${trees.length - 1}`, `${trees.length} trees is not a whole number of iterations of ${perIteration}`);
  const width = perIteration;
  const classes = task === 'classification' ? Array.from({ length: Math.max(2, width) }, (_, c) => c) : null;
  return new ImportedModel({
    format: 'lightgbm',
    objective,
    sourceVersion: version,
    task,
    nFeatures,
    featureNames: names,
    classes,
    trees,
    width,
    baseScore: new Float64Array(width),
    accumulation: { precision: 'float64', baseFirst: false, divisor: header.has('average_output') || lines.includes('average_output') ? trees.length / perIteration : 1 },
    link,
  });
}
