import { measureAsync } from '@dt/eval';
import type { Dataset } from '@dt/datasets';
import { describeData } from '../data.js';
import { scoreModel } from '../fit.js';
import { forestShape, type ForestLearner } from '../forest.js';
import { fixed, ms } from '../format.js';
import type { Context } from '../io.js';
import type { MissingInfo } from '../missing.js';
import { trainingInfo, writeModelFile } from '../model-file.js';
import { summaryStream, type OutTarget } from '../out-target.js';
import { createProgress, type Progress } from '../progress.js';
import { renamedError, type TreeConfig } from '../tree-options.js';

/**
 * `dt train` for a forest: fit (worker threads with --jobs; the progress line counts trees), write,
 * summarise. `missing`: what train did with missing values (the imputer's fill values for --missing
 * impute), stored for dt predict.
 */
export async function trainForest(
  learner: ForestLearner,
  ds: Dataset,
  config: TreeConfig,
  where: OutTarget,
  ctx: Context,
  missing?: MissingInfo,
  progress: Progress = createProgress(ctx, 'train'),
): Promise<void> {
  const model = learner.model;
  const total = model.options.nEstimators;
  // The line counts trees, with elapsed time and an ETA from the trees done so far.
  learner.onProgress = (done) => progress.update(done);
  try {
    progress.stage('fitting', total, 'trees');
    const fit = await measureAsync(async () => {
      try {
        await learner.fit(ds.X, ds.y, { featureNames: ds.featureNames });
      } catch (e) {
        throw renamedError(e, config);
      }
    });
    progress.stage('scoring');
    const score = scoreModel(model, ds.X, ds.y);
    progress.stage('writing');
    await writeModelFile(where, model, trainingInfo(ds, config.algorithm, missing), ctx);
    progress.stop();
    const s = forestShape(model);
    const oob = model.oobScoreOrNull;
    const settings = Object.entries(config.params).map(([k, v]) => `${k}=${v === null ? 'none' : String(v)}`);
    summaryStream(where, ctx).write(
      `Trained ${config.algorithm}${settings.length > 0 ? ` (${settings.join(', ')})` : ''} on ${describeData(ds)} in ${ms(fit.wallMs)} ms: ` +
        `${s.trees} trees, mean ${fixed(s.meanLeaves, 1)} leaves, mean depth ${fixed(s.meanDepth, 1)}; training ${score.metric} ${fixed(score.value)}` +
        `${oob === null ? '' : `; out-of-bag ${score.metric} ${fixed(oob)}`}. Model written to ${where.path === null ? 'standard output' : where.given}.\n`,
    );
  } finally {
    progress.stop();
  }
}
