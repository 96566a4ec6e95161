// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvBalanceScale from '../embedded/balance-scale.js';

const files: Partial<Record<CsvFile, string>> = { 'balance-scale': csvBalanceScale };

/** `@dt/datasets/balance-scale`: the built-in dataset "balance-scale" alone (a single-file bundle carries only its data). */
export function loadBalanceScale(): Promise<Dataset> {
  return loadBuiltin('balance-scale', async (file) => files[file]!);
}

export default loadBalanceScale;
