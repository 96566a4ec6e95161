import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DtError, InvalidArgumentError, booleanValue, knownKeys, oneOf, plainObject, positiveInt } from '@dt/errors';
import { idxToDataset } from './idx.js';
import { loadIdx } from './load-idx.js';
import type { Dataset } from './types.js';

/** Names of the Fashion-MNIST labels 0..9. */
export const FASHION_MNIST_CLASS_NAMES: readonly string[] = [
  'T-shirt/top',
  'Trouser',
  'Pullover',
  'Dress',
  'Coat',
  'Sandal',
  'Shirt',
  'Sneaker',
  'Bag',
  'Ankle boot',
];

/** Where Debian's dataset-fashion-mnist package installs the files (`dpkg -L dataset-fashion-mnist`). */
export const DEBIAN_FASHION_MNIST_DIR = '/usr/share/datasets/fashion-mnist';

/** Options of loadFashionMnist: where the IDX files are, normalisation and a row limit. */
export interface FashionMnistOptions {
  split: 'train' | 'test';
  /** Directory holding the IDX files (gzipped or not); default: the Debian package's install path. */
  dir?: string;
  /** Divide pixels by 255; default false (values 0..255). */
  normalize?: boolean;
  /** Keep only the first `limit` samples. */
  limit?: number;
}

const FILES = {
  train: ['train-images-idx3-ubyte', 'train-labels-idx1-ubyte'],
  test: ['t10k-images-idx3-ubyte', 't10k-labels-idx1-ubyte'],
} as const;

const ALL_FILES = [...FILES.train, ...FILES.test].map((f) => `${f}.gz`).join(', ');

function findFile(dir: string, base: string): string | undefined {
  for (const f of [`${base}.gz`, base]) {
    const p = join(dir, f);
    if (existsSync(p)) return p;
  }
  return undefined;
}

/** Directories to search when no dir is given: the usual path, then wherever dpkg says it is. */
function candidateDirs(): string[] {
  const dirs = [DEBIAN_FASHION_MNIST_DIR];
  try {
    const listing = execFileSync('dpkg', ['-L', 'dataset-fashion-mnist'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    for (const line of listing.split('\n')) {
      if (line.endsWith('/train-images-idx3-ubyte.gz')) dirs.push(dirname(line));
    }
  } catch {
    // No dpkg, or the package is not installed: the error below says what to do.
  }
  return [...new Set(dirs)];
}

/**
 * Loads Fashion-MNIST (Zalando, MIT): 60,000 train / 10,000 test 28x28 grey images in 10 classes,
 * labels 0..9 (see FASHION_MNIST_CLASS_NAMES). X holds 784 pixel features per image.
 */
export function loadFashionMnist(options: FashionMnistOptions): Dataset {
  plainObject('options', options);
  knownKeys('options', options, ['split', 'dir', 'normalize', 'limit']);
  const split = oneOf('options.split', options.split, ['train', 'test'] as const);
  if (options.dir !== undefined && (typeof options.dir !== 'string' || options.dir === '')) {
    throw new InvalidArgumentError('options.dir', 'a directory path', options.dir);
  }
  const normalize = options.normalize === undefined ? false : booleanValue('options.normalize', options.normalize);
  const limit = options.limit === undefined ? undefined : positiveInt('options.limit', options.limit);
  const [imagesBase, labelsBase] = FILES[split];
  const dirs = options.dir === undefined ? candidateDirs() : [options.dir];
  for (const dir of dirs) {
    const images = findFile(dir, imagesBase);
    const labels = findFile(dir, labelsBase);
    if (images === undefined || labels === undefined) continue;
    const dataset = idxToDataset(loadIdx(images), loadIdx(labels), {
      name: `fashion-mnist-${split}`,
      normalize,
      ...(limit === undefined ? {} : { limit }),
      description: `Fashion-MNIST ${split} split: 28x28 grey images of clothing, 10 classes (${FASHION_MNIST_CLASS_NAMES.map((c, k) => `${k}=${c}`).join(', ')})`,
      source: `Zalando Research, Xiao, Rasul & Vollgraf 2017; read from ${dir}`,
      license: 'MIT (Expat)',
    });
    return dataset;
  }
  const where = options.dir === undefined ? dirs.join(' or ') : options.dir;
  throw new DtError(
    'IO',
    `Fashion-MNIST ${split} files not found in ${where} (looked for ${imagesBase}[.gz] and ${labelsBase}[.gz]). ` +
      `Install them with \`apt-get install dataset-fashion-mnist\` (Debian/Ubuntu; files go to ${DEBIAN_FASHION_MNIST_DIR}), ` +
      `or put the IDX files (${ALL_FILES}; gzipped or not) in a directory and pass it as { dir }.`,
  );
}
