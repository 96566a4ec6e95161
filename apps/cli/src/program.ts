import { createRequire } from 'node:module';
import { Command } from 'commander';
import { EXIT_OK, reportError } from './errors.js';
import { toContext, type Context, type Io } from './io.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

type Register = (program: Command, ctx: Context) => void;

/**
 * Each command's module is imported only when that command runs (one dynamic import per command),
 * so `dt --version` and `dt datasets` do not load the learners: startup was 1.3–1.8 s, most of it
 * module loading. Help, `dt help ...` and unknown commands (did-you-mean) load them all.
 */
const COMMANDS: Record<string, () => Promise<Register>> = {
  datasets: async () => (await import('./commands/datasets.js')).datasetsCommand,
  train: async () => (await import('./commands/train.js')).trainCommand,
  predict: async () => (await import('./commands/predict.js')).predictCommand,
  eval: async () => (await import('./commands/eval.js')).evalCommand,
  show: async () => (await import('./commands/show.js')).showCommand,
  import: async () => (await import('./commands/import.js')).importCommand,
  export: async () => (await import('./commands/export.js')).exportCommand,
  explain: async () => (await import('./commands/explain.js')).explainCommand,
};

/** The commands `argv` needs registered: the one it names, none for --version, else all (in help order). */
export function commandsFor(argv: readonly string[]): string[] {
  const first = argv[0];
  if (first !== undefined && Object.hasOwn(COMMANDS, first)) return [first];
  if (argv.length === 1 && (first === '--version' || first === '-V')) return [];
  return Object.keys(COMMANDS);
}

/** --quiet / -q anywhere before `--`: the commands read it from the context, before parsing. */
function quietIn(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  const head = end < 0 ? argv : argv.slice(0, end);
  return head.includes('--quiet') || head.includes('-q');
}

async function program(io: Io, argv: readonly string[]): Promise<Command> {
  const ctx = toContext(io, quietIn(argv));
  const p = new Command('dt')
    .description('Decision trees on the command line: train, predict, evaluate, show and explain')
    .version(version)
    .option('-q, --quiet', 'no progress line on stderr (it is shown only on a terminal anyway)')
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (s) => ctx.stdout.write(s),
      writeErr: (s) => ctx.stderr.write(s),
      // Errors are printed once, on one line, by reportError.
      outputError: () => {},
    });
  const registers = await Promise.all(commandsFor(argv).map((name) => COMMANDS[name]!()));
  for (const register of registers) register(p, ctx);
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
    await (await program(io, argv)).parseAsync([...argv], { from: 'user' });
    return EXIT_OK;
  } catch (e) {
    return reportError(e, ctx.stderr, ctx.env);
  }
}
