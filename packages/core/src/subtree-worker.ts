/**
 * A worker thread's subtree tasks (builder.ts TreeBuilder.build, subtree-assembly.ts): the ordinary builder over the
 * fitting thread's shared sample order, with this thread's own 'hist' search over the shared bin
 * codes and node-ordered arrays. Injected into runHistogramWorker by the worker entry
 * (histogram-worker.ts), so that split-search/ never imports the builder.
 */
import { getCriterion } from '@dt/criteria';
import { TreeBuilder } from './builder.js';
import type { ClassificationData, RegressionData } from './split-search/fit-data.js';
import type { SubtreeGrower } from './split-search/histogram-parallel.js';
import type { SubtreeTask } from './split-search/split-record.js';
import type { SubtreeData } from './subtree-assembly.js';

/** A builder for one fit's subtree tasks on this thread; returns a function growing one task. */
export const growSubtreesHere: SubtreeGrower = (sd: SubtreeData, search) => {
  // The builder reads X's shape only (the search holds the bin codes).
  const X = { data: new Float64Array(0), rows: sd.rows, cols: sd.cols };
  const data: ClassificationData | RegressionData =
    sd.task === 'classification'
      ? { task: 'classification', X, labels: sd.labels!, nClasses: sd.nClasses, weights: sd.weights, criterion: getCriterion(sd.criterion, 'classification') }
      : { task: 'regression', X, targets: sd.targets!, weights: sd.weights, criterion: getCriterion(sd.criterion, 'regression') };
  const growth = {
    maxDepth: sd.maxDepth,
    minSamplesSplit: sd.minSamplesSplit,
    minSamplesLeaf: sd.minSamplesLeaf,
    minWeightLeaf: sd.minWeightLeaf,
    minImpurityDecrease: sd.minImpurityDecrease,
    misRate: sd.misRate,
    maxLeafNodes: null,
  };
  const builder = new TreeBuilder(data, search, growth, new Int32Array(sd.samples));
  return (task: SubtreeTask, totalWeight: number) => builder.growSubtree(task, totalWeight);
};
