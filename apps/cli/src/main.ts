#!/usr/bin/env node
// Imports only the command line runner (not ./run.js, which re-exports the learners' catalogue).
import { run } from './program.js';

// `dt ... | head` closes stdout early: that is not an error worth a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

// Under `pnpm dt`, the script runs from the repository root; resolve paths where the user typed.
const cwd = process.env.npm_lifecycle_event === 'dt' && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();

process.exitCode = await run(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, cwd });
