// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvPimaIndiansDiabetes from '../embedded/pima-indians-diabetes.js';

const files: Partial<Record<CsvFile, string>> = { 'pima-indians-diabetes': csvPimaIndiansDiabetes };

/** `@dt/datasets/pima-indians-diabetes`: the built-in dataset "pima-indians-diabetes" alone (a single-file bundle carries only its data). */
export function loadPimaIndiansDiabetes(): Promise<Dataset> {
  return loadBuiltin('pima-indians-diabetes', async (file) => files[file]!);
}

export default loadPimaIndiansDiabetes;
