import type { Command } from 'commander';
import { maxJobs } from '@dt/core/node';
import { measure } from '@dt/eval';
import { addDataOptions, dataOptionsFrom, describeData, knownTask, loadData, resolvePath } from '../data.js';
import { fitModel, scoreModel } from '../fit.js';
import { fixed, ms } from '../format.js';
import type { Context } from '../io.js';
import { checkNativeAlgorithm, fitImputer, type MissingInfo } from '../missing.js';
import { trainingInfo, writeModelFile } from '../model-file.js';
import { outTarget, summaryStream } from '../out-target.js';
import { createProgress, duringStage } from '../progress.js';
import { isStream } from '../any-model.js';
import { buildLearner, fittedModel, PrunedLearner } from '../pruning.js';
import { ForestLearner } from '../forest.js';
import { trainForest } from './forest-train.js';
import { BoostLearner } from '../boosting.js';
import { trainBoosting } from './boost-train.js';
import { addTreeOptions, algorithmsHelp, configFromFlags, renamedError } from '../tree-options.js';

export function trainCommand(program: Command, ctx: Context): void {
  const cmd = program.command('train').description('fit a tree on all rows of a dataset and save it');
  addDataOptions(cmd);
  addTreeOptions(cmd);
  cmd
    .requiredOption('--out <model.json>', 'where to write the model (atomically; - for standard output)')
    .option('--force', 'replace a read-only --out file')
    .option('--json', 'print the summary as JSON')
    .addHelpText('after', algorithmsHelp())
    .action((opts: Record<string, unknown>) => train(opts, ctx));
}

async function train(opts: Record<string, unknown>, ctx: Context): Promise<void> {
  const spec = String(opts.data);
  const dataOptions = dataOptionsFrom(opts);
  const config = configFromFlags(opts);
  // Reject bad settings before reading a possibly large file, when the task is already known.
  checkNativeAlgorithm(dataOptions.missing, config.algorithm);
  const early = knownTask(spec, dataOptions);
  if (early !== undefined) buildLearner(config, early);
  const jobs = config.params.nJobs;
  // Threads are bounded by the cores (maxJobs): say so when --jobs asks for more.
  if (typeof jobs === 'number' && jobs > maxJobs()) ctx.stderr.write(`dt: --jobs ${jobs} is more than the ${maxJobs()} cores this process may use; fitting on ${maxJobs()} threads (the same model as any --jobs)\n`);
  const inputs = [resolvePath(ctx.cwd, spec)];
  // Refuse before the (possibly long) fit, and again at the write (writeFileAtomic's inputs).
  const target = (await outTarget(opts, ctx, inputs))!;
  const summary = summaryStream(target, ctx);

  const progress = createProgress(ctx, 'train');
  const raw = await duringStage(progress, 'reading', () => loadData(spec, dataOptions, ctx.cwd, ctx.stdin, progress));
  // --missing impute: fill values from all training rows (train fits on every row), stored with the model.
  const { policy, strategy } = dataOptions.missing;
  const imputer = policy === 'impute' ? fitImputer(raw.X, raw.featureTypes, strategy) : null;
  const ds = imputer === null ? raw : { ...raw, X: imputer.transform(raw.X) };
  const missing: MissingInfo | undefined =
    raw.missing === undefined && imputer === null
      ? undefined
      : {
          policy,
          cells: raw.missing?.cells ?? 0,
          rows: raw.missing?.rows ?? 0,
          ...(imputer === null ? {} : { strategy, imputer: imputer.toJSON() }),
        };
  const learner = buildLearner(config, ds.task, ds.featureTypes);
  if (learner instanceof ForestLearner) return trainForest(learner, ds, config, target, ctx, missing, progress);
  if (learner instanceof BoostLearner) return trainBoosting(learner, ds, config, target, ctx, progress, missing);
  try {
    progress.stage('fitting');
    const fit = measure(() => {
      try {
        fitModel(learner, ds);
      } catch (e) {
        throw renamedError(e, config);
      }
    });
    progress.stage('scoring');
    const model = fittedModel(learner);
    const score = scoreModel(model, ds.X, ds.y);
    const out = target.path === null ? 'standard output' : target.given;
    progress.stage('writing');
    await writeModelFile(target, model, trainingInfo(ds, config.algorithm, missing), ctx);
    progress.stop();
    const settings = isStream(model) ? [`alpha=${model.options.alpha}`] : [`criterion=${model.options.criterion.name}`];
    for (const [k, v] of Object.entries(config.params)) if (k !== 'criterion' && k !== 'alpha') settings.push(`${k}=${v === null ? 'none' : String(v)}`);
    const note = learner instanceof PrunedLearner ? learner.note : null;
    if (opts.json) {
      const summaryJson = {
        algorithm: config.algorithm,
        settings: Object.fromEntries(settings.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])),
        data: { name: ds.name, task: ds.task, rows: ds.X.rows, features: ds.X.cols, ...(ds.classes === undefined ? {} : { classes: ds.classes.length }) },
        fitTime: { wallMs: fit.wallMs, cpuMs: fit.cpuMs },
        nodes: model.nodeCount,
        leaves: model.nLeaves,
        depth: model.depth,
        training: { metric: score.metric === 'R²' ? 'r2' : score.metric, value: score.value },
        ...(note === null ? {} : { note }),
        model: out,
      };
      summary.write(`${JSON.stringify(summaryJson, null, 2)}\n`);
      return;
    }
    summary.write(
      `Trained ${config.algorithm} (${settings.join(', ')}) on ${describeData(raw, dataOptions.missing, `all ${raw.X.rows.toLocaleString('en-US')} rows`)} in ${ms(fit.wallMs)} ms: ` +
        `${model.nodeCount} nodes, ${model.nLeaves} leaves, depth ${model.depth}; ` +
        `training ${score.metric} ${fixed(score.value)}${note === null ? '' : `; ${note}`}. Model written to ${out}.\n`,
    );
  } finally {
    progress.stop();
  }
}
