/**
 * The 'hist' split search (LightGBM's serial tree learner over binned features), composed of one part
 * per concept in hist/: the binned rows in node order (node-data.ts), the histogram builder
 * (histogram-builder.ts), the pool of kept histograms (histogram-pool.ts), the per-feature scan with
 * the criterion (histogram-scan.ts) and the partition (partition.ts). This file draws the node's
 * features, picks where each histogram comes from (kept, built whole, or per feature) and fills the
 * one SplitRecord; large nodes go to the thread driver through NodeThreads (thread-shares.ts).
 *
 * When every bin holds one distinct value the search is exact: the same splits as the exact search.
 */
import { impurityScale } from '@dt/criteria';
import { InvalidArgumentError } from '@dt/errors';
import { buildBins, type Bins } from '../../data/binning.js';
import type { ColumnMajor } from '../../data/input.js';
import { FeatureSampler } from '../feature-sampler.js';
import type { HistogramParallel } from './histogram-parallel.js';
import { classBits, MAX_CLASS_CELLS, widestBins } from './histogram-builder.js';
import { HistogramPool, type NodeHistogram } from './histogram-pool.js';
import type { HistogramAxisConfig } from './node-data.js';
import { createHistParts, type HistParts, type NodeThreads } from './thread-shares.js';
import { resetSplitRecord, type NodeView, type SplitRecord, type SplitSearch } from '../split-record.js';

export type { HistogramAxisConfig, SharedNodeArrays } from './node-data.js';
export type { NodeHistogram } from './histogram-pool.js';
export type { FeatureResults } from './thread-shares.js';
export { MAX_CLASS_CELLS } from './histogram-builder.js';

/**
 * The 'hist' search over the columns of X: bins them (maxBins per column; or reads X.binned, the
 * rows of a BinnedDataset) and scans bin means, shifted and scaled as (mean − shift[f]) / scale[f]
 * when given (standardised features, centred projections).
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
  const bins =
    X.binned !== undefined
      ? X.binned(parallel?.alloc)
      : exactOnly
        ? buildBins(X, cfg.weights, maxBins, parallel?.alloc, true)
        : buildBins(X, cfg.weights, maxBins, parallel?.alloc);
  if (bins === null) return null;
  return histogramSearchOn(bins, maxBins, cfg, shift, parallel, exactOnly);
}

/** The search over given bins (codes: this fit's working copy, moved in node order). */
function histogramSearchOn(
  bins: Bins,
  maxBins: number,
  cfg: Omit<HistogramAxisConfig, 'bins' | 'scanValues'>,
  shift: { mean: Float64Array; scale: Float64Array } | null,
  parallel: HistogramParallel | null,
  exactOnly: boolean,
): HistogramAxisSearch | null {
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
  if (parallel.attach(search.parts)) search.useThreads(parallel);
  return search;
}

/**
 * Histogram split search over binned features ('hist' splitter): per node, the features drawn (all,
 * or maxFeatures of them as the exact search draws), each scanned from the node's kept histogram, a
 * full histogram built now (large nodes, kept for the children's subtraction) or a per-feature
 * scratch histogram (small nodes); then the partition of every node-ordered array.
 */
export class HistogramAxisSearch implements SplitSearch {
  readonly rootConstants = new Int32Array(0);
  /** This thread's parts (the thread driver's shares run on them). */
  readonly parts: HistParts;
  private readonly cfg: HistogramAxisConfig;
  private readonly d: number;
  private readonly pool: HistogramPool;
  private readonly sampler: FeatureSampler;
  /** The node being searched keeps its full histogram here (null: per-feature scratch only). */
  private nodeHist: NodeHistogram | null = null;
  private lastStart = -1;
  private lastEnd = -1;
  /** Worker threads for large nodes (null: this thread only). */
  private threads: NodeThreads | null = null;
  /** The node findBest last searched was split across the threads. */
  private parallelNode = false;

  constructor(cfg: HistogramAxisConfig) {
    this.cfg = cfg;
    this.parts = createHistParts(cfg);
    this.d = cfg.bins.d;
    this.pool = new HistogramPool(this.parts.builder.cells, this.d, cfg.histogramBudget);
    // Feature draws exactly as the exact search makes them, so both search the same features.
    this.sampler = new FeatureSampler(this.d, cfg.maxFeatures, cfg.rng);
  }

  /** Hands large nodes to `threads` from now on (their histograms in the driver's shared slots). */
  useThreads(threads: NodeThreads): void {
    this.threads = threads;
    this.pool.useSlots((cells) => threads.newSlot(cells));
  }

  /**
   * Searches the binned features for the best split of node.samples[start, end) (the node this
   * search ordered); known constants are skipped, new ones left in record.newConstants. Fills
   * record.feature = record.candidate, cutRank (a bin), threshold, score and balance.
   */
  findBest(node: NodeView, best: SplitRecord): void {
    resetSplitRecord(best);
    const { start, end } = node;
    const knownConstants = node.constants;
    const { scan, builder, data } = this.parts;
    scan.scoreScale = impurityScale(node.impurity);
    const d = this.d;
    const constFlag = data.constFlag;
    constFlag.fill(0);
    for (let i = 0; i < knownConstants.length; i++) constFlag[knownConstants[i]!] = 1;
    const sampler = this.sampler;
    sampler.begin(knownConstants);
    const sampling = sampler.sampling;
    this.lastStart = start;
    this.lastEnd = end;
    const pool = this.pool;
    if (this.nodeHist !== null) pool.release(this.nodeHist);
    this.nodeHist = pool.take(start, end);
    let fresh = false;
    if (this.nodeHist === null && !sampling && scan.grouped && pool.worthKeeping(end - start)) {
      this.nodeHist = pool.alloc(start, end);
      fresh = true;
    }
    const threads = this.threads;
    this.parallelNode = threads !== null && !sampling && threads.worthSplitting(end - start, d - knownConstants.length);
    if (this.parallelNode) {
      threads!.search(node, this.nodeHist, fresh, scan.scoreScale, best);
      sampler.end(knownConstants);
      return;
    }
    const hist = this.nodeHist;
    if (fresh) {
      hist!.cells.fill(0);
      builder.node(hist!.cells, start, end);
    }
    for (let f = sampler.next(); f >= 0; f = sampler.next()) {
      if (scan.feature(node, f, hist, best)) sampler.evaluated();
      else {
        best.newConstants.push(f);
        constFlag[f] = 1;
      }
    }
    sampler.end(knownConstants);
  }

  /**
   * Moves samples[start, end) and every node-ordered array so that bins <= record.cutRank of
   * record.candidate come first, keeping order within each side; returns the boundary. Keeps the
   * children's histograms when the node kept its own (the larger as parent − smaller).
   */
  partition(node: NodeView, record: SplitRecord): number {
    const { samples, start, end } = node;
    const feature = record.candidate;
    // NaN rows (bin nBins[feature], above every value bin) go left only when the split says so.
    const missBin = record.missingGoToLeft === 1 ? this.cfg.bins.nBins[feature]! : -1;
    const part = this.parts.partition;
    const mid = part.rows(samples, start, end, feature, record.cutRank, missBin);
    if (mid === start || mid === end) return mid;
    const pool = this.pool;
    const sameNode = start === this.lastStart && end === this.lastEnd;
    let parent = sameNode ? this.nodeHist : null;
    this.nodeHist = null;
    this.lastStart = -1;
    const leftSmaller = mid - start <= end - mid;
    const s0 = leftSmaller ? start : mid;
    const s1 = leftSmaller ? mid : end;
    if (parent !== null && (!pool.worthKeeping(end - start - (s1 - s0)) || !pool.keepsChildren)) {
      pool.release(parent);
      parent = null;
    }
    const small = parent === null ? null : pool.alloc(s0, s1);
    if (parent === null && pool.frozen(end - start)) part.positions(start, end);
    else if (sameNode && this.parallelNode) this.threads!.partition(start, end, parent, small);
    else part.codes(0, 1, start, end, sameNode, parent, small);
    if (parent !== null) {
      parent.start = leftSmaller ? mid : start;
      parent.end = leftSmaller ? end : mid;
      pool.remember(parent);
      if (pool.worthKeeping(s1 - s0)) pool.remember(small!);
      else pool.release(small!);
    }
    return mid;
  }

  /** No feature sampling: a node's search depends on its samples and known constants only (builder's subtree tasks). */
  get independentSubtrees(): boolean {
    return this.cfg.maxFeatures >= this.d;
  }

  /** Drops the histograms kept for subtraction: a subtree task then grows the same on any thread. */
  beginSubtree(): void {
    this.pool.clear();
    if (this.nodeHist !== null) this.pool.release(this.nodeHist);
    this.nodeHist = null;
    this.lastStart = -1;
  }
}
