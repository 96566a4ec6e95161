// Registers the oblique projections by name (opt-in in @dt/core since the light-install work).
import '@dt/core/oblique';
import { Command } from 'commander';
import { cartCommand } from './commands/cart.js';
import { maxcutCommand } from './commands/maxcut.js';
import { pruningCommand } from './commands/pruning.js';
import { syntheticCommand } from './commands/synthetic.js';
import { speedCommand } from './commands/speed.js';
import { hhcartCommand } from './commands/hhcart.js';
import { streamCommand } from './commands/stream.js';
import { histCommand } from './commands/hist.js';
import { missingCommand } from './commands/missing.js';
import { poolLatencyCommand } from './commands/pool-latency.js';
import { forestCommand } from './commands/forest.js';
import { forestFilesCommand } from './commands/forest-files.js';
import { boostCommand } from './commands/boost.js';
import { exchangeCommand } from './commands/exchange.js';
import { explainCommand } from './commands/explain.js';

const program = new Command('bench').description('dt benchmarks: speed against peers and the papers\' tables');
program.addCommand(cartCommand());
program.addCommand(maxcutCommand());
program.addCommand(pruningCommand());
program.addCommand(syntheticCommand());
program.addCommand(speedCommand());
program.addCommand(hhcartCommand());
program.addCommand(streamCommand());
program.addCommand(histCommand());
program.addCommand(missingCommand());
program.addCommand(poolLatencyCommand());
program.addCommand(forestCommand());
program.addCommand(forestFilesCommand());
program.addCommand(boostCommand());
program.addCommand(exchangeCommand());
program.addCommand(explainCommand());
program.parseAsync(process.argv).catch((e: unknown) => {
  console.error(`bench: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
});
