import { basename, extname } from 'node:path';
import { InvalidArgumentError } from '@dt/errors';
import { parseCsvText } from './parse-csv.js';
import type { CsvOptions } from './parse-csv.js';
import { readFileOrThrow } from './read-file.js';
import type { Dataset } from './types.js';

/** Reads a UTF-8 CSV file with `parseCsv` (from `@dt/datasets`); the name defaults to the file name without extension. */
export function readCsv(path: string, options: CsvOptions = {}): Dataset {
  if (typeof path !== 'string' || path === '') throw new InvalidArgumentError('path', 'a file path', path);
  const text = readFileOrThrow(path, 'CSV file').toString('utf8');
  const name = options.name ?? basename(path, extname(path));
  return parseCsvText(text, { ...options, name }, path);
}
