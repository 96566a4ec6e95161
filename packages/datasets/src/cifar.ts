import { DataFormatError, InvalidArgumentError } from '@dt/errors';

/** Names of the CIFAR-10 labels 0..9 (batches.meta.txt). */
export const CIFAR10_CLASS_NAMES: readonly string[] = [
  'airplane',
  'automobile',
  'bird',
  'cat',
  'deer',
  'dog',
  'frog',
  'horse',
  'ship',
  'truck',
];

/** Pixel bytes per image: 32 × 32 red, then green, then blue, each row-major. */
export const CIFAR_PIXELS = 3072;

/** Which CIFAR: 'cifar-10' or 'cifar-100'. */
export type CifarVariant = 10 | 100;
/** CIFAR-100's label granularity: 'fine' (100 classes) or 'coarse' (20 superclasses). */
export type CifarLabel = 'fine' | 'coarse';

/** Records of one CIFAR binary file: `labels[i]` and the 3072 pixel bytes of image i. */
export interface CifarRecords {
  count: number;
  labels: Uint8Array;
  /** count × 3072 bytes, row-major (a copy, not a view into the file). */
  pixels: Uint8Array;
}

function recordSize(variant: CifarVariant): number {
  return variant === 10 ? 1 + CIFAR_PIXELS : 2 + CIFAR_PIXELS;
}

/**
 * Parses the bytes of one CIFAR binary batch. CIFAR-10 records are 1 label byte (0..9) + 3072 pixel
 * bytes; CIFAR-100 records are a coarse label byte (0..19), a fine label byte (0..99) and 3072 pixel
 * bytes. `label` picks CIFAR-100's label (default 'fine'). Errors name `source` and the bad record.
 */
export function parseCifar(
  bytes: Uint8Array,
  variant: CifarVariant,
  label: CifarLabel = 'fine',
  source = 'CIFAR data',
): CifarRecords {
  if (!(bytes instanceof Uint8Array)) throw new InvalidArgumentError('bytes', 'a Uint8Array', bytes);
  if (variant !== 10 && variant !== 100) throw new InvalidArgumentError('variant', '10 or 100', variant);
  if (label !== 'fine' && label !== 'coarse') throw new InvalidArgumentError('label', '"fine" or "coarse"', label);
  if (variant === 10 && label === 'coarse') {
    throw new InvalidArgumentError('label', '"fine" for CIFAR-10 (only CIFAR-100 has coarse labels)', label);
  }
  const size = recordSize(variant);
  const name = `CIFAR-${variant}`;
  const layout = variant === 10 ? '1 label byte + 3072 pixel bytes' : '1 coarse label byte + 1 fine label byte + 3072 pixel bytes';
  if (bytes.length === 0) throw new DataFormatError(`empty: a ${name} file holds ${size}-byte records (${layout})`, source);
  if (bytes.length % size !== 0) {
    const other: CifarVariant = variant === 10 ? 100 : 10;
    const hint = bytes.length % recordSize(other) === 0 ? `; it is a whole number of CIFAR-${other} records: is it a CIFAR-${other} file?` : '';
    throw new DataFormatError(
      `size ${bytes.length} bytes is not a whole number of ${size}-byte ${name} records (${layout}): ` +
        `${Math.floor(bytes.length / size)} records and ${bytes.length % size} bytes left over${hint}`,
      source,
    );
  }
  const count = bytes.length / size;
  const labels = new Uint8Array(count);
  const pixels = new Uint8Array(count * CIFAR_PIXELS);
  const labelOffset = variant === 100 && label === 'fine' ? 1 : 0;
  const limit = variant === 10 ? 10 : label === 'fine' ? 100 : 20;
  const headerBytes = size - CIFAR_PIXELS;
  for (let i = 0; i < count; i++) {
    const at = i * size;
    const y = bytes[at + labelOffset]!;
    if (y >= limit) {
      const which = variant === 10 ? 'label' : `${label} label`;
      throw new DataFormatError(
        `record ${i} (byte ${at + labelOffset}) has ${which} ${y}; ${name} ${which}s are 0..${limit - 1}. Is this a ${name} file?`,
        source,
      );
    }
    labels[i] = y;
    pixels.set(bytes.subarray(at + headerBytes, at + size), i * CIFAR_PIXELS);
  }
  return { count, labels, pixels };
}

/** Feature names: red_row_col, then green_…, then blue_…, in the file's pixel order. */
export function cifarFeatureNames(): string[] {
  const names: string[] = [];
  for (const channel of ['red', 'green', 'blue']) {
    for (let r = 0; r < 32; r++) for (let c = 0; c < 32; c++) names.push(`${channel}_${r}_${c}`);
  }
  return names;
}
