// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvBupaLiver from '../embedded/bupa-liver.js';

const files: Partial<Record<CsvFile, string>> = { 'bupa-liver': csvBupaLiver };

/** `@dt/datasets/bupa-liver`: the built-in dataset "bupa-liver" alone (a single-file bundle carries only its data). */
export function loadBupaLiver(): Promise<Dataset> {
  return loadBuiltin('bupa-liver', async (file) => files[file]!);
}

export default loadBupaLiver;
