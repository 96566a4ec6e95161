/**
 * Fuzz targets of @dt/exchange's readers: LightGBM text (line and token mutations, truncation),
 * XGBoost JSON (the campaign's JSON mutations) and ONNX protobuf (byte mutations and attribute-level
 * mutations re-encoded). A case is sound when the reader refuses with a DtError or returns a model
 * whose raw scores are finite, whose probabilities lie in [0, 1] and sum to 1 (softmax), and whose
 * leaves are leaves of its trees, for rows that include NaN, zeros and category codes.
 */
import fc from 'fast-check';
import { LEAF } from '@dt/core';
import { readModel, type ImportedModel } from '@dt/exchange';
import { decodeModel, encodeModel, fixtureFile } from '@dt/exchange/fixtures';
import type { FuzzTarget } from './harness.js';
import { mutateModel } from './mutate-model.js';

const INTERESTING_TOKENS = ['0', '-1', '1', '2', '3', '7', '8', '15', '16', '1e9', '1000000000', '-1000000000', '2147483648', '1e308', '-1e308', 'nan', 'inf', '-inf', '', 'x', '0.5', '-0', '4294967295', '4294967296'];

const ROWS: number[][] = [
  [0, 0, 0, 0, 0, 0],
  [Number.NaN, Number.NaN, Number.NaN, Number.NaN, Number.NaN, Number.NaN],
  [1.5, -2, 1e-36, 3, -0.5, 4],
  [-1e6, 1e6, -3, 0.25, 7, 2.7],
  [0.1, -0.1, 2, -2, 1, -1],
];

/** Null when the model's outputs are sound on ROWS, else what is wrong. */
export function checkImported(model: ImportedModel): string | null {
  if (model.nFeatures > 1000) return null; // a valid model too wide for the probe rows (refusing it is the caller's business)
  const X = ROWS.map((r) => Array.from({ length: model.nFeatures }, (_, j) => r[j % r.length]!));
  const raw = model.decisionFunction(X);
  if (raw.length !== X.length * model.width) return `decisionFunction returned ${raw.length} values for ${X.length} rows × ${model.width}`;
  for (const v of raw) if (!Number.isFinite(v)) return `raw score ${v}`;
  if (model.task === 'classification') {
    const p = model.predictProba(X);
    const k = p.length / X.length;
    for (let r = 0; r < X.length; r++) {
      let sum = 0;
      for (let j = 0; j < k; j++) {
        const v = p[r * k + j]!;
        if (!(v >= -1e-12 && v <= 1 + 1e-12) && !(model.link.kind === 'onnx' && Number.isFinite(v))) return `probability ${v}`;
        sum += v;
      }
      const tol = model.accumulation.precision === 'float32' ? 1e-6 : 1e-9; // float32 probabilities (XGBoost) round each term
      if ((model.link.kind === 'softmax' || (model.link.kind === 'sigmoid' && k === 2)) && Math.abs(sum - 1) > tol) return `probabilities sum to ${sum}`;
    }
    const labels = model.predict(X);
    for (const l of labels as unknown[]) if (!model.classes!.includes(l as never)) return `label ${String(l)} is not a class`;
  } else {
    for (const v of model.predict(X) as Float64Array) if (Number.isNaN(v)) return 'NaN prediction';
  }
  const leaves = model.apply(X);
  const n = model.trees.length;
  for (let i = 0; i < leaves.length; i++) {
    const t = model.trees[i % n]!.tree;
    if (t.kind[leaves[i]!] !== LEAF) return `apply gave node ${leaves[i]} of tree ${i % n}, not a leaf`;
  }
  return null;
}

const decoder = new TextDecoder();

const lineMutation = fc.record({
  line: fc.nat(),
  token: fc.nat(),
  kind: fc.constantFrom('token', 'token', 'token', 'delete-line', 'duplicate-line', 'truncate', 'swap-lines'),
  value: fc.constantFrom(...INTERESTING_TOKENS),
  other: fc.nat(),
});

/** LightGBM text after token / line mutations. */
export function mutateText(text: string, muts: readonly (typeof lineMutation extends fc.Arbitrary<infer T> ? T : never)[]): string {
  let lines = text.split('\n');
  for (const m of muts) {
    const i = m.line % lines.length;
    if (m.kind === 'truncate') {
      const all = lines.join('\n');
      lines = all.slice(0, m.other % (all.length + 1)).split('\n');
    } else if (m.kind === 'delete-line') lines.splice(i, 1);
    else if (m.kind === 'duplicate-line') lines.splice(i, 0, lines[i]!);
    else if (m.kind === 'swap-lines') {
      const j = m.other % lines.length;
      [lines[i], lines[j]] = [lines[j]!, lines[i]!];
    } else {
      const line = lines[i]!;
      const eq = line.indexOf('=');
      const head = eq >= 0 ? line.slice(0, eq + 1) : '';
      const tokens = line.slice(head.length).split(' ');
      tokens[m.token % tokens.length] = m.value;
      lines[i] = head + tokens.join(' ');
    }
    if (lines.length === 0) lines = [''];
  }
  return lines.join('\n');
}

function lightgbmTarget(file: string): FuzzTarget<{ muts: never[] }> {
  const text = decoder.decode(fixtureFile(file));
  return {
    name: `LightGBM model file: ${file}`,
    input: fc.record({ muts: fc.array(lineMutation, { minLength: 1, maxLength: 3 }) }) as never,
    run: ({ muts }) => checkImported(readModel(mutateText(text, muts))),
  };
}

const jsonMutation = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('set', 'set', 'number', 'number', 'delete', 'push', 'truncate'),
  value: fc.constantFrom(-1, 0, 1, 2, 3, 1e9, 2 ** 31, 1e308, -1e308, 0.5, null, '', 'x', true, [], {}, [0], '[5E-1]', 'NaN'),
  num: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: -5, max: 100 })),
});

function xgboostTarget(file: string): FuzzTarget<{ muts: never[] }> {
  // The campaign's JSON mutator parses with JSON.parse: XGBoost's bare NaN tokens are written as null first.
  const text = decoder.decode(fixtureFile(file)).replace(/\bNaN\b/g, 'null');
  return {
    name: `XGBoost model file: ${file}`,
    input: fc.record({ muts: fc.array(jsonMutation, { minLength: 1, maxLength: 3 }) }) as never,
    run: ({ muts }) => checkImported(readModel(mutateModel(text, muts))),
  };
}

const byteMutation = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('set', 'set', 'insert', 'delete', 'truncate', 'attribute', 'attribute', 'attribute'),
  byte: fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0x00, 0x01, 0x08, 0x0a, 0x12, 0x7f, 0x80, 0xff)),
  value: fc.oneof(fc.integer({ min: -3, max: 40 }), fc.constantFrom(1e9, -1e9, 2 ** 53, 0.5, Number.NaN, 1e308)),
});

/** An ONNX file after byte edits, or after changing one number of one tree attribute (re-encoded). */
export function mutateOnnx(bytes: Uint8Array, muts: readonly (typeof byteMutation extends fc.Arbitrary<infer T> ? T : never)[]): Uint8Array {
  let b = bytes;
  for (const m of muts) {
    if (m.kind === 'attribute') {
      const model = decodeModel(b);
      // Earlier byte edits may have left no graph, node or attribute to change: then nothing changes.
      const node = ((model.graph as Record<string, unknown> | undefined)?.node as Record<string, unknown>[] | undefined)?.[0];
      const attrs = node?.attribute as Record<string, unknown>[] | undefined;
      if (attrs === undefined || attrs.length === 0) continue;
      const a = attrs[m.at % attrs.length]!;
      const list = (a.ints ?? a.floats ?? (a.t as Record<string, unknown> | undefined)?.double_data ?? (a.t as Record<string, unknown> | undefined)?.float_data) as number[] | undefined;
      if (list !== undefined && list.length > 0) list[m.byte % list.length] = a.ints !== undefined ? Math.trunc(Number.isFinite(m.value) ? m.value : -1) : m.value;
      else if (a.i !== undefined) a.i = Math.trunc(Number.isFinite(m.value) ? m.value : 7);
      b = encodeModel(model);
      continue;
    }
    const i = b.length === 0 ? 0 : m.at % b.length;
    const c = Array.from(b);
    if (m.kind === 'set' && c.length > 0) c[i] = m.byte;
    else if (m.kind === 'insert') c.splice(i, 0, m.byte);
    else if (m.kind === 'delete') c.splice(i, 1);
    else if (m.kind === 'truncate') c.length = i;
    b = Uint8Array.from(c);
  }
  return b;
}

function onnxTarget(file: string): FuzzTarget<{ muts: never[] }> {
  const bytes = fixtureFile(file);
  return {
    name: `ONNX model file: ${file}`,
    input: fc.record({ muts: fc.array(byteMutation, { minLength: 1, maxLength: 3 }) }) as never,
    run: ({ muts }) => checkImported(readModel(mutateOnnx(bytes, muts))),
  };
}

/** The exchange formats' targets (one per fixture family). */
export function exchangeTargets(): FuzzTarget<never>[] {
  return [
    lightgbmTarget('lgb-multiclass.txt'),
    lightgbmTarget('lgb-regression.txt'),
    xgboostTarget('xgb-cat.json'),
    xgboostTarget('xgb-binary.json'),
    onnxTarget('onnx-rf-classifier.onnx'),
    onnxTarget('onnx-tree-ensemble-v5.onnx'),
  ] as FuzzTarget<never>[];
}
