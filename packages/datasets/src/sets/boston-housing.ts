// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvBostonHousing from '../embedded/boston-housing.js';

const files: Partial<Record<CsvFile, string>> = { 'boston-housing': csvBostonHousing };

/** `@dt/datasets/boston-housing`: the built-in dataset "boston-housing" alone (a single-file bundle carries only its data). */
export function loadBostonHousing(): Promise<Dataset> {
  return loadBuiltin('boston-housing', async (file) => files[file]!);
}

export default loadBostonHousing;
