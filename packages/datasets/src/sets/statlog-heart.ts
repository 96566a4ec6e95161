// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvStatlogHeart from '../embedded/statlog-heart.js';

const files: Partial<Record<CsvFile, string>> = { 'statlog-heart': csvStatlogHeart };

/** `@dt/datasets/statlog-heart`: the built-in dataset "statlog-heart" alone (a single-file bundle carries only its data). */
export function loadStatlogHeart(): Promise<Dataset> {
  return loadBuiltin('statlog-heart', async (file) => files[file]!);
}

export default loadStatlogHeart;
