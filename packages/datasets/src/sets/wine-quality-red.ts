// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvWineQualityRed from '../embedded/wine-quality-red.js';

const files: Partial<Record<CsvFile, string>> = { 'wine-quality-red': csvWineQualityRed };

/** `@dt/datasets/wine-quality-red`: the built-in dataset "wine-quality-red" alone (a single-file bundle carries only its data). */
export function loadWineQualityRed(): Promise<Dataset> {
  return loadBuiltin('wine-quality-red', async (file) => files[file]!);
}

export default loadWineQualityRed;
