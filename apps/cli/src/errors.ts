import { CommanderError } from 'commander';
import { DtError } from '@dt/errors';
import type { OutputStream } from './io.js';

/** Misuse of the command line itself (conflicting options and the like): exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

function oneLine(s: string): string {
  return s
    .replace(/^error:\s*/i, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

/**
 * Prints `dt: <message>` for an error thrown while running a command and returns the exit code.
 * Never a stack trace: a DtError is the user's input being wrong, and even a bug gets one line
 * (DT_DEBUG=1 prints the stack for those).
 */
export function reportError(e: unknown, stderr: OutputStream, env: Readonly<Record<string, string | undefined>>): number {
  if (e instanceof CommanderError) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return EXIT_OK;
    // Help printed because no command was given: the help already went to stderr.
    if (e.code === 'commander.help') return EXIT_USAGE;
    stderr.write(`dt: ${oneLine(e.message)} (see dt --help)\n`);
    return EXIT_USAGE;
  }
  if (e instanceof UsageError) {
    stderr.write(`dt: ${oneLine(e.message)}\n`);
    return EXIT_USAGE;
  }
  if (e instanceof DtError) {
    stderr.write(`dt: ${oneLine(e.message)}\n`);
    return EXIT_FAILURE;
  }
  const err = e instanceof Error ? e : new Error(String(e));
  stderr.write(`dt: internal error: ${oneLine(err.message)}\n`);
  if (env.DT_DEBUG) stderr.write(`${err.stack ?? ''}\n`);
  return EXIT_FAILURE;
}
