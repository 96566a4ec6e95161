// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvWine from '../embedded/wine.js';

const files: Partial<Record<CsvFile, string>> = { 'wine': csvWine };

/** `@dt/datasets/wine`: the built-in dataset "wine" alone (a single-file bundle carries only its data). */
export function loadWine(): Promise<Dataset> {
  return loadBuiltin('wine', async (file) => files[file]!);
}

export default loadWine;
