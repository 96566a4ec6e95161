// One entry point per built-in dataset (sets.test.ts checks every dataset has one and that it loads).
import { loadBuiltin } from '../builtin-datasets.js';
import type { CsvFile } from '../csv-files.js';
import type { Dataset } from '../types.js';
import csvLetterRecognition from '../embedded/letter-recognition.js';

const files: Partial<Record<CsvFile, string>> = { 'letter-recognition': csvLetterRecognition };

/** `@dt/datasets/letter-recognition`: the built-in dataset "letter-recognition" alone (a single-file bundle carries only its data). */
export function loadLetterRecognition(): Promise<Dataset> {
  return loadBuiltin('letter-recognition', async (file) => files[file]!);
}

export default loadLetterRecognition;
