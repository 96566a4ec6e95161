import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataFormatError, DtError, InvalidArgumentError } from '@dt/errors';
import { CIFAR10_CLASS_NAMES, CIFAR_PIXELS, loadCifar, parseCifar } from './node.js';

const dir = mkdtempSync(join(tmpdir(), 'dt-cifar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Pixel k of image i: a value that identifies both (mod 256). */
const pixel = (i: number, k: number): number => (i * 7 + k) % 256;

/** CIFAR records: [labels...] + 3072 pixels per image. */
function records(labelBytes: number[][], first = 0): Uint8Array {
  const header = labelBytes[0]!.length;
  const size = header + CIFAR_PIXELS;
  const out = new Uint8Array(labelBytes.length * size);
  labelBytes.forEach((ls, i) => {
    out.set(ls, i * size);
    for (let k = 0; k < CIFAR_PIXELS; k++) out[i * size + header + k] = pixel(first + i, k);
  });
  return out;
}

function file(path: string, bytes: Uint8Array): string {
  writeFileSync(path, bytes);
  return path;
}

describe('parseCifar', () => {
  it('reads CIFAR-10 records: label byte, then 3072 pixels (R, G, B planes)', () => {
    const r = parseCifar(records([[3], [9]]), 10);
    expect(r.count).toBe(2);
    expect(Array.from(r.labels)).toEqual([3, 9]);
    expect(r.pixels[CIFAR_PIXELS + 5]).toBe(pixel(1, 5));
  });

  it('reads CIFAR-100 fine or coarse labels', () => {
    const bytes = records([[19, 99], [0, 42]]);
    expect(Array.from(parseCifar(bytes, 100).labels)).toEqual([99, 42]);
    expect(Array.from(parseCifar(bytes, 100, 'coarse').labels)).toEqual([19, 0]);
    expect(parseCifar(bytes, 100).pixels[CIFAR_PIXELS]).toBe(pixel(1, 0));
  });

  it('names bad sizes, out-of-range labels and the other variant', () => {
    expect(() => parseCifar(new Uint8Array(0), 10, 'fine', 'x.bin')).toThrow(
      new DataFormatError('empty: a CIFAR-10 file holds 3073-byte records (1 label byte + 3072 pixel bytes)', 'x.bin'),
    );
    expect(() => parseCifar(new Uint8Array(3073 * 2 + 5), 10, 'fine', 'x.bin')).toThrow(
      'x.bin: size 6151 bytes is not a whole number of 3073-byte CIFAR-10 records (1 label byte + 3072 pixel bytes): 2 records and 5 bytes left over',
    );
    expect(() => parseCifar(records([[1, 2], [3, 4], [5, 6]]), 10)).toThrow(/is it a CIFAR-100 file\?/);
    expect(() => parseCifar(records([[1], [2], [3]]), 100)).toThrow(/is it a CIFAR-10 file\?/);
    expect(() => parseCifar(records([[1], [10]]), 10, 'fine', 'y.bin')).toThrow(
      'y.bin: record 1 (byte 3073) has label 10; CIFAR-10 labels are 0..9. Is this a CIFAR-10 file?',
    );
    expect(() => parseCifar(records([[20, 5]]), 100, 'coarse')).toThrow(/coarse label 20; CIFAR-100 coarse labels are 0..19/);
    expect(() => parseCifar(records([[1]]), 10, 'coarse')).toThrow(InvalidArgumentError);
    expect(() => parseCifar(records([[1]]), 3 as 10)).toThrow('variant must be 10 or 100, got 3');
  });
});

describe('loadCifar', () => {
  it('loads listed files in order as a Dataset, with limit and normalize', () => {
    const a = file(join(dir, 'a.bin'), records([[0], [1], [2]]));
    const b = file(join(dir, 'b.bin'), records([[9], [9]], 3));
    const d = loadCifar({ variant: 10, files: [a, b] });
    expect(d).toMatchObject({ name: 'cifar-10', task: 'classification', y: [0, 1, 2, 9, 9], classes: [0, 1, 2, 9], targetName: 'label' });
    expect(d.X).toMatchObject({ rows: 5, cols: 3072 });
    expect(d.X.data[4 * 3072 + 10]).toBe(pixel(4, 10));
    expect(d.featureNames.slice(0, 2)).toEqual(['red_0_0', 'red_0_1']);
    expect(d.featureNames[1024]).toBe('green_0_0');
    expect(d.featureNames[3071]).toBe('blue_31_31');
    expect(d.description).toContain(CIFAR10_CLASS_NAMES.join(', ').split(', ')[0]);
    const small = loadCifar({ variant: 10, files: [a, b], limit: 4, normalize: true, name: 'tiny' });
    expect(small).toMatchObject({ name: 'tiny', y: [0, 1, 2, 9] });
    expect(small.X.data[3 * 3072 + 1]).toBeCloseTo(pixel(3, 1) / 255, 15);
  });

  it('finds the standard files in the distribution directory or its parent', () => {
    const root = join(dir, 'c10');
    const bin = join(root, 'cifar-10-batches-bin');
    mkdirSync(bin, { recursive: true });
    for (let k = 1; k <= 5; k++) file(join(bin, `data_batch_${k}.bin`), records([[k]], k));
    file(join(bin, 'test_batch.bin'), records([[7], [8]]));
    expect(loadCifar({ variant: 10, dir: root }).y).toEqual([1, 2, 3, 4, 5]);
    expect(loadCifar({ variant: 10, dir: bin, split: 'test' })).toMatchObject({ name: 'cifar-10-test', y: [7, 8] });

    const c100 = join(dir, 'cifar-100-binary');
    mkdirSync(c100);
    file(join(c100, 'train.bin'), records([[3, 33], [4, 44]]));
    expect(loadCifar({ variant: 100, dir: c100 })).toMatchObject({ y: [33, 44], targetName: 'fine_label' });
    expect(loadCifar({ variant: 100, dir, label: 'coarse' })).toMatchObject({ y: [3, 4], targetName: 'coarse_label' });
  });

  it('explains missing files and bad options', () => {
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    expect(() => loadCifar({ variant: 100, dir: empty, split: 'test' })).toThrow(DtError);
    expect(() => loadCifar({ variant: 100, dir: empty, split: 'test' })).toThrow(/CIFAR-100 test files not found in .*empty .*looked for test.bin/);
    expect(() => loadCifar({ variant: 10, files: [join(dir, 'nope.bin')] })).toThrow(/cannot read CIFAR-10 file .*nope.bin: no such file/);
    expect(() => loadCifar({ variant: 10 })).toThrow(/either `files` or `dir`/);
    expect(() => loadCifar({ variant: 10, files: ['a'], dir: 'b' })).toThrow(/either `files` or `dir`/);
    expect(() => loadCifar({ variant: 10, files: [] })).toThrow(/options.files must be a non-empty array/);
    expect(() => loadCifar({ variant: 10, dir, label: 'coarse' })).toThrow(/only CIFAR-100 has coarse labels/);
    expect(() => loadCifar({ variant: 20 as 10, dir })).toThrow('options.variant must be 10 or 100, got 20');
    expect(() => loadCifar({ variant: 10, dir, colour: true } as never)).toThrow(/options.colour/);
    const bad = file(join(dir, 'bad.bin'), new Uint8Array(100));
    expect(() => loadCifar({ variant: 10, files: [bad] })).toThrow(DataFormatError);
  });
});
