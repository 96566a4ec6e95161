// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvHeartDisease from '../embedded/heart-disease.js';

const files: Partial<Record<CsvFile, string>> = { 'heart-disease': csvHeartDisease };

/** `@dt/datasets/heart-disease`: the built-in dataset "heart-disease" alone (a single-file bundle carries only its data). */
export function loadHeartDisease(): Promise<Dataset> {
  return loadBuiltin('heart-disease', async (file) => files[file]!);
}

export default loadHeartDisease;
