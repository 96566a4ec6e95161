import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { DtError } from '@dt/errors';
import { loadModel, serializeModel, type TreeModel } from './model-format.js';

/**
 * Writes `text` to `path` atomically: a temp file in the same directory, then rename, so a crash
 * or a full disk never leaves a half-written file where a good one was.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, text, { flag: 'wx' });
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    // Name the file the user asked for, not the temporary one.
    const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new DtError('IO', `cannot write ${path}: ${reason}`, { cause: e });
  }
}

export async function saveModel(path: string, model: TreeModel): Promise<void> {
  await writeFileAtomic(path, serializeModel(model));
}

/** The text of a model file (DtError 'IO' naming the path if unreadable). */
export async function readModelText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    throw new DtError('IO', `cannot read model ${path}: ${(e as Error).message}`, { cause: e });
  }
}

export async function readModel(path: string): Promise<TreeModel> {
  return loadModel(await readModelText(path));
}
