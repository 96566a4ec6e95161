import { createRequire } from 'node:module';
import { Command } from 'commander';
import { datasetsCommand } from './commands/datasets.js';
import { evalCommand } from './commands/eval.js';
import { predictCommand } from './commands/predict.js';
import { showCommand } from './commands/show.js';
import { trainCommand } from './commands/train.js';
import { EXIT_OK, reportError } from './errors.js';
import { toContext, type Io } from './io.js';

export type { Io, OutputStream } from './io.js';
export { listAlgorithms, getAlgorithm } from './algorithms.js';
export type { Algorithm, Task } from './algorithms.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

function program(io: Io): Command {
  const ctx = toContext(io);
  const p = new Command('dt')
    .description('Decision trees on the command line: train, predict, evaluate and show')
    .version(version)
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (s) => ctx.stdout.write(s),
      writeErr: (s) => ctx.stderr.write(s),
      // Errors are printed once, on one line, by reportError.
      outputError: () => {},
    });
  datasetsCommand(p, ctx);
  trainCommand(p, ctx);
  predictCommand(p, ctx);
  evalCommand(p, ctx);
  showCommand(p, ctx);
  return p;
}

/**
 * Runs the dt command line in-process and returns the exit code: 0 on success, 1 for bad input
 * (unknown dataset, missing file, bad option value, bad model file), 2 for usage errors.
 * Everything is written to `io`, so tests and other programs can capture it.
 */
export async function run(argv: readonly string[], io: Io = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  const ctx = toContext(io);
  try {
    await program(io).parseAsync([...argv], { from: 'user' });
    return EXIT_OK;
  } catch (e) {
    return reportError(e, ctx.stderr, ctx.env);
  }
}
