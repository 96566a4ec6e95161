/**
 * Where rows go in a forest's trees, as scikit-learn's forests report it: `apply` (the leaf of each
 * row in each tree) and `decisionPath` (every node each row visits, over all trees). Node ids of
 * tree t are offset by nodeIndptr[t] so that the whole forest has one column space, as scikit-learn's
 * `decision_path` returns (indicator, n_nodes_ptr).
 */
import type { DenseMatrix, Tree } from '@dt/core';

/**
 * The nodes rows visit in a forest, as a CSR indicator matrix (rows × Σ nodes, every stored entry 1):
 * row r visits the forest columns indices[indptr[r] .. indptr[r+1]), tree by tree, root to leaf (so
 * ascending: children have larger ids than their parents). Column nodeIndptr[t] + v is node v of
 * tree t. scipy: `csr_matrix((ones(len(indices)), indices, indptr), shape=(rows, nodeIndptr[-1]))`.
 */
export interface ForestDecisionPath {
  indptr: Int32Array;
  indices: Int32Array;
  nodeIndptr: Int32Array;
}

/** Rows per block: a block's rows are walked through every tree while they are in cache. */
const BLOCK = 256;

/** Leaf of every row in every tree: rows × trees, row-major (scikit-learn's apply). `input(t)` is tree t's view of the rows. */
export function forestApply(trees: readonly Tree[], input: (t: number) => DenseMatrix, rows: number): Int32Array {
  const M = trees.length;
  const out = new Int32Array(rows * M);
  const views = trees.map((_, t) => input(t));
  for (let b0 = 0; b0 < rows; b0 += BLOCK) {
    const bn = Math.min(BLOCK, rows - b0);
    for (let t = 0; t < M; t++) {
      const x = views[t]!;
      const leaves = trees[t]!.apply(x.data.subarray(b0 * x.cols, (b0 + bn) * x.cols), bn);
      for (let j = 0; j < bn; j++) out[(b0 + j) * M + t] = leaves[j]!;
    }
  }
  return out;
}

/** Nodes of tree t visited by row r (from its root), written from `at` when `out` is given; the count. */
function walk(tree: Tree, x: DenseMatrix, r: number, out: Int32Array | null, at: number, offset: number): number {
  const base = r * x.cols;
  let node = 0;
  let k = 0;
  for (;;) {
    if (out !== null) out[at + k] = offset + node;
    k++;
    if (tree.isLeaf(node)) return k;
    node = tree.goesLeft(node, x.data, base) ? tree.left[node]! : tree.right[node]!;
  }
}

/** Every node every row visits, over all trees (scikit-learn's decision_path of a forest). */
export function forestDecisionPath(trees: readonly Tree[], input: (t: number) => DenseMatrix, rows: number): ForestDecisionPath {
  const M = trees.length;
  const nodeIndptr = new Int32Array(M + 1);
  for (let t = 0; t < M; t++) nodeIndptr[t + 1] = nodeIndptr[t]! + trees[t]!.nodeCount;
  const views = trees.map((_, t) => input(t));
  const indptr = new Int32Array(rows + 1);
  // Two walks per (row, tree): the first counts (the output is allocated once, at its size), the second fills.
  for (let r = 0; r < rows; r++) {
    let k = 0;
    for (let t = 0; t < M; t++) k += walk(trees[t]!, views[t]!, r, null, 0, 0);
    indptr[r + 1] = indptr[r]! + k;
  }
  const indices = new Int32Array(indptr[rows]!);
  for (let r = 0; r < rows; r++) {
    let at = indptr[r]!;
    for (let t = 0; t < M; t++) at += walk(trees[t]!, views[t]!, r, indices, at, nodeIndptr[t]!);
  }
  return { indptr, indices, nodeIndptr };
}
