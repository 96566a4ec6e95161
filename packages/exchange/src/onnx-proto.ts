/**
 * The subset of ONNX's protobuf schema (onnx.proto3) that tree ensembles use, read and written with
 * protobufjs's minimal runtime: its Reader and Writer do the wire format (varints, length-delimited
 * fields, packed repeated numbers) with bounds checks, and are the most used protobuf runtime in
 * JavaScript; the descriptor below replaces a code generator and the 300-message ONNX schema.
 * Decoding is bounded: every length is checked against the bytes present before anything is read,
 * arrays grow only as values are read (a declared size allocates nothing), groups (wire types 3/4,
 * unused by ONNX) are refused instead of skipped recursively, and nesting follows the fixed schema
 * (sub-graphs in attributes are skipped, not decoded).
 */
import pb from 'protobufjs/minimal.js';
import { ExchangeFormatError } from './errors.js';

type Kind = 'string' | 'bytes' | 'int' | 'float' | 'double' | 'ints' | 'floats' | 'doubles' | 'strings' | { message: string; repeated: boolean };
type Descriptor = Record<number, readonly [string, Kind]>;

const M = (message: string, repeated = false): Kind => ({ message, repeated });

/** Field numbers and types from onnx.proto3 (only the fields tree ensembles use; others are skipped). */
export const ONNX_SCHEMA: Record<string, Descriptor> = {
  ModelProto: { 1: ['ir_version', 'int'], 2: ['producer_name', 'string'], 3: ['producer_version', 'string'], 4: ['domain', 'string'], 5: ['model_version', 'int'], 6: ['doc_string', 'string'], 7: ['graph', M('GraphProto')], 8: ['opset_import', M('OperatorSetIdProto', true)] },
  OperatorSetIdProto: { 1: ['domain', 'string'], 2: ['version', 'int'] },
  GraphProto: { 1: ['node', M('NodeProto', true)], 2: ['name', 'string'], 5: ['initializer', M('TensorProto', true)], 11: ['input', M('ValueInfoProto', true)], 12: ['output', M('ValueInfoProto', true)] },
  NodeProto: { 1: ['input', 'strings'], 2: ['output', 'strings'], 3: ['name', 'string'], 4: ['op_type', 'string'], 5: ['attribute', M('AttributeProto', true)], 7: ['domain', 'string'] },
  AttributeProto: { 1: ['name', 'string'], 2: ['f', 'float'], 3: ['i', 'int'], 4: ['s', 'bytes'], 5: ['t', M('TensorProto')], 7: ['floats', 'floats'], 8: ['ints', 'ints'], 9: ['strings', 'strings'], 20: ['type', 'int'] },
  TensorProto: { 1: ['dims', 'ints'], 2: ['data_type', 'int'], 4: ['float_data', 'floats'], 5: ['int32_data', 'ints'], 6: ['string_data', 'strings'], 7: ['int64_data', 'ints'], 8: ['name', 'string'], 9: ['raw_data', 'bytes'], 10: ['double_data', 'doubles'], 14: ['data_location', 'int'] },
  ValueInfoProto: { 1: ['name', 'string'], 2: ['type', M('TypeProto')] },
  TypeProto: { 1: ['tensor_type', M('TypeProtoTensor')] },
  TypeProtoTensor: { 1: ['elem_type', 'int'], 2: ['shape', M('TensorShapeProto')] },
  TensorShapeProto: { 1: ['dim', M('Dimension', true)] },
  Dimension: { 1: ['dim_value', 'int'], 2: ['dim_param', 'string'] },
};

/** A decoded message: scalars, arrays of numbers/strings, sub-messages. */
export type Message = Record<string, unknown>;

export const TENSOR_FLOAT = 1;
export const TENSOR_UINT8 = 2;
export const TENSOR_INT32 = 6;
export const TENSOR_INT64 = 7;
export const TENSOR_STRING = 8;
export const TENSOR_DOUBLE = 11;
export const ATTR_FLOAT = 1;
export const ATTR_INT = 2;
export const ATTR_STRING = 3;
export const ATTR_TENSOR = 4;
export const ATTR_FLOATS = 6;
export const ATTR_INTS = 7;
export const ATTR_STRINGS = 8;

const textDecoder = new TextDecoder('utf-8', { fatal: false });

function bad(field: string, problem: string): never {
  throw new ExchangeFormatError('ONNX', field, problem);
}

/** An int64 from protobufjs (a Long when the `long` package is present) as a safe integer. */
function toInt(v: unknown, field: string): number {
  const n = typeof v === 'number' ? v : (v as { toNumber(): number; high: number }).toNumber();
  if (!Number.isSafeInteger(n)) bad(field, `${String(v)} is beyond 2^53`);
  return n;
}

function decodeMessage(r: pb.Reader, end: number, type: string, path: string): Message {
  const desc = ONNX_SCHEMA[type]!;
  const out: Message = {};
  while (r.pos < end) {
    const tag = r.uint32();
    const no = tag >>> 3;
    const wire = tag & 7;
    const spec = desc[no];
    if (wire === 3 || wire === 4 || wire > 5) bad(path, `wire type ${wire} (field ${no}) is not used by ONNX`);
    if (spec === undefined) {
      r.skipType(wire);
      continue;
    }
    const [name, kind] = spec;
    const field = `${path}.${name}`;
    const list = (): unknown[] => (out[name] ??= []) as unknown[];
    if (typeof kind === 'object') {
      if (wire !== 2) bad(field, `wire type ${wire} for a message`);
      const len = r.uint32();
      if (len > end - r.pos) bad(field, `length ${len} runs past the end of the data`);
      const msg = decodeMessage(r, r.pos + len, kind.message, field);
      if (kind.repeated) list().push(msg);
      else out[name] = msg;
      continue;
    }
    switch (kind) {
      case 'string':
      case 'bytes':
      case 'strings': {
        if (wire !== 2) bad(field, `wire type ${wire} for bytes`);
        const len = r.uint32();
        if (len > end - r.pos) bad(field, `length ${len} runs past the end of the data`);
        const bytes = r.buf.subarray(r.pos, r.pos + len);
        r.pos += len;
        if (kind === 'bytes') out[name] = bytes;
        else if (kind === 'string') out[name] = textDecoder.decode(bytes);
        else list().push(bytes);
        break;
      }
      case 'int':
        if (wire !== 0) bad(field, `wire type ${wire} for an integer`);
        out[name] = toInt(r.int64(), field);
        break;
      case 'float':
        if (wire !== 5) bad(field, `wire type ${wire} for a float`);
        out[name] = r.float();
        break;
      case 'double':
        if (wire !== 1) bad(field, `wire type ${wire} for a double`);
        out[name] = r.double();
        break;
      case 'ints':
      case 'floats':
      case 'doubles': {
        const a = list() as number[];
        const one = (): number => (kind === 'ints' ? toInt(r.int64(), field) : kind === 'floats' ? r.float() : r.double());
        const unit = kind === 'ints' ? 0 : kind === 'floats' ? 5 : 1;
        if (wire === 2) {
          const len = r.uint32();
          if (len > end - r.pos) bad(field, `length ${len} runs past the end of the data`);
          const stop = r.pos + len;
          while (r.pos < stop) a.push(one());
          if (r.pos !== stop) bad(field, 'a packed value runs past its field');
        } else if (wire === unit) a.push(one());
        else bad(field, `wire type ${wire} for ${kind}`);
        break;
      }
    }
  }
  if (r.pos !== end) bad(path, 'a field runs past the end of its message');
  return out;
}

/** Decodes an ONNX ModelProto (the bytes of a .onnx file). */
export function decodeModel(bytes: Uint8Array): Message {
  const r = pb.Reader.create(bytes);
  try {
    return decodeMessage(r, bytes.length, 'ModelProto', 'model');
  } catch (e) {
    // protobufjs's own bounds checks (a varint or fixed value cut off by the end of the data), and its
    // plain Errors for malformed encodings ('invalid varint / tag / length encoding').
    if (e instanceof RangeError) bad('model', `truncated (${e.message})`);
    if (!(e instanceof ExchangeFormatError) && e instanceof Error) bad('model', `malformed protobuf (${e.message})`);
    throw e;
  }
}

function encodeMessage(w: pb.Writer, msg: Message, type: string): void {
  const desc = ONNX_SCHEMA[type]!;
  for (const [noText, [name, kind]] of Object.entries(desc)) {
    const v = msg[name];
    if (v === undefined) continue;
    const no = Number(noText);
    if (typeof kind === 'object') {
      for (const m of kind.repeated ? (v as Message[]) : [v as Message]) {
        w.uint32((no << 3) | 2).fork();
        encodeMessage(w, m, kind.message);
        w.ldelim();
      }
      continue;
    }
    switch (kind) {
      case 'string':
        w.uint32((no << 3) | 2).string(v as string);
        break;
      case 'bytes':
        w.uint32((no << 3) | 2).bytes(v as Uint8Array);
        break;
      case 'strings':
        for (const s of v as (string | Uint8Array)[]) {
          if (typeof s === 'string') w.uint32((no << 3) | 2).string(s);
          else w.uint32((no << 3) | 2).bytes(s);
        }
        break;
      case 'int':
        w.uint32(no << 3).int64(v as number);
        break;
      case 'float':
        w.uint32((no << 3) | 5).float(v as number);
        break;
      case 'double':
        w.uint32((no << 3) | 1).double(v as number);
        break;
      case 'ints':
      case 'floats':
      case 'doubles': {
        const a = v as ArrayLike<number>;
        if (a.length === 0) break;
        w.uint32((no << 3) | 2).fork();
        for (let i = 0; i < a.length; i++) {
          if (kind === 'ints') w.int64(a[i]!);
          else if (kind === 'floats') w.float(a[i]!);
          else w.double(a[i]!);
        }
        w.ldelim();
        break;
      }
    }
  }
}

/** Encodes a ModelProto given as a Message with the schema's field names. */
export function encodeModel(model: Message): Uint8Array {
  const w = pb.Writer.create();
  encodeMessage(w, model, 'ModelProto');
  return w.finish();
}

/** UTF-8 text of a bytes field. */
export function utf8(b: unknown): string {
  return b instanceof Uint8Array ? textDecoder.decode(b) : String(b);
}
