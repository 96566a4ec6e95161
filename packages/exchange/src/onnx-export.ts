/**
 * dt trees and forests (@dt/core DecisionTreeClassifier / DecisionTreeRegressor, @dt/ensemble random
 * forests, extra trees and bagging of dt trees) as ONNX TreeEnsembleClassifier / TreeEnsembleRegressor
 * (ai.onnx.ml opset 3), laid out as skl2onnx lays out scikit-learn's: one node list per tree, BRANCH_LEQ,
 * NaN sides in nodes_missing_value_tracks_true, a classifier's leaf weights are the member's class
 * probabilities divided by the number of trees (SUM), two classes use ONNX's binary case (one weight
 * per leaf, P(class 1), under class id 0), a regressor averages (AVERAGE).
 * `inputType: 'double'` (the default) keeps dt's double thresholds in `*_as_tensor` attributes, so
 * onnxruntime routes every row as dt does; 'float' rounds each threshold down to the largest float32
 * not above it, which routes every float32 input exactly as dt's `x <= t` does (for double inputs the
 * rounding to float32 can move a value across a threshold).
 */
import { AXIS, LEAF, type ClassLabel, type Tree } from '@dt/core';
import { InvalidArgumentError, plainObject } from '@dt/errors';
import { prev32 } from './float32.js';
import {
  ATTR_FLOATS,
  ATTR_INT,
  ATTR_INTS,
  ATTR_STRING,
  ATTR_STRINGS,
  ATTR_TENSOR,
  encodeModel,
  type Message,
  TENSOR_DOUBLE,
  TENSOR_FLOAT,
  TENSOR_INT64,
  TENSOR_STRING,
} from './onnx-proto.js';

/** Options of exportOnnx. */
export interface OnnxExportOptions {
  /** Input tensor type: 'double' (default; exact) or 'float' (exact for float32 inputs). */
  readonly inputType?: 'double' | 'float';
  /** Graph name (default "dt"). */
  readonly name?: string;
}

/** A dt tree model or a forest of them, as the exporter reads it (structurally). */
export interface ExportableModel {
  readonly tree?: Tree;
  readonly estimators?: readonly { readonly tree?: Tree; readonly classes?: readonly ClassLabel[] }[];
  readonly estimatorsFeatures?: readonly (Int32Array | null)[];
  readonly classes?: readonly ClassLabel[];
  readonly nFeatures: number;
}

interface Member {
  tree: Tree;
  /** Member class index → model class index (classifiers). */
  classMap: number[] | null;
  /** Member feature → model feature. */
  features: Int32Array | null;
}

function members(model: ExportableModel): Member[] {
  if (typeof model !== 'object' || model === null) throw new InvalidArgumentError('model', 'a dt tree model or a forest of dt trees', model);
  const classes = model.classes;
  if (model.tree !== undefined) return [{ tree: model.tree, classMap: classes ? classes.map((_, i) => i) : null, features: null }];
  if (model.estimators === undefined) throw new InvalidArgumentError('model', 'a dt tree model or a forest of dt trees', model);
  return model.estimators.map((m, i) => {
    if (m.tree === undefined) throw new InvalidArgumentError(`model.estimators[${i}]`, 'a dt tree (Decision Streams and other members have no ONNX tree form)', m);
    // Forest members predict encoded classes: their `classes` are indices into the forest's.
    const classMap = classes && m.classes ? m.classes.map((c) => c as number) : null;
    return { tree: m.tree, classMap, features: model.estimatorsFeatures?.[i] ?? null };
  });
}

const attr = {
  ints: (name: string, ints: number[]): Message => ({ name, type: ATTR_INTS, ints }),
  floats: (name: string, floats: number[]): Message => ({ name, type: ATTR_FLOATS, floats }),
  strings: (name: string, strings: string[]): Message => ({ name, type: ATTR_STRINGS, strings }),
  string: (name: string, s: string): Message => ({ name, type: ATTR_STRING, s: new TextEncoder().encode(s) }),
  int: (name: string, i: number): Message => ({ name, type: ATTR_INT, i }),
  doubles: (name: string, values: number[]): Message => ({ name, type: ATTR_TENSOR, t: { dims: [values.length], data_type: TENSOR_DOUBLE, double_data: values, name } }),
};

/** Largest float32 not above t: float32 inputs x satisfy x <= result exactly when x <= t. */
function floorFloat32(t: number): number {
  const r = Math.fround(t);
  return r <= t ? r : prev32(r);
}

/** Writes a dt tree model or forest as an ONNX model (the bytes of a .onnx file). */
export function exportOnnx(model: ExportableModel, options: OnnxExportOptions = {}): Uint8Array {
  plainObject('options', options);
  const inputType = options.inputType ?? 'double';
  if (inputType !== 'double' && inputType !== 'float') throw new InvalidArgumentError('options.inputType', '"double" or "float"', inputType);
  const ms = members(model);
  const classes = model.classes ?? null;
  const C = classes?.length ?? 0;
  const binary = C === 2;
  const n = ms.length;
  const node = { treeIds: [] as number[], nodeIds: [] as number[], features: [] as number[], values: [] as number[], modes: [] as string[], trueIds: [] as number[], falseIds: [] as number[], tracks: [] as number[] };
  const w = { treeIds: [] as number[], nodeIds: [] as number[], ids: [] as number[], weights: [] as number[] };
  ms.forEach((m, ti) => {
    const t = m.tree;
    for (const id of t.reachable()) {
      const kind = t.kind[id]!;
      if (kind !== LEAF && (kind !== AXIS || t.catCount[id]! > 0)) {
        throw new InvalidArgumentError(`model tree ${ti} node ${id}`, 'an axis-aligned split (oblique and categorical splits have no ONNX TreeEnsemble form)', kind === AXIS ? 'categorical' : 'oblique');
      }
      node.treeIds.push(ti);
      node.nodeIds.push(id);
      if (kind === LEAF) {
        node.features.push(0);
        node.values.push(0);
        node.modes.push('LEAF');
        node.trueIds.push(0);
        node.falseIds.push(0);
        node.tracks.push(0);
        if (classes === null) {
          w.treeIds.push(ti);
          w.nodeIds.push(id);
          w.ids.push(0);
          w.weights.push(t.value[id]!);
          continue;
        }
        const row = t.valueRow(id);
        let sum = 0;
        for (const v of row) sum += v;
        const proba = new Float64Array(C);
        row.forEach((v, c) => (proba[m.classMap![c]!]! += sum > 0 ? v / sum : 1 / row.length));
        for (let c = binary ? 1 : 0; c < C; c++) {
          w.treeIds.push(ti);
          w.nodeIds.push(id);
          w.ids.push(binary ? 0 : c);
          w.weights.push(proba[c]! / n);
        }
        continue;
      }
      const f = t.feature[id]!;
      node.features.push(m.features === null ? f : m.features[f]!);
      const thr = t.threshold[id]!;
      node.values.push(inputType === 'double' ? thr : floorFloat32(thr));
      node.modes.push('BRANCH_LEQ');
      node.trueIds.push(t.left[id]!);
      node.falseIds.push(t.right[id]!);
      node.tracks.push(t.missingGoToLeft[id]!);
    }
  });
  const dbl = inputType === 'double';
  const attributes: Message[] = [
    attr.ints('nodes_treeids', node.treeIds),
    attr.ints('nodes_nodeids', node.nodeIds),
    attr.ints('nodes_featureids', node.features),
    dbl ? attr.doubles('nodes_values_as_tensor', node.values) : attr.floats('nodes_values', node.values),
    attr.strings('nodes_modes', node.modes),
    attr.ints('nodes_truenodeids', node.trueIds),
    attr.ints('nodes_falsenodeids', node.falseIds),
    attr.ints('nodes_missing_value_tracks_true', node.tracks),
    attr.string('post_transform', 'NONE'),
  ];
  const prefix = classes === null ? 'target' : 'class';
  attributes.push(
    attr.ints(`${prefix}_treeids`, w.treeIds),
    attr.ints(`${prefix}_nodeids`, w.nodeIds),
    attr.ints(`${prefix}_ids`, w.ids),
    dbl ? attr.doubles(`${prefix}_weights_as_tensor`, w.weights) : attr.floats(`${prefix}_weights`, w.weights),
  );
  const N = { dim_param: 'N' };
  const tensorType = (elem: number, dims: Message[]): Message => ({ tensor_type: { elem_type: elem, shape: { dim: dims } } });
  let outputs: Message[];
  let op: string;
  if (classes === null) {
    op = 'TreeEnsembleRegressor';
    attributes.push(attr.int('n_targets', 1), attr.string('aggregate_function', 'AVERAGE'));
    outputs = [{ name: 'variable', type: tensorType(TENSOR_FLOAT, [N, { dim_value: 1 }]) }];
  } else {
    op = 'TreeEnsembleClassifier';
    const numeric = classes.every((c) => typeof c === 'number' && Number.isSafeInteger(c));
    if (!numeric && !classes.every((c) => typeof c === 'string')) {
      throw new InvalidArgumentError('model.classes', 'integer or string class labels (ONNX has int64 and string labels)', classes);
    }
    attributes.push(numeric ? attr.ints('classlabels_int64s', classes as number[]) : attr.strings('classlabels_strings', classes as string[]));
    outputs = [
      { name: 'label', type: tensorType(numeric ? TENSOR_INT64 : TENSOR_STRING, [N]) },
      { name: 'probabilities', type: tensorType(TENSOR_FLOAT, [N, { dim_value: C }]) },
    ];
  }
  return encodeModel({
    ir_version: 8,
    producer_name: 'dt',
    producer_version: '0.1.0',
    opset_import: [{ domain: '', version: 17 }, { domain: 'ai.onnx.ml', version: 3 }],
    graph: {
      name: options.name ?? 'dt',
      node: [{ input: ['X'], output: outputs.map((o) => o.name as string), name: op, op_type: op, domain: 'ai.onnx.ml', attribute: attributes }],
      input: [{ name: 'X', type: tensorType(dbl ? TENSOR_DOUBLE : TENSOR_FLOAT, [N, { dim_value: model.nFeatures }]) }],
      output: outputs,
    },
  });
}
