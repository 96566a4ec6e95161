/**
 * Numeric columns of a compact forest file: a typed array as `{ dtype, data }`, `data` the base64 text
 * of its little-endian bytes. The writer picks, per column, the narrowest dtype that holds every value
 * exactly (class counts of an unweighted forest are integers: 2 bytes instead of 8); the reader turns
 * any dtype back into numbers, so what a column may hold is checked by the tree file's field rules
 * afterwards, not here. Why base64 in JSON and not a binary container: files stay one JSON document
 * (loadAnyModel, fromJSON, the fuzz campaign's mutations), at 4/3 of the bytes. `atob`/`btoa` are in
 * every browser and in Node ≥ 16, so no dependency is needed for the text.
 */
import { ModelFormatError } from '@dt/errors';

/** The element types a column may be stored as. */
export const COLUMN_DTYPES = ['u8', 'i8', 'u16', 'i16', 'i32', 'u32', 'f32', 'f64'] as const;
export type ColumnDtype = (typeof COLUMN_DTYPES)[number];

/** A stored column. */
export interface Column {
  dtype: ColumnDtype;
  data: string;
}

const SIZE: Readonly<Record<ColumnDtype, number>> = { u8: 1, i8: 1, u16: 2, i16: 2, i32: 4, u32: 4, f32: 4, f64: 8 };
const INT_RANGE: readonly [ColumnDtype, number, number][] = [
  ['u8', 0, 0xff],
  ['i8', -0x80, 0x7f],
  ['u16', 0, 0xffff],
  ['i16', -0x8000, 0x7fff],
  ['i32', -0x80000000, 0x7fffffff],
  ['u32', 0, 0xffffffff],
];

/** The narrowest dtype holding every value of `values` exactly (-0 and non-integers need a float type). */
export function narrowestDtype(values: ArrayLike<number>): ColumnDtype {
  let lo = 0;
  let hi = 0;
  let integral = true;
  let single = true;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (integral && (!Number.isInteger(v) || Object.is(v, -0))) integral = false;
    if (single && Math.fround(v) !== v && v === v) single = false;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (integral) for (const [dtype, min, max] of INT_RANGE) if (lo >= min && hi <= max) return dtype;
  return single ? 'f32' : 'f64';
}

/** `values` stored as the narrowest exact dtype. */
export function encodeColumn(values: ArrayLike<number>): Column {
  const dtype = narrowestDtype(values);
  const size = SIZE[dtype];
  const bytes = new Uint8Array(values.length * size);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < values.length; i++) write(view, dtype, i * size, values[i]!);
  return { dtype, data: toBase64(bytes) };
}

function write(view: DataView, dtype: ColumnDtype, at: number, v: number): void {
  switch (dtype) {
    case 'u8':
      return view.setUint8(at, v);
    case 'i8':
      return view.setInt8(at, v);
    case 'u16':
      return view.setUint16(at, v, true);
    case 'i16':
      return view.setInt16(at, v, true);
    case 'i32':
      return view.setInt32(at, v, true);
    case 'u32':
      return view.setUint32(at, v, true);
    case 'f32':
      return view.setFloat32(at, v, true);
    case 'f64':
      return view.setFloat64(at, v, true);
  }
}

/**
 * A stored column's values (checked: a known dtype, strict base64, a whole number of elements);
 * `at` names the column in errors. The element count is what the text holds, so nothing larger than
 * the file is ever allocated from it.
 */
export function decodeColumn(value: unknown, at: string): Float64Array {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ModelFormatError(`invalid model at ${at}: expected a column { dtype, data }`);
  const { dtype, data } = value as { dtype?: unknown; data?: unknown };
  if (!COLUMN_DTYPES.includes(dtype as ColumnDtype)) throw new ModelFormatError(`invalid model at ${at}.dtype: ${JSON.stringify(dtype)} (one of ${COLUMN_DTYPES.join(', ')})`);
  if (typeof data !== 'string') throw new ModelFormatError(`invalid model at ${at}.data: expected base64 text`);
  const bytes = fromBase64(data, `${at}.data`);
  const size = SIZE[dtype as ColumnDtype];
  if (bytes.length % size !== 0) throw new ModelFormatError(`invalid model at ${at}.data: ${bytes.length} bytes is not a whole number of ${dtype} values`);
  const n = bytes.length / size;
  const out = new Float64Array(n);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < n; i++) out[i] = read(view, dtype as ColumnDtype, i * size);
  return out;
}

function read(view: DataView, dtype: ColumnDtype, at: number): number {
  switch (dtype) {
    case 'u8':
      return view.getUint8(at);
    case 'i8':
      return view.getInt8(at);
    case 'u16':
      return view.getUint16(at, true);
    case 'i16':
      return view.getInt16(at, true);
    case 'i32':
      return view.getInt32(at, true);
    case 'u32':
      return view.getUint32(at, true);
    case 'f32':
      return view.getFloat32(at, true);
    case 'f64':
      return view.getFloat64(at, true);
  }
}

/** Bytes per String.fromCharCode call (its argument count is bounded by the engine's stack). */
const CHUNK = 0x8000;

/** Standard base64 (RFC 4648, padded) of `bytes`. */
export function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK) parts.push(String.fromCharCode(...bytes.subarray(i, i + CHUNK)));
  return btoa(parts.join(''));
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of strict base64 text (padded, no whitespace); ModelFormatError naming `at` otherwise. */
export function fromBase64(text: string, at: string): Uint8Array {
  if (text.length % 4 !== 0 || !BASE64.test(text)) throw new ModelFormatError(`invalid model at ${at}: not base64 text (A–Z a–z 0–9 + /, padded to a multiple of 4)`);
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
