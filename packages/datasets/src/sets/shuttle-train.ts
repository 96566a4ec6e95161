// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvShuttleTrain from '../embedded/shuttle-train.js';

const files: Partial<Record<CsvFile, string>> = { 'shuttle-train': csvShuttleTrain };

/** `@dt/datasets/shuttle-train`: the built-in dataset "shuttle-train" alone (a single-file bundle carries only its data). */
export function loadShuttleTrain(): Promise<Dataset> {
  return loadBuiltin('shuttle-train', async (file) => files[file]!);
}

export default loadShuttleTrain;
