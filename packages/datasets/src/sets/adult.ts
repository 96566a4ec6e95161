// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvAdult from '../embedded/adult.js';

const files: Partial<Record<CsvFile, string>> = { 'adult': csvAdult };

/** `@dt/datasets/adult`: the built-in dataset "adult" alone (a single-file bundle carries only its data). */
export function loadAdult(): Promise<Dataset> {
  return loadBuiltin('adult', async (file) => files[file]!);
}

export default loadAdult;
