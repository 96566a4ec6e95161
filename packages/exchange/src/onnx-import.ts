/**
 * ONNX tree ensembles into an ImportedModel: ai.onnx.ml TreeEnsembleClassifier / TreeEnsembleRegressor
 * (opsets 1–3, attribute lists, `*_as_tensor` doubles in opset 3) and TreeEnsemble (opset 5), what
 * scikit-learn models become through skl2onnx. Semantics are onnxruntime's: on a float input the value
 * is a float32 compared with a float32 threshold (each mode becomes the exact double threshold of
 * dt's `x <= t`, with the branches swapped for GTE/GT), on a double input the comparison is in double;
 * NaN takes the true branch where nodes_missing_value_tracks_true is 1, else the false branch. A tree's
 * root is its first listed node (opsets 1–3) or tree_roots[t] (opset 5). Scores are the float32 (float
 * input) sums of leaf weights in tree order, averaged for AVERAGE, plus base_values, then the
 * post-transform. BRANCH_EQ/NEQ/MEMBER, PROBIT and MIN/MAX aggregation are refused
 * (UnsupportedModelError). Arrays come from the bytes present (onnx-proto.ts), node ids are looked up
 * in maps (a node id of 10^9 allocates nothing).
 */
import type { ClassLabel } from '@dt/core';
import { InvalidArgumentError } from '@dt/errors';
import { ExchangeFormatError, UnsupportedModelError } from './errors.js';
import { leq32, lt32, prevDouble } from './float32.js';
import { buildImportedTree, type ImportedTree, type SourceNode } from './imported-tree.js';
import { ImportedModel } from './imported-model.js';
import {
  decodeModel,
  type Message,
  TENSOR_DOUBLE,
  TENSOR_FLOAT,
  TENSOR_INT32,
  TENSOR_INT64,
  TENSOR_UINT8,
  utf8,
} from './onnx-proto.js';

const FORMAT = 'ONNX';
const OPS = new Set(['TreeEnsembleClassifier', 'TreeEnsembleRegressor', 'TreeEnsemble']);
const MODES = ['BRANCH_LEQ', 'BRANCH_LT', 'BRANCH_GTE', 'BRANCH_GT', 'BRANCH_EQ', 'BRANCH_NEQ', 'BRANCH_MEMBER'] as const;
const POST = ['NONE', 'SOFTMAX', 'LOGISTIC', 'SOFTMAX_ZERO', 'PROBIT'] as const;

function bad(field: string, problem: string): never {
  throw new ExchangeFormatError(FORMAT, field, problem);
}

/** Numbers of a TensorProto (typed fields or little-endian raw_data). */
function tensorValues(t: Message, field: string): number[] {
  const type = t.data_type as number | undefined;
  if (t.data_location === 1) throw new UnsupportedModelError(FORMAT, field, 'external tensor data is not supported');
  const raw = t.raw_data as Uint8Array | undefined;
  if (raw !== undefined) {
    const size = type === TENSOR_DOUBLE || type === TENSOR_INT64 ? 8 : type === TENSOR_UINT8 ? 1 : type === TENSOR_FLOAT || type === TENSOR_INT32 ? 4 : 0;
    if (size === 0) bad(field, `tensor type ${type} is not a number type`);
    if (raw.length % size !== 0) bad(field, `raw_data holds ${raw.length} bytes, not a multiple of ${size}`);
    const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    const out: number[] = new Array<number>(raw.length / size);
    for (let i = 0; i < out.length; i++) {
      const at = i * size;
      out[i] =
        type === TENSOR_DOUBLE ? view.getFloat64(at, true)
        : type === TENSOR_FLOAT ? view.getFloat32(at, true)
        : type === TENSOR_UINT8 ? view.getUint8(at)
        : type === TENSOR_INT32 ? view.getInt32(at, true)
        : Number(view.getBigInt64(at, true));
    }
    return out;
  }
  const data = (type === TENSOR_DOUBLE ? t.double_data : type === TENSOR_FLOAT ? t.float_data : type === TENSOR_INT64 ? t.int64_data : t.int32_data) as number[] | undefined;
  return data ?? [];
}

class Attributes {
  private readonly byName = new Map<string, Message>();
  constructor(node: Message) {
    for (const a of (node.attribute ?? []) as Message[]) this.byName.set(String(a.name), a);
  }
  has(name: string): boolean {
    return this.byName.has(name);
  }
  ints(name: string, required = true): number[] {
    const a = this.byName.get(name);
    if (a === undefined) return required ? bad(name, 'missing') : [];
    return (a.ints ?? []) as number[];
  }
  /** A float list, or its opset-3 `<name>_as_tensor` doubles. */
  floats(name: string, required = true): number[] {
    const tensor = this.byName.get(`${name}_as_tensor`) ?? (this.byName.get(name)?.t !== undefined ? this.byName.get(name) : undefined);
    if (tensor?.t !== undefined) return tensorValues(tensor.t as Message, name);
    const a = this.byName.get(name);
    if (a === undefined) return required ? bad(name, 'missing') : [];
    return (a.floats ?? []) as number[];
  }
  strings(name: string): string[] {
    return ((this.byName.get(name)?.strings ?? []) as Uint8Array[]).map(utf8);
  }
  string(name: string, fallback: string): string {
    const s = this.byName.get(name)?.s;
    return s === undefined ? fallback : utf8(s);
  }
  int(name: string, fallback: number): number {
    const i = this.byName.get(name)?.i;
    return typeof i === 'number' ? i : fallback;
  }
}

function sameLength(attrs: Record<string, readonly unknown[]>, n: number): void {
  for (const [name, a] of Object.entries(attrs)) if (a.length !== n) bad(name, `holds ${a.length} entries, nodes_nodeids ${n}`);
}

/** Split of one node as dt's `x <= threshold`: which branch is left and where NaN goes. */
function split(mode: string, t: number, float: boolean, tracksTrue: boolean, field: string): { threshold: number; trueLeft: boolean; missingLeft: boolean } {
  if (t !== t) bad(field, 'NaN threshold');
  let threshold: number;
  let trueLeft: boolean;
  switch (mode) {
    case 'BRANCH_LEQ':
      threshold = float ? leq32(t) : t;
      trueLeft = true;
      break;
    case 'BRANCH_LT':
      threshold = float ? lt32(t) : prevDouble(t);
      trueLeft = true;
      break;
    case 'BRANCH_GTE':
      threshold = float ? lt32(t) : prevDouble(t);
      trueLeft = false;
      break;
    case 'BRANCH_GT':
      threshold = float ? leq32(t) : t;
      trueLeft = false;
      break;
    default:
      throw new UnsupportedModelError(FORMAT, field, `mode ${mode} is not supported (BRANCH_LEQ, BRANCH_LT, BRANCH_GTE, BRANCH_GT are)`);
  }
  return { threshold, trueLeft, missingLeft: tracksTrue === trueLeft };
}

interface Output {
  width: number;
  classes: ClassLabel[] | null;
  /** Leaf weight entries: tree id, node id, output column, weight. */
  tree: number[];
  node: number[];
  ids: number[];
  weights: number[];
}

/** Opsets 1–3: one tree per distinct nodes_treeids value, root = its first listed node. */
function readListTrees(a: Attributes, out: Output, nFeatures: number, float: boolean): ImportedTree[] {
  const treeIds = a.ints('nodes_treeids');
  const nodeIds = a.ints('nodes_nodeids');
  const n = nodeIds.length;
  const featureIds = a.ints('nodes_featureids');
  const values = a.floats('nodes_values');
  const modes = a.strings('nodes_modes');
  const trueIds = a.ints('nodes_truenodeids');
  const falseIds = a.ints('nodes_falsenodeids');
  const tracks = a.has('nodes_missing_value_tracks_true') ? a.ints('nodes_missing_value_tracks_true') : new Array<number>(n).fill(0);
  sameLength({ nodes_treeids: treeIds, nodes_featureids: featureIds, nodes_values: values, nodes_modes: modes, nodes_truenodeids: trueIds, nodes_falsenodeids: falseIds, nodes_missing_value_tracks_true: tracks }, n);
  // Per tree: node id → index in that tree's list.
  const trees = new Map<number, { index: Map<number, number>; members: number[] }>();
  for (let i = 0; i < n; i++) {
    let t = trees.get(treeIds[i]!);
    if (t === undefined) trees.set(treeIds[i]!, (t = { index: new Map(), members: [] }));
    if (t.index.has(nodeIds[i]!)) bad(`nodes_nodeids[${i}]`, `node ${nodeIds[i]} appears twice in tree ${treeIds[i]}`);
    t.index.set(nodeIds[i]!, t.members.length);
    t.members.push(i);
  }
  const leafValues = new Map<number, Map<number, Float64Array>>();
  for (let k = 0; k < out.weights.length; k++) {
    const id = out.ids[k]!;
    if (!(id >= 0 && id < out.width)) bad(`class_ids[${k}]`, `${id} is not an output of the model (0..${out.width - 1})`);
    const t = trees.get(out.tree[k]!);
    const local = t?.index.get(out.node[k]!);
    if (local === undefined) bad(`class_nodeids[${k}]`, `tree ${out.tree[k]} has no node ${out.node[k]}`);
    let m = leafValues.get(out.tree[k]!);
    if (m === undefined) leafValues.set(out.tree[k]!, (m = new Map()));
    let v = m.get(local);
    if (v === undefined) m.set(local, (v = new Float64Array(out.width)));
    v[id] = float ? Math.fround(v[id]! + Math.fround(out.weights[k]!)) : v[id]! + out.weights[k]!;
  }
  const result: ImportedTree[] = [];
  for (const [treeId, t] of trees) {
    const where = `tree ${treeId}`;
    const child = (id: number, field: string): number => {
      const c = t.index.get(id);
      if (c === undefined) bad(field, `node ${id} is not in ${where}`);
      return c;
    };
    const nodes: SourceNode[] = t.members.map((i, local) => {
      const mode = modes[i]!;
      const base = { count: 0, weight: 0, sourceId: nodeIds[i]!, cats: null, flags: 0 };
      if (mode === 'LEAF') {
        return { ...base, leaf: true, feature: -1, threshold: 0, missingLeft: false, left: -1, right: -1, values: leafValues.get(treeId)?.get(local) ?? new Float64Array(out.width) };
      }
      const s = split(mode, values[i]!, float, tracks[i] === 1, `nodes_modes[${i}]`);
      const tc = child(trueIds[i]!, `nodes_truenodeids[${i}]`);
      const fc = child(falseIds[i]!, `nodes_falsenodeids[${i}]`);
      return {
        ...base, leaf: false, feature: featureIds[i]!, threshold: s.threshold, missingLeft: s.missingLeft,
        left: s.trueLeft ? tc : fc, right: s.trueLeft ? fc : tc, values: new Float64Array(out.width),
      };
    });
    result.push(buildImportedTree(FORMAT, where, nodes, 0, nFeatures, out.width, 0));
  }
  return result;
}

/** Opset 5 TreeEnsemble: inner nodes and leaves in separate lists, roots in tree_roots. */
function readTreeEnsemble5(a: Attributes, nTargets: number, nFeatures: number, float: boolean): ImportedTree[] {
  const featureIds = a.ints('nodes_featureids');
  const n = featureIds.length;
  const splits = a.floats('nodes_splits');
  const modeCodes = a.floats('nodes_modes');
  const trueIds = a.ints('nodes_truenodeids');
  const trueLeaf = a.ints('nodes_trueleafs');
  const falseIds = a.ints('nodes_falsenodeids');
  const falseLeaf = a.ints('nodes_falseleafs');
  const tracks = a.has('nodes_missing_value_tracks_true') ? a.ints('nodes_missing_value_tracks_true') : new Array<number>(n).fill(0);
  sameLength({ nodes_splits: splits, nodes_modes: modeCodes, nodes_truenodeids: trueIds, nodes_trueleafs: trueLeaf, nodes_falsenodeids: falseIds, nodes_falseleafs: falseLeaf, nodes_missing_value_tracks_true: tracks }, n);
  const leafTargets = a.ints('leaf_targetids');
  const leafWeights = a.floats('leaf_weights');
  if (leafWeights.length !== leafTargets.length) bad('leaf_weights', `holds ${leafWeights.length} entries, leaf_targetids ${leafTargets.length}`);
  const roots = a.ints('tree_roots');
  return roots.map((root, ti) => {
    const where = `tree_roots[${ti}]`;
    if (!(root >= 0 && root < n)) bad(where, `${root} is not a node (there are ${n})`);
    // Local list: inner nodes as reached, a fresh leaf entry per reference (leaves may be shared).
    const nodes: SourceNode[] = [];
    const local = new Map<number, number>();
    const pending: number[] = [root];
    local.set(root, 0);
    nodes.push(null as unknown as SourceNode);
    const leafNode = (j: number, field: string): number => {
      if (!(j >= 0 && j < leafTargets.length)) bad(field, `leaf ${j} does not exist (there are ${leafTargets.length})`);
      const target = leafTargets[j]!;
      if (!(target >= 0 && target < nTargets)) bad(`leaf_targetids[${j}]`, `${target} is not a target (0..${nTargets - 1})`);
      const values = new Float64Array(nTargets);
      values[target] = leafWeights[j]!;
      nodes.push({ leaf: true, feature: -1, threshold: 0, missingLeft: false, flags: 0, cats: null, left: -1, right: -1, values, count: 0, weight: 0, sourceId: ~j });
      return nodes.length - 1;
    };
    const innerNode = (j: number, field: string): number => {
      if (!(j >= 0 && j < n)) bad(field, `node ${j} does not exist (there are ${n})`);
      if (local.has(j)) bad(field, `node ${j} is reached twice (a cycle or a shared node)`);
      local.set(j, nodes.length);
      nodes.push(null as unknown as SourceNode);
      pending.push(j);
      return nodes.length - 1;
    };
    while (pending.length > 0) {
      const j = pending.pop()!;
      const code = modeCodes[j]!;
      const mode = MODES[code] ?? bad(`nodes_modes[${j}]`, `${code} is not a mode (0..6)`);
      const s = split(mode, splits[j]!, float, tracks[j] === 1, `nodes_modes[${j}]`);
      const tc = trueLeaf[j] === 1 ? leafNode(trueIds[j]!, `nodes_truenodeids[${j}]`) : innerNode(trueIds[j]!, `nodes_truenodeids[${j}]`);
      const fc = falseLeaf[j] === 1 ? leafNode(falseIds[j]!, `nodes_falsenodeids[${j}]`) : innerNode(falseIds[j]!, `nodes_falsenodeids[${j}]`);
      nodes[local.get(j)!] = {
        leaf: false, feature: featureIds[j]!, threshold: s.threshold, missingLeft: s.missingLeft, flags: 0, cats: null,
        left: s.trueLeft ? tc : fc, right: s.trueLeft ? fc : tc, values: new Float64Array(nTargets), count: 0, weight: 0, sourceId: j,
      };
    }
    return buildImportedTree(FORMAT, where, nodes, 0, nFeatures, nTargets, 0);
  });
}

/** Reads the tree ensemble of an ONNX model (the bytes of a .onnx file). */
export function readOnnx(bytes: Uint8Array): ImportedModel {
  if (!(bytes instanceof Uint8Array)) throw new InvalidArgumentError('bytes', 'the bytes of an ONNX model file (a Uint8Array)', bytes);
  const model = decodeModel(bytes);
  const graph = model.graph as Message | undefined;
  if (graph === undefined) bad('model.graph', 'missing');
  const treeNodes = ((graph.node ?? []) as Message[]).filter((n) => n.domain === 'ai.onnx.ml' && OPS.has(String(n.op_type)));
  if (treeNodes.length !== 1) bad('graph.node', `${treeNodes.length} tree ensemble operators (TreeEnsembleClassifier, TreeEnsembleRegressor, TreeEnsemble); dt reads graphs with one`);
  const node = treeNodes[0]!;
  const op = String(node.op_type);
  const opset = ((model.opset_import ?? []) as Message[]).find((o) => o.domain === 'ai.onnx.ml')?.version as number | undefined;
  if (opset === undefined) bad('model.opset_import', 'no ai.onnx.ml opset');
  const inputs = (graph.input ?? []) as Message[];
  const inputName = ((node.input ?? []) as Uint8Array[]).map(utf8)[0];
  const input = inputs.find((i) => i.name === inputName);
  const tensorType = (input?.type as Message | undefined)?.tensor_type as Message | undefined;
  const elem = tensorType?.elem_type as number | undefined;
  if (elem !== TENSOR_FLOAT && elem !== TENSOR_DOUBLE) {
    throw new UnsupportedModelError(FORMAT, 'graph.input.type', `the tree input ${String(inputName)} is of tensor type ${String(elem)}; float and double are supported`);
  }
  const float = elem === TENSOR_FLOAT;
  const a = new Attributes(node);
  const dims = ((tensorType?.shape as Message | undefined)?.dim ?? []) as Message[];
  const declared = dims[1]?.dim_value as number | undefined;
  const featureIds = a.ints('nodes_featureids');
  let maxFeature = -1;
  for (const fid of featureIds) if (fid > maxFeature) maxFeature = fid;
  const nFeatures = declared ?? maxFeature + 1;
  if (!(Number.isSafeInteger(nFeatures) && nFeatures >= 1)) bad('graph.input.shape', `${nFeatures} features`);
  let trees: ImportedTree[];
  let width: number;
  let classes: ClassLabel[] | null = null;
  let link: ImportedModel['link'] = { kind: 'identity' };
  let divisor = 1;
  let base: number[];
  if (op === 'TreeEnsemble') {
    if (opset < 5) bad('model.opset_import', `TreeEnsemble needs ai.onnx.ml opset 5, the model imports ${opset}`);
    width = a.int('n_targets', 1);
    if (!(width >= 1 && width <= 65536)) bad('n_targets', `${width}`);
    const agg = a.int('aggregate_function', 1);
    if (agg !== 0 && agg !== 1) throw new UnsupportedModelError(FORMAT, 'aggregate_function', `${agg} (MIN/MAX) is not supported`);
    if (a.int('post_transform', 0) !== 0) throw new UnsupportedModelError(FORMAT, 'post_transform', `${POST[a.int('post_transform', 0)] ?? a.int('post_transform', 0)} is not supported on TreeEnsemble`);
    trees = readTreeEnsemble5(a, width, nFeatures, float);
    if (agg === 0) divisor = trees.length;
    base = new Array<number>(width).fill(0);
  } else {
    const classifier = op === 'TreeEnsembleClassifier';
    const prefix = classifier ? 'class' : 'target';
    const out: Output = { width: 0, classes: null, tree: a.ints(`${prefix}_treeids`), node: a.ints(`${prefix}_nodeids`), ids: a.ints(`${prefix}_ids`), weights: a.floats(`${prefix}_weights`) };
    sameLength({ [`${prefix}_nodeids`]: out.node, [`${prefix}_ids`]: out.ids, [`${prefix}_weights`]: out.weights }, out.tree.length);
    const post = a.string('post_transform', 'NONE');
    if (!(POST as readonly string[]).includes(post) || post === 'PROBIT') throw new UnsupportedModelError(FORMAT, 'post_transform', `${post} is not supported`);
    base = a.floats('base_values', false);
    if (classifier) {
      const ints = a.ints('classlabels_int64s', false);
      const strings = a.strings('classlabels_strings');
      classes = ints.length > 0 ? ints : strings;
      if (classes.length < 2) bad('classlabels_int64s', `${classes.length} class labels`);
      const used = new Set(out.ids);
      const binary = classes.length === 2 && used.size === 1;
      if (binary && !used.has(0)) throw new UnsupportedModelError(FORMAT, 'class_ids', 'a binary model weighting only class id 1 (onnxruntime gives it no complementary probability)');
      if (classes.length === 2 && !binary && base.some((b) => b !== 0)) throw new UnsupportedModelError(FORMAT, 'base_values', 'base values on a two-class model weighting both classes');
      if (binary && base.length > 1) throw new UnsupportedModelError(FORMAT, 'base_values', `${base.length} base values in the binary case`);
      width = binary ? 1 : classes.length;
      let allPositive = true;
      for (const w of out.weights) if (w < 0) allPositive = false;
      link = { kind: 'onnx', postTransform: post as 'NONE', binary, allPositive };
    } else {
      width = a.int('n_targets', 1);
      if (!(width >= 1 && width <= 65536)) bad('n_targets', `${width}`);
      if (post !== 'NONE') throw new UnsupportedModelError(FORMAT, 'post_transform', `${post} on a regressor is not supported`);
      const agg = a.string('aggregate_function', 'SUM');
      if (agg !== 'SUM' && agg !== 'AVERAGE') throw new UnsupportedModelError(FORMAT, 'aggregate_function', `${agg} is not supported (SUM and AVERAGE are)`);
      if (agg === 'AVERAGE') divisor = -1;
    }
    out.width = width;
    if (base.length !== 0 && base.length !== width) bad('base_values', `${base.length} values for ${width} outputs`);
    if (base.length === 0) base = new Array<number>(width).fill(0);
    trees = readListTrees(a, out, nFeatures, float);
    if (divisor === -1) divisor = trees.length;
  }
  return new ImportedModel({
    format: 'onnx',
    objective: op,
    sourceVersion: `ai.onnx.ml ${opset}, ir ${String(model.ir_version)}, ${String(model.producer_name ?? '')} ${String(model.producer_version ?? '')}`.trim(),
    task: classes === null ? 'regression' : 'classification',
    nFeatures,
    featureNames: null,
    classes,
    trees,
    width,
    baseScore: Float64Array.from(base, (b) => (float ? Math.fround(b) : b)),
    accumulation: { precision: float ? 'float32' : 'float64', baseFirst: false, divisor },
    link,
  });
}
