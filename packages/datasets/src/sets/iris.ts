// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvIris from '../embedded/iris.js';

const files: Partial<Record<CsvFile, string>> = { 'iris': csvIris };

/** `@dt/datasets/iris`: the built-in dataset "iris" alone (a single-file bundle carries only its data). */
export function loadIris(): Promise<Dataset> {
  return loadBuiltin('iris', async (file) => files[file]!);
}

export default loadIris;
