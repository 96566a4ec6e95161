// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvGlass from '../embedded/glass.js';

const files: Partial<Record<CsvFile, string>> = { 'glass': csvGlass };

/** `@dt/datasets/glass`: the built-in dataset "glass" alone (a single-file bundle carries only its data). */
export function loadGlass(): Promise<Dataset> {
  return loadBuiltin('glass', async (file) => files[file]!);
}

export default loadGlass;
