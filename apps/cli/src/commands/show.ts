import type { Command } from 'commander';
import { exportDot, exportText, type ExportOptions } from '@dt/core';
import { renderHtml, renderSvg, type PlotOptions } from '@dt/plot';
import { exportStreamDot, exportStreamText } from '@dt/stream';
import { basename } from 'node:path';
import { isBoosting, isForest, isStream } from '../any-model.js';
import { forestView } from './forest-show.js';
import { boostView } from './boost-show.js';
import { InvalidArgumentError, nonNegativeInt, oneOf } from '@dt/errors';
import { resolvePath } from '../data.js';
import { UsageError } from '../errors.js';
import type { Context } from '../io.js';
import { readModelFile } from '../model-file.js';
import { outTarget, writeOut } from '../out-target.js';
import { boundedDepth } from '../show-bounds.js';
import { num } from '../tree-options.js';
import { isForeignModelFile } from '../foreign-model.js';
import { showForeign } from './foreign.js';

export function showCommand(program: Command, ctx: Context): void {
  program
    .command('show')
    .description('print a saved tree as text rules, Graphviz DOT, an SVG picture or an HTML page')
    .requiredOption('--model <model.json>', 'a model written by dt train, or a LightGBM / XGBoost / ONNX model')
    .option('--format <format>', 'text, dot, svg or html', 'text')
    .option('--out <file>', 'write to this file (atomically; - for standard output) instead of stdout')
    .option('--force', 'replace a read-only --out file')
    .option('--max-depth <n>', 'summarise nodes deeper than this')
    .option('--decimals <n>', 'digits after the decimal point (default: 2 for text, 3 for dot)')
    .option('--json', 'print the model as JSON: its structure summary and the model file (instead of --format)')
    .option('--tree <index>', 'a forest or boosting model: print this tree (0-based) instead of the summary')
    .action((opts: Record<string, unknown>) => show(opts, ctx));
}

async function show(opts: Record<string, unknown>, ctx: Context): Promise<void> {
  if (await isForeignModelFile(resolvePath(ctx.cwd, String(opts.model)))) return showForeign(opts, ctx);
  const format = oneOf('--format', opts.format, ['text', 'dot', 'svg', 'html']);
  const options: ExportOptions = {};
  if (opts.maxDepth !== undefined) options.maxDepth = nonNegativeInt('--max-depth', num(String(opts.maxDepth), '--max-depth'));
  if (opts.decimals !== undefined) options.decimals = nonNegativeInt('--decimals', num(String(opts.decimals), '--decimals'));
  const modelPath = resolvePath(ctx.cwd, String(opts.model));
  const target = await outTarget(opts, ctx, [modelPath]);
  const write = async (text: string): Promise<void> => (target === null ? void ctx.stdout.write(text) : writeOut(target, text, ctx));
  const file = await readModelFile(modelPath);
  const { training } = file;
  let model = file.model;
  if (opts.json) {
    if (opts.format !== 'text' || options.maxDepth !== undefined || options.decimals !== undefined || opts.tree !== undefined) {
      throw new UsageError('--json prints the whole model: it takes no --format, --max-depth, --decimals or --tree');
    }
    const summary = isBoosting(model)
      ? { iterations: model.nIter, trees: model.nIter * model.nTreesPerIteration, features: model.nFeatures, featureNames: model.featureNames }
      : isForest(model)
      ? { trees: model.estimators.length, features: model.nFeatures, featureNames: model.featureNames }
      : { nodes: model.nodeCount, leaves: model.nLeaves, depth: model.depth, features: model.nFeatures, featureNames: model.featureNames };
    await write(`${JSON.stringify({ summary, training, model }, null, 2)}\n`);
    return;
  }
  if (isBoosting(model)) {
    const view = boostView(model, opts.tree, format, training);
    if ('summary' in view) return write(view.summary);
    model = view.tree;
  } else if (isForest(model)) {
    const view = forestView(model, opts.tree, format, training);
    if ('summary' in view) return write(view.summary);
    model = view.tree;
  } else if (opts.tree !== undefined) {
    throw new InvalidArgumentError('--tree', 'used with a forest or boosting model (this file holds one tree)', String(opts.tree));
  }
  // Level names of categorical features, so CRIMCOORD splits read as level sets.
  if (training && training.categories.some((c) => c !== null)) options.categories = training.categories;
  // A tree trained with --missing native: show where missing values go at each split.
  if (training?.missing?.policy === 'native' && !isStream(model)) options.showMissing = true;
  if (!isStream(model)) {
    // Bounded output: a deep tree's text or picture is cut at the deepest level that fits.
    const b = boundedDepth(model.tree, format, options.maxDepth);
    if (b.maxDepth !== undefined) options.maxDepth = b.maxDepth;
    if (b.note !== null) ctx.stderr.write(b.note);
  }
  if (format === 'svg' || format === 'html') {
    const po: PlotOptions = options;
    // Oblique terms ranked by how far each moves the split (weight × the feature's spread in training).
    if (training?.featureSpread) po.featureSpread = training.featureSpread.map((v) => v ?? Number.NaN);
    // The SVG carries the viewer: opened in a browser it fits, zooms and pans; as an <img> it is static.
    await write(format === 'svg' ? renderSvg(model, { ...po, interactive: true }) : renderHtml(model, { ...po, title: basename(modelPath) }));
    return;
  }
  if (isStream(model)) {
    // A stream is a DAG: no depth truncation; merged nodes are marked.
    const so = options.decimals === undefined ? {} : { decimals: options.decimals };
    await write(format === 'text' ? exportStreamText(model, so) : exportStreamDot(model, so));
    return;
  }
  await write(format === 'text' ? exportText(model, options) : exportDot(model, options));
}
