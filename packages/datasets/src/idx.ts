import { DataFormatError, InvalidArgumentError, ShapeMismatchError, booleanValue, knownKeys, plainObject, positiveInt } from '@dt/errors';
import { sortedDistinct } from './labels.js';
import type { Dataset } from './types.js';

/** An IDX array of unsigned bytes (MNIST's format): `dims` is the shape, `data` the values row-major. */
export interface IdxArray {
  dims: number[];
  data: Uint8Array;
}

const IDX_TYPE_NAMES: Record<number, string> = {
  0x08: 'unsigned byte',
  0x09: 'signed byte',
  0x0b: 'short',
  0x0c: 'int',
  0x0d: 'float',
  0x0e: 'double',
};

/**
 * Parses uncompressed IDX bytes: magic 0x00 0x00, type 0x08 (unsigned byte; the only type MNIST-style
 * sets use), the number of dimensions, big-endian uint32 sizes, then exactly the product of the sizes
 * in bytes. `source` names the data in errors. `data` is a view into `bytes`, not a copy.
 */
export function parseIdx(bytes: Uint8Array, source = 'IDX data'): IdxArray {
  if (!(bytes instanceof Uint8Array)) throw new InvalidArgumentError('bytes', 'a Uint8Array', bytes);
  if (bytes.length < 4) throw new DataFormatError(`too short for an IDX header (${bytes.length} bytes)`, source);
  if (bytes[0] !== 0 || bytes[1] !== 0) {
    const hex = [...bytes.subarray(0, 4)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    const gz = bytes[0] === 0x1f && bytes[1] === 0x8b ? ' (it is gzip-compressed: decompress it first)' : '';
    throw new DataFormatError(`not an IDX file: magic bytes are ${hex}, expected 00 00 <type> <ndims>${gz}`, source);
  }
  const type = bytes[2]!;
  if (type !== 0x08) {
    const known = IDX_TYPE_NAMES[type];
    throw new DataFormatError(
      `unsupported IDX data type 0x${type.toString(16).padStart(2, '0')}${known ? ` (${known})` : ''}; only 0x08 (unsigned byte) is supported`,
      source,
    );
  }
  const ndims = bytes[3]!;
  if (ndims === 0) throw new DataFormatError('IDX header declares 0 dimensions', source);
  const headerLength = 4 + 4 * ndims;
  if (bytes.length < headerLength) {
    throw new DataFormatError(`truncated IDX header: ${ndims} dimensions need ${headerLength} bytes, the data has ${bytes.length}`, source);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dims: number[] = [];
  let size = 1;
  for (let k = 0; k < ndims; k++) {
    const s = view.getUint32(4 + 4 * k, false);
    dims.push(s);
    size *= s;
  }
  const body = bytes.length - headerLength;
  if (body !== size) {
    const what = body < size ? 'truncated' : 'too long';
    throw new DataFormatError(`${what}: dimensions ${dims.join('x')} need ${size} data bytes, the data has ${body}`, source);
  }
  return { dims, data: bytes.subarray(headerLength) };
}

/** The boundary check of an IDX array argument: `{ dims, data }` as parseIdx returns it. */
function checkIdxArray(name: string, a: unknown): asserts a is IdxArray {
  const o = a as Partial<IdxArray> | null;
  if (typeof o !== 'object' || o === null || !Array.isArray(o.dims) || !ArrayBuffer.isView(o.data) || o.data instanceof DataView) {
    throw new InvalidArgumentError(name, 'an IDX array { dims, data } (as parseIdx returns)', a);
  }
}

/** Encodes an unsigned-byte array as IDX bytes (the inverse of {@link parseIdx}). */
export function encodeIdx(array: IdxArray): Uint8Array {
  checkIdxArray('array', array);
  const { dims, data } = array;
  if (!Array.isArray(dims) || dims.length < 1 || dims.length > 255 || !dims.every((s) => Number.isInteger(s) && s >= 0 && s <= 0xffffffff)) {
    throw new InvalidArgumentError('dims', 'an array of 1 to 255 sizes (uint32)', dims);
  }
  const size = dims.reduce((a, b) => a * b, 1);
  if (data.length !== size) throw new ShapeMismatchError(`data has ${data.length} values, dims ${dims.join('x')} need ${size}`);
  const out = new Uint8Array(4 + 4 * dims.length + size);
  out[2] = 0x08;
  out[3] = dims.length;
  const view = new DataView(out.buffer);
  dims.forEach((s, k) => view.setUint32(4 + 4 * k, s, false));
  out.set(data, 4 + 4 * dims.length);
  return out;
}

/** Options of the IDX dataset reader: pixel normalisation, a row limit and the name. */
export interface IdxDatasetOptions {
  /** Divide pixels by 255 (values in [0, 1]); default false (values 0..255). */
  normalize?: boolean;
  /** Keep only the first `limit` samples. */
  limit?: number;
  /** Dataset name; default 'idx'. */
  name?: string;
  description?: string;
  source?: string;
  license?: string;
}

const IDX_DATASET_KEYS = ['normalize', 'limit', 'name', 'description', 'source', 'license'];

/**
 * Builds a classification Dataset from IDX images (n x ... ) and labels (n): one row per image with
 * its pixels flattened row-major into features pixel0, pixel1, ...; labels are the numbers 0..255.
 */
export function idxToDataset(images: IdxArray, labels: IdxArray, options: IdxDatasetOptions = {}): Dataset {
  plainObject('options', options);
  knownKeys('options', options, IDX_DATASET_KEYS);
  const normalize = options.normalize === undefined ? false : booleanValue('options.normalize', options.normalize);
  checkIdxArray('images', images);
  checkIdxArray('labels', labels);
  if (images.dims.length < 1) throw new InvalidArgumentError('images.dims', 'at least one dimension', images.dims);
  if (labels.dims.length !== 1) {
    throw new ShapeMismatchError(`labels must be 1-dimensional, got dimensions ${labels.dims.join('x')}`);
  }
  const total = images.dims[0]!;
  if (labels.dims[0] !== total) {
    throw new ShapeMismatchError(`images hold ${total} samples but labels hold ${labels.dims[0]}`);
  }
  const n = options.limit === undefined ? total : Math.min(total, positiveInt('options.limit', options.limit));
  const d = images.dims.slice(1).reduce((a, b) => a * b, 1);
  const src = images.data;
  const data = new Float64Array(n * d);
  if (normalize) for (let k = 0; k < n * d; k++) data[k] = src[k]! / 255;
  else for (let k = 0; k < n * d; k++) data[k] = src[k]!;
  const y: number[] = Array.from(labels.data.subarray(0, n));
  const featureNames = Array.from({ length: d }, (_, j) => `pixel${j}`);
  const dataset: Dataset = {
    name: options.name ?? 'idx',
    task: 'classification',
    X: { data, rows: n, cols: d },
    y,
    featureNames,
    featureTypes: featureNames.map(() => 'numeric'),
    categories: featureNames.map(() => null),
    targetName: 'label',
    classes: sortedDistinct(y),
  };
  if (options.description !== undefined) dataset.description = options.description;
  if (options.source !== undefined) dataset.source = options.source;
  if (options.license !== undefined) dataset.license = options.license;
  return dataset;
}
