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
import { createProgress } from '../progress.js';
import { renamedError, type TreeConfig } from '../tree-options.js';

/** `dt train` for a forest: fit (worker threads with --jobs; a bar per tree on stderr), write, summarise. */
/** `missing`: what train did with missing values (the imputer's fill values for --missing impute), stored for dt predict. */
export async function trainForest(learner: ForestLearner, ds: Dataset, config: TreeConfig, where: OutTarget, ctx: Context, missing?: MissingInfo): Promise<void> {
  const model = learner.model;
  const total = model.options.nEstimators;
  // The bar counts trees; a forest is long even on a few thousand rows, so any size but the tiny sets.
  const progress = createProgress(ctx, 'train', total + 1, ds.X.rows * total);
  let shown = 0;
  learner.onProgress = (done) => {
    void progress.tick(done - shown, `tree ${done}/${total}`);
    shown = done;
  };
  try {
    progress.stage('fitting');
    const fit = await measureAsync(async () => {
      try {
        await learner.fit(ds.X, ds.y, { featureNames: ds.featureNames });
      } catch (e) {
        throw renamedError(e, config);
      }
    });
    progress.stage('writing');
    const score = scoreModel(model, ds.X, ds.y);
    await writeModelFile(where, model, trainingInfo(ds, config.algorithm, missing), ctx);
    await progress.tick(1);
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
