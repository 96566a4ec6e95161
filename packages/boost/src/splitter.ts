/**
 * The best split of a node from its histograms (scikit-learn's `Splitter.find_node_split`).
 *
 * Node value (Eq. 5 of XGBoost): v = −G / (H + λ + 1e−15), clipped to the node's monotonic bounds.
 * Node loss from its value (Eq. 6): G·v. Gain of a split (Eq. 7): loss(node) − loss(left) −
 * loss(right), where loss(node) uses the node's own (bounded) value — 0 at the root, as scikit-learn.
 * A split violating the feature's monotonic constraint (left value above right for +1, below for −1)
 * has gain −1.
 *
 * Numeric features: bins scanned left to right with missing values on the right; when the feature
 * had missing values in training, also right to left with them on the left (a later scan wins only
 * with a strictly larger gain). Candidates need min_samples_leaf samples and min_hessian_to_split
 * hessian on each side. Categorical features (Fisher's grouping): the categories with enough support
 * (hessian · n/H ≥ 10) sorted by G/(H + 10) and scanned in both directions over half the categories.
 * Among features, the first with the largest gain wins (strictly larger replaces).
 */
import type { HistogramPool } from './histogram.js';

/** The record every scan fills (scikit-learn's split_info_struct). */
export class SplitRecord {
  gain = -1;
  feature = 0;
  bin = 0;
  missingGoToLeft = 0;
  sumGradientLeft = 0;
  sumHessianLeft = 0;
  sumGradientRight = 0;
  sumHessianRight = 0;
  nLeft = 0;
  nRight = 0;
  valueLeft = 0;
  valueRight = 0;
  isCategorical = 0;
  /** Bins going left (categorical splits; the missing bin included when missing values go left). */
  leftBins: Uint8Array | null = null;

  copyFrom(o: SplitRecord): void {
    this.gain = o.gain;
    this.feature = o.feature;
    this.bin = o.bin;
    this.missingGoToLeft = o.missingGoToLeft;
    this.sumGradientLeft = o.sumGradientLeft;
    this.sumHessianLeft = o.sumHessianLeft;
    this.sumGradientRight = o.sumGradientRight;
    this.sumHessianRight = o.sumHessianRight;
    this.nLeft = o.nLeft;
    this.nRight = o.nRight;
    this.valueLeft = o.valueLeft;
    this.valueRight = o.valueRight;
    this.isCategorical = o.isCategorical;
    this.leftBins = o.leftBins === null ? null : o.leftBins.slice();
  }
}

export interface SplitterParams {
  readonly nBinsNonMissing: Uint32Array;
  readonly missingBin: number;
  readonly hasMissing: Uint8Array;
  readonly isCategorical: Uint8Array;
  readonly monotonicCst: Int8Array;
  readonly l2: number;
  readonly minHessianToSplit: number;
  readonly minSamplesLeaf: number;
  readonly minGainToSplit: number;
  readonly constantHessian: boolean;
}

/** Node value −G/(H + λ), bounded (scikit-learn's compute_node_value). */
export function nodeValue(g: number, h: number, lower: number, upper: number, l2: number): number {
  const v = -g / (h + l2 + 1e-15);
  return v < lower ? lower : v > upper ? upper : v;
}

function splitGain(gl: number, hl: number, gr: number, hr: number, lossNode: number, cst: number, lower: number, upper: number, l2: number): number {
  const vl = nodeValue(gl, hl, lower, upper, l2);
  const vr = nodeValue(gr, hr, lower, upper, l2);
  if ((cst === 1 && vl > vr) || (cst === -1 && vl < vr)) return -1;
  return lossNode - gl * vl - gr * vr;
}

/**
 * Scratch of the categorical scan, sized for 256 bins.
 */
const catBin = new Int32Array(257);
const catValue = new Float64Array(257);
const catOrder = new Int32Array(257);
const catTmp = new Int32Array(257);

export class Splitter {
  private readonly p: SplitterParams;
  private readonly cand = new SplitRecord();

  constructor(params: SplitterParams) {
    this.p = params;
  }

  /**
   * Fills `best` with the node's best split over `features` (`mask[j]` 0 skips features[j]: feature
   * subsampling); best.gain stays −1 when no split is valid.
   */
  findNodeSplit(
    pool: HistogramPool,
    slot: number,
    nSamples: number,
    sumG: number,
    sumH: number,
    value: number,
    lower: number,
    upper: number,
    features: Int32Array,
    mask: Uint8Array | null,
    best: SplitRecord,
  ): void {
    best.gain = -1;
    best.feature = features[0]!;
    best.isCategorical = this.p.isCategorical[features[0]!]!;
    best.leftBins = null;
    const c = this.cand;
    for (let j = 0; j < features.length; j++) {
      const f = features[j]!;
      c.gain = -1;
      c.feature = f;
      c.isCategorical = this.p.isCategorical[f]!;
      c.leftBins = null;
      if (mask === null || mask[j] === 1) {
        if (c.isCategorical) this.scanCategory(pool, slot, f, nSamples, sumG, sumH, value, lower, upper, c);
        else {
          this.scanLeftToRight(pool, slot, f, nSamples, sumG, sumH, value, lower, upper, c);
          if (this.p.hasMissing[f]) this.scanRightToLeft(pool, slot, f, nSamples, sumG, sumH, value, lower, upper, c);
        }
      }
      if (j === 0 || c.gain > best.gain) best.copyFrom(c);
    }
  }

  private finish(s: SplitRecord, gain: number, bin: number, missingLeft: number, gl: number, hl: number, nl: number, n: number, G: number, H: number, lower: number, upper: number): void {
    const l2 = this.p.l2;
    s.gain = gain;
    s.bin = bin;
    s.missingGoToLeft = missingLeft;
    s.sumGradientLeft = gl;
    s.sumGradientRight = G - gl;
    s.sumHessianLeft = hl;
    s.sumHessianRight = H - hl;
    s.nLeft = nl;
    s.nRight = n - nl;
    s.valueLeft = nodeValue(gl, hl, lower, upper, l2);
    s.valueRight = nodeValue(G - gl, H - hl, lower, upper, l2);
  }

  private scanLeftToRight(pool: HistogramPool, slot: number, f: number, n: number, G: number, H: number, value: number, lower: number, upper: number, s: SplitRecord): void {
    const p = this.p;
    const off = f * pool.nBins;
    const hist = pool.hist[slot]!;
    const end = p.nBinsNonMissing[f]! - 1 + p.hasMissing[f]!;
    const cst = p.monotonicCst[f]!;
    const msl = p.minSamplesLeaf;
    const mh = p.minHessianToSplit;
    const lossNode = G * value;
    const hk = p.constantHessian ? 2 : 1;
    const l2 = p.l2;
    const minGain = p.minGainToSplit;
    let gl = 0;
    let hl = 0;
    let nl = 0;
    let bestGain = -1;
    let found = false;
    let bBin = 0;
    let bG = 0;
    let bH = 0;
    let bN = 0;
    for (let b = 0; b < end; b++) {
      const k = 3 * (off + b);
      nl += hist[k + 2]!;
      const nr = n - nl;
      hl += hist[k + hk]!;
      const hr = H - hl;
      gl += hist[k]!;
      const gr = G - gl;
      if (nl < msl) continue;
      if (nr < msl) break;
      if (hl < mh) continue;
      if (hr < mh) break;
      const gain = splitGain(gl, hl, gr, hr, lossNode, cst, lower, upper, l2);
      if (gain > bestGain && gain > minGain) {
        found = true;
        bestGain = gain;
        bBin = b;
        bG = gl;
        bH = hl;
        bN = nl;
      }
    }
    if (found) this.finish(s, bestGain, bBin, 0, bG, bH, bN, n, G, H, lower, upper);
  }

  private scanRightToLeft(pool: HistogramPool, slot: number, f: number, n: number, G: number, H: number, value: number, lower: number, upper: number, s: SplitRecord): void {
    const p = this.p;
    const off = f * pool.nBins;
    const hist = pool.hist[slot]!;
    const start = p.nBinsNonMissing[f]! - 2;
    const cst = p.monotonicCst[f]!;
    const msl = p.minSamplesLeaf;
    const mh = p.minHessianToSplit;
    const lossNode = G * value;
    const hk = p.constantHessian ? 2 : 1;
    const l2 = p.l2;
    const minGain = p.minGainToSplit;
    let gr = 0;
    let hr = 0;
    let nr = 0;
    let bestGain = s.gain;
    let found = false;
    let bBin = 0;
    let bG = 0;
    let bH = 0;
    let bN = 0;
    for (let b = start; b >= 0; b--) {
      const k = 3 * (off + b + 1);
      nr += hist[k + 2]!;
      const nl = n - nr;
      hr += hist[k + hk]!;
      const hl = H - hr;
      gr += hist[k]!;
      const gl = G - gr;
      if (nr < msl) continue;
      if (nl < msl) break;
      if (hr < mh) continue;
      if (hl < mh) break;
      const gain = splitGain(gl, hl, gr, hr, lossNode, cst, lower, upper, l2);
      if (gain > bestGain && gain > minGain) {
        found = true;
        bestGain = gain;
        bBin = b;
        bG = gl;
        bH = hl;
        bN = nl;
      }
    }
    if (found) this.finish(s, bestGain, bBin, 1, bG, bH, bN, n, G, H, lower, upper);
  }

  private scanCategory(pool: HistogramPool, slot: number, f: number, n: number, G: number, H: number, value: number, lower: number, upper: number, s: SplitRecord): void {
    const p = this.p;
    const off = f * pool.nBins;
    const hist = pool.hist[slot]!;
    const nbnm = p.nBinsNonMissing[f]!;
    const MIN_CAT_SUPPORT = 10;
    const support = n / H;
    let used = 0;
    const consider = (b: number): void => {
      const k = 3 * (off + b);
      const hb = p.constantHessian ? hist[k + 2]! : hist[k + 1]!;
      if (hb * support >= MIN_CAT_SUPPORT) {
        catBin[used] = b;
        catValue[used] = hist[k]! / (hb + MIN_CAT_SUPPORT);
        used++;
      }
    };
    for (let b = 0; b < nbnm; b++) consider(b);
    if (p.hasMissing[f]) consider(p.missingBin);
    if (used <= 1) return;
    sortCategories(used);
    const cst = p.monotonicCst[f]!;
    const lossNode = G * value;
    let bestGain = -1;
    let found = false;
    let bThresh = 0;
    let bG = 0;
    let bH = 0;
    let bN = 0;
    let bDir = 0;
    for (const dir of [1, -1]) {
      const middle = dir === 1 ? (used + 1) >> 1 : ((used + 1) >> 1) - 1;
      let gl = 0;
      let hl = 0;
      let nl = 0;
      for (let i = 0; i < middle; i++) {
        const sorted = dir === 1 ? i : used - 1 - i;
        const k = 3 * (off + catBin[catOrder[sorted]!]!);
        nl += hist[k + 2]!;
        const nr = n - nl;
        hl += p.constantHessian ? hist[k + 2]! : hist[k + 1]!;
        const hr = H - hl;
        gl += hist[k]!;
        const gr = G - gl;
        if (nl < p.minSamplesLeaf || hl < p.minHessianToSplit) continue;
        if (nr < p.minSamplesLeaf || hr < p.minHessianToSplit) break;
        const gain = splitGain(gl, hl, gr, hr, lossNode, cst, lower, upper, p.l2);
        if (gain > bestGain && gain > p.minGainToSplit) {
          found = true;
          bestGain = gain;
          bThresh = sorted;
          bG = gl;
          bH = hl;
          bN = nl;
          bDir = dir;
        }
      }
    }
    if (!found) return;
    this.finish(s, bestGain, 0, 0, bG, bH, bN, n, G, H, lower, upper);
    const left = new Uint8Array(pool.nBins);
    if (bDir === 1) for (let i = 0; i <= bThresh; i++) left[catBin[catOrder[i]!]!] = 1;
    else for (let i = used - 1; i >= bThresh; i--) left[catBin[catOrder[i]!]!] = 1;
    s.leftBins = left;
    if (p.hasMissing[f]) s.missingGoToLeft = left[p.missingBin]!;
  }
}

/**
 * Orders the first `n` categories by value into catOrder: a merge sort taking the right run's head
 * unless the left one is strictly smaller — glibc's merge-sort qsort with scikit-learn's comparator
 * (−1 when a < b, else 1). Categories of equal value are a tie scikit-learn leaves to qsort.
 */
function sortCategories(n: number): void {
  for (let i = 0; i < n; i++) catOrder[i] = i;
  msort(0, n);
}

function msort(lo: number, n: number): void {
  // Explicit bottom-up order would differ from glibc's top-down halves; n <= 256 keeps recursion shallow (log2 256 = 8 levels).
  if (n <= 1) return;
  const n1 = n >> 1;
  const n2 = n - n1;
  msort(lo, n1);
  msort(lo + n1, n2);
  let a = lo;
  let b = lo + n1;
  const aEnd = lo + n1;
  const bEnd = lo + n;
  let k = 0;
  while (a < aEnd && b < bEnd) {
    if (catValue[catOrder[a]!]! < catValue[catOrder[b]!]!) catTmp[k++] = catOrder[a++]!;
    else catTmp[k++] = catOrder[b++]!;
  }
  while (a < aEnd) catTmp[k++] = catOrder[a++]!;
  for (let i = 0; i < k; i++) catOrder[lo + i] = catTmp[i]!;
}
