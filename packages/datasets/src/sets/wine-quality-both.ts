// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvWineQualityRed from '../embedded/wine-quality-red.js';
import csvWineQualityWhite from '../embedded/wine-quality-white.js';

const files: Partial<Record<CsvFile, string>> = { 'wine-quality-red': csvWineQualityRed, 'wine-quality-white': csvWineQualityWhite };

/** `@dt/datasets/wine-quality-both`: the built-in dataset "wine-quality-both" alone (a single-file bundle carries only its data). */
export function loadWineQualityBoth(): Promise<Dataset> {
  return loadBuiltin('wine-quality-both', async (file) => files[file]!);
}

export default loadWineQualityBoth;
