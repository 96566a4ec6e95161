// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvAustralianCredit from '../embedded/australian-credit.js';

const files: Partial<Record<CsvFile, string>> = { 'australian-credit': csvAustralianCredit };

/** `@dt/datasets/australian-credit`: the built-in dataset "australian-credit" alone (a single-file bundle carries only its data). */
export function loadAustralianCredit(): Promise<Dataset> {
  return loadBuiltin('australian-credit', async (file) => files[file]!);
}

export default loadAustralianCredit;
