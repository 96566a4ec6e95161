// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvBankMarketing from '../embedded/bank-marketing.js';

const files: Partial<Record<CsvFile, string>> = { 'bank-marketing': csvBankMarketing };

/** `@dt/datasets/bank-marketing`: the built-in dataset "bank-marketing" alone (a single-file bundle carries only its data). */
export function loadBankMarketing(): Promise<Dataset> {
  return loadBuiltin('bank-marketing', async (file) => files[file]!);
}

export default loadBankMarketing;
