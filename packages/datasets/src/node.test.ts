import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { DataFormatError, DtError, ShapeMismatchError } from '@dt/errors';
import { encodeIdx } from './idx.js';
import { DEBIAN_FASHION_MNIST_DIR, FASHION_MNIST_CLASS_NAMES, loadFashionMnist, loadIdx, loadIdxDataset, readCsv } from './node.js';

const dir = mkdtempSync(join(tmpdir(), 'dt-datasets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: Uint8Array | string) => {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
};

describe('readCsv', () => {
  it('reads a file, naming the dataset after it', () => {
    const d = readCsv(file('toy-set.csv', 'a,b,y\n1,2,u\n3,4,v\n'));
    expect(d).toMatchObject({ name: 'toy-set', featureNames: ['a', 'b'], y: ['u', 'v'] });
    expect(readCsv(join(dir, 'toy-set.csv'), { name: 'other' }).name).toBe('other');
  });
  it('errors name the file and line', () => {
    const p = file('bad.csv', 'a,b\n1,2\n3\n');
    expect(() => readCsv(p)).toThrow(new DataFormatError('expected 2 fields as in the header, got 1', `${p} line 3`));
  });
  it('a missing file is a DtError with code IO naming the path', () => {
    const p = join(dir, 'nope.csv');
    expect(() => readCsv(p)).toThrow(`cannot read CSV file ${p}: no such file`);
    try {
      readCsv(p);
    } catch (e) {
      expect((e as DtError).code).toBe('IO');
    }
  });
});

describe('loadIdx', () => {
  const images = { dims: [4, 3, 2], data: Uint8Array.from({ length: 24 }, (_, i) => i * 10) };
  const labels = { dims: [4], data: new Uint8Array([3, 1, 3, 0]) };
  const plain = file('images-idx3-ubyte', encodeIdx(images));
  const gz = file('images-idx3-ubyte.gz', gzipSync(encodeIdx(images)));
  const labelsGz = file('labels-idx1-ubyte.gz', gzipSync(encodeIdx(labels)));

  it('reads plain and gzipped files to the same array', () => {
    for (const p of [plain, gz]) {
      const a = loadIdx(p);
      expect(a.dims).toEqual([4, 3, 2]);
      expect(Array.from(a.data)).toEqual(Array.from(images.data));
    }
  });

  it('reports bad magic, truncation and corrupt gzip with the path', () => {
    const bad = file('bad-magic', new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]));
    expect(() => loadIdx(bad)).toThrow(`${bad}: not an IDX file: magic bytes are 50 4b 03 04`);
    const full = encodeIdx(images);
    const short = file('short', full.subarray(0, full.length - 5));
    expect(() => loadIdx(short)).toThrow(`${short}: truncated: dimensions 4x3x2 need 24 data bytes, the data has 19`);
    const shortGz = file('short.gz', gzipSync(full.subarray(0, full.length - 5)));
    expect(() => loadIdx(shortGz)).toThrow(/truncated: dimensions 4x3x2 need 24 data bytes/);
    const zipped = gzipSync(full);
    const cut = file('cut.gz', zipped.subarray(0, zipped.length - 10));
    expect(() => loadIdx(cut)).toThrow(new RegExp(`${cut}: gzip data is corrupt or truncated`));
    expect(() => loadIdx(join(dir, 'missing.gz'))).toThrow(/cannot read IDX file .*missing.gz: no such file/);
  });

  it('loadIdxDataset pairs images and labels', () => {
    const d = loadIdxDataset({ images: gz, labels: labelsGz, normalize: true, name: 'mini' });
    expect(d).toMatchObject({ name: 'mini', y: [3, 1, 3, 0], classes: [0, 1, 3] });
    expect(d.X).toMatchObject({ rows: 4, cols: 6 });
    expect(d.X.data[1]).toBeCloseTo(10 / 255, 15);
    const fewer = file('labels3', encodeIdx({ dims: [3], data: new Uint8Array(3) }));
    expect(() => loadIdxDataset({ images: plain, labels: fewer })).toThrow(ShapeMismatchError);
  });
});

describe('loadFashionMnist', () => {
  it('writes files in a given dir, gzipped or not, and reads them back', () => {
    const fm = mkdtempSync(join(dir, 'fm-'));
    const imgs = { dims: [2, 28, 28], data: Uint8Array.from({ length: 2 * 784 }, (_, i) => i % 256) };
    writeFileSync(join(fm, 't10k-images-idx3-ubyte'), encodeIdx(imgs));
    writeFileSync(join(fm, 't10k-labels-idx1-ubyte.gz'), gzipSync(encodeIdx({ dims: [2], data: new Uint8Array([9, 4]) })));
    const d = loadFashionMnist({ split: 'test', dir: fm });
    expect(d).toMatchObject({ name: 'fashion-mnist-test', y: [9, 4], classes: [4, 9], license: 'MIT (Expat)' });
    expect(d.X.cols).toBe(784);
    expect(() => loadFashionMnist({ split: 'train', dir: fm })).toThrow(/Fashion-MNIST train files not found/);
  });

  it('says what to install when the files are missing', () => {
    const empty = mkdtempSync(join(dir, 'empty-'));
    const call = () => loadFashionMnist({ split: 'train', dir: empty });
    expect(call).toThrow(DtError);
    expect(call).toThrow(`Fashion-MNIST train files not found in ${empty} (looked for train-images-idx3-ubyte[.gz] and train-labels-idx1-ubyte[.gz])`);
    expect(call).toThrow('apt-get install dataset-fashion-mnist');
    expect(call).toThrow('pass it as { dir }');
    expect(() => loadFashionMnist({ split: 'val' } as never)).toThrow('options.split must be one of "train", "test"');
  });

  const installed = existsSync(join(DEBIAN_FASHION_MNIST_DIR, 't10k-labels-idx1-ubyte.gz'));
  it.skipIf(!installed)('reads the Debian dataset-fashion-mnist test split (10,000 images, 1,000 per class)', () => {
    const d = loadFashionMnist({ split: 'test', normalize: true });
    expect(d.X).toMatchObject({ rows: 10000, cols: 784 });
    expect(d.classes).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const counts = new Array(10).fill(0);
    for (const label of d.y as number[]) counts[label]++;
    expect(counts).toEqual(new Array(10).fill(1000));
    let max = 0;
    for (const v of d.X.data) max = Math.max(max, v);
    expect(max).toBe(1);
    expect(FASHION_MNIST_CLASS_NAMES).toHaveLength(10);
    // The train split is 26 MB gzipped; its labels file is enough to check it is there.
    expect(loadIdx(join(DEBIAN_FASHION_MNIST_DIR, 'train-labels-idx1-ubyte.gz')).dims).toEqual([60000]);
  });
});
