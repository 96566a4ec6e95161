import { readModelText, writeFileAtomic } from '@dt/core/node';
import { loadStreamModel, type StreamModel } from './load-stream-model.js';
import { serializeStreamModel } from './model-format.js';

/** Writes the model atomically (temp file + rename): a crash never leaves a half-written file. */
export async function saveStreamModel(path: string, model: StreamModel): Promise<void> {
  await writeFileAtomic(path, serializeStreamModel(model));
}

/** Reads and validates a model file (ModelFormatError for a malformed one, DtError 'IO' if unreadable). */
export async function readStreamModel(path: string): Promise<StreamModel> {
  return loadStreamModel(await readModelText(path));
}
