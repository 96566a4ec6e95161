// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvHaberman from '../embedded/haberman.js';

const files: Partial<Record<CsvFile, string>> = { 'haberman': csvHaberman };

/** `@dt/datasets/haberman`: the built-in dataset "haberman" alone (a single-file bundle carries only its data). */
export function loadHaberman(): Promise<Dataset> {
  return loadBuiltin('haberman', async (file) => files[file]!);
}

export default loadHaberman;
