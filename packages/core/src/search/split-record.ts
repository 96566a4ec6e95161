/**
 * The split-search seam. A strategy (one file in this folder) finds the best split of a node and
 * partitions the node's samples by it; the builder only decides growth order and stopping. Every
 * strategy fills the same SplitRecord, so the builder and the Tree never know which one ran.
 */
import type { GrowthParams } from '../build/growth-params.js';
import type { Tree } from '../tree/tree.js';
import type { ClassificationData, RegressionData } from './fit-data.js';

/** A level → value map a node's split reads for one categorical feature (CRIMCOORD). */
export interface CategoricalMap {
  feature: number;
  values: Float64Array;
}

/** Sparse raw-feature weights of one oblique direction, features ascending. */
export interface SparseDirection {
  features: Int32Array;
  weights: Float64Array;
}

/** What a strategy sees of the node being split: its samples and the totals the builder computed. */
export interface NodeView {
  /** The fit's sample-index array; the node owns samples[start, end). Partitioned in place. */
  readonly samples: Int32Array;
  readonly start: number;
  readonly end: number;
  /** Σ sample weights of the node. */
  readonly weight: number;
  /** Class weight totals (classification), or null (regression). */
  readonly classWeights: Float64Array | null;
  /** Σ w·y (regression; 0 for classification). */
  readonly weightedSum: number;
  /** The node's impurity under the fit's criterion. */
  readonly impurity: number;
  /**
   * Candidate columns (in the strategy's own column space) known constant in this node — found by
   * an ancestor's search and reported through SplitRecord.newConstants; skipped here.
   */
  readonly constants: Int32Array;
  readonly depth: number;
}

/** The best split of a node, filled by `SplitSearch.findBest`. One record is reused for every node. */
export interface SplitRecord {
  /** False: no valid split (the node becomes a leaf); the other fields are then meaningless. */
  found: boolean;
  /** Axis split `x[feature] <= threshold` on a raw feature; -1 for an oblique split. */
  feature: number;
  /**
   * Oblique split `Σ_{t<nnz} weights[t]·x[features[t]] <= threshold` on raw features, features
   * ascending (the order Tree.goesLeft sums in); nnz = 0 for an axis split.
   */
  nnz: number;
  features: Int32Array;
  weights: Float64Array;
  threshold: number;
  /** The criterion's score (higher is better, comparable within the node). */
  score: number;
  /** |leftWeight − rightWeight|. */
  balance: number;
  /** The winning candidate's index (feature, direction or derived column): the tie rule's last key. */
  candidate: number;
  /** Axis-type strategies: samples whose rank on column `candidate` is <= cutRank go left. */
  cutRank: number;
  /**
   * Where samples with NaN on the split feature go: 1 left, 0 right, -1 when the node had no NaN on
   * it (the builder then sends them to the child with more samples, scikit-learn's rule; see
   * missing-values.ts). Oblique splits: 0.
   */
  missingGoToLeft: number;
  /** CRIMCOORD level → value maps the split reads (stored in the tree), or null. */
  catMaps: CategoricalMap[] | null;
  /** Columns found constant in this node (strategy's column space; descendants skip them). */
  newConstants: number[];
}

/**
 * A split-search strategy. `findBest` fills `record` for the node; `partition`, called right after
 * `findBest` for the same node and record (strategies may keep per-node state between the two, such
 * as the projections of the winning direction), moves the samples going left to the front of
 * samples[start, end) and returns the boundary `mid`. Everything a strategy needs beyond the node
 * (data, criterion, scratch buffers) it gets at construction, from its strategy (split-strategy.ts).
 */
export interface SplitSearch {
  /** Columns the root treats as constant (never searched as ordinary features, e.g. categorical codes). */
  readonly rootConstants: Int32Array;
  findBest(node: NodeView, record: SplitRecord): void;
  partition(node: NodeView, record: SplitRecord): number;
  /**
   * True when a node's search depends only on its samples (in node order) and its known constants:
   * no draws from the generator, nothing carried between nodes that beginSubtree does not clear. The
   * builder then grows the subtrees below a size bound as independent tasks (builder.ts).
   */
  readonly independentSubtrees?: boolean;
  /** Forgets what was kept between nodes (histograms for subtraction) before a subtree task. */
  beginSubtree?(): void;
  /**
   * The second phase of a depth-first fit grown in subtree tasks (searches with independentSubtrees):
   * grows the tasks the builder set aside — on this thread or worker threads — and joins them.
   */
  growSubtrees?(fit: SubtreeFit): Tree;
}

/** A subtree the builder grows as one task: samples[start, end) at `depth`, with known constants. */
export interface SubtreeTask {
  /** The task's node in the top tree. */
  id: number;
  start: number;
  end: number;
  depth: number;
  constants: Int32Array;
}

/** What the builder hands a search's growSubtrees after the first phase. */
export interface SubtreeFit {
  /** The top tree: every task's node added, not expanded. */
  top: Tree;
  tasks: SubtreeTask[];
  totalWeight: number;
  data: ClassificationData | RegressionData;
  growth: GrowthParams;
  /** The builder's sample order (shared with the workers when there are any). */
  samples: Int32Array;
  /** Grows one task on this thread (TreeBuilder.growSubtree). */
  grow(task: SubtreeTask): Tree;
}

/** A record for d raw features. */
export function createSplitRecord(d: number): SplitRecord {
  return {
    found: false,
    feature: -1,
    nnz: 0,
    features: new Int32Array(d),
    weights: new Float64Array(d),
    threshold: 0,
    score: Number.NEGATIVE_INFINITY,
    balance: 0,
    candidate: -1,
    cutRank: 0,
    missingGoToLeft: -1,
    catMaps: null,
    newConstants: [],
  };
}

/** Clears a record before a search: nothing found yet. */
export function resetSplitRecord(record: SplitRecord): void {
  record.found = false;
  record.feature = -1;
  record.nnz = 0;
  record.threshold = 0;
  record.score = Number.NEGATIVE_INFINITY;
  record.balance = 0;
  record.candidate = -1;
  record.cutRank = 0;
  record.missingGoToLeft = -1;
  record.catMaps = null;
  record.newConstants.length = 0;
}
