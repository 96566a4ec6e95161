// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvShuttleTest from '../embedded/shuttle-test.js';

const files: Partial<Record<CsvFile, string>> = { 'shuttle-test': csvShuttleTest };

/** `@dt/datasets/shuttle-test`: the built-in dataset "shuttle-test" alone (a single-file bundle carries only its data). */
export function loadShuttleTest(): Promise<Dataset> {
  return loadBuiltin('shuttle-test', async (file) => files[file]!);
}

export default loadShuttleTest;
