/**
 * The second phase of a depth-first fit grown in subtree tasks (TreeBuilder.build): the tasks are
 * grown — on this thread and the workers when there are any (histogram-parallel.ts), each task on
 * whichever thread claims it, largest first — and the final tree is the top tree with each task's
 * node replaced by the task's own tree, numbered in preorder: the ids one depth-first pass gives.
 *
 * Why the tree is the same for every nJobs: a task's growth reads only its own range
 * samples[start, end) of the node-ordered arrays (no other task writes there), its depth, its known
 * constants and the total weight, and its search starts with nothing kept (beginSubtree: no
 * histogram of another node to subtract from, and independentSubtrees: no feature draws), so each
 * task grows the same subtree on any thread; the tasks are the same set for every nJobs, as their
 * bound depends on the rows only; and one thread runs the same two phases, so the one-thread tree
 * is the assembled tree. The 'hist' search's growSubtrees (search/hist-splitter.ts), the one
 * search whose subtrees are independent.
 */
import type { HistogramParallel } from '../search/hist/histogram-parallel.js';
import type { SubtreeFit, SubtreeTask } from '../search/split-record.js';
import { LEAF, reviveTree, Tree } from '../tree/tree.js';

/** Grows the tasks (on `par`'s worker threads too, when given) and returns the final tree. */
export function finishSubtrees(fit: SubtreeFit, par: HistogramParallel | null): Tree {
  const grown = par !== null && par.growsSubtrees ? par.growSubtrees(fit.tasks, fit.totalWeight, subtreeData(fit), fit.grow) : fit.tasks.map(fit.grow);
  return assembleSubtrees(fit.top, fit.tasks, grown);
}

/** What a worker thread needs to grow the tasks like the builder (subtree-worker.ts). */
function subtreeData({ data: d, growth: p, samples }: SubtreeFit): SubtreeData {
  return {
    task: d.task,
    rows: d.X.rows,
    cols: d.X.cols,
    labels: d.task === 'classification' ? d.labels : null,
    nClasses: d.task === 'classification' ? d.nClasses : 0,
    targets: d.task === 'regression' ? d.targets : null,
    weights: d.weights,
    criterion: d.criterion.name,
    maxDepth: p.maxDepth,
    minSamplesSplit: p.minSamplesSplit,
    minSamplesLeaf: p.minSamplesLeaf,
    minWeightLeaf: p.minWeightLeaf,
    minImpurityDecrease: p.minImpurityDecrease,
    misRate: p.misRate,
    samples: samples.buffer,
  };
}

/** What a worker thread needs to grow a fit's subtree tasks (sent once per fit; subtree-worker.ts). */
export interface SubtreeData {
  task: 'classification' | 'regression';
  rows: number;
  cols: number;
  /** Per row (indexed by sample id), as the builder reads them. */
  labels: Int32Array | null;
  nClasses: number;
  targets: Float64Array | null;
  weights: Float64Array | null;
  /** A built-in criterion's name (the workers look it up). */
  criterion: string;
  maxDepth: number;
  minSamplesSplit: number;
  minSamplesLeaf: number;
  minWeightLeaf: number;
  minImpurityDecrease: number;
  misRate: number | null;
  /** The builder's sample order (a SharedArrayBuffer): each task partitions its own range of it. */
  samples: ArrayBufferLike;
}

/**
 * `top` with task k's node replaced by grown[k] (a tree whose node 0 is that node; grown on a worker
 * thread it arrives as a structured clone). Iterative: trees may be 100,000 levels deep.
 */
function assembleSubtrees(top: Tree, tasks: readonly SubtreeTask[], grown: readonly unknown[]): Tree {
  const taskOf = new Int32Array(top.nodeCount).fill(-1);
  const trees: Tree[] = [];
  let total = top.nodeCount - tasks.length;
  for (let k = 0; k < tasks.length; k++) {
    const t = reviveTree(grown[k]);
    trees.push(t);
    taskOf[tasks[k]!.id] = k;
    total += t.nodeCount;
  }
  const out = new Tree(top.nFeatures, top.nOutputs, total, top.hasSparseValues);
  // Pending nodes: (tree: -1 the top tree, else a task; node; parent id in out; left child?).
  const srcTree: number[] = [-1];
  const srcNode: number[] = [0];
  const parent: number[] = [-1];
  const left: number[] = [1];
  while (srcTree.length > 0) {
    let k = srcTree.pop()!;
    let node = srcNode.pop()!;
    const p = parent.pop()!;
    const isLeft = left.pop()! === 1;
    if (k < 0 && taskOf[node]! >= 0) {
      k = taskOf[node]!;
      node = 0;
    }
    const src = k < 0 ? top : trees[k]!;
    const id = out.appendNodeCopy(src, node, p, isLeft);
    if (src.kind[node] === LEAF) continue;
    out.copySplit(src, node, id);
    srcTree.push(k, k);
    srcNode.push(src.right[node]!, src.left[node]!);
    parent.push(id, id);
    left.push(0, 1);
  }
  return out;
}
