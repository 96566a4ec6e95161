import { readFileSync } from 'node:fs';
import { DtError } from '@dt/errors';

/** readFileSync with a DtError('IO') that names the path instead of a bare ENOENT. */
export function readFileOrThrow(path: string, what: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (e as Error).message;
    throw new DtError('IO', `cannot read ${what} ${path}: ${why}`, { cause: e });
  }
}
