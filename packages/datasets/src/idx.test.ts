import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DataFormatError, ShapeMismatchError } from '@dt/errors';
import { encodeIdx, idxToDataset, parseIdx } from './idx.js';

describe('parseIdx / encodeIdx', () => {
  it('reads a hand-written header: magic, type 0x08, dims big-endian', () => {
    const bytes = new Uint8Array([0, 0, 8, 2, 0, 0, 0, 2, 0, 0, 1, 0, ...new Array(512).fill(7)]);
    const a = parseIdx(bytes);
    expect(a.dims).toEqual([2, 256]);
    expect(a.data.length).toBe(512);
    expect(a.data[511]).toBe(7);
  });

  it('round-trips random arrays', () => {
    const arr = fc
      .array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 4 })
      .chain((dims) => fc.tuple(fc.constant(dims), fc.uint8Array({ minLength: dims.reduce((a, b) => a * b, 1), maxLength: dims.reduce((a, b) => a * b, 1) })));
    fc.assert(
      fc.property(arr, ([dims, data]) => {
        const back = parseIdx(encodeIdx({ dims, data }));
        expect(back.dims).toEqual(dims);
        expect(Array.from(back.data)).toEqual(Array.from(data));
      }),
    );
  });

  it('rejects bad magic, other data types, truncation and trailing bytes with clear messages', () => {
    const good = encodeIdx({ dims: [2, 3], data: new Uint8Array(6) });
    expect(() => parseIdx(new Uint8Array([1, 2, 3, 4, 5]), 'x.idx')).toThrow(
      new DataFormatError('not an IDX file: magic bytes are 01 02 03 04, expected 00 00 <type> <ndims>', 'x.idx'),
    );
    expect(() => parseIdx(new Uint8Array([0x1f, 0x8b, 8, 0]))).toThrow(/gzip-compressed: decompress it first/);
    const float = good.slice();
    float[2] = 0x0d;
    expect(() => parseIdx(float)).toThrow('unsupported IDX data type 0x0d (float); only 0x08 (unsigned byte) is supported');
    expect(() => parseIdx(good.subarray(0, good.length - 1))).toThrow('truncated: dimensions 2x3 need 6 data bytes, the data has 5');
    expect(() => parseIdx(good.subarray(0, 9))).toThrow('truncated IDX header: 2 dimensions need 12 bytes, the data has 9');
    expect(() => parseIdx(new Uint8Array([...good, 0]))).toThrow('too long: dimensions 2x3 need 6 data bytes, the data has 7');
    expect(() => parseIdx(new Uint8Array([0, 0]))).toThrow('too short for an IDX header (2 bytes)');
    expect(() => parseIdx(new Uint8Array([0, 0, 8, 0]))).toThrow('IDX header declares 0 dimensions');
  });

  it('parses a subarray view at an unaligned offset', () => {
    const inner = encodeIdx({ dims: [3], data: new Uint8Array([9, 8, 7]) });
    const outer = new Uint8Array(inner.length + 3);
    outer.set(inner, 3);
    expect(Array.from(parseIdx(outer.subarray(3)).data)).toEqual([9, 8, 7]);
  });
});

describe('idxToDataset', () => {
  const images = { dims: [3, 2, 2], data: new Uint8Array([0, 255, 51, 102, 1, 2, 3, 4, 5, 6, 7, 8]) };
  const labels = { dims: [3], data: new Uint8Array([9, 0, 9]) };

  it('flattens images into rows of float pixels and keeps labels as numbers', () => {
    const d = idxToDataset(images, labels, { name: 'tiny' });
    expect(d).toMatchObject({ name: 'tiny', task: 'classification', targetName: 'label', y: [9, 0, 9], classes: [0, 9] });
    expect(d.X).toMatchObject({ rows: 3, cols: 4 });
    expect(Array.from(d.X.data.subarray(0, 4))).toEqual([0, 255, 51, 102]);
    expect(d.featureNames).toEqual(['pixel0', 'pixel1', 'pixel2', 'pixel3']);
    expect(d.featureTypes).toEqual(['numeric', 'numeric', 'numeric', 'numeric']);
  });

  it('normalize divides by 255; limit keeps the first samples', () => {
    const d = idxToDataset(images, labels, { normalize: true, limit: 1 });
    expect(Array.from(d.X.data)).toEqual([0, 1, 0.2, 0.4]);
    expect(d.y).toEqual([9]);
  });

  it('rejects mismatched counts and bad options', () => {
    expect(() => idxToDataset(images, { dims: [2], data: new Uint8Array(2) })).toThrow(
      new ShapeMismatchError('images hold 3 samples but labels hold 2'),
    );
    expect(() => idxToDataset(images, { dims: [3, 1], data: new Uint8Array(3) })).toThrow('labels must be 1-dimensional');
    expect(() => idxToDataset(images, labels, { limit: 0 })).toThrow('options.limit must be a positive integer, got 0');
    expect(() => idxToDataset(images, labels, { scale: 1 } as never)).toThrow('options.scale must be one of the known options');
  });
});
