import { describe, expect, it } from 'vitest';
import { ModelFormatError } from '@dt/errors';
import { decodeModel, encodeModel, type Message } from './onnx-proto.js';
import { readOnnx } from './onnx-import.js';
import { readLightGBM } from './lightgbm.js';
import { parseJsonWithNonFinite, readXGBoost } from './xgboost.js';
import { fixtureBytes, fixtureText } from './test-helpers/fixtures.js';

/** The tree node's attribute `name` of a decoded ONNX model. */
function attribute(model: Message, name: string): Message {
  const node = ((model.graph as Message).node as Message[])[0]!;
  return (node.attribute as Message[]).find((a) => a.name === name)!;
}

describe('hostile files: sizes come from what the file holds', () => {
  it('ONNX: node ids of 10^9 are looked up, not allocated; a dangling child names its field', () => {
    const model = decodeModel(fixtureBytes('onnx-rf-classifier.onnx'));
    const ids = attribute(model, 'nodes_nodeids').ints as number[];
    const trueIds = attribute(model, 'nodes_truenodeids').ints as number[];
    const falseIds = attribute(model, 'nodes_falsenodeids').ints as number[];
    const shift = (a: number[]) => a.forEach((v, i) => (a[i] = v === 0 ? 0 : v + 1e9));
    shift(ids);
    shift(trueIds);
    shift(falseIds);
    ids.forEach((v, i) => (ids[i] = v === 0 && i > 0 && (attribute(model, 'nodes_treeids').ints as number[])[i] === (attribute(model, 'nodes_treeids').ints as number[])[i - 1] ? 1e9 : v));
    const wn = attribute(model, 'class_nodeids').ints as number[];
    wn.forEach((v, i) => (wn[i] = v + 1e9));
    const before = process.memoryUsage().heapUsed;
    const m = readOnnx(encodeModel(model));
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50e6);
    expect(m.trees.length).toBe(4);
    trueIds[0] = 123456789;
    expect(() => readOnnx(encodeModel(model))).toThrow(/nodes_truenodeids\[0\]/);
  });

  it('ONNX: a packed array or string whose declared length passes the end of the data is refused', () => {
    // field 7 (graph), length 2^31: a declared size with nothing behind it.
    expect(() => readOnnx(Uint8Array.from([0x08, 0x08, 0x3a, 0x80, 0x80, 0x80, 0x80, 0x08, 0x00]))).toThrow(/graph: length 2147483648 runs past the end/);
    // groups (wire type 3) nested a million deep are refused at the first, not recursed into.
    const deep = new Uint8Array(2_000_000).fill(0x0b);
    expect(() => readOnnx(deep)).toThrow(ModelFormatError);
  });

  it('LightGBM and XGBoost: declared counts must agree with the arrays present', () => {
    expect(() => readLightGBM(fixtureText('lgb-binary.txt').replace('num_leaves=8', 'num_leaves=1000000000'))).toThrow(/leaf_value: holds 8 values, num_leaves says 1000000000/);
    expect(() => readXGBoost(fixtureText('xgb-reg.json').replace(/"num_nodes":"\d+"/, '"num_nodes":"1000000000"'))).toThrow(/num_nodes says 1000000000/);
    // Category codes far above the listed ones would need bitsets far larger than the file: refused.
    const doc = parseJsonWithNonFinite(fixtureText('xgb-cat.json')) as { learner: { gradient_booster: { model: { trees: { categories: number[] }[] } } } };
    for (const t of doc.learner.gradient_booster.model.trees) t.categories = t.categories.map((c) => 16777215 - c);
    expect(() => readXGBoost(doc)).toThrow(/categories: the category sets need more memory than the file justifies/);
  });
});

describe('hostile values', () => {
  it('ONNX: a NaN or overflowing leaf weight is refused (raw scores stay finite for every input)', () => {
    for (const bad of [Number.NaN, 1e308]) {
      const model = decodeModel(fixtureBytes('onnx-rf-classifier.onnx'));
      const w = attribute(model, 'class_weights').floats as number[];
      w[3] = bad;
      w[0] = bad;
      expect(() => readOnnx(encodeModel(model))).toThrow(/leaf values/);
    }
  });
});

describe('malformed protobuf encodings (fuzz, seed 1: onnx-tree-ensemble-v5)', () => {
  it('a length varint whose fifth byte is above 7 is a typed error, not protobufjs Error', () => {
    // an unknown field (99, wire type 2: skipped by protobufjs) whose length protobufjs refuses to decode
    const bytes = Uint8Array.of(0x9a, 0x06, 0xff, 0xff, 0xff, 0xff, 0x7f, 0x00, 0x00);
    expect(() => decodeModel(bytes)).toThrow(/malformed protobuf \(invalid length encoding\)/);
    try {
      decodeModel(bytes);
    } catch (e) {
      expect(e).toBeInstanceOf(ModelFormatError);
    }
  });
});
