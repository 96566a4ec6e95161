import type { Command } from 'commander';
import { exportDot, exportText, type ExportOptions } from '@dt/core';
import { exportStreamDot, exportStreamText } from '@dt/stream';
import { isStream } from '../any-model.js';
import { nonNegativeInt, oneOf } from '@dt/errors';
import { resolvePath } from '../data.js';
import type { Context } from '../io.js';
import { readModelFile } from '../model-file.js';
import { num } from '../tree-options.js';

export function showCommand(program: Command, ctx: Context): void {
  program
    .command('show')
    .description('print a saved tree as text rules or Graphviz DOT')
    .requiredOption('--model <model.json>', 'a model written by dt train')
    .option('--format <format>', 'text or dot', 'text')
    .option('--max-depth <n>', 'summarise nodes deeper than this')
    .option('--decimals <n>', 'digits after the decimal point (default: 2 for text, 3 for dot)')
    .action((opts: Record<string, unknown>) => show(opts, ctx));
}

async function show(opts: Record<string, unknown>, ctx: Context): Promise<void> {
  const format = oneOf('--format', opts.format, ['text', 'dot']);
  const options: ExportOptions = {};
  if (opts.maxDepth !== undefined) options.maxDepth = nonNegativeInt('--max-depth', num(String(opts.maxDepth), '--max-depth'));
  if (opts.decimals !== undefined) options.decimals = nonNegativeInt('--decimals', num(String(opts.decimals), '--decimals'));
  const { model, training } = await readModelFile(resolvePath(ctx.cwd, String(opts.model)));
  // Level names of categorical features, so CRIMCOORD splits read as level sets.
  if (training && training.categories.some((c) => c !== null)) options.categories = training.categories;
  if (isStream(model)) {
    // A stream is a DAG: no depth truncation; merged nodes are marked.
    const so = options.decimals === undefined ? {} : { decimals: options.decimals };
    ctx.stdout.write(format === 'text' ? exportStreamText(model, so) : exportStreamDot(model, so));
    return;
  }
  ctx.stdout.write(format === 'text' ? exportText(model, options) : exportDot(model, options));
}
