// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvBreastCancerWisconsin from '../embedded/breast-cancer-wisconsin.js';

const files: Partial<Record<CsvFile, string>> = { 'breast-cancer-wisconsin': csvBreastCancerWisconsin };

/** `@dt/datasets/breast-cancer-wisconsin`: the built-in dataset "breast-cancer-wisconsin" alone (a single-file bundle carries only its data). */
export function loadBreastCancerWisconsin(): Promise<Dataset> {
  return loadBuiltin('breast-cancer-wisconsin', async (file) => files[file]!);
}

export default loadBreastCancerWisconsin;
