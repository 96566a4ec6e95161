/**
 * The final tree of a fit grown in subtree tasks (builder.ts, growInSubtrees): the top tree with
 * each task's node replaced by the task's own tree, numbered in preorder — the ids one depth-first
 * pass numbers its nodes with, so the result is the tree one thread growing depth-first would hold.
 */
import { LEAF, reviveTree, Tree } from './tree.js';

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
 * `top` with node at[k] replaced by grown[k] (a tree whose node 0 is that node; grown on a worker
 * thread it arrives as a structured clone). Iterative: trees may be 100,000 levels deep.
 */
export function assembleSubtrees(top: Tree, at: readonly number[], grown: readonly unknown[]): Tree {
  const taskOf = new Int32Array(top.nodeCount).fill(-1);
  const trees: Tree[] = [];
  let total = top.nodeCount - at.length;
  for (let k = 0; k < at.length; k++) {
    const t = reviveTree(grown[k]);
    trees.push(t);
    taskOf[at[k]!] = k;
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
    const id = out.copyNode(src, node, p, isLeft);
    if (src.kind[node] === LEAF) continue;
    srcTree.push(k, k);
    srcNode.push(src.right[node]!, src.left[node]!);
    parent.push(id, id);
    left.push(0, 1);
  }
  return out;
}
