// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvMagicGamma from '../embedded/magic-gamma.js';

const files: Partial<Record<CsvFile, string>> = { 'magic-gamma': csvMagicGamma };

/** `@dt/datasets/magic-gamma`: the built-in dataset "magic-gamma" alone (a single-file bundle carries only its data). */
export function loadMagicGamma(): Promise<Dataset> {
  return loadBuiltin('magic-gamma', async (file) => files[file]!);
}

export default loadMagicGamma;
