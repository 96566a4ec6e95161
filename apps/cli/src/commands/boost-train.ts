import type { Dataset } from '@dt/datasets';
import { measure } from '@dt/eval';
import { boostingShape, type BoostLearner } from '../boosting.js';
import { describeData } from '../data.js';
import { scoreModel } from '../fit.js';
import { fixed, ms } from '../format.js';
import type { Context } from '../io.js';
import type { MissingInfo } from '../missing.js';
import { trainingInfo, writeModelFile } from '../model-file.js';
import { summaryStream, type OutTarget } from '../out-target.js';
import type { Progress } from '../progress.js';
import { renamedError, type TreeConfig } from '../tree-options.js';

/**
 * `dt train` for gradient boosting: fit (the progress line counts iterations of --max-iter, with the
 * elapsed time and an ETA from the iterations so far; early stopping may end it sooner), write,
 * summarise. `missing`: what train did with missing values, stored for dt predict.
 */
export async function trainBoosting(learner: BoostLearner, ds: Dataset, config: TreeConfig, where: OutTarget, ctx: Context, progress: Progress, missing?: MissingInfo): Promise<void> {
  const model = learner.model;
  const maxIter = model.getParams().maxIter ?? 100;
  learner.onIteration = (info) => progress.update(info.iteration);
  try {
    progress.stage('boosting', maxIter, 'iterations');
    const fit = measure(() => {
      try {
        learner.fit(ds.X, ds.y, { featureNames: ds.featureNames });
      } catch (e) {
        throw renamedError(e, config);
      }
    });
    progress.stage('scoring');
    const score = scoreModel(model, ds.X, ds.y);
    progress.stage('writing');
    await writeModelFile(where, model, trainingInfo(ds, config.algorithm, missing), ctx);
    progress.stop();
    const s = boostingShape(model);
    const settings = Object.entries(config.params).map(([k, v]) => `${k}=${v === null ? 'none' : String(v)}`);
    const val = model.validationScore;
    // scikit-learn's scores are higher-is-better: with scoring 'loss' they are the negative loss.
    const byLoss = model.getParams().scoring === 'loss';
    const stopped = s.iterations < maxIter ? `, early stopping after ${s.iterations} of ${maxIter}` : '';
    summaryStream(where, ctx).write(
      `Trained ${config.algorithm}${settings.length > 0 ? ` (${settings.join(', ')})` : ''} on ${describeData(ds)} in ${ms(fit.wallMs)} ms: ` +
        `${s.iterations} iterations${stopped}, ${s.trees} trees, mean ${fixed(s.meanLeaves, 1)} leaves, mean depth ${fixed(s.meanDepth, 1)}; training ${score.metric} ${fixed(score.value)}` +
        `${val.length > 0 ? `; validation ${byLoss ? 'loss' : 'score'} ${fixed((byLoss ? -1 : 1) * val[val.length - 1]!, 4)}` : ''}. Model written to ${where.path === null ? 'standard output' : where.given}.\n`,
    );
  } finally {
    progress.stop();
  }
}
