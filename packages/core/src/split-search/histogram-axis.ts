import {
  createSplitResult,
  gini,
  impurityScale,
  isBetterCandidate,
  midpoint,
  valuesDiffer,
  type ClassificationCriterion,
  type ClassificationScanInput,
  type RegressionCriterion,
  type RegressionScanInput,
  type SplitResult,
} from '@dt/criteria';
import { InvalidArgumentError, type Random } from '@dt/errors';
import { buildBins, type BinCodes, type Bins } from '../binning.js';
import type { ColumnMajor } from '../input.js';
import { createSortScratch, sortPairs, type SortScratch } from '../sort.js';
import { scanMarkedGini, type MarkedGiniResult } from './histogram-gini.js';
import { MissingSideScan } from './missing-values.js';
import type { HistogramParallel } from './histogram-parallel.js';
import { resetSplitRecord, type NodeView, type SplitRecord, type SplitSearch } from './split-record.js';

export interface HistogramAxisConfig {
  bins: Bins;
  /** Values the criteria scan per bin: the bins' means, or standardised copies (scale: true). */
  scanValues: Float64Array[];
  labels: Int32Array | null;
  nClasses: number;
  targets: Float64Array | null;
  weights: Float64Array | null;
  classification: ClassificationCriterion | null;
  regression: RegressionCriterion | null;
  minSamplesLeaf: number;
  minWeightLeaf: number;
  maxFeatures: number;
  rng: Random;
  /** Bytes the histograms kept for sibling subtraction may take (default 64 MiB). */
  histogramBudget?: number;
  /**
   * Node-ordered arrays shared with worker threads (histogram-parallel.ts): used as given instead of
   * copies of labels/targets/weights. `replica`: a worker's search (no sample moves of its own).
   */
  shared?: SharedNodeArrays;
}

/** The node-ordered arrays every thread of a parallel fit reads (SharedArrayBuffer-backed). */
export interface SharedNodeArrays {
  lab: Int32Array;
  tgt: Float64Array;
  wt: Float64Array | null;
  flags: Uint8Array;
  constFlag: Uint8Array;
  /** Where node positions' codes are (HistogramAxisSearch.pos). */
  pos: Int32Array;
  replica: boolean;
}

/** A node's full histogram (every feature's bins), kept from its parent's split for subtraction. */
export interface NodeHistogram {
  start: number;
  end: number;
  cells: Float64Array;
  /** Index of `cells` in the parallel driver's slot table (-1 without one). */
  slot: number;
}

const DEFAULT_BUDGET = 64 * 1024 * 1024;
/** Right-goers copied back element by element below this count (stable moves, end of file). */
const SHORT_RUN = 256;
/** Nodes of at most this many rows move a position array instead of every feature's codes. */
const FREEZE_ROWS = 2048;

/** Per-feature outcomes of a parallel search (status 0 skipped, 1 constant, 2 no split, 3 found). */
export interface FeatureResults {
  status: Int32Array;
  score: Float64Array;
  balance: Float64Array;
  threshold: Float64Array;
  cut: Int32Array;
  /** This thread's working record. */
  scratch: SplitRecord;
}

/**
 * Most (bin, class) cells a classification histogram may have: the scratch histogram, the grouped
 * entries and the non-empty-cell marks (bit (bin << markShift) + class, an int32 index) are sized by
 * the largest feature's bins × the classes rounded up to a power of two. 2^25 cells keep the marks'
 * bit index in int32 and those arrays within about a gigabyte.
 */
export const MAX_CLASS_CELLS = 2 ** 25;

/** Bits of a class index in the marks: the classes rounded up to a power of two is 2^classBits. */
function classBits(nClasses: number): number {
  return 32 - Math.clz32(Math.max(1, nClasses) - 1);
}

/** Bins of the widest feature. */
function widestBins(nBins: ArrayLike<number>): number {
  let most = 1;
  for (let f = 0; f < nBins.length; f++) most = Math.max(most, nBins[f]!);
  return most;
}

/**
 * The 'hist' search over the columns of X: bins them (maxBins per column) and scans bin means, shifted
 * and scaled as (mean − shift[f]) / scale[f] when given (standardised features, centred projections).
 */
export function createHistogramAxisSearch(
  X: ColumnMajor,
  maxBins: number,
  cfg: Omit<HistogramAxisConfig, 'bins' | 'scanValues'>,
  shift: { mean: Float64Array; scale: Float64Array } | null,
  parallel?: HistogramParallel | null,
): HistogramAxisSearch;
/** With `exactOnly` (splitter 'auto'): null unless every feature has at most maxBins distinct values. */
export function createHistogramAxisSearch(
  X: ColumnMajor,
  maxBins: number,
  cfg: Omit<HistogramAxisConfig, 'bins' | 'scanValues'>,
  shift: { mean: Float64Array; scale: Float64Array } | null,
  parallel: HistogramParallel | null,
  exactOnly: true,
): HistogramAxisSearch | null;
export function createHistogramAxisSearch(
  X: ColumnMajor,
  maxBins: number,
  cfg: Omit<HistogramAxisConfig, 'bins' | 'scanValues'>,
  shift: { mean: Float64Array; scale: Float64Array } | null,
  parallel: HistogramParallel | null = null,
  exactOnly = false,
): HistogramAxisSearch | null {
  const bins = exactOnly ? buildBins(X, cfg.weights, maxBins, parallel?.alloc, true) : buildBins(X, cfg.weights, maxBins, parallel?.alloc);
  if (bins === null) return null;
  const most = widestBins(bins.nBins);
  if (cfg.labels !== null && most * 2 ** classBits(cfg.nClasses) > MAX_CLASS_CELLS) {
    // 'auto' searches exactly instead (the same tree); an explicit 'hist' says why it cannot bin.
    if (exactOnly) return null;
    throw new InvalidArgumentError(
      'maxBins',
      `small enough that bins × classes (rounded up to a power of two) stay at most ${MAX_CLASS_CELLS}: ${most} bins × ${cfg.nClasses} classes; lower maxBins or use splitter 'best'`,
      maxBins,
    );
  }
  const scanValues = shift ? bins.mean.map((m, f) => m.map((v) => (v - shift.mean[f]!) / shift.scale[f]!)) : bins.mean;
  const full = { ...cfg, bins, scanValues, maxFeatures: Math.min(cfg.maxFeatures, bins.d) };
  if (parallel === null || !parallel.supports(full)) return new HistogramAxisSearch(full);
  const search = new HistogramAxisSearch({ ...full, shared: parallel.sharedArrays(full) });
  parallel.attach(search, full);
  return search;
}

/**
 * Histogram split search over binned features ('hist' splitter). The bin codes, labels, targets and
 * weights are kept in node order: the builder's samples[start, end) and this splitter's arrays
 * [start, end) hold the same samples in the same order, so a node's histogram reads contiguous runs
 * (one per feature) and `partition` moves every array stably. Per feature, the node's class weights
 * (or Σw, Σw·y for regression) per bin become grouped scan entries for the unchanged criterion
 * contract. Large nodes keep their full histogram; the larger child's is parent − smaller child.
 * When every bin holds one distinct value the search is exact: the same splits as the exact Splitter.
 */
export class HistogramAxisSearch implements SplitSearch {
  readonly rootConstants = new Int32Array(0);
  private readonly cfg: HistogramAxisConfig;
  private readonly n: number;
  private readonly d: number;
  private readonly codes: BinCodes;
  private readonly lab: Int32Array;
  private readonly tgt: Float64Array;
  private readonly wt: Float64Array | null;
  /** Histogram cells per bin: classes (×2 with weights: weights then counts), or 2–3 for regression. */
  private readonly K: number;
  private readonly grouped: boolean;
  /** Offset of feature f's block in a full-node histogram; total cells at [d]. */
  private readonly offsets: Int32Array;
  private readonly scratchHist: Float64Array;
  /**
   * Which cells of the scratch histogram are non-empty: bit b for bin b (regression), bit
   * (b << markShift) + c for bin b and class c (classification; a shift, so no division decodes it).
   */
  private readonly marks: Int32Array;
  private readonly markShift: number;
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
  private readonly features: Int32Array;
  private readonly constFlag: Uint8Array;
  private readonly flags: Uint8Array;
  private readonly moveI32: Int32Array;
  private readonly moveF64: Float64Array;
  private readonly moveCodes: BinCodes;
  /**
   * Where node position i's codes are: codes[f*n + pos[i]]. The identity, except inside small nodes
   * (frozen): they move pos instead of every feature's codes, so their descendants read the codes
   * through it (from the frozen ancestor's window of at most FREEZE_ROWS positions per feature).
   */
  private readonly pos: Int32Array;
  private readonly result: SplitResult = createSplitResult();
  private readonly cInput: ClassificationScanInput;
  private readonly rInput: RegressionScanInput;
  private readonly cache: NodeHistogram[] = [];
  private readonly pool: NodeHistogram[] = [];
  private readonly maxKept: number;
  /** The node being searched keeps its full histogram here (null: per-feature scratch only). */
  private nodeHist: NodeHistogram | null = null;
  private lastStart = -1;
  private lastEnd = -1;
  private gMin = 0;
  private gMax = 0;
  private scoreScale = 1;
  private curFeature = 0;
  /** Where consider() reads an entry's bin: the sorted keys or the histogram entries. */
  private cutSource: Uint32Array;
  /** NaN rows per feature (their bin is nBins[f]) and the scans of features with NaN in a node. */
  private readonly nMissing: Int32Array;
  private readonly missingScan: MissingSideScan;
  /** Gini's left class weights for the fused small-node scan (histogram-gini.ts), or null: the generic scan. */
  private readonly fusedGini: Float64Array | null;
  private readonly giniOut: MarkedGiniResult = { score: 0, leftWeight: 0, leftBin: 0, rightBin: 0 };
  /** The two bins either side of the fused scan's split (read by consider as cutSource[0], [1]). */
  private readonly cutPair = new Uint32Array(2);
  /** Worker threads for large nodes (null: this thread only). */
  private parallel: HistogramParallel | null = null;
  /** The node findBest last searched was split across the workers. */
  private parallelNode = false;

  constructor(cfg: HistogramAxisConfig) {
    this.cfg = cfg;
    const { n, d, codes, nBins } = cfg.bins;
    this.n = n;
    this.d = d;
    this.codes = codes;
    const isC = cfg.labels !== null;
    const sh = cfg.shared;
    this.lab = sh ? sh.lab : isC ? cfg.labels!.slice() : new Int32Array(0);
    this.tgt = sh ? sh.tgt : isC ? new Float64Array(0) : cfg.targets!.slice();
    this.wt = sh ? sh.wt : cfg.weights === null ? null : cfg.weights.slice();
    const own = sh?.replica === true ? 0 : n;
    const weighted = cfg.weights !== null;
    this.grouped = isC || cfg.regression!.groupedEntries === true;
    this.K = isC ? (weighted ? 2 : 1) * cfg.nClasses : weighted ? 3 : 2;
    this.offsets = new Int32Array(d + 1);
    this.nMissing = cfg.bins.nMissing;
    const anyMissing = this.nMissing.some((c) => c > 0);
    for (let f = 0; f < d; f++) {
      // A feature with NaN keeps its missing bin (code nBins[f]) in full-node histograms too.
      this.offsets[f + 1] = this.offsets[f]! + (nBins[f]! + (this.nMissing[f]! > 0 ? 1 : 0)) * this.K;
    }
    const maxB = widestBins(nBins);
    this.scratchHist = new Float64Array(maxB * this.K);
    this.markShift = isC ? classBits(cfg.nClasses) : 0;
    this.marks = new Int32Array(((maxB << this.markShift) + 31) >>> 5);
    // Grouped criteria never sort: entries are histogram cells. Only per-sample criteria (absolute
    // error) sort a node's bins and need room for every row.
    const sorted = this.grouped && !anyMissing ? 0 : n;
    this.keys = new Uint32Array(sorted);
    this.idx = new Int32Array(sorted);
    this.sortScratch = createSortScratch(sorted);
    const entries = Math.max(sorted, maxB * Math.max(1, cfg.nClasses));
    this.values = new Float64Array(entries);
    this.entryLabels = new Int32Array(entries);
    this.entryWeights = new Float64Array(entries);
    this.entryCounts = new Float64Array(entries);
    this.entryBins = new Uint32Array(entries);
    this.entryTargets = new Float64Array(entries);
    this.ones = new Float64Array(entries).fill(1);
    this.features = Int32Array.from({ length: d }, (_, i) => i);
    this.constFlag = sh ? sh.constFlag : new Uint8Array(d);
    this.flags = sh ? sh.flags : new Uint8Array(n);
    this.moveI32 = new Int32Array(own);
    this.moveF64 = new Float64Array(own);
    this.moveCodes = codes instanceof Uint8Array ? new Uint8Array(n) : new Uint16Array(n);
    this.pos = sh ? sh.pos : Int32Array.from({ length: n }, (_, i) => i);
    this.cutSource = this.entryBins;
    this.missingScan = new MissingSideScan(cfg, anyMissing ? n : 0);
    // Up to 256 classes the per-scan O(classes) setup costs less than the entries it saves.
    this.fusedGini = cfg.classification === gini && cfg.nClasses <= 256 ? new Float64Array(cfg.nClasses) : null;
    const bytes = this.offsets[d]! * 8;
    this.maxKept = Math.max(0, Math.floor((cfg.histogramBudget ?? DEFAULT_BUDGET) / Math.max(1, bytes)));
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
   * Searches the binned features for the best split of node.samples[start, end) (the node this
   * search ordered); known constants are skipped, new ones left in record.newConstants. Fills
   * record.feature = record.candidate, cutRank (a bin), threshold, score and balance.
   */
  findBest(node: NodeView, best: SplitRecord): void {
    resetSplitRecord(best);
    const { start, end, classWeights, weightedSum } = node;
    const totalWeight = node.weight;
    const knownConstants = node.constants;
    this.scoreScale = impurityScale(node.impurity);
    const d = this.d;
    const constFlag = this.constFlag;
    constFlag.fill(0);
    for (let i = 0; i < knownConstants.length; i++) constFlag[knownConstants[i]!] = 1;
    const features = this.features;
    const maxFeatures = this.cfg.maxFeatures;
    const sampling = maxFeatures < d - knownConstants.length;
    this.lastStart = start;
    this.lastEnd = end;
    if (this.nodeHist !== null) this.release(this.nodeHist);
    this.nodeHist = this.takeCached(start, end);
    let fresh = false;
    if (this.nodeHist === null && !sampling && this.grouped && this.worthKeeping(end - start)) {
      this.nodeHist = this.allocCells(start, end);
      fresh = true;
    }
    const par = this.parallel;
    this.parallelNode = par !== null && !sampling && par.worthSplitting(end - start, d - knownConstants.length);
    if (this.parallelNode) {
      par!.search(node, this.nodeHist, fresh, this.scoreScale, best);
      return;
    }
    if (fresh) {
      this.nodeHist!.cells.fill(0);
      this.buildNodeHistogram(this.nodeHist!.cells, start, end);
    }
    let visited = 0;
    // Feature draws exactly as the exact Splitter makes them, so both search the same features.
    for (let i = 0; i < d; i++) {
      if (sampling) {
        if (visited >= maxFeatures) break;
        const j = i + this.cfg.rng.int(d - i);
        const t = features[i]!;
        features[i] = features[j]!;
        features[j] = t;
      }
      const f = features[i]!;
      if (constFlag[f] === 1) continue;
      this.curFeature = f;
      const evaluated =
        this.nMissing[f]! > 0
          ? this.evalWithMissing(node, f, best)
          : this.cfg.labels
            ? this.evalClassification(start, end, f, classWeights!, totalWeight, best)
            : this.evalRegression(start, end, f, weightedSum, totalWeight, best);
      if (evaluated) visited++;
      else {
        best.newConstants.push(f);
        constFlag[f] = 1;
      }
    }
    if (sampling) for (let i = 0; i < d; i++) features[i] = i;
  }

  /** Builds (or reads) feature f's histogram; fills the classification scan and scans it. */
  private evalClassification(
    start: number,
    end: number,
    f: number,
    classWeights: Float64Array,
    totalWeight: number,
    best: SplitRecord,
  ): boolean {
    const m = end - start;
    const nb = this.cfg.bins.nBins[f]!;
    const input = this.cInput;
    const node = this.nodeHist;
    if (node !== null) {
      const off = this.offsets[f]!;
      if (!this.binRange(node.cells, off, nb)) return false;
      input.n = this.classEntries(node.cells, off, f, false);
      input.weights = this.entryWeights;
      input.counts = this.entryCounts;
      this.cutSource = this.entryBins;
    } else {
      // One pass builds the class histogram and marks the bins present; entries follow the marks.
      this.classHistogram(this.scratchHist, 0, start, end, f, this.marks);
      const bins = this.cfg.bins;
      if (!valuesDiffer(bins.lo[f]![this.gMin]!, bins.hi[f]![this.gMax]!)) {
        this.clearMarked();
        return false;
      }
      if (this.fusedGini !== null) return this.evalMarkedGini(m, f, classWeights, totalWeight, best);
      input.n = this.classEntriesMarked(f);
      input.weights = this.entryWeights;
      input.counts = this.entryCounts;
      this.cutSource = this.entryBins;
    }
    input.classWeights = classWeights;
    input.totalWeight = totalWeight;
    input.totalCount = m;
    const res = this.result;
    if (this.cfg.classification!.scan(input, res)) this.consider(f, res, totalWeight, best);
    return true;
  }

  /** The marked path's scan for Gini, fused (histogram-gini.ts): the same split as the entries' scan. */
  private evalMarkedGini(m: number, f: number, classWeights: Float64Array, totalWeight: number, best: SplitRecord): boolean {
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
    const found = scanMarkedGini(
      this.scratchHist,
      this.marks,
      this.markFirst,
      this.markLast,
      this.markShift,
      C,
      this.K,
      this.wt !== null,
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

  private evalRegression(
    start: number,
    end: number,
    f: number,
    weightedSum: number,
    totalWeight: number,
    best: SplitRecord,
  ): boolean {
    const m = end - start;
    const nb = this.cfg.bins.nBins[f]!;
    const input = this.rInput;
    const node = this.nodeHist;
    if (node !== null) {
      const off = this.offsets[f]!;
      if (!this.binRange(node.cells, off, nb)) return false;
      input.n = this.regressionEntries(node.cells, off, f, false);
      input.counts = this.entryCounts;
      input.weights = this.entryWeights;
      this.cutSource = this.entryBins;
    } else if (this.grouped) {
      this.regressionHistogram(this.scratchHist, 0, start, end, f, this.marks);
      if (!this.markedRange(f)) {
        this.clearMarked();
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
      const t = this.tgt;
      const values = this.values;
      const et = this.entryTargets;
      for (let j = 0; j < m; j++) {
        values[j] = sv[keys[j]!]!;
        et[j] = t[idx[j]!]!;
      }
      const w = this.wt;
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

  /** Class histogram of feature f over [start, end) into h[off + bin*K + ...]. */
  private classHistogram(h: Float64Array, off: number, start: number, end: number, f: number, marks: Int32Array | null): void {
    const codes = this.codes;
    const pos = this.pos;
    const lab = this.lab;
    const base = f * this.n;
    const K = this.K;
    const w = this.wt;
    if (marks !== null) {
      // Small nodes: mark the (bin, class) cells present so that only they are read back.
      const C = this.cfg.nClasses;
      const shift = this.markShift;
      // The loops live in functions of their own that end with the loop (see markLeft for why).
      const span =
        w === null
          ? markedCounts(h, codes, base, pos, lab, start, end, K, shift, marks)
          : markedWeights(h, codes, base, pos, lab, w, start, end, K, C, shift, marks);
      // (No rows: span -1, the empty span as before.)
      const mn = span < 0 ? 0x7fffffff : span % BIN_SPAN;
      const mx = span < 0 ? 0 : (span - mn) / BIN_SPAN;
      // The marked words span the bins present (no search of the marks for the first and last).
      this.gMin = mn;
      this.gMax = mx;
      this.markFirst = (mn << shift) >>> 5;
      this.markLast = ((mx << shift) + C - 1) >>> 5;
    } else if (w === null) {
      for (let i = start; i < end; i++) h[off + codes[base + pos[i]!]! * K + lab[i]!]! += 1;
    } else {
      const C = this.cfg.nClasses;
      for (let i = start; i < end; i++) {
        const cell = off + codes[base + pos[i]!]! * K + lab[i]!;
        h[cell]! += w[i]!;
        h[cell + C]! += 1;
      }
    }
  }

  /**
   * gMin/gMax from the marks (one bit per bin, or per (bin, class) cell for classification); false
   * when the marked bins' values do not differ (a constant feature).
   */
  private markedRange(f: number): boolean {
    const marks = this.marks;
    const shift = this.markShift;
    let first = 0;
    while (marks[first] === 0) first++;
    let last = marks.length - 1;
    while (marks[last] === 0) last--;
    this.markFirst = first;
    this.markLast = last;
    this.gMin = ((first << 5) + 31 - Math.clz32(marks[first]! & -marks[first]!)) >>> shift;
    this.gMax = ((last << 5) + 31 - Math.clz32(marks[last]!)) >>> shift;
    const bins = this.cfg.bins;
    return valuesDiffer(bins.lo[f]![this.gMin]!, bins.hi[f]![this.gMax]!);
  }

  private markFirst = 0;
  private markLast = 0;

  /** Zeroes the scratch cells of the marked bins and the marks (a constant feature: one bin or close ones). */
  private clearMarked(): void {
    const K = this.K;
    this.scratchHist.fill(0, this.gMin * K, (this.gMax + 1) * K);
    this.marks.fill(0, this.markFirst, this.markLast + 1);
  }

  /** The marked (bin, class) cells as sorted grouped entries; clears cells and marks. */
  private classEntriesMarked(f: number): number {
    const C = this.cfg.nClasses;
    const K = this.K;
    const weighted = this.wt !== null;
    const h = this.scratchHist;
    const marks = this.marks;
    const sv = this.cfg.scanValues[f]!;
    const values = this.values;
    const labels = this.entryLabels;
    const ew = this.entryWeights;
    const ec = this.entryCounts;
    const eb = this.entryBins;
    const shift = this.markShift;
    const mask = (1 << shift) - 1;
    let e = 0;
    for (let wd = this.markFirst; wd <= this.markLast; wd++) {
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
    const weighted = this.wt !== null;
    const h = this.scratchHist;
    const marks = this.marks;
    const sv = this.cfg.scanValues[f]!;
    const values = this.values;
    const et = this.entryTargets;
    const ew = this.entryWeights;
    const ec = this.entryCounts;
    const eb = this.entryBins;
    let e = 0;
    for (let wd = this.markFirst; wd <= this.markLast; wd++) {
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

  /** Σw·y, (Σw,) and the count per bin of feature f over [start, end). */
  private regressionHistogram(h: Float64Array, off: number, start: number, end: number, f: number, marks: Int32Array | null): void {
    const codes = this.codes;
    const pos = this.pos;
    const t = this.tgt;
    const base = f * this.n;
    const w = this.wt;
    if (marks !== null) {
      const K = this.K;
      for (let i = start; i < end; i++) {
        const b = codes[base + pos[i]!]!;
        const cell = b * K;
        const wi = w === null ? 1 : w[i]!;
        h[cell]! += 1;
        h[cell + 1]! += wi * t[i]!;
        if (w !== null) h[cell + 2]! += wi;
        marks[b >>> 5]! |= 1 << (b & 31);
      }
    } else if (w === null) {
      for (let i = start; i < end; i++) {
        const cell = off + codes[base + pos[i]!]! * 2;
        h[cell]! += 1;
        h[cell + 1]! += t[i]!;
      }
    } else {
      for (let i = start; i < end; i++) {
        const cell = off + codes[base + pos[i]!]! * 3;
        const wi = w[i]!;
        h[cell]! += 1;
        h[cell + 1]! += wi * t[i]!;
        h[cell + 2]! += wi;
      }
    }
  }

  /** Every non-constant feature's histogram over [start, end) into a full-node buffer. */
  private buildNodeHistogram(cells: Float64Array, start: number, end: number): void {
    const isC = this.cfg.labels !== null;
    const constFlag = this.constFlag;
    for (let f = 0; f < this.d; f++) {
      if (constFlag[f] === 1) continue;
      if (isC) this.classHistogram(cells, this.offsets[f]!, start, end, f, null);
      else this.regressionHistogram(cells, this.offsets[f]!, start, end, f, null);
    }
  }

  /**
   * Sets gMin/gMax to the lowest and highest non-empty bin of a histogram block; false when the
   * node's values there do not differ (a constant feature).
   */
  private binRange(h: Float64Array, off: number, nb: number): boolean {
    const K = this.K;
    const isC = this.cfg.labels !== null;
    // Count cells: the class weights (unweighted) or the counts half; the count cell for regression.
    const c0 = isC ? (this.wt === null ? 0 : this.cfg.nClasses) : 0;
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
    const f = this.curFeature;
    return valuesDiffer(bins.lo[f]![mn]!, bins.hi[f]![mx]!);
  }

  /** Non-empty (bin, class) cells over bins [gMin, gMax] as sorted grouped entries (cleared if asked). */
  private classEntries(h: Float64Array, off: number, f: number, clear: boolean): number {
    const C = this.cfg.nClasses;
    const K = this.K;
    const weighted = this.wt !== null;
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
          if (clear) {
            h[cell] = 0;
            if (weighted) h[cell + C] = 0;
          }
        }
      }
    }
    return e;
  }

  /** Non-empty bins over [gMin, gMax] as grouped regression entries (weighted mean targets). */
  private regressionEntries(h: Float64Array, off: number, f: number, clear: boolean): number {
    const K = this.K;
    const weighted = this.wt !== null;
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
        if (clear) {
          h[cell] = 0;
          h[cell + 1] = 0;
          if (weighted) h[cell + 2] = 0;
        }
      }
    }
    return e;
  }

  /** Node-ordered bins of feature f into keys/idx (idx = position); false when constant. */
  private gather(start: number, end: number, f: number): boolean {
    const codes = this.codes;
    const pos = this.pos;
    const keys = this.keys;
    const idx = this.idx;
    const base = f * this.n;
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
  private evalWithMissing(node: NodeView, f: number, best: SplitRecord): boolean {
    const { start, end } = node;
    const m = end - start;
    const nb = this.cfg.bins.nBins[f]!;
    const codes = this.codes;
    const pos = this.pos;
    const base = f * this.n;
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
      return this.cfg.labels
        ? this.evalClassification(start, end, f, node.classWeights!, node.weight, best)
        : this.evalRegression(start, end, f, node.weightedSum, node.weight, best);
    }
    const bins = this.cfg.bins;
    if (m0 === 0 || !valuesDiffer(bins.lo[f]![mn]!, bins.hi[f]![mx]!)) return false;
    sortPairs(keys, idx, m0, mn, mx, this.sortScratch);
    const ms = this.missingScan;
    const isC = this.cfg.labels !== null;
    ms.run(keys, idx, m0, m, this.cfg.scanValues[f]!, isC ? this.lab : null, isC ? null : this.tgt, this.wt, node, this.scoreScale);
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
      best.threshold = midpoint(bins.hi[f]![best.cutRank]!, bins.lo[f]![keys[ms.pos]!]!);
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
    // Between the largest training value of the left bin and the smallest of the next non-empty one.
    const bins = this.cfg.bins;
    best.threshold = midpoint(bins.hi[f]![best.cutRank]!, bins.lo[f]![this.cutSource[res.pos]!]!);
  }

  /**
   * Moves samples[start, end) and every node-ordered array so that bins <= record.cutRank of
   * record.candidate come first, keeping order within each side; returns the boundary. Features
   * constant in the node are not moved (no descendant reads them). Keeps the children's histograms
   * when the node kept its own.
   */
  partition(node: NodeView, record: SplitRecord): number {
    const { samples, start, end } = node;
    const feature = record.candidate;
    const cutBin = record.cutRank;
    const codes = this.codes;
    const flags = this.flags;
    const base = feature * this.n;
    // NaN rows (bin nBins[feature], above every value bin) go left only when the split says so.
    const missBin = record.missingGoToLeft === 1 ? this.cfg.bins.nBins[feature]! : -1;
    const pos = this.pos;
    const mid = start + markLeft(codes, base, pos, flags, start, end, cutBin, missBin);
    if (mid === start || mid === end) return mid;
    stableMoveI32(samples, start, end, flags, this.moveI32);
    if (this.cfg.labels !== null) stableMoveI32(this.lab, start, end, flags, this.moveI32);
    else stableMoveF64(this.tgt, start, end, flags, this.moveF64);
    if (this.wt !== null) stableMoveF64(this.wt, start, end, flags, this.moveF64);
    const sameNode = start === this.lastStart && end === this.lastEnd;
    let parent = sameNode ? this.nodeHist : null;
    this.nodeHist = null;
    this.lastStart = -1;
    // Children's histograms: the smaller child's from its samples, the larger's as parent − smaller.
    const leftSmaller = mid - start <= end - mid;
    const s0 = leftSmaller ? start : mid;
    const s1 = leftSmaller ? mid : end;
    if (parent !== null && (!this.worthKeeping(end - start - (s1 - s0)) || this.maxKept < 2)) {
      this.release(parent);
      parent = null;
    }
    const small = parent === null ? null : this.allocCells(s0, s1);
    if (parent === null && this.frozen(end - start)) stableMoveI32(pos, start, end, flags, this.moveI32);
    else if (sameNode && this.parallelNode) this.parallel!.partition(start, end, parent, small);
    else this.moveShare(0, 1, start, end, sameNode, parent, small);
    if (parent !== null) {
      parent.start = leftSmaller ? mid : start;
      parent.end = leftSmaller ? end : mid;
      this.remember(parent);
      if (this.worthKeeping(s1 - s0)) this.remember(small!);
      else this.release(small!);
    }
    return mid;
  }

  /**
   * The code moves of features f ≡ j (mod J) by the flags of partition (features constant in the
   * node are not moved: no descendant reads them), and with `parent`, those features' blocks of the
   * smaller child's histogram (`small`, from its samples) and of the larger's (parent − small).
   */
  moveShare(j: number, J: number, start: number, end: number, sameNode: boolean, parent: NodeHistogram | null, small: NodeHistogram | null): void {
    const codes = this.codes;
    const flags = this.flags;
    const constFlag = this.constFlag;
    const n = this.n;
    const move = this.moveCodes;
    const isC = this.cfg.labels !== null;
    for (let f = j; f < this.d; f += J) {
      if (sameNode && constFlag[f] === 1) continue;
      stableMoveCodes(codes, f * n, start, end, flags, move);
      if (parent === null) continue;
      const a = this.offsets[f]!;
      const b = this.offsets[f + 1]!;
      const sm = small!.cells;
      sm.fill(0, a, b);
      if (isC) this.classHistogram(sm, a, small!.start, small!.end, f, null);
      else this.regressionHistogram(sm, a, small!.start, small!.end, f, null);
      const big = parent.cells;
      for (let c = a; c < b; c++) big[c] = big[c]! - sm[c]!;
    }
  }

  /**
   * Parallel searches: features f ≡ j (mod J) of node [start, end) (constFlag: the node's known
   * constants), each one's own best split into the driver's per-feature arrays; with `hist`, reads
   * (and when `fresh`, first builds) those features' blocks of the node's full histogram. Features
   * found constant are flagged in constFlag and reported as status 1.
   */
  searchShare(
    j: number,
    J: number,
    node: { start: number; end: number; classWeights: Float64Array | null; weightedSum: number; weight: number },
    hist: NodeHistogram | null,
    fresh: boolean,
    out: FeatureResults,
  ): void {
    const { start, end } = node;
    const isC = this.cfg.labels !== null;
    const constFlag = this.constFlag;
    const rec = out.scratch;
    // The fitting thread's own node histogram must survive its share (partition keeps the children's).
    const own = this.nodeHist;
    this.nodeHist = hist;
    for (let f = j; f < this.d; f += J) {
      if (constFlag[f] === 1) {
        out.status[f] = 0;
        continue;
      }
      if (fresh) {
        const a = this.offsets[f]!;
        hist!.cells.fill(0, a, this.offsets[f + 1]!);
        if (isC) this.classHistogram(hist!.cells, a, start, end, f, null);
        else this.regressionHistogram(hist!.cells, a, start, end, f, null);
      }
      this.curFeature = f;
      resetSplitRecord(rec);
      const evaluated = isC
        ? this.evalClassification(start, end, f, node.classWeights!, node.weight, rec)
        : this.evalRegression(start, end, f, node.weightedSum, node.weight, rec);
      if (!evaluated) {
        constFlag[f] = 1;
        out.status[f] = 1;
      } else if (rec.found) {
        out.status[f] = 3;
        out.score[f] = rec.score;
        out.balance[f] = rec.balance;
        out.threshold[f] = rec.threshold;
        out.cut[f] = rec.cutRank;
      } else out.status[f] = 2;
    }
    this.nodeHist = own;
  }

  /** No feature sampling: a node's search depends on its samples and known constants only (builder's subtree tasks). */
  get independentSubtrees(): boolean {
    return this.cfg.maxFeatures >= this.d;
  }

  /** Drops the histograms kept for subtraction: a subtree task then grows the same on any thread. */
  beginSubtree(): void {
    while (this.cache.length > 0) this.release(this.cache.pop()!);
    if (this.nodeHist !== null) this.release(this.nodeHist);
    this.nodeHist = null;
    this.lastStart = -1;
  }

  /** Called once by the parallel driver that this search hands its large nodes to. */
  useParallel(parallel: HistogramParallel): void {
    this.parallel = parallel;
  }

  /** Cells of one full-node histogram (every feature's bins). */
  get histogramCells(): number {
    return this.offsets[this.d]!;
  }

  /**
   * A node of m rows moves pos instead of its codes (see pos): small and never keeping histograms,
   * so neither do its descendants. Worker threads read codes through the same (shared) pos.
   */
  private frozen(m: number): boolean {
    return m <= FREEZE_ROWS && !this.worthKeeping(m);
  }

  /** A full histogram pays when building it from samples costs more than reading its cells. */
  worthKeeping(m: number): boolean {
    return this.maxKept >= 2 && this.offsets[this.d]! <= (m * this.d) / 2;
  }

  private remember(h: NodeHistogram): void {
    while (this.cache.length >= this.maxKept) this.release(this.cache.shift()!);
    this.cache.push(h);
  }

  private takeCached(start: number, end: number): NodeHistogram | null {
    const c = this.cache;
    for (let i = c.length - 1; i >= 0; i--) {
      const h = c[i]!;
      if (h.start === start && h.end === end) {
        c.splice(i, 1);
        return h;
      }
    }
    return null;
  }

  private allocCells(start: number, end: number): NodeHistogram {
    const h = this.pool.pop();
    if (h !== undefined) {
      h.start = start;
      h.end = end;
      return h;
    }
    if (this.parallel !== null) return { start, end, ...this.parallel.newSlot(this.offsets[this.d]!) };
    return { start, end, cells: new Float64Array(this.offsets[this.d]!), slot: -1 };
  }

  /** Back to the pool (the driver's shared slots are all kept: workers hold them by index). */
  private release(h: NodeHistogram): void {
    if (this.pool.length < 2 || h.slot >= 0) this.pool.push(h);
  }
}

// Stable two-way moves: left-goers compacted in place, right-goers via scratch, then appended.
// Branch-free (both stores always happen) because the flags are unpredictable.
// Short runs of right-goers are copied back by a plain loop: a subarray view per call costs more there.
// Each compaction loop is a function of its own that ends with the loop (see markLeft for why).

function stableMoveI32(a: Int32Array, start: number, end: number, flags: Uint8Array, tmp: Int32Array): void {
  const r = compactI32(a, start, end, flags, tmp);
  if (r < SHORT_RUN) for (let k = 0, l = end - r; k < r; k++) a[l + k] = tmp[k]!;
  else a.set(tmp.subarray(0, r), end - r);
}

function compactI32(a: Int32Array, start: number, end: number, flags: Uint8Array, tmp: Int32Array): number {
  let l = start;
  let r = 0;
  for (let i = start; i < end; i++) {
    const v = a[i]!;
    const g = flags[i]!;
    a[l] = v;
    tmp[r] = v;
    l += g;
    r += 1 - g;
  }
  return r;
}

function stableMoveF64(a: Float64Array, start: number, end: number, flags: Uint8Array, tmp: Float64Array): void {
  const r = compactF64(a, start, end, flags, tmp);
  if (r < SHORT_RUN) for (let k = 0, l = end - r; k < r; k++) a[l + k] = tmp[k]!;
  else a.set(tmp.subarray(0, r), end - r);
}

function compactF64(a: Float64Array, start: number, end: number, flags: Uint8Array, tmp: Float64Array): number {
  let l = start;
  let r = 0;
  for (let i = start; i < end; i++) {
    const v = a[i]!;
    const g = flags[i]!;
    a[l] = v;
    tmp[r] = v;
    l += g;
    r += 1 - g;
  }
  return r;
}

function stableMoveCodes(a: BinCodes, base: number, start: number, end: number, flags: Uint8Array, tmp: BinCodes): void {
  const r = compactCodes(a, base, start, end, flags, tmp);
  if (r < SHORT_RUN) for (let k = 0, l = base + end - r; k < r; k++) a[l + k] = tmp[k]!;
  else a.set(tmp.subarray(0, r), base + end - r);
}

function compactCodes(a: BinCodes, base: number, start: number, end: number, flags: Uint8Array, tmp: BinCodes): number {
  let l = base + start;
  let r = 0;
  for (let i = start; i < end; i++) {
    const v = a[base + i]!;
    const g = flags[i]!;
    a[l] = v;
    tmp[r] = v;
    l += g;
    r += 1 - g;
  }
  return r;
}

/**
 * flags[i] = 1 for the rows of [start, end) whose code (through pos) is <= cutBin or is missBin;
 * returns their count. A function of its own, not a loop inside partition: V8 compiles a hot loop
 * of a long function on stack replacement, before the code after the loop has run, and that code
 * then bails out of the compiled loop on every later call for want of type feedback (traced with
 * --trace-deopt on MAGIC: thousands of bailouts per fit, 2-3x the fit time after a full GC).
 */
function markLeft(
  codes: BinCodes,
  base: number,
  pos: Int32Array,
  flags: Uint8Array,
  start: number,
  end: number,
  cutBin: number,
  missBin: number,
): number {
  let nLeft = 0;
  for (let i = start; i < end; i++) {
    const c = codes[base + pos[i]!]!;
    const l = c <= cutBin || c === missBin ? 1 : 0;
    flags[i] = l;
    nLeft += l;
  }
  return nLeft;
}

/** mx · BIN_SPAN + mn packs the lowest and highest bin codes present (codes are < 2^16); -1: no rows. */
const BIN_SPAN = 65536;

/** Unit weights: counts into h[b·K + c], marks the (bin, class) cells; returns the packed bin span. */
function markedCounts(
  h: Float64Array,
  codes: BinCodes,
  base: number,
  pos: Int32Array,
  lab: Int32Array,
  start: number,
  end: number,
  K: number,
  shift: number,
  marks: Int32Array,
): number {
  let mn = 0x7fffffff;
  let mx = 0;
  for (let i = start; i < end; i++) {
    const b = codes[base + pos[i]!]!;
    const c = lab[i]!;
    h[b * K + c]! += 1;
    const bit = (b << shift) + c;
    marks[bit >>> 5]! |= 1 << (bit & 31);
    mn = b < mn ? b : mn;
    mx = b > mx ? b : mx;
  }
  return end > start ? mx * BIN_SPAN + mn : -1;
}

/** Weighted: weights into h[b·K + c], counts into h[b·K + c + C], marks; returns the packed bin span. */
function markedWeights(
  h: Float64Array,
  codes: BinCodes,
  base: number,
  pos: Int32Array,
  lab: Int32Array,
  w: Float64Array,
  start: number,
  end: number,
  K: number,
  C: number,
  shift: number,
  marks: Int32Array,
): number {
  let mn = 0x7fffffff;
  let mx = 0;
  for (let i = start; i < end; i++) {
    const b = codes[base + pos[i]!]!;
    const c = lab[i]!;
    const cell = b * K + c;
    h[cell]! += w[i]!;
    h[cell + C]! += 1;
    const bit = (b << shift) + c;
    marks[bit >>> 5]! |= 1 << (bit & 31);
    mn = b < mn ? b : mn;
    mx = b > mx ? b : mx;
  }
  return end > start ? mx * BIN_SPAN + mn : -1;
}
