// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvWineQualityWhite from '../embedded/wine-quality-white.js';

const files: Partial<Record<CsvFile, string>> = { 'wine-quality-white': csvWineQualityWhite };

/** `@dt/datasets/wine-quality-white`: the built-in dataset "wine-quality-white" alone (a single-file bundle carries only its data). */
export function loadWineQualityWhite(): Promise<Dataset> {
  return loadBuiltin('wine-quality-white', async (file) => files[file]!);
}

export default loadWineQualityWhite;
