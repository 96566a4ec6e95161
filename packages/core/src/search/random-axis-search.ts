import {
  createSplitResult,
  impurityScale,
  isBetterCandidate,
  valuesDiffer,
  type ClassificationScanInput,
  type RegressionScanInput,
  type SplitResult,
} from '@dt/criteria';
import type { FeatureIndex, RankArray } from '../data/feature-index.js';
import type { AxisSearchConfig } from './axis-search.js';
import { FeatureSampler } from './feature-sampler.js';
import { missingRank, partitionByRank, strictlyBetter } from './missing-values.js';
import { resetSplitRecord, type NodeView, type SplitRecord, type SplitSearch } from './split-record.js';
import type { AxisColumns, SearchSettings, SplitStrategy } from './split-strategy.js';

/**
 * Randomised axis search (scikit-learn's RandomSplitter, the split of Extremely Randomized Trees):
 * for each candidate feature (all, or maxFeatures drawn without replacement as in the exact search;
 * constant features do not count) one threshold is drawn uniformly in [min, max) of the feature's
 * values in the node (a draw equal to max becomes min, as in scikit-learn), and the best of those
 * splits by the criterion wins (the one tie rule between features). No sort: each feature costs
 * one pass to find min/max and one to score its split.
 *
 * The criterion scores the two-sided partition through its ordinary scan: the node's entries get
 * value 0 (left) or 1 (right), so the scan has exactly one candidate position. That is exact for
 * criteria whose score depends only on the partition (gini, entropy, misclassification, twoing,
 * mse, mae); value-dependent ones (Max-Cut) are rejected by the factory.
 *
 * NaN (scikit-learn's node_split_random): min and max ignore NaN; when the node has NaN on the
 * feature, a second draw picks their side (rng.int(2): 1 = left) after the threshold's, and the split
 * "every value left, NaN right" (threshold +Infinity) is scored too and replaces the drawn one only
 * on a strict improvement (missing-values.ts).
 */
export class RandomAxisSearch implements SplitSearch {
  readonly rootConstants: Int32Array;
  private readonly cfg: AxisSearchConfig;
  private readonly index: FeatureIndex;
  private readonly n: number;
  private readonly d: number;
  private readonly ranks: RankArray;
  private readonly sampler: FeatureSampler;
  private readonly result: SplitResult = createSplitResult();
  private readonly cInput: ClassificationScanInput;
  private readonly rInput: RegressionScanInput;
  /** Classification: (side, class) cells, then entries built from them. */
  private readonly hist: Float64Array;
  private readonly histCount: Float64Array;
  /** Histogram cells a node filled (classification with more classes than node samples). */
  private readonly cells: Int32Array;
  /** Regression entries: left samples first, then right. */
  private readonly values: Float64Array;
  private readonly entryTargets: Float64Array;
  private readonly entryWeights: Float64Array;
  private readonly ones: Float64Array;

  constructor(cfg: AxisSearchConfig, rootConstants: Int32Array = new Int32Array(0)) {
    this.cfg = cfg;
    this.index = cfg.index;
    this.rootConstants = rootConstants;
    const { n, d, ranks } = cfg.index;
    this.n = n;
    this.d = d;
    this.ranks = ranks;
    this.sampler = new FeatureSampler(d, cfg.maxFeatures, cfg.rng);
    const C = Math.max(1, cfg.nClasses);
    this.hist = new Float64Array(2 * C);
    this.histCount = new Float64Array(2 * C);
    this.cells = new Int32Array(cfg.labels !== null ? Math.min(2 * C, n) : 0);
    const isC = cfg.labels !== null;
    this.values = new Float64Array(isC ? 2 * C : n);
    this.entryTargets = new Float64Array(isC ? 0 : n);
    this.entryWeights = new Float64Array(isC ? 2 * C : n);
    this.ones = new Float64Array(isC ? 0 : n).fill(1);
    this.cInput = {
      n: 0,
      values: this.values,
      labels: new Int32Array(2 * C),
      weights: this.entryWeights,
      counts: new Float64Array(2 * C),
      nClasses: cfg.nClasses,
      classWeights: new Float64Array(C),
      totalWeight: 0,
      totalCount: 0,
      minSamplesLeaf: cfg.minSamplesLeaf,
      minWeightLeaf: cfg.minWeightLeaf,
    };
    this.rInput = {
      n: 0,
      values: this.values,
      targets: this.entryTargets,
      weights: cfg.weights ? this.entryWeights : this.ones,
      totalWeight: 0,
      weightedSum: 0,
      minSamplesLeaf: cfg.minSamplesLeaf,
      minWeightLeaf: cfg.minWeightLeaf,
    };
  }

  findBest(node: NodeView, best: SplitRecord): void {
    resetSplitRecord(best);
    const { samples, start, end } = node;
    const scoreScale = impurityScale(node.impurity);
    const rng = this.cfg.rng;
    const knownConstants = node.constants;
    const ranks = this.ranks;
    const n = this.n;
    // The shared draw (feature-sampler.ts); its generator calls interleave with the thresholds' as before.
    const sampler = this.sampler;
    sampler.begin(knownConstants);
    for (let f = sampler.next(); f >= 0; f = sampler.next()) {
      const base = f * n;
      let mn = 0xffffffff;
      let mx = 0;
      let nMiss = 0;
      const K = missingRank(this.index, f);
      if (this.index.nMissing[f] === 0) {
        for (let s = start; s < end; s++) {
          const k = ranks[base + samples[s]!]!;
          if (k < mn) mn = k;
          if (k > mx) mx = k;
        }
      } else {
        for (let s = start; s < end; s++) {
          const k = ranks[base + samples[s]!]!;
          if (k === K) nMiss++;
          else {
            if (k < mn) mn = k;
            if (k > mx) mx = k;
          }
        }
      }
      const u = this.index.uniq[f]!;
      if (nMiss === end - start || !valuesDiffer(u[mn]!, u[mx]!)) {
        best.newConstants.push(f);
        continue;
      }
      const lo = u[mn]!;
      const hi = u[mx]!;
      sampler.evaluated();
      let threshold = lo + rng.next() * (hi - lo);
      if (threshold >= hi) threshold = lo;
      // Training values at ranks <= cutRank are <= threshold (they go left at prediction too).
      let cutRank = lastRankAtMost(u, mn, mx, threshold);
      const missLeft = nMiss > 0 ? rng.int(2) : -1;
      const res = this.result;
      // NaN samples (rank K) go left with the values at ranks <= cutRank when missLeft is 1.
      if (!this.score(node, base, cutRank, missLeft === 1 ? K : -1, res)) continue;
      let score = res.score;
      let leftWeight = res.leftWeight;
      // As in scikit-learn, the +Infinity split is tried only when the drawn one met the leaf limits.
      if (nMiss > 0 && this.score(node, base, mx, -1, res) && strictlyBetter(res.score, score, scoreScale)) {
        score = res.score;
        leftWeight = res.leftWeight;
        cutRank = mx;
        threshold = Number.POSITIVE_INFINITY;
      }
      const balance = Math.abs(2 * leftWeight - node.weight);
      if (best.found && !isBetterCandidate(score, balance, f, best.score, best.balance, best.candidate, scoreScale, node.weight)) continue;
      best.found = true;
      best.feature = f;
      best.candidate = f;
      best.score = score;
      best.balance = balance;
      best.cutRank = cutRank;
      best.threshold = threshold;
      best.missingGoToLeft = nMiss === 0 ? -1 : threshold === Number.POSITIVE_INFINITY ? 0 : missLeft;
    }
    sampler.end(knownConstants);
  }

  /** Scores the partition "rank <= cutRank or rank === alsoLeft goes left" (alsoLeft -1: none). */
  private score(node: NodeView, base: number, cutRank: number, alsoLeft: number, res: SplitResult): boolean {
    return this.cfg.labels ? this.scoreClassification(node, base, cutRank, alsoLeft, res) : this.scoreRegression(node, base, cutRank, alsoLeft, res);
  }

  /** Scores the partition through the criterion's scan of grouped (side, class) entries. */
  private scoreClassification(node: NodeView, base: number, cutRank: number, alsoLeft: number, res: SplitResult): boolean {
    const C = this.cfg.nClasses;
    const y = this.cfg.labels!;
    const w = this.cfg.weights;
    const hist = this.hist;
    const hc = this.histCount;
    const { samples, start, end } = node;
    const ranks = this.ranks;
    // The cells are all zero here (cleared below). With more classes than samples, only the cells
    // the node fills are listed (ascending, as the full sweep would visit them): O(m log m), not O(C).
    const sparse = C > end - start;
    const cells = this.cells;
    let k = 0;
    for (let s = start; s < end; s++) {
      const i = samples[s]!;
      const r = ranks[base + i]!;
      const h = (r <= cutRank || r === alsoLeft ? 0 : C) + y[i]!;
      if (sparse && hc[h] === 0) cells[k++] = h;
      hist[h]! += w === null ? 1 : w[i]!;
      hc[h]! += 1;
    }
    if (sparse) cells.subarray(0, k).sort();
    const input = this.cInput;
    const labels = input.labels;
    const counts = input.counts!;
    let e = 0;
    for (let j = 0, m = sparse ? k : 2 * C; j < m; j++) {
      const h = sparse ? cells[j]! : j;
      if (hc[h]! === 0) continue;
      this.values[e] = h < C ? 0 : 1;
      labels[e] = h < C ? h : h - C;
      this.entryWeights[e] = hist[h]!;
      counts[e] = hc[h]!;
      hist[h] = 0;
      hc[h] = 0;
      e++;
    }
    input.n = e;
    input.classWeights = node.classWeights!;
    input.totalWeight = node.weight;
    input.totalCount = end - start;
    return this.cfg.classification!.scan(input, res);
  }

  /** Scores the partition through the criterion's scan of the node's samples, left ones first. */
  private scoreRegression(node: NodeView, base: number, cutRank: number, alsoLeft: number, res: SplitResult): boolean {
    const t = this.cfg.targets!;
    const w = this.cfg.weights;
    const { samples, start, end } = node;
    const ranks = this.ranks;
    const values = this.values;
    const et = this.entryTargets;
    const ew = this.entryWeights;
    let l = 0;
    let r = end - start - 1;
    for (let s = start; s < end; s++) {
      const i = samples[s]!;
      const k = ranks[base + i]!;
      const j = k <= cutRank || k === alsoLeft ? l++ : r--;
      et[j] = t[i]!;
      if (w !== null) ew[j] = w[i]!;
    }
    // Entries ascend by value: the left block (value 0) then the right block (value 1).
    values.fill(0, 0, l);
    values.fill(1, l, end - start);
    const input = this.rInput;
    input.n = end - start;
    input.totalWeight = node.weight;
    input.weightedSum = node.weightedSum;
    return this.cfg.regression!.scan(input, res);
  }

  partition(node: NodeView, record: SplitRecord): number {
    return partitionByRank(this.ranks, this.n, node, record, missingRank(this.index, record.candidate));
  }
}

/** The largest rank r in [lo, hi] with u[r] <= x (u ascending, u[lo] <= x < u[hi]). */
function lastRankAtMost(u: Float64Array, lo: number, hi: number, x: number): number {
  let a = lo;
  let b = hi;
  while (b - a > 1) {
    const m = (a + b) >>> 1;
    if (u[m]! <= x) a = m;
    else b = m;
  }
  return a;
}

/**
 * splitter 'random' (Extremely Randomized Trees): one uniform threshold per drawn feature on axis
 * columns (raw features or global projections), scored by the partition alone.
 */
export const randomSplitter: SplitStrategy = Object.freeze({
  name: 'random',
  limits: Object.freeze({
    nodeProjections: "'random' draws axis thresholds",
    categorical: "'random' draws thresholds on fixed columns",
    valueScored: 'its score depends on the values, not only the partition',
  }),
  axisSearch: (columns: AxisColumns, s: SearchSettings): SplitSearch => {
    const index = columns.index();
    return new RandomAxisSearch({ ...s.scan, index, maxFeatures: Math.min(s.maxFeatures, index.d), rng: s.rng }, columns.rootConstants);
  },
});
