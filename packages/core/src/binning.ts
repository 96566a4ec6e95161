import type { ColumnMajor } from './input.js';

export type BinCodes = Uint8Array | Uint16Array;

/**
 * Per-feature histogram bins, computed once per fit for the 'hist' splitter. `codes[f*n + s]` is the
 * bin of sample s on feature f (column-major: a node's histogram reads one contiguous run per
 * feature). Every distinct value is its own bin when a feature has at most maxBins of them (then a
 * split search over bins is exact); otherwise edges sit at weighted quantiles, never between equal
 * values.
 */
export interface Bins {
  n: number;
  d: number;
  codes: BinCodes;
  nBins: Int32Array;
  /** Smallest and largest training value in each bin: thresholds are midpoints between these. */
  lo: Float64Array[];
  hi: Float64Array[];
  /** Mean training value of each bin (what criteria scan); the value itself when the bin holds one. */
  mean: Float64Array[];
  /** Features whose bins each hold one distinct value. */
  exact: Uint8Array;
}

const SMALL_INT = 65536;

/**
 * Bins the columns of X. `weights` (or unit weights) decide the quantile edges of features with
 * more than maxBins distinct values. maxBins <= 256 gives 8-bit codes, more gives 16-bit codes.
 */
export function buildBins(X: ColumnMajor, weights: Float64Array | null, maxBins: number): Bins {
  const { rows: n, cols: d } = X;
  const column = columnReader(X);
  const codes: BinCodes = maxBins <= 256 ? new Uint8Array(n * d) : new Uint16Array(n * d);
  const nBins = new Int32Array(d);
  const lo: Float64Array[] = [];
  const hi: Float64Array[] = [];
  const mean: Float64Array[] = [];
  const exact = new Uint8Array(d);
  // Distinct values of one feature, with their sample counts and weights.
  const uniq = new Float64Array(n);
  const cnt = new Float64Array(n);
  const wts = new Float64Array(n);
  const rank = new Int32Array(n);
  const sorted = new Float64Array(n);
  const tableCount = new Float64Array(SMALL_INT);
  const tableWeight = new Float64Array(SMALL_INT);
  const lut = new Int32Array(SMALL_INT);
  const binOf = new Int32Array(n);
  for (let f = 0; f < d; f++) {
    const col = column(f);
    let k = 0;
    const smallInt = isSmallIntColumn(col);
    if (smallInt) {
      // Pixels, counts and codes: a table over the values gives distinct values, counts and weights in O(n).
      let top = 0;
      for (let i = 0; i < n; i++) {
        const v = col[i]!;
        tableCount[v]! += 1;
        tableWeight[v]! += weights === null ? 1 : weights[i]!;
        if (v > top) top = v;
      }
      for (let v = 0; v <= top; v++) {
        const c = tableCount[v]!;
        if (c > 0) {
          uniq[k] = v;
          cnt[k] = c;
          wts[k] = tableWeight[v]!;
          lut[v] = k;
          k++;
          tableCount[v] = 0;
          tableWeight[v] = 0;
        }
      }
      for (let i = 0; i < n; i++) rank[i] = lut[col[i]!]!;
    } else {
      sorted.set(col);
      sorted.sort();
      for (let i = 0; i < n; i++) {
        const v = sorted[i]!;
        if (k === 0 || v !== uniq[k - 1]!) uniq[k++] = v;
      }
      cnt.fill(0, 0, k);
      wts.fill(0, 0, k);
      for (let i = 0; i < n; i++) {
        const r = lowerBound(uniq, k, col[i]!);
        rank[i] = r;
        cnt[r]! += 1;
        wts[r]! += weights === null ? 1 : weights[i]!;
      }
    }
    const b = assignBins(k, wts, maxBins, binOf);
    const l = new Float64Array(b);
    const h = new Float64Array(b);
    const m = new Float64Array(b);
    const c = new Float64Array(b);
    for (let r = 0; r < k; r++) {
      const bin = binOf[r]!;
      if (c[bin] === 0) l[bin] = uniq[r]!;
      h[bin] = uniq[r]!;
      m[bin]! += cnt[r]! * uniq[r]!;
      c[bin]! += cnt[r]!;
    }
    for (let bin = 0; bin < b; bin++) m[bin] = l[bin] === h[bin] ? l[bin]! : clamp(m[bin]! / c[bin]!, l[bin]!, h[bin]!);
    const base = f * n;
    for (let i = 0; i < n; i++) codes[base + i] = binOf[rank[i]!]!;
    nBins[f] = b;
    lo.push(l);
    hi.push(h);
    mean.push(m);
    exact[f] = b === k ? 1 : 0;
  }
  return { n, d, codes, nBins, lo, hi, mean, exact };
}

/**
 * Groups k sorted distinct values (weights w) into at most maxBins consecutive bins, writing the
 * bin of each value into binOf; returns the bin count. With k <= maxBins every value is its own bin;
 * otherwise a bin closes once the cumulative weight reaches the next of maxBins equal quantiles.
 */
export function assignBins(k: number, w: Float64Array, maxBins: number, binOf: Int32Array): number {
  if (k <= maxBins) {
    for (let r = 0; r < k; r++) binOf[r] = r;
    return k;
  }
  let total = 0;
  for (let r = 0; r < k; r++) total += w[r]!;
  let bin = 0;
  let cum = 0;
  for (let r = 0; r < k; r++) {
    binOf[r] = bin;
    cum += w[r]!;
    // Leave at least one value for each bin still to come, and never exceed maxBins.
    if (bin < maxBins - 1 && r < k - 1 && cum >= ((bin + 1) * total) / maxBins) bin++;
  }
  return bin + 1;
}

/** Block of columns read from row-major data: one pass over the rows per block, not per column. */
const BLOCK_BYTES = 8 * 1024 * 1024;

/** Returns column(f) for f = 0, 1, 2, ... in order, without a full column-major copy of X. */
function columnReader(X: ColumnMajor): (f: number) => Float64Array {
  const { rows: n, cols: d } = X;
  const rm = X.rowMajor;
  if (rm === undefined) {
    const data = X.data;
    return (f) => data.subarray(f * n, (f + 1) * n);
  }
  const width = Math.max(1, Math.min(d, Math.floor(BLOCK_BYTES / (8 * n))));
  const block = new Float64Array(n * width);
  let first = -1;
  return (f) => {
    if (first < 0 || f >= first + width) {
      first = f;
      const w = Math.min(width, d - f);
      for (let i = 0; i < n; i++) {
        const row = i * d + f;
        for (let c = 0; c < w; c++) block[c * n + i] = rm[row + c]!;
      }
    }
    return block.subarray((f - first) * n, (f - first + 1) * n);
  };
}

function clamp(v: number, a: number, b: number): number {
  return v < a ? a : v > b ? b : v;
}

function isSmallIntColumn(col: Float64Array): boolean {
  for (let i = 0; i < col.length; i++) {
    const v = col[i]!;
    if (!(v >= 0 && v < SMALL_INT && (v | 0) === v)) return false;
  }
  return true;
}

function lowerBound(u: Float64Array, k: number, v: number): number {
  let lo = 0;
  let hi = k - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (u[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
