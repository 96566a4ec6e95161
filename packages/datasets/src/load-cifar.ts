import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DtError, InvalidArgumentError, booleanValue, knownKeys, oneOf, plainObject, positiveInt } from '@dt/errors';
import { CIFAR10_CLASS_NAMES, CIFAR_PIXELS, cifarFeatureNames, parseCifar } from './cifar.js';
import type { CifarLabel, CifarVariant } from './cifar.js';
import { sortedDistinct } from './labels.js';
import { readFileOrThrow } from './read-file.js';
import type { Dataset } from './types.js';

/** Options of loadCifar: variant, which batch files (or directory), label granularity and a row limit. */
export interface CifarOptions {
  /** 10 or 100. */
  variant: CifarVariant;
  /** Binary batch files to read, in order. Give either `files` or `dir`. */
  files?: string[];
  /**
   * Directory of the standard binary distribution (`cifar-10-batches-bin` or `cifar-100-binary`, or
   * the directory holding it): CIFAR-10 train = data_batch_1..5.bin, test = test_batch.bin;
   * CIFAR-100 train = train.bin, test = test.bin.
   */
  dir?: string;
  /** With `dir`: which split (default 'train'). */
  split?: 'train' | 'test';
  /** CIFAR-100 only: the 100 fine labels (default) or the 20 coarse superclasses. */
  label?: CifarLabel;
  /** Divide pixels by 255 (values in [0, 1]); default false (values 0..255). */
  normalize?: boolean;
  /** Keep only the first `limit` images (over all files, in order). */
  limit?: number;
  /** Dataset name; default `cifar-10-train` etc. */
  name?: string;
}

const KEYS = ['variant', 'files', 'dir', 'split', 'label', 'normalize', 'limit', 'name'];

const STANDARD = {
  10: { folder: 'cifar-10-batches-bin', train: [1, 2, 3, 4, 5].map((k) => `data_batch_${k}.bin`), test: ['test_batch.bin'] },
  100: { folder: 'cifar-100-binary', train: ['train.bin'], test: ['test.bin'] },
} as const;

function standardFiles(variant: CifarVariant, dir: string, split: 'train' | 'test'): string[] {
  const spec = STANDARD[variant];
  const names: readonly string[] = spec[split];
  for (const base of [dir, join(dir, spec.folder)]) {
    if (names.every((f) => existsSync(join(base, f)))) return names.map((f) => join(base, f));
  }
  throw new DtError(
    'IO',
    `CIFAR-${variant} ${split} files not found in ${dir} or ${join(dir, spec.folder)} (looked for ${names.join(', ')}). ` +
      `Download the binary version from https://www.cs.toronto.edu/~kriz/cifar.html, unpack it, and pass its directory as { dir }, ` +
      'or list the batch files as { files }.',
  );
}

/**
 * Loads CIFAR-10 or CIFAR-100 from the binary distribution (Krizhevsky 2009) as a classification
 * Dataset: one row per 32×32 colour image, 3072 features (red_0_0 … blue_31_31), labels as numbers
 * (CIFAR-10: 0..9, see CIFAR10_CLASS_NAMES; CIFAR-100: fine 0..99 or coarse 0..19).
 * Note the size: 50,000 × 3072 doubles is 1.2 GB.
 */
export function loadCifar(options: CifarOptions): Dataset {
  plainObject('options', options);
  knownKeys('options', options, KEYS);
  const variant = options.variant;
  if (variant !== 10 && variant !== 100) throw new InvalidArgumentError('options.variant', '10 or 100', variant);
  const label = options.label === undefined ? 'fine' : oneOf('options.label', options.label, ['fine', 'coarse'] as const);
  if (variant === 10 && label === 'coarse') {
    throw new InvalidArgumentError('options.label', '"fine" (or absent) for CIFAR-10: only CIFAR-100 has coarse labels', label);
  }
  const normalize = options.normalize === undefined ? false : booleanValue('options.normalize', options.normalize);
  const limit = options.limit === undefined ? Number.POSITIVE_INFINITY : positiveInt('options.limit', options.limit);
  const split = options.split === undefined ? 'train' : oneOf('options.split', options.split, ['train', 'test'] as const);
  if ((options.files === undefined) === (options.dir === undefined)) {
    throw new InvalidArgumentError('options', 'either `files` or `dir` (exactly one)', options);
  }
  if (options.files !== undefined && options.split !== undefined) {
    throw new InvalidArgumentError('options.split', 'absent when `files` are given (the files decide)', options.split);
  }
  let files: string[];
  if (options.files !== undefined) {
    const given: unknown = options.files;
    if (!Array.isArray(given) || given.length === 0 || !given.every((f) => typeof f === 'string' && f !== '')) {
      throw new InvalidArgumentError('options.files', 'a non-empty array of file paths', given);
    }
    files = given as string[];
  } else {
    if (typeof options.dir !== 'string' || options.dir === '') throw new InvalidArgumentError('options.dir', 'a directory path', options.dir);
    files = standardFiles(variant, options.dir, split);
  }

  const parts = [];
  let total = 0;
  for (const file of files) {
    if (total >= limit) break;
    const part = parseCifar(readFileOrThrow(file, `CIFAR-${variant} file`), variant, label, file);
    parts.push(part);
    total += part.count;
  }
  const n = Math.min(total, limit);
  const data = new Float64Array(n * CIFAR_PIXELS);
  const y: number[] = new Array<number>(n);
  let row = 0;
  for (const part of parts) {
    const take = Math.min(part.count, n - row);
    const src = part.pixels;
    const base = row * CIFAR_PIXELS;
    const len = take * CIFAR_PIXELS;
    if (normalize) for (let k = 0; k < len; k++) data[base + k] = src[k]! / 255;
    else for (let k = 0; k < len; k++) data[base + k] = src[k]!;
    for (let i = 0; i < take; i++) y[row + i] = part.labels[i]!;
    row += take;
  }
  const featureNames = cifarFeatureNames();
  const what = variant === 10 ? `10 classes (${CIFAR10_CLASS_NAMES.map((c, k) => `${k}=${c}`).join(', ')})` : label === 'fine' ? '100 fine classes' : '20 coarse superclasses';
  return {
    name: options.name ?? `cifar-${variant}${options.dir !== undefined ? `-${split}` : ''}`,
    task: 'classification',
    X: { data, rows: n, cols: CIFAR_PIXELS },
    y,
    featureNames,
    featureTypes: featureNames.map(() => 'numeric'),
    categories: featureNames.map(() => null),
    targetName: variant === 100 ? `${label}_label` : 'label',
    classes: sortedDistinct(y),
    description: `CIFAR-${variant}: 32x32 colour images, ${what}; features red/green/blue pixel values${normalize ? ' / 255' : ' 0..255'}`,
    source: `Krizhevsky 2009, "Learning Multiple Layers of Features from Tiny Images"; read from ${files.join(', ')}`,
  };
}
