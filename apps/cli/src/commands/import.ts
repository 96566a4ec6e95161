import type { Command } from 'commander';
import { saveImportedModel } from '@dt/exchange/node';
import { resolvePath } from '../data.js';
import type { Context } from '../io.js';
import { describeImported, readForeignModel } from '../foreign-model.js';

/** `dt import model.txt --out model.json`: a LightGBM / XGBoost / ONNX model as dt's JSON file. */
export function importCommand(program: Command, ctx: Context): void {
  program
    .command('import')
    .description('read a LightGBM text, XGBoost JSON or ONNX tree model and save it as a dt model file')
    .argument('<model>', 'model.txt (LightGBM save_model), model.json (XGBoost save_model) or model.onnx; the format is read from the content')
    .requiredOption('--out <model.json>', 'the dt model file to write (atomically)')
    .action(async (file: string, opts: { out: string }) => {
      const path = resolvePath(ctx.cwd, file);
      const model = await readForeignModel(path);
      await saveImportedModel(resolvePath(ctx.cwd, opts.out), model, [path]);
      ctx.stderr.write(`Imported ${describeImported(model)} to ${opts.out}.\n`);
    });
}
