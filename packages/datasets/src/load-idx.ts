import { gunzipSync } from 'node:zlib';
import { DataFormatError, InvalidArgumentError, plainObject } from '@dt/errors';
import { idxToDataset, parseIdx } from './idx.js';
import type { IdxArray, IdxDatasetOptions } from './idx.js';
import { readFileOrThrow } from './read-file.js';
import type { Dataset } from './types.js';

/** Reads an IDX file, gunzipping it first when it starts with the gzip magic bytes (1f 8b). */
export function loadIdx(path: string): IdxArray {
  if (typeof path !== 'string' || path === '') throw new InvalidArgumentError('path', 'a file path', path);
  let bytes: Uint8Array = readFileOrThrow(path, 'IDX file');
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = gunzipSync(bytes);
    } catch (e) {
      throw new DataFormatError(`gzip data is corrupt or truncated (${(e as Error).message})`, path);
    }
  }
  return parseIdx(bytes, path);
}

/** Paths of the four IDX files of an MNIST-like dataset (train/test images and labels). */
export interface IdxFiles extends IdxDatasetOptions {
  /** Path of the images IDX file (n x rows x cols), gzipped or not. */
  images: string;
  /** Path of the labels IDX file (n), gzipped or not. */
  labels: string;
}

/** Loads an images + labels pair of IDX files as a classification Dataset of float pixels. */
export function loadIdxDataset(files: IdxFiles): Dataset {
  const { images, labels, ...options } = plainObject('files', files) as unknown as IdxFiles;
  return idxToDataset(loadIdx(images), loadIdx(labels), options);
}
