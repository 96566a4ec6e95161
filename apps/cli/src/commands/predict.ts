import type { Command } from 'commander';
import { accuracy, r2Score } from '@dt/eval';
import { csvLine } from '../csv-out.js';
import { resolvePath } from '../data.js';
import { UsageError } from '../errors.js';
import { fixed, plural } from '../format.js';
import type { Context } from '../io.js';
import { isClassifier } from '../any-model.js';
import { readModelFile } from '../model-file.js';
import { outTarget, writeOut } from '../out-target.js';
import { createProgress, duringStage } from '../progress.js';
import { loadPredictData, type PredictData } from '../predict-data.js';
import { checkNativeAlgorithm, CLI_MISSING, strategyText } from '../missing.js';
import { loadSimpleImputer } from '@dt/datasets';
import { InvalidArgumentError, oneOf } from '@dt/errors';
import { isForeignModelFile } from '../foreign-model.js';
import { predictForeign } from './foreign.js';

export function predictCommand(program: Command, ctx: Context): void {
  program
    .command('predict')
    .description('predict with a saved model; prints accuracy or R² to stderr when the data has the label')
    .requiredOption('--model <model.json>', 'a model written by dt train, or a LightGBM / XGBoost / ONNX model')
    .requiredOption('--data <name|file.csv|->', 'a built-in dataset, a CSV file with the model\'s feature columns, or - for CSV on standard input')
    .option('--proba', 'also write class probabilities (classifiers)')
    .option('--out <preds.csv>', 'write the predictions here (atomically; - for standard output) instead of stdout')
    .option('--force', 'replace a read-only --out file')
    .option('--json', 'write JSON (predictions, probabilities, the score when the data has the label) instead of CSV')
    .option(
      '--missing <policy>',
      `CSV missing values: ${CLI_MISSING.join(', ')}; default what the model was trained with (impute: its stored fill values; native: NaN to the tree), else error`,
    )
    .action((opts: Record<string, unknown>) => predict(opts, ctx));
}

async function predict(opts: Record<string, unknown>, ctx: Context): Promise<void> {
  const modelPath = resolvePath(ctx.cwd, String(opts.model));
  if (await isForeignModelFile(modelPath)) return predictForeign(opts, ctx);
  const spec = String(opts.data);
  const inputs = [modelPath, resolvePath(ctx.cwd, spec)];
  const target = await outTarget(opts, ctx, inputs);
  const progress = createProgress(ctx, 'predict');
  const file = await duringStage(progress, 'reading the model', () => readModelFile(modelPath));
  const { model } = file;
  const classifier = isClassifier(model);
  if (opts.proba && !classifier) throw new UsageError('--proba needs a classification model; this one is a regressor');
  const trained = file.training?.missing;
  const policy = opts.missing === undefined ? (trained?.policy === 'impute' || trained?.policy === 'native' ? trained.policy : 'error') : oneOf('--missing', opts.missing, CLI_MISSING);
  if (policy === 'native' && file.training !== null) checkNativeAlgorithm({ policy, strategy: 'mean' }, file.training.algorithm);
  if (policy === 'impute' && trained?.imputer === undefined) {
    throw new InvalidArgumentError('--missing', 'impute only for a model trained with --missing impute (it stores the fill values)', 'impute');
  }
  const data = await duringStage(progress, 'reading', () => loadPredictData(spec, file, ctx.cwd, policy === 'impute' ? 'native' : policy, ctx.stdin, progress));
  if (policy === 'impute') data.X = loadSimpleImputer(trained!.imputer!).transform(data.X);
  const m = data.missing;
  if (m !== undefined) {
    const what = `${plural(m.cells, 'missing value')} in ${plural(m.rows, 'row')} of ${spec}`;
    const done =
      m.policy === 'drop'
        ? `dropped those rows (no prediction for them)`
        : policy === 'impute'
          ? `imputed with the model's stored fill values (${strategyText(trained!.strategy ?? 'mean')}, fitted on its training rows)`
          : 'kept as NaN for the tree (native)';
    ctx.stderr.write(`${what}: ${done}.\n`);
  }

  progress.stage('predicting');
  let predictions: (string | number)[];
  let proba: { classes: (string | number)[]; values: Float64Array } | null = null;
  if (isClassifier(model)) {
    predictions = model.predict(data.X);
    if (opts.proba) proba = { classes: model.classes, values: model.predictProbaFlat(data.X) };
  } else {
    predictions = Array.from(model.predict(data.X));
  }
  progress.stop();
  const score = scoreOf(data, predictions, classifier, spec);
  let text: string;
  if (opts.json) {
    const C = proba === null ? 0 : proba.classes.length;
    const report = {
      predictions,
      ...(proba === null ? {} : { classes: proba.classes, proba: predictions.map((_, r) => Array.from(proba.values.subarray(r * C, r * C + C))) }),
      ...(score.value === null ? {} : { score: { metric: score.metric, value: score.value, labelColumn: data.targetName } }),
      ...(data.ignored.length > 0 ? { ignoredColumns: data.ignored } : {}),
    };
    text = `${JSON.stringify(report)}\n`;
  } else {
    const lines: string[] = [];
    if (proba !== null) {
      const C = proba.classes.length;
      lines.push(csvLine(['prediction', ...proba.classes.map((c) => `proba_${c}`)]));
      for (let r = 0; r < predictions.length; r++) lines.push(csvLine([predictions[r]!, ...Array.from(proba.values.subarray(r * C, r * C + C), String)]));
    } else if (classifier) {
      lines.push(csvLine(['prediction']));
      for (const p of predictions) lines.push(csvLine([p]));
    } else {
      lines.push('prediction');
      for (const p of predictions) lines.push(String(p));
    }
    text = `${lines.join('\n')}\n`;
  }

  if (target === null || target.path === null) ctx.stdout.write(text);
  else {
    await writeOut(target, text, ctx);
    ctx.stderr.write(`Wrote ${plural(predictions.length, 'prediction')} to ${String(opts.out)}.\n`);
  }
  if (data.ignored.length > 0) ctx.stderr.write(`Ignored column${data.ignored.length > 1 ? 's' : ''} ${data.ignored.join(', ')}.\n`);
  if (score.line !== null) ctx.stderr.write(score.line);
}

/** Accuracy or R² when the data has the label (null value otherwise), and the stderr line that reports it. */
function scoreOf(data: PredictData, predictions: (string | number)[], classifier: boolean, spec: string): { metric: 'accuracy' | 'r2'; value: number | null; line: string | null } {
  const metric = classifier ? 'accuracy' : 'r2';
  if (data.y === null) return { metric, value: null, line: null };
  const where = `on ${plural(predictions.length, 'row')} of ${spec} (label column ${JSON.stringify(data.targetName)})`;
  if (classifier) {
    // Compared as text: the label column parses to numbers only when every value is numeric.
    const acc = accuracy(data.y.map(String), predictions.map(String));
    return { metric, value: acc, line: `accuracy ${fixed(acc)} ${where}\n` };
  }
  if (data.y.some((v) => typeof v !== 'number')) return { metric, value: null, line: `No R²: label column ${JSON.stringify(data.targetName)} is not numeric.\n` };
  if (predictions.length < 2) return { metric, value: null, line: null };
  const r2 = r2Score(data.y as number[], predictions as number[]);
  return { metric, value: r2, line: `R² ${fixed(r2)} ${where}\n` };
}
