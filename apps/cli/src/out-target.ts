/**
 * Where a command's `--out` goes: a regular file (written atomically, never over an input, a
 * device, a FIFO, a directory, a dangling link or — without `--force` — a read-only file) or, for
 * `--out -`, standard output. Checked before any work, and again at the write.
 */
import { assertNotAnInput, checkOutputTarget, writeFileAtomic } from '@dt/core/node';
import { DtError } from '@dt/errors';
import { resolvePath } from './data.js';
import type { Context } from './io.js';

export interface OutTarget {
  /** The file, or null for standard output (`--out -`). */
  path: string | null;
  /** The path as the user gave it (for messages). */
  given: string;
  force: boolean;
  inputs: readonly string[];
}

/** The `--out` of a command (undefined: none given), checked before the command does any work. */
export async function outTarget(opts: Record<string, unknown>, ctx: Context, inputs: readonly string[]): Promise<OutTarget | null> {
  if (opts.out === undefined) return null;
  const given = String(opts.out);
  const force = opts.force === true;
  if (given === '-') return { path: null, given, force, inputs };
  // path.resolve drops a trailing separator: check the path as given.
  if (/[/\\]$/.test(given)) throw new DtError('IO', `refusing to write ${given}: the path ends in a separator (a directory); name a file`);
  const path = resolvePath(ctx.cwd, given);
  await assertNotAnInput(path, inputs);
  await checkOutputTarget(path, { force });
  return { path, given, force, inputs };
}

/** Writes `text` to the target (atomically for a file). */
export async function writeOut(target: OutTarget, text: string, ctx: Context): Promise<void> {
  if (target.path === null) ctx.stdout.write(text);
  else await writeFileAtomic(target.path, text, { inputs: target.inputs, force: target.force });
}

/** Where a command's summary goes: stderr when the output itself is on stdout. */
export function summaryStream(target: OutTarget | null, ctx: Context): Context['stdout'] {
  return target !== null && target.path === null ? ctx.stderr : ctx.stdout;
}
