// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvAdultTest from '../embedded/adult-test.js';

const files: Partial<Record<CsvFile, string>> = { 'adult-test': csvAdultTest };

/** `@dt/datasets/adult-test`: the built-in dataset "adult-test" alone (a single-file bundle carries only its data). */
export function loadAdultTest(): Promise<Dataset> {
  return loadBuiltin('adult-test', async (file) => files[file]!);
}

export default loadAdultTest;
