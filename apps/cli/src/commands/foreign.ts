/**
 * `dt predict` and `dt show` on LightGBM, XGBoost and ONNX files (and dt's JSON of them): the model
 * predicts as its origin library (raw scores, probabilities, labels); missing cells stay NaN and go
 * where the model sends them. `show` prints a summary, or one tree (`--tree i`) as text, DOT, SVG or HTML.
 */
import { basename } from 'node:path';
import { exportDot, exportText, type ExportOptions } from '@dt/core';
import { assertNotAnInput, writeFileAtomic } from '@dt/core/node';
import { InvalidArgumentError, nonNegativeInt, oneOf } from '@dt/errors';
import type { ImportedModel } from '@dt/exchange';
import { renderHtml, renderSvg } from '@dt/plot';
import { csvLine } from '../csv-out.js';
import { resolvePath } from '../data.js';
import { plural } from '../format.js';
import type { Context } from '../io.js';
import { describeImported, readForeignModel } from '../foreign-model.js';
import { loadPredictData } from '../predict-data.js';
import { num } from '../tree-options.js';
import { UsageError } from '../errors.js';

/** The rows `spec` names for an imported model: its feature columns, missing cells NaN (routed by the model). */
export function loadForeignData(model: ImportedModel, spec: string, ctx: Context): ReturnType<typeof loadPredictData> {
  // LightGBM's default names (Column_0, ...) say nothing: such models read CSV columns by position.
  const names = model.featureNames !== null && !model.featureNames.every((n, j) => n === `Column_${j}` || n === `f${j}`) ? model.featureNames : null;
  return loadPredictData(spec, { model: { nFeatures: model.nFeatures, featureNames: names }, training: null } as never, ctx.cwd, 'native', ctx.stdin);
}

export async function predictForeign(opts: Record<string, unknown>, ctx: Context): Promise<void> {
  const modelPath = resolvePath(ctx.cwd, String(opts.model));
  const spec = String(opts.data);
  const outPath = opts.out === undefined ? null : resolvePath(ctx.cwd, String(opts.out));
  const inputs = [modelPath, resolvePath(ctx.cwd, spec)];
  if (outPath !== null) await assertNotAnInput(outPath, inputs);
  if (opts.missing !== undefined && opts.missing !== 'native') throw new UsageError('--missing: models from other libraries route missing values themselves (native)');
  const model = await readForeignModel(modelPath);
  const classifier = model.task === 'classification';
  if (opts.proba && !classifier) throw new UsageError('--proba needs a classification model; this one is a regressor');
  const data = await loadForeignData(model, spec, ctx);
  const predicted = model.predict(data.X);
  const predictions = Array.from(predicted as ArrayLike<string | number>);
  const C = classifier ? model.classes!.length : 0;
  const proba = opts.proba ? model.predictProba(data.X) : null;
  let text: string;
  if (opts.json) {
    const report = {
      predictions,
      ...(proba === null ? {} : { classes: model.classes, proba: predictions.map((_, r) => Array.from(proba.subarray(r * C, r * C + C))) }),
    };
    text = `${JSON.stringify(report)}\n`;
  } else {
    const lines = [proba === null ? 'prediction' : csvLine(['prediction', ...model.classes!.map((c) => `proba_${c}`)])];
    for (let r = 0; r < predictions.length; r++) {
      lines.push(proba === null ? csvLine([predictions[r]!]) : csvLine([predictions[r]!, ...Array.from(proba.subarray(r * C, r * C + C), String)]));
    }
    text = `${lines.join('\n')}\n`;
  }
  if (outPath === null) ctx.stdout.write(text);
  else {
    await writeFileAtomic(outPath, text, { inputs });
    ctx.stderr.write(`Wrote ${plural(predictions.length, 'prediction')} to ${String(opts.out)}.\n`);
  }
}

export async function showForeign(opts: Record<string, unknown>, ctx: Context): Promise<void> {
  const format = oneOf('--format', opts.format, ['text', 'dot', 'svg', 'html']);
  const modelPath = resolvePath(ctx.cwd, String(opts.model));
  const out = opts.out === undefined ? null : resolvePath(ctx.cwd, String(opts.out));
  if (out !== null) await assertNotAnInput(out, [modelPath]);
  const write = async (text: string): Promise<void> => (out === null ? void ctx.stdout.write(text) : writeFileAtomic(out, text, { inputs: [modelPath] }));
  const model = await readForeignModel(modelPath);
  if (opts.json) throw new UsageError('--json prints dt model files; run dt import first to get one');
  if (opts.tree === undefined) {
    if (format !== 'text') throw new UsageError(`--format ${format} draws one tree: add --tree INDEX (0..${model.trees.length - 1})`);
    return write(`${describeImported(model)}\n`);
  }
  const index = nonNegativeInt('--tree', num(String(opts.tree), '--tree'));
  if (index >= model.trees.length) throw new InvalidArgumentError('--tree', `a tree index 0..${model.trees.length - 1}`, String(opts.tree));
  const options: ExportOptions = {};
  if (opts.maxDepth !== undefined) options.maxDepth = nonNegativeInt('--max-depth', num(String(opts.maxDepth), '--max-depth'));
  if (opts.decimals !== undefined) options.decimals = nonNegativeInt('--decimals', num(String(opts.decimals), '--decimals'));
  if (format === 'svg' || format === 'html') {
    const po = { ...options, tree: index };
    return write(format === 'svg' ? renderSvg(model, po) : renderHtml(model, { ...po, title: basename(modelPath) }));
  }
  const member = model.estimators[index]! as never;
  return write(format === 'text' ? exportText(member, options) : exportDot(member, options));
}
