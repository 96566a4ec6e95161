import type { Command } from 'commander';
import type { Dataset } from '@dt/datasets';
import {
  crossValidateAsync,
  kFold,
  mean,
  repeatedKFold,
  repeatedStratifiedKFold,
  std,
  stratifiedKFold,
  type AsyncEstimator,
  type Labels,
  type ScoreSummary,
  type ScoringName,
  type Split,
} from '@dt/eval';
import { InvalidArgumentError, intAtLeast, seedValue } from '@dt/errors';
import type { Task } from '../algorithms.js';
import { addDataOptions, dataOptionsFrom, describeData, loadData } from '../data.js';
import { fixed, meanSd, ms } from '../format.js';
import type { Context } from '../io.js';
import { checkNativeAlgorithm, ImputedLearner, type MissingSettings } from '../missing.js';
import { createProgress, duringStage, type Progress } from '../progress.js';
import { buildLearner, type Learner } from '../pruning.js';
import { formatTable } from '../table.js';
import {
  algorithmsHelp,
  configFromString,
  configKeysHelp,
  num,
  renamedError,
  type TreeConfig,
} from '../tree-options.js';

const DEFAULT_CONFIGS: Record<Task, string[]> = {
  classification: ['criterion=gini', 'criterion=entropy'],
  regression: ['criterion=mse', 'criterion=mae'],
};

interface Stat {
  mean: number;
  std: number | null;
}

export interface ConfigResult {
  config: string;
  algorithm: string;
  params: Record<string, unknown>;
  /** accuracy (classification) or r2 and mse (regression), over all folds. */
  scores: Record<string, ScoreSummary>;
  leaves: Stat;
  depth: Stat;
  fitMs: Stat;
}

export interface EvalReport {
  data: string;
  task: Task;
  rows: number;
  features: number;
  folds: number;
  repeats: number;
  seed: number;
  stratified: boolean;
  /** Missing values in the data and what was done with them (absent when there were none). */
  missing?: { policy: string; cells: number; rows: number; strategy?: string };
  results: ConfigResult[];
}

const collect = (value: string, previous: string[]): string[] => [...previous, value];

export function evalCommand(program: Command, ctx: Context): void {
  const cmd = program
    .command('eval')
    .description('cross-validate one or more configurations side by side on the same folds');
  addDataOptions(cmd);
  cmd
    .option('--config <settings>', 'a configuration, e.g. "criterion=gini,maxDepth=3" (repeatable; default: gini and entropy CART)', collect, [])
    .option('--folds <k>', 'number of folds', '10')
    .option('--repeats <r>', 'repetitions of k-fold CV, each with a fresh shuffle', '1')
    .option('--seed <n>', 'seed for shuffling the folds', '0')
    .option('--json', 'print machine-readable results')
    .addHelpText('after', `${configKeysHelp()}${algorithmsHelp('config')}`)
    .action((opts: Record<string, unknown>) => evaluate(opts, ctx));
}

function stat(values: number[]): Stat {
  return { mean: mean(values), std: values.length > 1 ? std(values) : null };
}

function makeSplits(ds: Dataset, folds: number, repeats: number, seed: number): Split[] {
  const n = ds.X.rows;
  if (ds.task === 'classification') {
    const y = ds.y as (string | number)[];
    return repeats === 1 ? stratifiedKFold(y, folds, { shuffle: true, seed }) : repeatedStratifiedKFold(y, folds, repeats, { seed });
  }
  return repeats === 1 ? kFold(n, folds, { shuffle: true, seed }) : repeatedKFold(n, folds, repeats, { seed });
}

async function evaluate(opts: Record<string, unknown>, ctx: Context): Promise<void> {
  const folds = intAtLeast('--folds', num(String(opts.folds), '--folds'), 2);
  const repeats = intAtLeast('--repeats', num(String(opts.repeats), '--repeats'), 1);
  const seed = seedValue('--seed', num(String(opts.seed), '--seed'));
  const given = (opts.config as string[]).map(configFromString);
  const spec = String(opts.data);
  const dataOptions = dataOptionsFrom(opts);
  const configs0 = given.length > 0 ? given : null;
  for (const c of configs0 ?? []) checkNativeAlgorithm(dataOptions.missing, c.algorithm);
  const progress = createProgress(ctx, 'eval');
  const ds = await duringStage(progress, 'reading', () => loadData(spec, dataOptions, ctx.cwd, ctx.stdin, progress));
  const task = ds.task;
  if (folds > ds.X.rows) throw new InvalidArgumentError('--folds', `at most the number of rows (${ds.X.rows})`, folds);
  const configs = configs0 ?? DEFAULT_CONFIGS[task].map(configFromString);
  for (const c of configs) buildLearner(c, task); // every config's errors before any work

  const splits = makeSplits(ds, folds, repeats, seed);
  const scoring: ScoringName[] = task === 'classification' ? ['accuracy'] : ['r2', 'mse'];
  const results: ConfigResult[] = [];
  // One count over every configuration's folds: the ETA is for the whole evaluation.
  progress.stage('cross-validating', configs.length * splits.length, 'folds');
  try {
    for (const config of configs) {
      try {
        results.push(await crossValidateConfig(config, ds, splits, scoring, progress, dataOptions.missing));
      } catch (e) {
        throw renamedError(e, config);
      }
    }
  } finally {
    progress.stop();
  }
  const report: EvalReport = {
    data: ds.name,
    task,
    rows: ds.X.rows,
    features: ds.X.cols,
    folds,
    repeats,
    seed,
    stratified: task === 'classification',
    ...(ds.missing === undefined
      ? {}
      : {
          missing: {
            policy: dataOptions.missing.policy,
            cells: ds.missing.cells,
            rows: ds.missing.rows,
            ...(dataOptions.missing.policy === 'impute' ? { strategy: dataOptions.missing.strategy } : {}),
          },
        }),
    results,
  };
  if (opts.json) ctx.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else ctx.stdout.write(formatReport(report, ds, dataOptions.missing));
}

async function crossValidateConfig(
  config: TreeConfig,
  ds: Dataset,
  splits: Split[],
  scoring: ScoringName[],
  progress: Progress,
  missing: MissingSettings,
): Promise<ConfigResult> {
  let current: Learner | ImputedLearner | null = null;
  // --missing impute: each fold's imputer is fitted on that fold's training rows only. --jobs takes
  // effect in each tree's own fit (it starts its worker threads), so the learner is used as built.
  const make = (): Learner | ImputedLearner => {
    const learner = buildLearner(config, ds.task, ds.featureTypes);
    return missing.policy === 'impute' ? new ImputedLearner(learner, ds.featureTypes, missing.strategy) : learner;
  };
  const leaves: number[] = [];
  const depth: number[] = [];
  await progress.tick(0, config.label);
  const cv = await crossValidateAsync(
    // TreeModel's fit takes labels or numbers by class; the union needs the structural type spelled out.
    () => (current = make()) as unknown as AsyncEstimator<Dataset['X'], Labels>,
    ds.X,
    ds.y as Labels,
    {
      cv: splits,
      task: ds.task,
      scoring,
      onFold: async () => {
        // Read the fold's tree here so the estimators themselves need not be kept.
        leaves.push(current!.nLeaves);
        depth.push(current!.depth);
        await progress.tick(1, config.label);
      },
    },
  );
  return {
    config: config.label,
    algorithm: config.algorithm,
    params: { ...config.params },
    scores: cv.scores,
    leaves: stat(leaves),
    depth: stat(depth),
    fitMs: stat(cv.folds.map((f) => f.fitTime.wallMs)),
  };
}

function sig(x: number): string {
  return Number.isFinite(x) ? x.toPrecision(4) : String(x);
}

function formatReport(r: EvalReport, ds: Dataset, missing: MissingSettings): string {
  const cvName = `${r.stratified ? 'stratified ' : ''}${r.folds}-fold CV${r.repeats > 1 ? ` x ${r.repeats} repeats` : ''}`;
  const head = `${describeData(ds, missing, "each fold's training rows")}: ${cvName}, seed ${r.seed}, the same folds for every configuration\n\n`;
  const tail = [
    { header: 'leaves', align: 'right' as const },
    { header: 'depth', align: 'right' as const },
    { header: 'fit ms', align: 'right' as const },
  ];
  const common = (c: ConfigResult): string[] => [fixed(c.leaves.mean, 1), fixed(c.depth.mean, 1), ms(c.fitMs.mean)];
  if (r.task === 'classification') {
    const rows = r.results.map((c) => [c.config, meanSd(c.scores.accuracy!.mean, c.scores.accuracy!.std), ...common(c)]);
    return head + formatTable([{ header: 'config' }, { header: 'accuracy (mean ± sd)', align: 'right' }, ...tail], rows);
  }
  const rows = r.results.map((c) => {
    const mse = c.scores.mse!;
    return [c.config, meanSd(c.scores.r2!.mean, c.scores.r2!.std), mse.std === null ? sig(mse.mean) : `${sig(mse.mean)} ± ${sig(mse.std)}`, ...common(c)];
  });
  return head + formatTable([{ header: 'config' }, { header: 'R² (mean ± sd)', align: 'right' }, { header: 'MSE (mean ± sd)', align: 'right' }, ...tail], rows);
}
