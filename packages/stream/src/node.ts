import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '@dt/core/node';
import { DtError } from '@dt/errors';
import { loadStreamModel, serializeStreamModel, type StreamModel } from './model-format.js';

/** Writes the model atomically (temp file + rename): a crash never leaves a half-written file. */
export async function saveStreamModel(path: string, model: StreamModel): Promise<void> {
  await writeFileAtomic(path, serializeStreamModel(model));
}

/** Reads and validates a model file (ModelFormatError for a malformed one, DtError 'IO' if unreadable). */
export async function readStreamModel(path: string): Promise<StreamModel> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new DtError('IO', `cannot read model ${path}: ${(e as Error).message}`, { cause: e });
  }
  return loadStreamModel(text);
}
