import type { Command } from 'commander';
import { saveOnnx } from '@dt/exchange/node';
import { oneOf } from '@dt/errors';
import { resolvePath } from '../data.js';
import { UsageError } from '../errors.js';
import type { Context } from '../io.js';
import { isStream } from '../any-model.js';
import { readModelFile } from '../model-file.js';

/** `dt export --format onnx --model m.json --out m.onnx`: a dt tree or forest as an ONNX model. */
export function exportCommand(program: Command, ctx: Context): void {
  program
    .command('export')
    .description('write a dt tree or forest in another format (ONNX TreeEnsembleClassifier / TreeEnsembleRegressor)')
    .requiredOption('--format <format>', 'onnx')
    .requiredOption('--model <model.json>', 'a model written by dt train')
    .requiredOption('--out <model.onnx>', 'the file to write (atomically)')
    .option('--input-type <type>', 'double (exact for every input) or float (exact for float32 inputs)', 'double')
    .action(async (opts: Record<string, unknown>) => {
      oneOf('--format', opts.format, ['onnx']);
      const inputType = oneOf('--input-type', opts.inputType, ['double', 'float']);
      const modelPath = resolvePath(ctx.cwd, String(opts.model));
      const { model } = await readModelFile(modelPath);
      if (isStream(model)) throw new UsageError('a Decision Stream is a graph, not a tree: ONNX tree ensembles cannot hold it');
      await saveOnnx(resolvePath(ctx.cwd, String(opts.out)), model as never, { inputType }, [modelPath]);
      ctx.stderr.write(`Wrote ${String(opts.out)} (ONNX, ai.onnx.ml opset 3, ${inputType} input).\n`);
    });
}
