/**
 * One feature's best split in a node from its histogram (LightGBM's FindBestThreshold): the node's
 * non-empty (bin, class) cells — or bins, for regression — become grouped scan entries for the
 * criterion's unchanged contract (values = the bins' scan values), the criterion scans them, and a
 * better candidate (higher score, then more balanced, then lower feature: isBetterCandidate, the exact
 * search's tie rule) fills the SplitRecord: cutRank = the last bin going left, threshold = midpoint of
 * that bin's largest training value and the next non-empty bin's smallest. Criteria without grouped
 * entries (absolute error) scan the node's rows sorted by bin; a feature with NaN in the node runs the
 * exact search's three scans (missing-values.ts) with bins standing for ranks; Gini on a small node
 * scans the marked cells directly (histogram-gini.ts).
 */
import {
  createSplitResult,
  gini,
  isBetterCandidate,
  midpoint,
  valuesDiffer,
  type ClassificationScanInput,
  type RegressionScanInput,
  type SplitResult,
} from '@dt/criteria';
import { createSortScratch, sortPairs, type SortScratch } from '../../data/sort.js';
import { scanMarkedGini, type MarkedGiniResult } from './histogram-gini.js';
import { MissingSideScan } from '../missing-values.js';
import type { SplitRecord } from '../split-record.js';
import type { HistogramBuilder, MarkedHistogram } from './histogram-builder.js';
import { widestBins } from './histogram-builder.js';
import type { NodeHistogram } from './histogram-pool.js';
import type { HistogramAxisConfig, NodeData } from './node-data.js';

/** A node's totals as the scans read them. */
export interface NodeTotals {
  start: number;
  end: number;
  classWeights: Float64Array | null;
  weightedSum: number;
  weight: number;
}

export class HistogramScan {
  private readonly cfg: HistogramAxisConfig;
  private readonly data: NodeData;
  private readonly builder: HistogramBuilder;
  private readonly K: number;
  /** Criteria with grouped entries read histograms; others sort a node's rows by bin. */
  readonly grouped: boolean;
  private readonly keys: Uint32Array;
  private readonly idx: Int32Array;
  private readonly sortScratch: SortScratch;
  private readonly values: Float64Array;
  private readonly entryLabels: Int32Array;
  private readonly entryWeights: Float64Array;
  private readonly entryCounts: Float64Array;
  private readonly entryBins: Uint32Array;
  private readonly entryTargets: Float64Array;
  private readonly ones: Float64Array;
  private readonly result: SplitResult = createSplitResult();
  private readonly cInput: ClassificationScanInput;
  private readonly rInput: RegressionScanInput;
  private readonly missingScan: MissingSideScan;
  /** Gini's left class weights for the fused small-node scan (histogram-gini.ts), or null: the generic scan. */
  private readonly fusedGini: Float64Array | null;
  private readonly giniOut: MarkedGiniResult = { score: 0, leftWeight: 0, leftBin: 0, rightBin: 0 };
  /** The two bins either side of the fused scan's split (read by consider as cutSource[0], [1]). */
  private readonly cutPair = new Uint32Array(2);
  /** Where consider() reads an entry's bin: the sorted keys or the histogram entries. */
  private cutSource: Uint32Array;
  /** Lowest and highest non-empty bin of the feature being scanned. */
  private gMin = 0;
  private gMax = 0;
  /** The node's tie scale (impurityScale). */
  scoreScale = 1;

  constructor(cfg: HistogramAxisConfig, data: NodeData, builder: HistogramBuilder) {
    this.cfg = cfg;
    this.data = data;
    this.builder = builder;
    this.K = builder.K;
    const n = data.n;
    const isC = data.isC;
    const anyMissing = cfg.bins.nMissing.some((c) => c > 0);
    this.grouped = isC || cfg.regression!.groupedEntries === true;
    // Grouped criteria never sort: entries are histogram cells. Only per-sample criteria (absolute
    // error) and features with NaN sort a node's bins and need room for every row.
    const sorted = this.grouped && !anyMissing ? 0 : n;
    this.keys = new Uint32Array(sorted);
    this.idx = new Int32Array(sorted);
    this.sortScratch = createSortScratch(sorted);
    const entries = Math.max(sorted, widestBins(cfg.bins.nBins) * Math.max(1, cfg.nClasses));
    this.values = new Float64Array(entries);
    this.entryLabels = new Int32Array(entries);
    this.entryWeights = new Float64Array(entries);
    this.entryCounts = new Float64Array(entries);
    this.entryBins = new Uint32Array(entries);
    this.entryTargets = new Float64Array(entries);
    this.ones = new Float64Array(entries).fill(1);
    this.cutSource = this.entryBins;
    this.missingScan = new MissingSideScan(cfg, anyMissing ? n : 0);
    // Up to 256 classes the per-scan O(classes) setup costs less than the entries it saves.
    this.fusedGini = cfg.classification === gini && cfg.nClasses <= 256 ? new Float64Array(cfg.nClasses) : null;
    this.cInput = {
      n: 0,
      values: this.values,
      labels: this.entryLabels,
      weights: this.entryWeights,
      counts: this.entryCounts,
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
      weights: this.entryWeights,
      counts: null,
      totalWeight: 0,
      weightedSum: 0,
      minSamplesLeaf: cfg.minSamplesLeaf,
      minWeightLeaf: cfg.minWeightLeaf,
    };
  }

  /**
   * Scans feature f of node [start, end) — from `hist` (the node's full histogram) when given, else
   * from a scratch histogram or the sorted rows — and fills `best` when it beats it. False when the
   * feature is constant in the node.
   */
  feature(node: NodeTotals, f: number, hist: NodeHistogram | null, best: SplitRecord): boolean {
    if (this.cfg.bins.nMissing[f]! > 0) return this.withMissing(node, f, hist, best);
    return this.data.isC
      ? this.classification(node.start, node.end, f, hist, node.classWeights!, node.weight, best)
      : this.regression(node.start, node.end, f, hist, node.weightedSum, node.weight, best);
  }

  private classification(start: number, end: number, f: number, hist: NodeHistogram | null, classWeights: Float64Array, totalWeight: number, best: SplitRecord): boolean {
    const m = end - start;
    const nb = this.cfg.bins.nBins[f]!;
    const input = this.cInput;
    if (hist !== null) {
      const off = this.builder.offsets[f]!;
      if (!this.binRange(hist.cells, off, nb, f)) return false;
      input.n = this.classEntries(hist.cells, off, f);
    } else {
      // One pass builds the class histogram and marks the bins present; entries follow the marks.
      this.builder.markedClasses(start, end, f);
      const s = this.builder.scratch;
      this.gMin = s.gMin;
      this.gMax = s.gMax;
      const bins = this.cfg.bins;
      if (!valuesDiffer(bins.lo[f]![s.gMin]!, bins.hi[f]![s.gMax]!)) {
        this.clearMarked(s);
        return false;
      }
      if (this.fusedGini !== null) return this.markedGini(m, f, classWeights, totalWeight, best);
      input.n = this.classEntriesMarked(f);
    }
    input.weights = this.entryWeights;
    input.counts = this.entryCounts;
    this.cutSource = this.entryBins;
    input.classWeights = classWeights;
    input.totalWeight = totalWeight;
    input.totalCount = m;
    const res = this.result;
    if (this.cfg.classification!.scan(input, res)) this.consider(f, res, totalWeight, best);
    return true;
  }

  /** The marked path's scan for Gini, fused (histogram-gini.ts): the same split as the entries' scan. */
  private markedGini(m: number, f: number, classWeights: Float64Array, totalWeight: number, best: SplitRecord): boolean {
    const C = this.cfg.nClasses;
    // Σ_c classW[c]² in class order, as gini.ts sums it (absent classes add exact zeros).
    let sqTotal = 0;
    for (let c = 0; c < C; c++) {
      const t = classWeights[c]!;
      sqTotal += t * t;
    }
    const cL = this.fusedGini!;
    cL.fill(0, 0, C);
    const g = this.giniOut;
    const s = this.builder.scratch;
    const found = scanMarkedGini(
      s.cells,
      s.marks,
      s.first,
      s.last,
      s.shift,
      C,
      this.K,
      this.data.wt !== null,
      this.cfg.scanValues[f]!,
      classWeights,
      totalWeight,
      m,
      this.cfg.minSamplesLeaf,
      this.cfg.minWeightLeaf,
      sqTotal,
      cL,
      g,
    );
    if (!found) return true;
    const res = this.result;
    res.pos = 1;
    res.score = g.score;
    res.leftWeight = g.leftWeight;
    const pair = this.cutPair;
    pair[0] = g.leftBin;
    pair[1] = g.rightBin;
    this.cutSource = pair;
    this.consider(f, res, totalWeight, best);
    return true;
  }

  private regression(start: number, end: number, f: number, hist: NodeHistogram | null, weightedSum: number, totalWeight: number, best: SplitRecord): boolean {
    const m = end - start;
    const nb = this.cfg.bins.nBins[f]!;
    const input = this.rInput;
    if (hist !== null) {
      const off = this.builder.offsets[f]!;
      if (!this.binRange(hist.cells, off, nb, f)) return false;
      input.n = this.regressionEntries(hist.cells, off, f);
      input.counts = this.entryCounts;
      input.weights = this.entryWeights;
      this.cutSource = this.entryBins;
    } else if (this.grouped) {
      this.builder.markedRegression(start, end, f);
      const s = this.builder.scratch;
      if (!this.markedRange(s, f)) {
        this.clearMarked(s);
        return false;
      }
      input.n = this.regressionEntriesMarked(f);
      input.counts = this.entryCounts;
      input.weights = this.entryWeights;
      this.cutSource = this.entryBins;
    } else {
      if (!this.gather(start, end, f)) return false;
      const keys = this.keys;
      const idx = this.idx;
      sortPairs(keys, idx, m, this.gMin, this.gMax, this.sortScratch);
      const sv = this.cfg.scanValues[f]!;
      const t = this.data.tgt;
      const values = this.values;
      const et = this.entryTargets;
      for (let j = 0; j < m; j++) {
        values[j] = sv[keys[j]!]!;
        et[j] = t[idx[j]!]!;
      }
      const w = this.data.wt;
      if (w === null) input.weights = this.ones;
      else {
        const ew = this.entryWeights;
        for (let j = 0; j < m; j++) ew[j] = w[idx[j]!]!;
        input.weights = ew;
      }
      input.counts = null;
      input.n = m;
      this.cutSource = keys;
    }
    input.totalWeight = totalWeight;
    input.weightedSum = weightedSum;
    const res = this.result;
    if (this.cfg.regression!.scan(input, res)) this.consider(f, res, totalWeight, best);
    return true;
  }

  /**
   * The scratch's bin range from its marks (one bit per bin): false when the marked bins' values do
   * not differ (a constant feature).
   */
  private markedRange(s: MarkedHistogram, f: number): boolean {
    const marks = s.marks;
    const shift = s.shift;
    let first = 0;
    while (marks[first] === 0) first++;
    let last = marks.length - 1;
    while (marks[last] === 0) last--;
    s.first = first;
    s.last = last;
    s.gMin = ((first << 5) + 31 - Math.clz32(marks[first]! & -marks[first]!)) >>> shift;
    s.gMax = ((last << 5) + 31 - Math.clz32(marks[last]!)) >>> shift;
    this.gMin = s.gMin;
    this.gMax = s.gMax;
    const bins = this.cfg.bins;
    return valuesDiffer(bins.lo[f]![s.gMin]!, bins.hi[f]![s.gMax]!);
  }

  /** Zeroes the scratch cells of the marked bins and the marks (a constant feature: one bin or close ones). */
  private clearMarked(s: MarkedHistogram): void {
    const K = this.K;
    s.cells.fill(0, s.gMin * K, (s.gMax + 1) * K);
    s.marks.fill(0, s.first, s.last + 1);
  }

  /** The marked (bin, class) cells as sorted grouped entries; clears cells and marks. */
  private classEntriesMarked(f: number): number {
    const C = this.cfg.nClasses;
    const K = this.K;
    const weighted = this.data.wt !== null;
    const s = this.builder.scratch;
    const h = s.cells;
    const marks = s.marks;
    const sv = this.cfg.scanValues[f]!;
    const values = this.values;
    const labels = this.entryLabels;
    const ew = this.entryWeights;
    const ec = this.entryCounts;
    const eb = this.entryBins;
    const shift = s.shift;
    const mask = (1 << shift) - 1;
    let e = 0;
    for (let wd = s.first; wd <= s.last; wd++) {
      let bits = marks[wd]!;
      marks[wd] = 0;
      while (bits !== 0) {
        const t = bits & -bits;
        const bit = (wd << 5) + 31 - Math.clz32(t);
        bits ^= t;
        const b = bit >>> shift;
        const c = bit & mask;
        const cell = b * K + c;
        values[e] = sv[b]!;
        labels[e] = c;
        ew[e] = h[cell]!;
        ec[e] = weighted ? h[cell + C]! : h[cell]!;
        eb[e] = b;
        e++;
        h[cell] = 0;
        if (weighted) h[cell + C] = 0;
      }
    }
    return e;
  }

  /** The marked bins as grouped regression entries; clears cells and marks. */
  private regressionEntriesMarked(f: number): number {
    const K = this.K;
    const weighted = this.data.wt !== null;
    const s = this.builder.scratch;
    const h = s.cells;
    const marks = s.marks;
    const sv = this.cfg.scanValues[f]!;
    const values = this.values;
    const et = this.entryTargets;
    const ew = this.entryWeights;
    const ec = this.entryCounts;
    const eb = this.entryBins;
    let e = 0;
    for (let wd = s.first; wd <= s.last; wd++) {
      let bits = marks[wd]!;
      marks[wd] = 0;
      while (bits !== 0) {
        const t = bits & -bits;
        const b = (wd << 5) + 31 - Math.clz32(t);
        bits ^= t;
        const cell = b * K;
        const cnt = h[cell]!;
        const sy = h[cell + 1]!;
        const sw = weighted ? h[cell + 2]! : cnt;
        values[e] = sv[b]!;
        et[e] = sw > 0 ? sy / sw : 0;
        ew[e] = sw;
        ec[e] = cnt;
        eb[e] = b;
        e++;
        h[cell] = 0;
        h[cell + 1] = 0;
        if (weighted) h[cell + 2] = 0;
      }
    }
    return e;
  }

  /**
   * Sets gMin/gMax to the lowest and highest non-empty bin of a histogram block; false when the
   * node's values there do not differ (a constant feature).
   */
  private binRange(h: Float64Array, off: number, nb: number, f: number): boolean {
    const K = this.K;
    const isC = this.data.isC;
    // Count cells: the class weights (unweighted) or the counts half; the count cell for regression.
    const c0 = isC ? (this.data.wt === null ? 0 : this.cfg.nClasses) : 0;
    const cn = isC ? this.cfg.nClasses : 1;
    let mn = -1;
    let mx = -1;
    for (let b = 0; b < nb; b++) {
      const cell = off + b * K + c0;
      let any = false;
      for (let c = 0; c < cn; c++) {
        if (h[cell + c]! > 0) {
          any = true;
          break;
        }
      }
      if (any) {
        if (mn < 0) mn = b;
        mx = b;
      }
    }
    if (mn < 0) return false;
    this.gMin = mn;
    this.gMax = mx;
    const bins = this.cfg.bins;
    return valuesDiffer(bins.lo[f]![mn]!, bins.hi[f]![mx]!);
  }

  /** Non-empty (bin, class) cells over bins [gMin, gMax] as sorted grouped entries. */
  private classEntries(h: Float64Array, off: number, f: number): number {
    const C = this.cfg.nClasses;
    const K = this.K;
    const weighted = this.data.wt !== null;
    const sv = this.cfg.scanValues[f]!;
    const values = this.values;
    const labels = this.entryLabels;
    const ew = this.entryWeights;
    const ec = this.entryCounts;
    const eb = this.entryBins;
    const mx = this.gMax;
    let e = 0;
    for (let b = this.gMin; b <= mx; b++) {
      const v = sv[b]!;
      const h0 = off + b * K;
      for (let c = 0; c < C; c++) {
        const cell = h0 + c;
        const wt = h[cell]!;
        const cnt = weighted ? h[cell + C]! : wt;
        if (cnt > 0) {
          values[e] = v;
          labels[e] = c;
          ew[e] = wt;
          ec[e] = cnt;
          eb[e] = b;
          e++;
        }
      }
    }
    return e;
  }

  /** Non-empty bins over [gMin, gMax] as grouped regression entries (weighted mean targets). */
  private regressionEntries(h: Float64Array, off: number, f: number): number {
    const K = this.K;
    const weighted = this.data.wt !== null;
    const sv = this.cfg.scanValues[f]!;
    const values = this.values;
    const et = this.entryTargets;
    const ew = this.entryWeights;
    const ec = this.entryCounts;
    const eb = this.entryBins;
    const mx = this.gMax;
    let e = 0;
    for (let b = this.gMin; b <= mx; b++) {
      const cell = off + b * K;
      const cnt = h[cell]!;
      if (cnt > 0) {
        const sy = h[cell + 1]!;
        const sw = weighted ? h[cell + 2]! : cnt;
        values[e] = sv[b]!;
        et[e] = sw > 0 ? sy / sw : 0;
        ew[e] = sw;
        ec[e] = cnt;
        eb[e] = b;
        e++;
      }
    }
    return e;
  }

  /** Node-ordered bins of feature f into keys/idx (idx = position); false when constant. */
  private gather(start: number, end: number, f: number): boolean {
    const { codes, pos, n } = this.data;
    const keys = this.keys;
    const idx = this.idx;
    const base = f * n;
    let mn = 0xffffffff;
    let mx = 0;
    for (let i = start, j = 0; i < end; i++, j++) {
      const k = codes[base + pos[i]!]!;
      keys[j] = k;
      idx[j] = i;
      if (k < mn) mn = k;
      if (k > mx) mx = k;
    }
    this.gMin = mn;
    this.gMax = mx;
    const bins = this.cfg.bins;
    return valuesDiffer(bins.lo[f]![mn]!, bins.hi[f]![mx]!);
  }

  /**
   * A feature with NaN rows: the exact search's three scans (missing-values.ts) over single-row
   * entries, bins standing for ranks; the NaN bin (code nBins[f]) is kept apart. False when the
   * feature is constant in the node (all NaN, or one value bin range besides NaN).
   */
  private withMissing(node: NodeTotals, f: number, hist: NodeHistogram | null, best: SplitRecord): boolean {
    const { start, end } = node;
    const m = end - start;
    const nb = this.cfg.bins.nBins[f]!;
    const { codes, pos, n } = this.data;
    const base = f * n;
    const keys = this.keys;
    const idx = this.idx;
    let mn = 0xffffffff;
    let mx = 0;
    let m0 = 0;
    let q = m;
    for (let i = start; i < end; i++) {
      const k = codes[base + pos[i]!]!;
      if (k === nb) {
        idx[--q] = i;
        continue;
      }
      keys[m0] = k;
      idx[m0++] = i;
      if (k < mn) mn = k;
      if (k > mx) mx = k;
    }
    if (m0 === m) {
      // No NaN among the node's rows: the ordinary histogram scan.
      return this.data.isC
        ? this.classification(start, end, f, hist, node.classWeights!, node.weight, best)
        : this.regression(start, end, f, hist, node.weightedSum, node.weight, best);
    }
    const bins = this.cfg.bins;
    if (m0 === 0 || !valuesDiffer(bins.lo[f]![mn]!, bins.hi[f]![mx]!)) return false;
    sortPairs(keys, idx, m0, mn, mx, this.sortScratch);
    const ms = this.missingScan;
    const isC = this.data.isC;
    ms.run(keys, idx, m0, m, this.cfg.scanValues[f]!, isC ? this.data.lab : null, isC ? null : this.data.tgt, this.data.wt, node, this.scoreScale);
    if (ms.side < 0) return true;
    const totalWeight = node.weight;
    const balance = Math.abs(2 * ms.leftWeight - totalWeight);
    if (best.found && !isBetterCandidate(ms.score, balance, f, best.score, best.balance, best.candidate, this.scoreScale, totalWeight)) return true;
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
      best.threshold = bins.edges ? bins.edges[f]![best.cutRank]! : midpoint(bins.hi[f]![best.cutRank]!, bins.lo[f]![keys[ms.pos]!]!);
      best.missingGoToLeft = ms.side;
    }
    return true;
  }

  /** Higher score, then more balanced, then lower feature: the exact search's rule (isBetterCandidate). */
  private consider(f: number, res: SplitResult, totalWeight: number, best: SplitRecord): void {
    const balance = Math.abs(2 * res.leftWeight - totalWeight);
    if (best.found && !isBetterCandidate(res.score, balance, f, best.score, best.balance, best.candidate, this.scoreScale, totalWeight)) return;
    best.found = true;
    best.feature = f;
    best.candidate = f;
    best.score = res.score;
    best.balance = balance;
    best.cutRank = this.cutSource[res.pos - 1]!;
    best.missingGoToLeft = -1;
    // Between the largest training value of the left bin and the smallest of the next non-empty one (or the given edge).
    const bins = this.cfg.bins;
    best.threshold = bins.edges ? bins.edges[f]![best.cutRank]! : midpoint(bins.hi[f]![best.cutRank]!, bins.lo[f]![this.cutSource[res.pos]!]!);
  }
}
