/**
 * A worker thread's subtree tasks (builder.ts TreeBuilder.build, subtree-assembly.ts): the ordinary builder over the
 * fitting thread's shared sample order, with this thread's own 'hist' search over the shared bin
 * codes and node-ordered arrays. Injected into runHistogramWorker by the worker entry
 * (histogram-worker.ts), so that search/ never imports the builder.
 */
import { getCriterion } from '@dt/criteria';
import { TreeBuilder } from './builder.js';
import type { ClassificationData, RegressionData } from '../search/fit-data.js';
import { HistogramAxisSearch } from '../search/hist/histogram-axis.js';
import type { SubtreeGrower } from '../search/hist/histogram-parallel.js';
import type { SubtreeTask } from '../search/split-record.js';
import type { SubtreeData } from './subtree-assembly.js';

/** A builder for one fit's subtree tasks on this thread (its own search over the shared arrays); returns a function growing one task. */
export const growSubtreesHere: SubtreeGrower = (subtreeData, config) => {
  const sd = subtreeData as SubtreeData;
  const search = new HistogramAxisSearch(config);
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
  // The tasks are the fitting thread's SubtreeTasks (structured clones), seen by the driver as ranges.
  return (task, totalWeight) => builder.growSubtree(task as SubtreeTask, totalWeight);
};
