/**
 * The criterion contract. A criterion scans ONE feature whose entries are already sorted by value
 * and reports the best split position. Each criterion owns its scan loop so V8 keeps it
 * monomorphic; the builder never calls back into a criterion per sample.
 *
 * "Entries" are usually single samples, but the builder may also pass grouped entries (all samples
 * of one class with one distinct value merged into one entry with summed weight and a sample count).
 * A classification criterion must therefore use `weights` and `counts`, never assume one sample per
 * entry. Regression scans get single samples, unless the criterion declares `groupedEntries: true`:
 * then an entry may stand for all samples of one distinct value (or histogram bin), with `weights`
 * their summed weight, `targets` their weighted mean target and `counts` their sample count.
 */

/** Reusable output of a scan (the builder allocates one and reuses it). */
export interface SplitResult {
  /** First entry index of the right part: left = [0, pos), right = [pos, n). */
  pos: number;
  /**
   * Criterion score of the split; higher is better. Comparable across features of one node.
   * Built-ins: gini, entropy, misclassification, mse and mae report the impurity decrease per unit of
   * node weight, impurity(node) − (wL·impurity(L) + wR·impurity(R)) / W (≥ 0); twoing reports
   * Breiman's twoing value. See the package README for the exact formulas.
   */
  score: number;
  /** Weighted size of the left part (for the builder's balance tie rule and reporting). */
  leftWeight: number;
  /**
   * The scale, in score units, of the tie tolerance the scan itself used: two positions whose scores
   * differ by less than SCORE_TIE_TOLERANCE · tieScale counted as tied. The search compares features
   * with the same tolerance (`tieScaleOf`), so a tie within a feature is a tie across features too.
   * 0 (or absent) when the scan has no fixed scale: then the node impurity and the scores set it.
   */
  tieScale?: number;
}

/** A fresh SplitResult meaning "no split yet": pos −1, score −Infinity, leftWeight 0, tieScale 0. */
export function createSplitResult(): SplitResult {
  return { pos: -1, score: Number.NEGATIVE_INFINITY, leftWeight: 0, tieScale: 0 };
}

/**
 * Constraints a scan must honour; positions violating them are never reported. Besides these, a
 * valid position has both sides non-empty with positive weight, and separates two values for which
 * `valuesDiffer` holds.
 */
export interface ScanLimits {
  /** Minimum number of raw samples on each side (>= 1). */
  minSamplesLeaf: number;
  /** Minimum total sample weight on each side (>= 0). */
  minWeightLeaf: number;
}

/**
 * What a classification criterion's `scan` reads: one feature's entries sorted by value, their class
 * and weight, the node's class totals and the leaf limits. The caller guarantees it; scan never validates.
 */
export interface ClassificationScanInput extends ScanLimits {
  /** Number of entries to scan (prefix of the arrays below). */
  n: number;
  /** Entry values, ascending. Equal values (see `valuesDiffer`) are never split apart. */
  values: Float64Array;
  /** Class code 0..nClasses-1 of each entry. */
  labels: Int32Array;
  /** Weight of each entry (sum of the sample weights it stands for). */
  weights: Float64Array;
  /** Raw sample count of each entry, or null when every entry is one sample. */
  counts: Float64Array | null;
  nClasses: number;
  /** Total weight per class over the n entries (length >= nClasses). */
  classWeights: Float64Array;
  /** Sum of weights over the n entries. */
  totalWeight: number;
  /** Raw sample count over the n entries. */
  totalCount: number;
}

/**
 * What a regression criterion's `scan` reads: one feature's entries sorted by value, their targets and
 * weights (optionally grouped, see `counts`) and the leaf limits. The caller guarantees it; scan never validates.
 */
export interface RegressionScanInput extends ScanLimits {
  n: number;
  values: Float64Array;
  /** Target of each sample. */
  targets: Float64Array;
  /** Weight of each sample. */
  weights: Float64Array;
  /**
   * Raw sample count of each entry, or null/absent when every entry is one sample. Only criteria
   * with `groupedEntries: true` get grouped entries (then `targets[i]` is the entry's weighted mean).
   */
  counts?: Float64Array | null;
  totalWeight: number;
  /** Σ w·y over the n samples. */
  weightedSum: number;
}

/**
 * What a criterion declares about itself, read by the split searches and the builder as flags on the
 * criterion object (never as lists of names): a custom criterion that leaves them out gets the safe
 * behaviour (the full class vector, no certification, any splitter).
 */
interface CriterionBase {
  /** Registry name, kebab/camel case as registered (e.g. "gini", "maxCut"). */
  readonly name: string;
  /**
   * True when the score at a position depends only on which entries lie on each side (their labels
   * or targets and weights), not on the values: two sortings that give the same sides at the same
   * valid positions give bit-identical scores (lets the oblique search certify early exits).
   */
  readonly partitionScored?: boolean;
  /**
   * True when the score reads the entries' values themselves (distances, as Max-Cut): a random
   * threshold's partition alone cannot be scored, and a missing value has no place to go.
   */
  readonly valueScored?: boolean;
}

/**
 * A classification split criterion: finds the best split of one sorted feature (`scan`) and gives a
 * node's impurity from its class weights; capability flags tell core what it may assume.
 */
export interface ClassificationCriterion extends CriterionBase {
  readonly task: 'classification';
  /**
   * True when impurity() is a function of the multiset of class weights in which zeros add nothing
   * (gini, entropy, misclassification): the builder may pass only the classes present in a node.
   * Absent: impurity() always gets all nClasses weights.
   */
  readonly symmetricImpurity?: boolean;
  /**
   * Scan sorted entries; write the best split into `out` and return true, or return false when no
   * position satisfies the limits and the value-tolerance rule. Ties: among equal scores the more
   * balanced split (smaller |leftWeight − rightWeight|) wins, then the lower position. "Equal" means
   * within SCORE_TIE_TOLERANCE of the score's scale (see ties.ts), so rounding never decides a tie.
   */
  scan(input: ClassificationScanInput, out: SplitResult): boolean;
  /** Node impurity from weighted class totals (for reporting, importances and pruning). */
  impurity(classWeights: Float64Array, nClasses: number, totalWeight: number): number;
  /**
   * Optional early exit for searches over many candidates of one node (oblique directions), for
   * unit-weight samples (classWeights are the node's class counts): a score s* such that once the
   * best candidate found scores at least s*, no later candidate can win under the tie rule
   * (isBetterCandidate) — none scores higher, and any within the tie tolerance has the same balance.
   * Infinity when the criterion knows no such score for this node.
   */
  unbeatableScore?(classWeights: Float64Array, nClasses: number, totalWeight: number): number;
}

/**
 * A regression split criterion: finds the best split of one sorted feature (`scan`), and gives a node's
 * impurity and its leaf's prediction from the targets and weights.
 */
export interface RegressionCriterion extends CriterionBase {
  readonly task: 'regression';
  /**
   * True when the scan is correct for grouped entries (see RegressionScanInput.counts): its score
   * depends on each side only through Σw, Σw·y and the sample count, as squared error does. Absent or
   * false: every entry the scan gets is one sample (absolute error needs each target).
   */
  readonly groupedEntries?: boolean;
  /**
   * True when `leafValue` is the weighted mean Σw·y / Σw (squared error, Poisson): monotonic
   * constraints bound a node's value through its sums (scikit-learn's middle_value / clip_node_value
   * for those criteria). Absent: monotonic constraints are refused with this criterion.
   */
  readonly meanLeafValue?: boolean;
  /** Same contract as ClassificationCriterion.scan; every entry is one sample unless `groupedEntries`. */
  scan(input: RegressionScanInput, out: SplitResult): boolean;
  /** Node impurity of n samples (targets/weights in any order). */
  impurity(targets: Float64Array, weights: Float64Array, n: number): number;
  /** The prediction stored in a leaf: weighted mean for MSE, weighted median for MAE. */
  leafValue(targets: Float64Array, weights: Float64Array, n: number): number;
  /**
   * Optional check of the training targets, run once by fit at its boundary (never per node): throws
   * a DtError naming `argument` when the criterion is undefined on them (Poisson: a negative target,
   * or a non-positive weighted sum). `weights` null: unit weights. Absent: every finite target is accepted.
   */
  checkTargets?(targets: Float64Array, weights: Float64Array | null, n: number, argument: string): void;
}

/** Any split criterion, told apart by `task`. */
export type Criterion = ClassificationCriterion | RegressionCriterion;
