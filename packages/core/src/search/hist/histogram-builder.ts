/**
 * Histograms of binned features over a node's rows (LightGBM's histogram construction): per bin,
 * the class weights (and counts, when weighted) for classification, or count, Σw·y (and Σw) for
 * regression. Two layouts: a full-node histogram (every feature's block at offsets[f], kept for
 * sibling subtraction, histogram-pool.ts) and, for small nodes, one feature's scratch histogram
 * whose non-empty cells are marked as it is summed, so that only they are read back.
 *
 * Every histogram is summed in node order over [start, end) by one thread, so its float sums do not
 * depend on the thread count. The hot loops are functions of their own that end with the loop: V8
 * compiles a hot loop of a long function on stack replacement, before the code after the loop has
 * run, and that code then bails out of the compiled loop on later calls for want of type feedback.
 */
import type { BinCodes } from '../../data/binning.js';
import type { NodeData } from './node-data.js';

/**
 * Most (bin, class) cells a classification histogram may have: the scratch histogram, the grouped
 * entries and the non-empty-cell marks (bit (bin << markShift) + class, an int32 index) are sized by
 * the largest feature's bins × the classes rounded up to a power of two. 2^25 cells keep the marks'
 * bit index in int32 and those arrays within about a gigabyte.
 */
export const MAX_CLASS_CELLS = 2 ** 25;

/** Bits of a class index in the marks: the classes rounded up to a power of two is 2^classBits. */
export function classBits(nClasses: number): number {
  return 32 - Math.clz32(Math.max(1, nClasses) - 1);
}

/** Bins of the widest feature. */
export function widestBins(nBins: ArrayLike<number>): number {
  let most = 1;
  for (let f = 0; f < nBins.length; f++) most = Math.max(most, nBins[f]!);
  return most;
}

/**
 * One feature's scratch histogram with its non-empty cells marked: bit b for bin b (regression), bit
 * (b << shift) + c for bin b and class c (classification; a shift, so no division decodes it). The
 * scan that reads it back clears cells and marks (histogram-scan.ts).
 */
export interface MarkedHistogram {
  readonly cells: Float64Array;
  readonly marks: Int32Array;
  readonly shift: number;
  /** Lowest and highest bin present, and the first and last marked words. */
  gMin: number;
  gMax: number;
  first: number;
  last: number;
}

/** mx · BIN_SPAN + mn packs the lowest and highest bin codes present (codes are < 2^16); -1: no rows. */
const BIN_SPAN = 65536;

/** Builds the histograms of one fit's node-ordered data (node-data.ts). */
export class HistogramBuilder {
  /** Histogram cells per bin: classes (×2 with weights: weights then counts), or 2–3 for regression. */
  readonly K: number;
  /** Offset of feature f's block in a full-node histogram; total cells at [d]. */
  readonly offsets: Int32Array;
  readonly scratch: MarkedHistogram;
  private readonly data: NodeData;

  constructor(data: NodeData) {
    this.data = data;
    const { d, isC, nClasses } = data;
    const { nBins, nMissing } = data.bins;
    const weighted = data.wt !== null;
    this.K = isC ? (weighted ? 2 : 1) * nClasses : weighted ? 3 : 2;
    this.offsets = new Int32Array(d + 1);
    for (let f = 0; f < d; f++) {
      // A feature with NaN keeps its missing bin (code nBins[f]) in full-node histograms too.
      this.offsets[f + 1] = this.offsets[f]! + (nBins[f]! + (nMissing[f]! > 0 ? 1 : 0)) * this.K;
    }
    const maxB = widestBins(nBins);
    const shift = isC ? classBits(nClasses) : 0;
    this.scratch = { cells: new Float64Array(maxB * this.K), marks: new Int32Array(((maxB << shift) + 31) >>> 5), shift, gMin: 0, gMax: 0, first: 0, last: 0 };
  }

  /** Cells of one full-node histogram (every feature's bins). */
  get cells(): number {
    return this.offsets[this.data.d]!;
  }

  /** Feature f's block of a full-node histogram over [start, end), added into h (zero it first). */
  feature(h: Float64Array, start: number, end: number, f: number): void {
    if (this.data.isC) this.classHistogram(h, this.offsets[f]!, start, end, f);
    else this.regressionHistogram(h, this.offsets[f]!, start, end, f);
  }

  /** Every non-constant feature's histogram over [start, end) into a full-node buffer. */
  node(cells: Float64Array, start: number, end: number): void {
    const constFlag = this.data.constFlag;
    for (let f = 0; f < this.data.d; f++) {
      if (constFlag[f] === 1) continue;
      this.feature(cells, start, end, f);
    }
  }

  /** Small nodes: feature f's class histogram into the scratch, its (bin, class) cells marked. */
  markedClasses(start: number, end: number, f: number): void {
    const { codes, pos, lab, wt: w, n, nClasses: C } = this.data;
    const s = this.scratch;
    const shift = s.shift;
    const span =
      w === null
        ? markedCounts(s.cells, codes, f * n, pos, lab, start, end, this.K, shift, s.marks)
        : markedWeights(s.cells, codes, f * n, pos, lab, w, start, end, this.K, C, shift, s.marks);
    // (No rows: span -1, the empty span.)
    const mn = span < 0 ? 0x7fffffff : span % BIN_SPAN;
    const mx = span < 0 ? 0 : (span - mn) / BIN_SPAN;
    // The marked words span the bins present (no search of the marks for the first and last).
    s.gMin = mn;
    s.gMax = mx;
    s.first = (mn << shift) >>> 5;
    s.last = ((mx << shift) + C - 1) >>> 5;
  }

  /** Small nodes: feature f's regression histogram into the scratch, its bins marked (range: histogram-scan.ts). */
  markedRegression(start: number, end: number, f: number): void {
    const { codes, pos, tgt, wt, n } = this.data;
    const s = this.scratch;
    markedSums(s.cells, codes, f * n, pos, tgt, wt, start, end, this.K, s.marks);
  }

  /** Class histogram of feature f over [start, end) into h[off + bin*K + ...]. */
  private classHistogram(h: Float64Array, off: number, start: number, end: number, f: number): void {
    const { codes, pos, lab, wt, n } = this.data;
    if (wt === null) classCounts(h, off, codes, f * n, pos, lab, start, end, this.K);
    else classWeights(h, off, codes, f * n, pos, lab, wt, start, end, this.K, this.data.nClasses);
  }

  /** Count, Σw·y (and Σw) per bin of feature f over [start, end) into h[off + bin*K + ...]. */
  private regressionHistogram(h: Float64Array, off: number, start: number, end: number, f: number): void {
    const { codes, pos, tgt, wt, n } = this.data;
    if (wt === null) regressionSums(h, off, codes, f * n, pos, tgt, start, end);
    else regressionWeightedSums(h, off, codes, f * n, pos, tgt, wt, start, end);
  }
}

function classCounts(h: Float64Array, off: number, codes: BinCodes, base: number, pos: Int32Array, lab: Int32Array, start: number, end: number, K: number): void {
  for (let i = start; i < end; i++) h[off + codes[base + pos[i]!]! * K + lab[i]!]! += 1;
}

function classWeights(h: Float64Array, off: number, codes: BinCodes, base: number, pos: Int32Array, lab: Int32Array, w: Float64Array, start: number, end: number, K: number, C: number): void {
  for (let i = start; i < end; i++) {
    const cell = off + codes[base + pos[i]!]! * K + lab[i]!;
    h[cell]! += w[i]!;
    h[cell + C]! += 1;
  }
}

function regressionSums(h: Float64Array, off: number, codes: BinCodes, base: number, pos: Int32Array, t: Float64Array, start: number, end: number): void {
  for (let i = start; i < end; i++) {
    const cell = off + codes[base + pos[i]!]! * 2;
    h[cell]! += 1;
    h[cell + 1]! += t[i]!;
  }
}

function regressionWeightedSums(h: Float64Array, off: number, codes: BinCodes, base: number, pos: Int32Array, t: Float64Array, w: Float64Array, start: number, end: number): void {
  for (let i = start; i < end; i++) {
    const cell = off + codes[base + pos[i]!]! * 3;
    const wi = w[i]!;
    h[cell]! += 1;
    h[cell + 1]! += wi * t[i]!;
    h[cell + 2]! += wi;
  }
}

/** Count, Σw·y (and Σw) per bin into the scratch, marking bit b of each bin present. */
function markedSums(h: Float64Array, codes: BinCodes, base: number, pos: Int32Array, t: Float64Array, w: Float64Array | null, start: number, end: number, K: number, marks: Int32Array): void {
  for (let i = start; i < end; i++) {
    const b = codes[base + pos[i]!]!;
    const cell = b * K;
    const wi = w === null ? 1 : w[i]!;
    h[cell]! += 1;
    h[cell + 1]! += wi * t[i]!;
    if (w !== null) h[cell + 2]! += wi;
    marks[b >>> 5]! |= 1 << (b & 31);
  }
}

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
