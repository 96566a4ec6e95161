/** What the builder grows by (order and stopping); the split search's parameters are its own. */
export interface GrowthParams {
  maxDepth: number;
  minSamplesSplit: number;
  minSamplesLeaf: number;
  minWeightLeaf: number;
  minImpurityDecrease: number;
  maxLeafNodes: number | null;
  /** HHCART's MisRate: leaf when the node's misclassification rate is <= this (null: off). */
  misRate: number | null;
  /**
   * Depth-first growth with a search that grows subtrees (SplitSearch.growSubtrees): nodes of at most
   * this many rows become subtree tasks. Absent: ceil(rows / SUBTREE_DIVISOR); 0: off.
   */
  subtreeRows?: number;
}

/**
 * Subtree tasks hold at most rows / SUBTREE_DIVISOR rows each (a fixed share of the data, never a
 * function of the thread count, so that the tasks — and the tree — are the same for every nJobs).
 */
export const SUBTREE_DIVISOR = 16;
