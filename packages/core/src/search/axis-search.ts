import {
  createSplitResult,
  impurityScale,
  isBetterCandidate,
  midpoint,
  valuesDiffer,
  type ClassificationScanInput,
  type RegressionScanInput,
  type SplitResult,
} from '@dt/criteria';
import type { Random } from '@dt/errors';
import type { FeatureIndex, RankArray } from '../data/feature-index.js';
import { createSortScratch, sortPairs, type SortScratch } from '../data/sort.js';
import { FeatureSampler } from './feature-sampler.js';
import { MissingSideScan, missingRank, partitionByRank } from './missing-values.js';
import { resetSplitRecord, type NodeView, type SplitRecord, type SplitSearch } from './split-record.js';
import type { AxisColumns, ScanConfig, SearchSettings, SplitStrategy } from './split-strategy.js';

export interface AxisSearchConfig extends ScanConfig {
  index: FeatureIndex;
  maxFeatures: number;
  rng: Random;
}

/**
 * Exact axis search (scikit-learn's BestSplitter): the best split `x[f] <= t` of a node over the
 * columns of a FeatureIndex (raw features, or derived ones for the global projection). Per feature:
 * gather value ranks; then either a class histogram over the node's rank range (when the range is
 * small next to the node, as for pixels or codes) or an integer sort of the ranks, and one criterion
 * scan. Features found constant are reported in `record.newConstants` so descendants skip them.
 * Fills record.feature = record.candidate = the column, record.cutRank, threshold, score, balance.
 * A feature with NaN in the node is scanned with NaN on either side (evalWithMissing, scikit-learn's
 * rule: missing-values.ts); NaN-free features take the unchanged paths.
 */
export class AxisSearch implements SplitSearch {
  readonly rootConstants: Int32Array;
  private readonly cfg: AxisSearchConfig;
  private readonly n: number;
  private readonly d: number;
  private readonly ranks: RankArray;
  private readonly keys: Uint32Array;
  private readonly idx: Int32Array;
  private readonly sortScratch: SortScratch;
  private readonly values: Float64Array;
  private readonly entryLabels: Int32Array;
  private readonly entryWeights: Float64Array;
  private readonly entryCounts: Float64Array;
  private readonly entryRanks: Uint32Array;
  private readonly entryTargets: Float64Array;
  private readonly ones: Float64Array;
  private hist: Float64Array;
  private histCount: Float64Array;
  private readonly sampler: FeatureSampler;
  private readonly nMissing: Int32Array;
  private readonly missingScan: MissingSideScan;
  private readonly result: SplitResult = createSplitResult();
  private readonly cInput: ClassificationScanInput;
  private readonly rInput: RegressionScanInput;
  constructor(cfg: AxisSearchConfig, rootConstants: Int32Array = new Int32Array(0)) {
    this.cfg = cfg;
    this.rootConstants = rootConstants;
    const { n, d, ranks } = cfg.index;
    this.n = n;
    this.d = d;
    this.ranks = ranks;
    this.keys = new Uint32Array(n);
    this.idx = new Int32Array(n);
    this.sortScratch = createSortScratch(n);
    this.values = new Float64Array(n);
    this.entryLabels = new Int32Array(n);
    this.entryWeights = new Float64Array(n);
    this.entryCounts = new Float64Array(n);
    this.entryRanks = new Uint32Array(n);
    this.entryTargets = new Float64Array(n);
    this.ones = new Float64Array(n).fill(1);
    const histSize = cfg.labels ? 2 * n + 2 * cfg.nClasses : 0;
    this.hist = new Float64Array(histSize);
    this.histCount = new Float64Array(cfg.weights ? histSize : 0);
    this.sampler = new FeatureSampler(d, cfg.maxFeatures, cfg.rng);
    this.nMissing = cfg.index.nMissing;
    this.missingScan = new MissingSideScan(cfg, this.nMissing.some((c) => c > 0) ? n : 0);
    this.cInput = {
      n: 0,
      values: this.values,
      labels: this.entryLabels,
      weights: this.entryWeights,
      counts: null,
      nClasses: cfg.nClasses,
      classWeights: new Float64Array(Math.max(1, cfg.nClasses)),
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

  /**
   * Searches the columns for the best split of node.samples[start, end). `node.constants` are
   * skipped; newly found constant columns are left in `record.newConstants`.
   */
  findBest(node: NodeView, best: SplitRecord): void {
    resetSplitRecord(best);
    const { samples, start, end, classWeights, weightedSum } = node;
    const totalWeight = node.weight;
    const knownConstants = node.constants;
    // Scores are impurity decreases, so the node's impurity is their natural scale.
    this.scoreScale = impurityScale(node.impurity);
    // Features drawn without replacement until maxFeatures non-constant ones were evaluated (feature-sampler.ts).
    const sampler = this.sampler;
    sampler.begin(knownConstants);
    for (let f = sampler.next(); f >= 0; f = sampler.next()) {
      const evaluated =
        this.nMissing[f]! > 0
          ? this.evalWithMissing(node, f, best)
          : this.cfg.labels
            ? this.evalClassification(samples, start, end, f, classWeights!, totalWeight, best)
            : this.evalRegression(samples, start, end, f, weightedSum, totalWeight, best);
      if (evaluated) sampler.evaluated();
      else best.newConstants.push(f);
    }
    sampler.end(knownConstants);
  }

  /** Gathers ranks of feature f into keys/idx; returns [min, max] packed or -1 when constant. */
  private gather(samples: Int32Array, start: number, end: number, f: number): boolean {
    const ranks = this.ranks;
    const keys = this.keys;
    const idx = this.idx;
    const base = f * this.n;
    let mn = 0xffffffff;
    let mx = 0;
    for (let i = start, j = 0; i < end; i++, j++) {
      const s = samples[i]!;
      const k = ranks[base + s]!;
      keys[j] = k;
      idx[j] = s;
      if (k < mn) mn = k;
      if (k > mx) mx = k;
    }
    this.gMin = mn;
    this.gMax = mx;
    const u = this.cfg.index.uniq[f]!;
    return valuesDiffer(u[mn]!, u[mx]!);
  }

  private gMin = 0;
  private gMax = 0;

  private evalClassification(
    samples: Int32Array,
    start: number,
    end: number,
    f: number,
    classWeights: Float64Array,
    totalWeight: number,
    best: SplitRecord,
  ): boolean {
    const m = end - start;
    const C = this.cfg.nClasses;
    const u = this.cfg.index.scanUniq[f]!;
    this.rawUniq = this.cfg.index.uniq[f]!;
    const input = this.cInput;
    if (u.length * C <= 2 * m) {
      // Few distinct values next to the node size (pixels, codes): one fused pass builds the
      // class histogram straight from the ranks; no sort at all.
      if (!this.histogramFromSamples(samples, start, end, f)) return false;
      input.n = this.histogramEntries(u, C);
      input.weights = this.entryWeights;
      input.counts = this.entryCounts;
      this.cutSource = this.entryRanks;
    } else {
      if (!this.gather(samples, start, end, f)) return false;
      const mn = this.gMin;
      const mx = this.gMax;
      if ((mx - mn + 1) * C <= 2 * m) {
        this.histogramFromKeys(m, mn);
        input.n = this.histogramEntries(u, C);
        input.weights = this.entryWeights;
        input.counts = this.entryCounts;
        this.cutSource = this.entryRanks;
      } else {
        const keys = this.keys;
        const idx = this.idx;
        sortPairs(keys, idx, m, mn, mx, this.sortScratch);
        const y = this.cfg.labels!;
        const w = this.cfg.weights;
        const values = this.values;
        const labels = this.entryLabels;
        for (let j = 0; j < m; j++) {
          values[j] = u[keys[j]!]!;
          labels[j] = y[idx[j]!]!;
        }
        if (w === null) {
          input.weights = this.ones;
        } else {
          const ew = this.entryWeights;
          for (let j = 0; j < m; j++) ew[j] = w[idx[j]!]!;
          input.weights = ew;
        }
        input.counts = null;
        input.n = m;
        this.cutSource = keys;
      }
    }
    input.classWeights = classWeights;
    input.totalWeight = totalWeight;
    input.totalCount = m;
    const res = this.result;
    if (this.cfg.classification!.scan(input, res)) this.consider(f, res, totalWeight, best);
    return true;
  }

  /** Accumulates hist[rank*C + class] over the node's samples; false (and hist cleared) if constant. */
  private histogramFromSamples(samples: Int32Array, start: number, end: number, f: number): boolean {
    const ranks = this.ranks;
    const base = f * this.n;
    const C = this.cfg.nClasses;
    const y = this.cfg.labels!;
    const w = this.cfg.weights;
    const hist = this.hist;
    let mn = 0xffffffff;
    let mx = 0;
    if (w === null) {
      for (let i = start; i < end; i++) {
        const s = samples[i]!;
        const k = ranks[base + s]!;
        hist[k * C + y[s]!]! += 1;
        if (k < mn) mn = k;
        if (k > mx) mx = k;
      }
    } else {
      const hc = this.histCount;
      for (let i = start; i < end; i++) {
        const s = samples[i]!;
        const k = ranks[base + s]!;
        const h = k * C + y[s]!;
        hist[h]! += w[s]!;
        hc[h]! += 1;
        if (k < mn) mn = k;
        if (k > mx) mx = k;
      }
    }
    this.gMin = mn;
    this.gMax = mx;
    this.hBase = 0;
    const u = this.cfg.index.uniq[f]!;
    if (valuesDiffer(u[mn]!, u[mx]!)) return true;
    hist.fill(0, mn * C, (mx + 1) * C);
    if (w !== null) this.histCount.fill(0, mn * C, (mx + 1) * C);
    return false;
  }

  /** Histogram of the gathered keys, indexed from the node's minimum rank. */
  private histogramFromKeys(m: number, mn: number): void {
    const C = this.cfg.nClasses;
    const y = this.cfg.labels!;
    const w = this.cfg.weights;
    const keys = this.keys;
    const idx = this.idx;
    const hist = this.hist;
    if (w === null) {
      for (let j = 0; j < m; j++) hist[(keys[j]! - mn) * C + y[idx[j]!]!]! += 1;
    } else {
      const hc = this.histCount;
      for (let j = 0; j < m; j++) {
        const s = idx[j]!;
        const h = (keys[j]! - mn) * C + y[s]!;
        hist[h]! += w[s]!;
        hc[h]! += 1;
      }
    }
    this.hBase = mn;
  }

  /** Turns the non-empty histogram cells over ranks [gMin, gMax] into sorted entries; clears them. */
  private histogramEntries(u: Float64Array, C: number): number {
    const w = this.cfg.weights;
    const hist = this.hist;
    const hc = this.histCount;
    const values = this.values;
    const labels = this.entryLabels;
    const ew = this.entryWeights;
    const ec = this.entryCounts;
    const er = this.entryRanks;
    const mn = this.gMin;
    const mx = this.gMax;
    const off = this.hBase;
    let e = 0;
    for (let r = mn; r <= mx; r++) {
      const v = u[r]!;
      const h0 = (r - off) * C;
      for (let c = 0; c < C; c++) {
        const h = h0 + c;
        const wt = hist[h]!;
        const cnt = w === null ? wt : hc[h]!;
        if (cnt > 0) {
          values[e] = v;
          labels[e] = c;
          ew[e] = wt;
          ec[e] = cnt;
          er[e] = r;
          e++;
          hist[h] = 0;
          if (w !== null) hc[h] = 0;
        }
      }
    }
    return e;
  }

  private hBase = 0;
  private scoreScale = 1;
  private rawUniq: Float64Array = new Float64Array(0);
  /** Where consider() reads the rank of an entry: the sorted keys or the histogram entries. */
  private cutSource: Uint32Array = new Uint32Array(0);

  private evalRegression(
    samples: Int32Array,
    start: number,
    end: number,
    f: number,
    weightedSum: number,
    totalWeight: number,
    best: SplitRecord,
  ): boolean {
    if (!this.gather(samples, start, end, f)) return false;
    const m = end - start;
    const keys = this.keys;
    const idx = this.idx;
    sortPairs(keys, idx, m, this.gMin, this.gMax, this.sortScratch);
    const u = this.cfg.index.scanUniq[f]!;
    this.rawUniq = this.cfg.index.uniq[f]!;
    const t = this.cfg.targets!;
    const w = this.cfg.weights;
    const values = this.values;
    const et = this.entryTargets;
    for (let j = 0; j < m; j++) {
      const s = idx[j]!;
      values[j] = u[keys[j]!]!;
      et[j] = t[s]!;
    }
    if (w !== null) {
      const ew = this.entryWeights;
      for (let j = 0; j < m; j++) ew[j] = w[idx[j]!]!;
    }
    this.cutSource = keys;
    const input = this.rInput;
    input.n = m;
    input.totalWeight = totalWeight;
    input.weightedSum = weightedSum;
    const res = this.result;
    if (this.cfg.regression!.scan(input, res)) this.consider(f, res, totalWeight, best);
    return true;
  }

  /** Keeps the better of the current best and feature f's split, by the one tie rule (isBetterCandidate). */
  private consider(f: number, res: SplitResult, totalWeight: number, best: SplitRecord): void {
    const balance = Math.abs(2 * res.leftWeight - totalWeight);
    if (best.found && !isBetterCandidate(res.score, balance, f, best.score, best.balance, best.candidate, this.scoreScale, totalWeight)) return;
    best.found = true;
    best.feature = f;
    best.candidate = f;
    best.score = res.score;
    best.balance = balance;
    best.cutRank = this.cutSource[res.pos - 1]!;
    best.missingGoToLeft = -1; // no NaN on f in this node: the builder applies the count rule
    // Thresholds sit between raw training values even when the scan saw standardised ones.
    best.threshold = midpoint(this.rawUniq[best.cutRank]!, this.rawUniq[this.cutSource[res.pos]!]!);
  }

  /**
   * Feature f when the node may hold NaN on it (scikit-learn's node_split_best): non-missing samples
   * sorted, the NaN ones scanned on the right, then on the left, then the split "all values left, NaN
   * right" (threshold +Infinity); a later candidate replaces an earlier one only on a strict
   * improvement. Entries are single samples here. False when the feature is constant in the node
   * (all NaN, or one value besides NaN — as in scikit-learn).
   */
  private evalWithMissing(node: NodeView, f: number, best: SplitRecord): boolean {
    const { samples, start, end } = node;
    const m = end - start;
    const K = missingRank(this.cfg.index, f);
    const ranks = this.ranks;
    const base = f * this.n;
    const keys = this.keys;
    const idx = this.idx;
    let mn = 0xffffffff;
    let mx = 0;
    let m0 = 0;
    let q = m;
    // Non-missing samples to the front of keys/idx, NaN ones to the back of idx.
    for (let i = start; i < end; i++) {
      const s = samples[i]!;
      const k = ranks[base + s]!;
      if (k === K) {
        idx[--q] = s;
        continue;
      }
      keys[m0] = k;
      idx[m0++] = s;
      if (k < mn) mn = k;
      if (k > mx) mx = k;
    }
    const nMiss = m - m0;
    if (nMiss === 0) {
      return this.cfg.labels
        ? this.evalClassification(samples, start, end, f, node.classWeights!, node.weight, best)
        : this.evalRegression(samples, start, end, f, node.weightedSum, node.weight, best);
    }
    const raw = this.cfg.index.uniq[f]!;
    if (m0 === 0 || !valuesDiffer(raw[mn]!, raw[mx]!)) return false;
    sortPairs(keys, idx, m0, mn, mx, this.sortScratch);
    const ms = this.missingScan;
    const scale = this.scoreScale;
    ms.run(keys, idx, m0, m, this.cfg.index.scanUniq[f]!, this.cfg.labels, this.cfg.targets, this.cfg.weights, node, scale);
    if (ms.side < 0) return true;
    const totalWeight = node.weight;
    const balance = Math.abs(2 * ms.leftWeight - totalWeight);
    if (best.found && !isBetterCandidate(ms.score, balance, f, best.score, best.balance, best.candidate, scale, totalWeight)) return true;
    best.found = true;
    best.feature = f;
    best.candidate = f;
    best.score = ms.score;
    best.balance = balance;
    if (ms.side === 2) {
      best.cutRank = mx;
      best.threshold = Number.POSITIVE_INFINITY;
      best.missingGoToLeft = 0;
    } else {
      best.cutRank = keys[ms.pos - 1]!;
      best.threshold = midpoint(raw[best.cutRank]!, raw[keys[ms.pos]!]!);
      best.missingGoToLeft = ms.side;
    }
    return true;
  }

  /** Partitions the node's samples: rank <= record.cutRank on record.candidate (and NaN when it goes left) first. */
  partition(node: NodeView, record: SplitRecord): number {
    return partitionByRank(this.ranks, this.n, node, record, missingRank(this.cfg.index, record.candidate));
  }
}

/** splitter 'best': the exact search over every column's sorted values (scikit-learn's BestSplitter). */
export const bestSplitter: SplitStrategy = Object.freeze({
  name: 'best',
  limits: Object.freeze({}),
  axisSearch: (columns: AxisColumns, s: SearchSettings): SplitSearch => {
    const index = columns.index();
    return new AxisSearch({ ...s.scan, index, maxFeatures: Math.min(s.maxFeatures, index.d), rng: s.rng }, columns.rootConstants);
  },
});
