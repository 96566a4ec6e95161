import type { Command } from 'commander';
import { assertNotAnInput, writeFileAtomic } from '@dt/core/node';
import { loadSimpleImputer } from '@dt/datasets';
import { InvalidArgumentError, oneOf } from '@dt/errors';
import { treeShap, type ShapValues } from '@dt/explain';
import { beeswarmSvg, waterfallSvg } from '@dt/plot';
import { csvLine } from '../csv-out.js';
import { resolvePath } from '../data.js';
import { plural } from '../format.js';
import type { Context } from '../io.js';
import { readModelFile } from '../model-file.js';
import { loadPredictData } from '../predict-data.js';
import { isForeignModelFile, readForeignModel } from '../foreign-model.js';
import { loadForeignData } from './foreign.js';

const FORMATS = ['csv', 'json', 'svg'] as const;

export function explainCommand(program: Command, ctx: Context): void {
  program
    .command('explain')
    .description("explain a saved model's predictions with exact TreeSHAP values (probabilities for classifiers, values for regressors, raw margins for LightGBM / XGBoost models)")
    .requiredOption('--model <model.json|model.txt>', 'a model written by dt train (an axis-aligned tree or forest), a LightGBM text model or an XGBoost JSON model')
    .requiredOption('--data <name|file.csv|->', "a built-in dataset, a CSV file with the model's feature columns, or - for CSV on standard input")
    .option('--row <i>', 'explain only row i (0-based) of the data')
    .option('--format <format>', `${FORMATS.join(', ')}: CSV (a row per explained row and class), JSON, or an SVG picture (a waterfall with --row, else a beeswarm)`, 'csv')
    .option('--out <file>', 'write here (atomically) instead of stdout')
    .action((opts: Record<string, unknown>) => explain(opts, ctx));
}

async function explain(opts: Record<string, unknown>, ctx: Context): Promise<void> {
  const format = oneOf('--format', opts.format, FORMATS);
  const modelPath = resolvePath(ctx.cwd, String(opts.model));
  const spec = String(opts.data);
  const outPath = opts.out === undefined ? null : resolvePath(ctx.cwd, String(opts.out));
  const inputs = [modelPath, resolvePath(ctx.cwd, spec)];
  if (outPath !== null) await assertNotAnInput(outPath, inputs);
  const rowArg = opts.row === undefined ? null : String(opts.row);
  if (rowArg !== null && !/^\d+$/.test(rowArg)) throw new InvalidArgumentError('--row', 'a row index (0, 1, 2, ...)', rowArg);
  const { model, data } = (await isForeignModelFile(modelPath)) ? await foreignInput(modelPath, spec, ctx) : await dtInput(modelPath, spec, ctx);
  const X = data.X;
  let rows = X;
  let first = 0;
  if (rowArg !== null) {
    first = Number(rowArg);
    if (first >= X.rows) throw new InvalidArgumentError('--row', `a row index below ${X.rows} (${spec} has ${plural(X.rows, 'row')})`, rowArg);
    rows = { data: X.data.subarray(first * X.cols, (first + 1) * X.cols), rows: 1, cols: X.cols };
  }
  const shap = treeShap(model, rows);
  let text: string;
  if (format === 'svg') text = `${rowArg !== null ? waterfallSvg(shap, { title: `Row ${first} of ${spec}` }) : beeswarmSvg(shap, { title: `${plural(shap.rows, 'row')} of ${spec}` })}\n`;
  else if (format === 'json') text = `${JSON.stringify(toJson(shap, first))}\n`;
  else text = toCsv(shap, first);
  if (outPath === null) ctx.stdout.write(text);
  else {
    await writeFileAtomic(outPath, text, { inputs });
    ctx.stderr.write(`Wrote the SHAP values of ${plural(shap.rows, 'row')} to ${String(opts.out)}.\n`);
  }
  if (data.ignored.length > 0) ctx.stderr.write(`Ignored column${data.ignored.length > 1 ? 's' : ''} ${data.ignored.join(', ')}.\n`);
}

type Input = { model: unknown; data: Awaited<ReturnType<typeof loadPredictData>> };

/** A dt model file and its rows, missing values as the model was trained: its stored fill values, NaN to the tree, or an error. */
async function dtInput(modelPath: string, spec: string, ctx: Context): Promise<Input> {
  const file = await readModelFile(modelPath);
  const trained = file.training?.missing;
  const policy = trained?.policy === 'impute' || trained?.policy === 'native' ? trained.policy : 'error';
  const data = await loadPredictData(spec, file, ctx.cwd, policy === 'impute' ? 'native' : policy, ctx.stdin);
  if (policy === 'impute') data.X = loadSimpleImputer(trained!.imputer!).transform(data.X);
  return { model: file.model, data };
}

/**
 * A LightGBM / XGBoost / ONNX file (or dt's JSON of one) and its rows: explained in raw-score
 * margins with the library's own covers, as LightGBM's pred_contrib and XGBoost's pred_contribs.
 */
async function foreignInput(modelPath: string, spec: string, ctx: Context): Promise<Input> {
  const model = await readForeignModel(modelPath);
  if (model.format === 'onnx') {
    throw new InvalidArgumentError(
      '--model',
      'a dt, LightGBM or XGBoost model (an ONNX file holds no training covers — the samples behind each split — so its path-dependent TreeSHAP values are undefined; explain the model it was converted from)',
      String(modelPath),
    );
  }
  return { model, data: await loadForeignData(model, spec, ctx) };
}

function names(shap: ShapValues): string[] {
  return shap.featureNames !== null ? [...shap.featureNames] : Array.from({ length: shap.nFeatures }, (_, j) => `x${j}`);
}

/** One line per explained row (and class): its SHAP values, the expected value and the prediction they add up to. */
function toCsv(shap: ShapValues, first: number): string {
  const M = shap.nFeatures;
  const K = shap.nOutputs;
  const classes = shap.outputNames !== null;
  const lines = [csvLine(['row', ...(classes ? ['class'] : []), ...names(shap), 'expected_value', 'prediction'])];
  for (let r = 0; r < shap.rows; r++) {
    for (let k = 0; k < K; k++) {
      const cells: (string | number)[] = [first + r];
      if (classes) cells.push(shap.outputNames![k]!);
      for (let j = 0; j < M; j++) cells.push(String(shap.values[(r * M + j) * K + k]!));
      cells.push(String(shap.expectedValue[k]!), String(shap.prediction[r * K + k]!));
      lines.push(csvLine(cells));
    }
  }
  return `${lines.join('\n')}\n`;
}

function toJson(shap: ShapValues, first: number): object {
  const M = shap.nFeatures;
  const K = shap.nOutputs;
  return {
    units: shap.units,
    featurePerturbation: shap.featurePerturbation,
    featureNames: names(shap),
    outputs: shap.outputNames ?? ['value'],
    expectedValue: Array.from(shap.expectedValue),
    rows: Array.from({ length: shap.rows }, (_, r) => ({
      row: first + r,
      prediction: Array.from(shap.prediction.subarray(r * K, r * K + K)),
      // shap[k][j]: feature j's SHAP value for output k.
      shap: Array.from({ length: K }, (_, k) => Array.from({ length: M }, (_, j) => shap.values[(r * M + j) * K + k]!)),
    })),
  };
}
