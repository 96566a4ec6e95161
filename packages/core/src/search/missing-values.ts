/**
 * Native missing values (NaN) in axis splits, scikit-learn's rule (≥ 1.3; user guide "Missing Values
 * Support", sklearn/tree/_splitter.pyx `node_split_best` / `node_split_random`):
 *
 * - A feature's NaN samples never take part in its sort; they get the rank `missingRank(index, f)`,
 *   one past the feature's largest value rank, so `rank <= cutRank` sends them right by default.
 * - The exact search scans each feature twice when the node has NaN on it — NaN on the right, then
 *   NaN on the left — and then scores the split "every non-missing value left, NaN right" (threshold
 *   +Infinity). Between these three a later one replaces an earlier one only on a strict improvement
 *   (`strictlyBetter`), as scikit-learn's `current_proxy_improvement > best_proxy_improvement`.
 * - A node whose split feature had no NaN among its training samples sends NaN to the child with
 *   more samples (counts, not weights; a tie goes right): `n_left > n_right` in scikit-learn. The
 *   search reports that case as `SplitRecord.missingGoToLeft = -1` and the builder resolves it
 *   after partitioning (`resolveMissingSide`).
 */
import {
  createSplitResult,
  SCORE_TIE_TOLERANCE,
  type ClassificationCriterion,
  type ClassificationScanInput,
  type RegressionCriterion,
  type RegressionScanInput,
  type SplitResult,
} from '@dt/criteria';
import type { FeatureIndex, RankArray } from '../data/feature-index.js';
import type { NodeView, SplitRecord } from './split-record.js';

/** The rank NaN samples of feature f carry: one past its largest value rank. */
export function missingRank(index: FeatureIndex, f: number): number {
  return index.nUnique[f]!;
}

/**
 * True when `score` beats `bestScore` by more than the score tolerance (the tolerance of
 * isBetterCandidate): scikit-learn's strict `>`, so a tie keeps the earlier candidate.
 */
export function strictlyBetter(score: number, bestScore: number, impurityScale: number): boolean {
  if (bestScore === Number.NEGATIVE_INFINITY) return score === score;
  const a = Math.abs(score);
  const b = Math.abs(bestScore);
  const scale = Math.max(impurityScale, a, b);
  return score > bestScore + SCORE_TIE_TOLERANCE * scale;
}

/** scikit-learn's side for a node that saw no NaN on its split feature: the child with more samples. */
export function resolveMissingSide(searched: number, nLeft: number, nRight: number): number {
  return searched >= 0 ? searched : nLeft > nRight ? 1 : 0;
}

/**
 * Moves node.samples going left to the front; returns mid. Left: rank <= record.cutRank on column
 * record.candidate, and NaN (rank `missing`) too when record.missingGoToLeft is 1.
 */
export function partitionByRank(ranks: RankArray, n: number, node: NodeView, record: SplitRecord, missing: number): number {
  const { samples, start, end } = node;
  const cutRank = record.cutRank;
  const base = record.candidate * n;
  let i = start;
  let j = end - 1;
  if (record.missingGoToLeft === 1) {
    while (i <= j) {
      const r = ranks[base + samples[i]!]!;
      if (r <= cutRank || r === missing) i++;
      else {
        const t = samples[i]!;
        samples[i] = samples[j]!;
        samples[j] = t;
        j--;
      }
    }
    return i;
  }
  while (i <= j) {
    if (ranks[base + samples[i]!]! <= cutRank) i++;
    else {
      const t = samples[i]!;
      samples[i] = samples[j]!;
      samples[j] = t;
      j--;
    }
  }
  return i;
}

/** The node totals the scans read. */
type NodeTotals = Pick<NodeView, 'classWeights' | 'weight' | 'weightedSum'>;

/** The criterion side of a fit, as the axis strategies hold it. */
export interface MissingScanConfig {
  nClasses: number;
  classification: ClassificationCriterion | null;
  regression: RegressionCriterion | null;
  minSamplesLeaf: number;
  minWeightLeaf: number;
}

/**
 * The three scans of one feature with NaN in the node (scikit-learn's node_split_best), over
 * single-sample entries: `keys[0, m0)` are the sorted value ranks (or bins) of the non-missing
 * samples, `idx[0, m0)` their ids into labels/targets/weights, and `idx[m0, m)` the NaN samples.
 * After `run`: side (-1 nothing valid, 0 NaN right, 1 NaN left, 2 every value left and NaN right),
 * score, leftWeight and pos (the first right entry among the sorted non-missing ones; sides 0, 1).
 * Buffers are allocated once for n samples; nothing is allocated per node.
 */
export class MissingSideScan {
  side = -1;
  score = Number.NEGATIVE_INFINITY;
  leftWeight = 0;
  pos = 0;
  private readonly cfg: MissingScanConfig;
  private readonly values: Float64Array;
  private readonly labels: Int32Array;
  private readonly targets: Float64Array;
  private readonly weights: Float64Array;
  private readonly ones: Float64Array;
  private readonly res: SplitResult = createSplitResult();
  private readonly cInput: ClassificationScanInput;
  private readonly rInput: RegressionScanInput;

  constructor(cfg: MissingScanConfig, n: number) {
    this.cfg = cfg;
    const isC = cfg.classification !== null;
    this.values = new Float64Array(n);
    this.labels = new Int32Array(isC ? n : 0);
    this.targets = new Float64Array(isC ? 0 : n);
    this.weights = new Float64Array(n);
    this.ones = new Float64Array(n).fill(1);
    const limits = { minSamplesLeaf: cfg.minSamplesLeaf, minWeightLeaf: cfg.minWeightLeaf };
    this.cInput = { n: 0, values: this.values, labels: this.labels, weights: this.ones, counts: null, nClasses: cfg.nClasses, classWeights: new Float64Array(1), totalWeight: 0, totalCount: 0, ...limits };
    this.rInput = { n: 0, values: this.values, targets: this.targets, weights: this.ones, totalWeight: 0, weightedSum: 0, ...limits };
  }

  /**
   * `scanValues[key]`: the value the criterion scans for a rank/bin; `labels` (classification) or
   * `targets`, and `weights` (null: unit), indexed by idx; `node`: the node's totals; `scale`: the
   * tie scale (impurityScale of the node).
   */
  run(
    keys: Uint32Array,
    idx: Int32Array,
    m0: number,
    m: number,
    scanValues: Float64Array,
    labels: Int32Array | null,
    targets: Float64Array | null,
    weights: Float64Array | null,
    node: NodeTotals,
    scale: number,
  ): void {
    const nMiss = m - m0;
    const res = this.res;
    this.side = -1;
    this.score = Number.NEGATIVE_INFINITY;
    // NaN on the left: NaN entries first, valued as the smallest value so no cut falls among them.
    this.fill(keys, idx, m0, m, nMiss, 0, scanValues, scanValues[keys[0]!]!, labels, targets, weights);
    const leftOk = this.scan(node, m, weights !== null);
    const leftScore = res.score;
    const leftPos = res.pos - nMiss;
    const leftW = res.leftWeight;
    // NaN on the right (scikit-learn's first search): NaN entries last, valued as the largest value.
    this.fill(keys, idx, m0, m, 0, m0, scanValues, scanValues[keys[m0 - 1]!]!, labels, targets, weights);
    if (this.scan(node, m, weights !== null)) this.take(0, res.score, res.pos, res.leftWeight);
    if (leftOk && strictlyBetter(leftScore, this.score, scale)) this.take(1, leftScore, leftPos, leftW);
    // Every value left, NaN right: the same entries valued 0 | 1 leave the scan one position.
    this.values.fill(0, 0, m0);
    this.values.fill(1, m0, m);
    if (this.scan(node, m, weights !== null) && strictlyBetter(res.score, this.score, scale)) this.take(2, res.score, m0, res.leftWeight);
  }

  private take(side: number, score: number, pos: number, leftWeight: number): void {
    this.side = side;
    this.score = score;
    this.pos = pos;
    this.leftWeight = leftWeight;
  }

  /** Entries: non-missing at [at, at + m0) in sorted order, NaN ones at [missAt, missAt + m − m0) valued missValue. */
  private fill(
    keys: Uint32Array,
    idx: Int32Array,
    m0: number,
    m: number,
    at: number,
    missAt: number,
    scanValues: Float64Array,
    missValue: number,
    y: Int32Array | null,
    t: Float64Array | null,
    w: Float64Array | null,
  ): void {
    const values = this.values;
    const el = this.labels;
    const et = this.targets;
    const ew = this.weights;
    for (let j = 0; j < m; j++) {
      const s = idx[j]!;
      const e = j < m0 ? at + j : missAt + (j - m0);
      values[e] = j < m0 ? scanValues[keys[j]!]! : missValue;
      if (y !== null) el[e] = y[s]!;
      else et[e] = t![s]!;
      if (w !== null) ew[e] = w[s]!;
    }
  }

  private scan(node: NodeTotals, m: number, weighted: boolean): boolean {
    const weights = weighted ? this.weights : this.ones;
    if (this.cfg.classification !== null) {
      const input = this.cInput;
      input.n = m;
      input.weights = weights;
      input.classWeights = node.classWeights!;
      input.totalWeight = node.weight;
      input.totalCount = m;
      return this.cfg.classification.scan(input, this.res);
    }
    const input = this.rInput;
    input.n = m;
    input.weights = weights;
    input.totalWeight = node.weight;
    input.weightedSum = node.weightedSum;
    return this.cfg.regression!.scan(input, this.res);
  }
}
