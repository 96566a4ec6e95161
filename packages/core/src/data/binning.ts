import { InvalidArgumentError } from '@dt/errors';
import { isSmallIntColumn, lowerBound, SMALL_INT } from './feature-index.js';
import type { ColumnMajor } from './input.js';
import type { BinCodes, Bins } from './bins.js';
import { createFloatSortScratch, radixSortFloatPairs, type FloatSortScratch } from './sort.js';

export type { BinCodes, Bins } from './bins.js';

/**
 * Bins the columns of X. `weights` (or unit weights) decide the quantile edges of features with
 * more than maxBins distinct values. maxBins <= 256 gives 8-bit codes, more gives 16-bit codes,
 * in a buffer from `alloc` when given (shared memory for worker threads).
 */
export function buildBins(X: ColumnMajor, weights: Float64Array | null, maxBins: number, alloc?: (bytes: number) => ArrayBufferLike): Bins;
/** With `exactOnly`: null as soon as a feature has more than maxBins distinct values (splitter 'auto'). */
export function buildBins(X: ColumnMajor, weights: Float64Array | null, maxBins: number, alloc: ((bytes: number) => ArrayBufferLike) | undefined, exactOnly: true): Bins | null;
export function buildBins(X: ColumnMajor, weights: Float64Array | null, maxBins: number, alloc?: (bytes: number) => ArrayBufferLike, exactOnly = false): Bins | null {
  const { rows: n, cols: d } = X;
  const nMissing = new Int32Array(d);
  // One pass over the values as stored (never the column-major copy of a row-major input).
  const stored = X.rowMajor ?? X.data;
  const anyMissing = (stored instanceof Float64Array || stored instanceof Float32Array) && hasNaN(stored);
  // The missing bin takes one more code.
  const wide = maxBins + (anyMissing ? 1 : 0) > 256;
  const buffer = alloc === undefined ? null : alloc(n * d * (wide ? 2 : 1));
  const codes: BinCodes = buffer === null ? (wide ? new Uint16Array(n * d) : new Uint8Array(n * d)) : wide ? new Uint16Array(buffer) : new Uint8Array(buffer);
  const nBins = new Int32Array(d);
  const lo: Float64Array[] = [];
  const hi: Float64Array[] = [];
  const mean: Float64Array[] = [];
  const exact = new Uint8Array(d);
  // Distinct values of one feature (or of a sample of its rows), with their counts and weights.
  const cap = Math.max(maxBins + 1, Math.min(n, SAMPLE_ROWS));
  const s: Scratch = {
    uniq: new Float64Array(cap),
    cnt: new Float64Array(cap),
    wts: new Float64Array(cap),
    binOf: new Int32Array(cap),
    lut: new Int32Array(SMALL_INT),
    count: new Float64Array(SMALL_INT),
    weight: new Float64Array(weights === null ? 0 : SMALL_INT),
    sample: new Float64Array(Math.min(n, SAMPLE_ROWS)),
    sampleSort: null,
  };
  const rm = X.rowMajor;
  if (rm instanceof Uint8Array) {
    const ok = byteBins(rm, n, d, weights, maxBins, s, codes, exactOnly, nBins, lo, hi, mean, exact);
    return ok ? { n, d, codes, nBins, lo, hi, mean, exact, nMissing } : null;
  }
  const column = columnReader(X);
  for (let f = 0; f < d; f++) {
    let col = column(f);
    let out = codes.subarray(f * n, (f + 1) * n);
    let w = weights;
    const present = anyMissing && hasNaN(col) ? presentRows(col) : null;
    if (present !== null) {
      // Bin the non-missing rows alone, then scatter their codes; NaN rows get the missing bin.
      col = Float64Array.from(present, (i) => col[i]!);
      w = weights === null ? null : Float64Array.from(present, (i) => weights[i]!);
      out = codes instanceof Uint8Array ? new Uint8Array(present.length) : new Uint16Array(present.length);
      nMissing[f] = n - present.length;
    }
    const bins =
      col.length === 0
        ? { lo: new Float64Array(0), hi: new Float64Array(0), mean: new Float64Array(0), exact: true }
        : isSmallIntColumn(col)
          ? smallIntBins(col, w, maxBins, s, out, exactOnly)
          : (distinctBins(col, w, maxBins, s, out) ?? (exactOnly ? null : quantileBins(col, w, maxBins, s, out)));
    if (bins === null) return null;
    if (present !== null && bins.lo.length >= 65536) {
      // The missing bin's code (nBins[f]) would not fit in 16 bits.
      throw new InvalidArgumentError('maxBins', 'at most 65535 when a feature with NaN has more distinct values (its missing bin needs a code of its own)', maxBins);
    }
    if (present !== null) {
      const full = codes.subarray(f * n, (f + 1) * n);
      full.fill(bins.lo.length);
      for (let j = 0; j < present.length; j++) full[present[j]!] = out[j]!;
    }
    nBins[f] = bins.lo.length;
    lo.push(bins.lo);
    hi.push(bins.hi);
    mean.push(bins.mean);
    exact[f] = bins.exact ? 1 : 0;
  }
  return { n, d, codes, nBins, lo, hi, mean, exact, nMissing };
}

function hasNaN(col: Float64Array | Float32Array): boolean {
  for (let i = 0; i < col.length; i++) if (col[i] !== col[i]) return true;
  return false;
}

/** Indices of the non-NaN entries of a column. */
function presentRows(col: Float64Array): Int32Array {
  let k = 0;
  for (let i = 0; i < col.length; i++) if (col[i] === col[i]) k++;
  const out = new Int32Array(k);
  k = 0;
  for (let i = 0; i < col.length; i++) if (col[i] === col[i]) out[k++] = i;
  return out;
}

/** Rows sampled (evenly spaced) to place quantile edges of features with many distinct values. */
const SAMPLE_ROWS = 100_000;

interface Scratch {
  uniq: Float64Array;
  cnt: Float64Array;
  wts: Float64Array;
  binOf: Int32Array;
  lut: Int32Array;
  /** All zero between uses. */
  count: Float64Array;
  weight: Float64Array;
  sample: Float64Array;
  /** The sample's radix sort (created by the first feature that needs quantile edges). */
  sampleSort: { words: Uint32Array; idx: Int32Array; scratch: FloatSortScratch } | null;
}

interface FeatureBins {
  lo: Float64Array;
  hi: Float64Array;
  mean: Float64Array;
  exact: boolean;
}

/** Bins from k sorted distinct values with counts (binOf filled by assignBins). */
function binsOfDistinct(s: Scratch, k: number, b: number): FeatureBins {
  const l = new Float64Array(b);
  const h = new Float64Array(b);
  const m = new Float64Array(b);
  const c = new Float64Array(b);
  for (let r = 0; r < k; r++) {
    const bin = s.binOf[r]!;
    const v = s.uniq[r]!;
    if (c[bin] === 0) l[bin] = v;
    h[bin] = v;
    m[bin]! += s.cnt[r]! * v;
    c[bin]! += s.cnt[r]!;
  }
  for (let bin = 0; bin < b; bin++) m[bin] = l[bin] === h[bin] ? l[bin]! : clamp(m[bin]! / c[bin]!, l[bin]!, h[bin]!);
  return { lo: l, hi: h, mean: m, exact: b === k };
}

/** Pixels, counts and codes: a table over the values gives distinct values, counts and weights in O(n). */
function smallIntBins(col: Float64Array, weights: Float64Array | null, maxBins: number, s: Scratch, out: BinCodes, exactOnly: boolean): FeatureBins | null {
  const n = col.length;
  const count = s.count;
  const weight = s.weight;
  let top = 0;
  for (let i = 0; i < n; i++) {
    const v = col[i]!;
    count[v]! += 1;
    if (weights !== null) weight[v]! += weights[i]!;
    if (v > top) top = v;
  }
  const bins = tableBins(weights !== null, top, maxBins, s, exactOnly);
  if (bins !== null) {
    const lut = s.lut;
    for (let i = 0; i < n; i++) out[i] = lut[col[i]!]!;
  }
  return bins;
}

/**
 * Byte features (row-major Uint8Array input, e.g. pixels): smallIntBins for every column from one
 * pass over the rows into a per-feature table of the 256 values' counts (and weights, added in row
 * order as smallIntBins adds them, so the sums are the same), then the codes written column-major
 * through each feature's value-to-bin table, a block of columns at a time. No float64 column, no
 * small-integer test (bytes always are). The same bins as the column path; false where it gives null.
 */
function byteBins(
  rm: Uint8Array,
  n: number,
  d: number,
  weights: Float64Array | null,
  maxBins: number,
  s: Scratch,
  codes: BinCodes,
  exactOnly: boolean,
  nBins: Int32Array,
  lo: Float64Array[],
  hi: Float64Array[],
  mean: Float64Array[],
  exact: Uint8Array,
): boolean {
  // Integer counts (exact, as smallIntBins' float counts are; half the table's bytes).
  const counts = new Int32Array(d * 256);
  const sums = weights === null ? null : new Float64Array(d * 256);
  for (let i = 0; i < n; i++) {
    const row = i * d;
    if (sums === null) for (let f = 0, t = 0; f < d; f++, t += 256) counts[t + rm[row + f]!]! += 1;
    else {
      const wi = weights![i]!;
      for (let f = 0, t = 0; f < d; f++, t += 256) {
        const cell = t + rm[row + f]!;
        counts[cell]! += 1;
        sums[cell]! += wi;
      }
    }
  }
  const luts = new Uint16Array(d * 256);
  for (let f = 0; f < d; f++) {
    const t = f * 256;
    let top = 0;
    for (let v = 0; v < 256; v++) {
      const c = counts[t + v]!;
      if (c > 0) {
        s.count[v] = c;
        if (sums !== null) s.weight[v] = sums[t + v]!;
        top = v;
      }
    }
    const bins = tableBins(sums !== null, top, maxBins, s, exactOnly);
    if (bins === null) return false;
    for (let v = 0; v <= top; v++) luts[t + v] = s.lut[v]!;
    nBins[f] = bins.lo.length;
    lo.push(bins.lo);
    hi.push(bins.hi);
    mean.push(bins.mean);
    exact[f] = bins.exact ? 1 : 0;
  }
  // Codes column-major: rows read one cache line of BYTE_BLOCK columns at a time.
  for (let f0 = 0; f0 < d; f0 += BYTE_BLOCK) {
    const f1 = Math.min(d, f0 + BYTE_BLOCK);
    for (let i = 0; i < n; i++) {
      const row = i * d;
      for (let f = f0; f < f1; f++) codes[f * n + i] = luts[(f << 8) + rm[row + f]!]!;
    }
  }
  return true;
}

/** Columns coded per pass over the rows of a byte matrix (a cache line of each row). */
const BYTE_BLOCK = 64;

/**
 * The bins of one small-integer feature from its value table: s.count (and s.weight when
 * `weighted`) over values [0, top], cleared here; leaves each value's bin in s.lut[0..top].
 * Null (tables cleared) when `exactOnly` and there are more than maxBins distinct values.
 */
function tableBins(weighted: boolean, top: number, maxBins: number, s: Scratch, exactOnly: boolean): FeatureBins | null {
  const count = s.count;
  const weight = s.weight;
  // Distinct values in order; k may exceed maxBins here, so uniq/cnt/wts are table-sized if needed.
  let k = 0;
  for (let v = 0; v <= top; v++) if (count[v]! > 0) k++;
  if (exactOnly && k > maxBins) {
    count.fill(0, 0, top + 1);
    if (weighted) weight.fill(0, 0, top + 1);
    return null;
  }
  const big = k > s.uniq.length;
  const uniq = big ? new Float64Array(k) : s.uniq;
  const cnt = big ? new Float64Array(k) : s.cnt;
  const wts = big ? new Float64Array(k) : s.wts;
  k = 0;
  for (let v = 0; v <= top; v++) {
    const c = count[v]!;
    if (c > 0) {
      uniq[k] = v;
      cnt[k] = c;
      wts[k] = weighted ? weight[v]! : c;
      if (weighted) weight[v] = 0;
      s.lut[v] = k;
      k++;
      count[v] = 0;
    }
  }
  const binOf = big ? new Int32Array(k) : s.binOf;
  const b = assignBins(k, wts, maxBins, binOf);
  const lut = s.lut;
  for (let v = 0; v <= top; v++) lut[v] = binOf[lut[v]!]!;
  return binsOfDistinct({ ...s, uniq, cnt, wts, binOf }, k, b);
}

/**
 * Every distinct value its own bin, when there are at most maxBins of them (else null): a sorted
 * list of the values seen, abandoned as soon as it grows past maxBins.
 */
function distinctBins(col: Float64Array, weights: Float64Array | null, maxBins: number, s: Scratch, out: BinCodes): FeatureBins | null {
  const n = col.length;
  const uniq = s.uniq;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const v = col[i]!;
    const r = lowerBound(uniq, k, v);
    if (r < k && uniq[r] === v) continue;
    if (k === maxBins) return null;
    // lowerBound returns k-1 for v above everything: insert after it.
    const at = r === k - 1 && uniq[r]! < v ? k : r;
    uniq.copyWithin(at + 1, at, k);
    uniq[at] = v;
    k++;
  }
  s.cnt.fill(0, 0, k);
  s.wts.fill(0, 0, k);
  for (let i = 0; i < n; i++) {
    const r = lowerBound(uniq, k, col[i]!);
    out[i] = r;
    s.cnt[r]! += 1;
    s.wts[r]! += weights === null ? 1 : weights[i]!;
  }
  for (let r = 0; r < k; r++) s.binOf[r] = r;
  return binsOfDistinct(s, k, k);
}

/**
 * Weighted quantile bins from an evenly spaced sample of the rows (all rows up to SAMPLE_ROWS):
 * edges between the sample's distinct values, then every row coded by binary search; each bin's
 * lo/hi/mean are those of all rows in it.
 */
function quantileBins(col: Float64Array, weights: Float64Array | null, maxBins: number, s: Scratch, out: BinCodes): FeatureBins {
  const n = col.length;
  const m = s.sample.length;
  const sample = s.sample;
  for (let j = 0; j < m; j++) sample[j] = col[Math.floor((j * n) / m)]!;
  // The radix sort of the values' bits (sort.ts) gives typed-array sort's order (-0 before 0; the
  // values have no NaN) several times faster on 10^4+ values; the order of equal values is moot here.
  const ss = (s.sampleSort ??= { words: new Uint32Array(sample.buffer), idx: new Int32Array(m), scratch: createFloatSortScratch(m) });
  // Every row sampled (n <= SAMPLE_ROWS): the sort's permutation gives each row's bin directly.
  const whole = m === n;
  const ix = ss.idx;
  if (whole) for (let j = 0; j < m; j++) ix[j] = j;
  radixSortFloatPairs(sample, ss.words, ix, m, ss.scratch);
  const uniq = s.uniq;
  const wts = s.wts;
  let k = 0;
  if (weights === null) {
    // Unit weights: a distinct value's weight is its run length in the sorted sample.
    for (let j = 0; j < m; j++) {
      const v = sample[j]!;
      if (k === 0 || v !== uniq[k - 1]!) {
        uniq[k] = v;
        wts[k++] = 1;
      } else wts[k - 1]! += 1;
    }
  } else {
    for (let j = 0; j < m; j++) {
      const v = sample[j]!;
      if (k === 0 || v !== uniq[k - 1]!) uniq[k++] = v;
    }
    wts.fill(0, 0, k);
    for (let j = 0; j < m; j++) {
      const i = Math.floor((j * n) / m);
      wts[lowerBound(uniq, k, col[i]!)]! += weights[i]!;
    }
  }
  const b = assignBins(k, wts, maxBins, s.binOf);
  if (whole) {
    // Row ix[j] holds the j-th sorted value; its distinct value's bin is the one the search below
    // finds (every row is a sampled value, never above the last bound).
    const binOf = s.binOf;
    let r = 0;
    for (let j = 0; j < m; j++) {
      if (j > 0 && sample[j] !== sample[j - 1]) r++;
      out[ix[j]!] = binOf[r]!;
    }
  }
  // upper[bin] = the largest sampled value in the bin; the last bin is open above. Padded with
  // +Infinity to a power of two so that every row's bin is a fixed number of halvings.
  let size = 1;
  while (size < b) size <<= 1;
  const upper = new Float64Array(size).fill(Number.POSITIVE_INFINITY);
  for (let r = 0; r < k; r++) upper[s.binOf[r]!] = uniq[r]!;
  const l = new Float64Array(b).fill(Number.POSITIVE_INFINITY);
  const h = new Float64Array(b).fill(Number.NEGATIVE_INFINITY);
  const sum = new Float64Array(b);
  const c = new Float64Array(b);
  for (let i = 0; i < n; i++) {
    const v = col[i]!;
    // The first bin whose upper bound is >= v (the last bin above every bound): lowerBound(upper, b, v).
    let bin = 0;
    if (whole) bin = out[i]!;
    else {
      for (let half = size >>> 1; half > 0; half >>>= 1) if (upper[bin + half - 1]! < v) bin += half;
      if (bin >= b) bin = b - 1;
      out[i] = bin;
    }
    if (v < l[bin]!) l[bin] = v;
    if (v > h[bin]!) h[bin] = v;
    sum[bin]! += v;
    c[bin]! += 1;
  }
  let exact = true;
  for (let bin = 0; bin < b; bin++) {
    sum[bin] = l[bin] === h[bin] ? l[bin]! : clamp(sum[bin]! / c[bin]!, l[bin]!, h[bin]!);
    if (l[bin] !== h[bin]) exact = false;
  }
  return { lo: l, hi: h, mean: sum, exact };
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
