import { InvalidArgumentError } from '@dt/errors';
import type { ColumnMajor } from './input.js';

export type RankArray = Uint8Array | Uint16Array | Uint32Array;

/**
 * Per-feature value ranks, computed once per fit: `ranks[f*n + s]` is the position of sample s's
 * value among feature f's sorted distinct values `uniq[f]`. Node sorts then work on small unsigned
 * integers (counting/radix sort, class histograms) instead of doubles, and thresholds still come from
 * the exact training values.
 */
export interface FeatureIndex {
  n: number;
  d: number;
  ranks: RankArray;
  /** Sorted distinct raw values per feature (NaN excluded); thresholds are midpoints of these. */
  uniq: Float64Array[];
  nUnique: Int32Array;
  /**
   * NaN (missing) samples per feature. Their rank is nUnique[f], one past the largest value rank
   * (search/missing-values.ts), so they never take part in value comparisons.
   */
  nMissing: Int32Array;
  /**
   * The values criteria scan, per feature: `uniq` itself, or standardised copies when the model
   * scales features (distance-based criteria such as Max-Cut depend on scale; Gini does not).
   */
  scanUniq: Float64Array[];
}

/** Standardised scan values: (uniq − mean) / scale per feature; thresholds stay on raw values. */
export function withScaledScanValues(index: FeatureIndex, mean: Float64Array, scale: Float64Array): FeatureIndex {
  const scanUniq = index.uniq.map((u, f) => {
    const out = new Float64Array(u.length);
    for (let r = 0; r < u.length; r++) out[r] = (u[r]! - mean[f]!) / scale[f]!;
    return out;
  });
  return { ...index, scanUniq };
}

/**
 * Sorts every feature's distinct values once and gives each sample its value's rank (the smallest
 * unsigned typed array that fits); NaN samples take rank nUnique[f] and are counted in `nMissing`.
 */
export function buildFeatureIndex(X: ColumnMajor): FeatureIndex {
  const given = X as Partial<ColumnMajor> | null;
  // The row-major values are read when present: `data` (a lazy column-major copy) is not touched then.
  const cells = (v: unknown): number => (v !== null && typeof v === 'object' && typeof (v as ArrayLike<number>).length === 'number' ? (v as ArrayLike<number>).length : -1);
  if (
    typeof given !== 'object' ||
    given === null ||
    !Number.isInteger(given.rows) ||
    !Number.isInteger(given.cols) ||
    (given.rowMajor !== undefined ? cells(given.rowMajor) !== given.rows! * given.cols! : !(given.data instanceof Float64Array) || given.data.length !== given.rows! * given.cols!)
  ) {
    throw new InvalidArgumentError('X', 'a column-major matrix { data: Float64Array, rows, cols } (toColumnMajor)', X);
  }
  const { rows: n, cols: d } = X;
  // Columns come from the row-major values when they are at hand (no column-major copy needed).
  const rm = X.rowMajor;
  const data = rm === undefined ? X.data : null;
  const colBuf = rm === undefined ? null : new Float64Array(n);
  const column = (f: number): Float64Array => {
    if (data !== null) return data.subarray(f * n, (f + 1) * n);
    for (let i = 0, j = f; i < n; i++, j += d) colBuf![i] = rm![j]!;
    return colBuf!;
  };
  const uniq: Float64Array[] = new Array<Float64Array>(d);
  const nUnique = new Int32Array(d);
  const sorted = new Float64Array(n);
  const present = new Uint8Array(SMALL_INT);
  const lut = new Int32Array(SMALL_INT);
  const smallInt = new Uint8Array(d);
  const nMissing = new Int32Array(d);
  let maxK = 1;
  const ranker = new ValueRanker();
  for (let f = 0; f < d; f++) {
    const col = column(f);
    let k = 0;
    if (isSmallIntColumn(col)) {
      // Pixels, counts and codes: a presence table gives the distinct values in O(n), no sort.
      smallInt[f] = 1;
      let hi = 0;
      for (let i = 0; i < n; i++) {
        const v = col[i]!;
        present[v] = 1;
        if (v > hi) hi = v;
      }
      for (let v = 0; v <= hi; v++) {
        if (present[v] === 1) {
          sorted[k++] = v;
          present[v] = 0;
        }
      }
    } else {
      sorted.set(col);
      sorted.sort();
      // A typed-array sort puts NaN last: they are the feature's missing values, not distinct values.
      let end = n;
      while (end > 0 && sorted[end - 1] !== sorted[end - 1]) end--;
      nMissing[f] = n - end;
      for (let i = 0; i < end; i++) {
        const v = sorted[i]!;
        if (k === 0 || v !== sorted[k - 1]!) sorted[k++] = v;
      }
    }
    uniq[f] = sorted.slice(0, k);
    nUnique[f] = k;
    // NaN samples take rank k, so such a column needs k + 1 rank values.
    const width = nMissing[f]! > 0 ? k + 1 : k;
    if (width > maxK) maxK = width;
  }
  const ranks: RankArray =
    maxK <= 256 ? new Uint8Array(n * d) : maxK <= 65536 ? new Uint16Array(n * d) : new Uint32Array(n * d);
  for (let f = 0; f < d; f++) {
    const u = uniq[f]!;
    const k = u.length;
    const base = f * n;
    const col = column(f);
    if (smallInt[f] === 1) {
      for (let r = 0; r < k; r++) lut[u[r]!] = r;
      for (let s = 0; s < n; s++) ranks[base + s] = lut[col[s]!]!;
    } else {
      ranker.rank(col, u, k, ranks, base);
    }
  }
  return { n, d, ranks, uniq, nUnique, nMissing, scanUniq: uniq };
}

/** Columns of integers in [0, SMALL_INT) are indexed by value (no sort). */
export const SMALL_INT = 65536;

export function isSmallIntColumn(col: Float64Array): boolean {
  for (let i = 0; i < col.length; i++) {
    const v = col[i]!;
    // (v | 0) === v rejects fractions and -0 is harmless (it equals 0).
    if (!(v >= 0 && v < SMALL_INT && (v | 0) === v)) return false;
  }
  return true;
}

/**
 * Ranks of a column's values among its sorted distinct values u[0, k) (NaN: rank k): the index
 * lowerBound(u, k, v) finds, looked up in an open-addressing table keyed by the value's bits instead
 * of a binary search per sample. On dense continuous columns (Pre PCA's 784 projected columns of
 * 60,000 distinct values) the binary search's ~16 unpredictable, cache-missing steps per sample were
 * most of the feature index; one hashed probe finds the same rank. -0 is looked up as 0 (they are
 * one distinct value, as in the sort above).
 */
class ValueRanker {
  private keys = new Float64Array(0);
  private slots = new Int32Array(0);
  private readonly bits = new Float64Array(1);
  private readonly words = new Uint32Array(this.bits.buffer);

  rank(col: Float64Array, u: Float64Array, k: number, ranks: RankArray, base: number): void {
    let size = 16;
    let shift = 28; // the hash's top log2(size) bits index the table
    while (size < 2 * k) {
      size *= 2;
      shift--;
    }
    if (this.keys.length < size) {
      this.keys = new Float64Array(size);
      this.slots = new Int32Array(size);
    }
    const keys = this.keys;
    const slots = this.slots; // rank + 1; 0 = empty
    slots.fill(0, 0, size);
    const mask = size - 1;
    for (let r = 0; r < k; r++) {
      const v = u[r]! + 0;
      let h = this.hash(v) >>> shift;
      while (slots[h] !== 0) h = (h + 1) & mask;
      keys[h] = v;
      slots[h] = r + 1;
    }
    const n = col.length;
    for (let s = 0; s < n; s++) {
      const v = col[s]! + 0;
      if (v !== v) {
        ranks[base + s] = k;
        continue;
      }
      let h = this.hash(v) >>> shift;
      while (slots[h] !== 0 && keys[h] !== v) h = (h + 1) & mask;
      // Every value of the column is in u, so the probe ends at its slot (never an empty one).
      ranks[base + s] = slots[h]! - 1;
    }
  }

  private hash(v: number): number {
    this.bits[0] = v;
    const lo = this.words[0]!;
    const hi = this.words[1]!;
    return Math.imul(lo ^ Math.imul(hi ^ (hi >>> 16), 0x85ebca6b), 0x9e3779b1) >>> 0;
  }
}

export function lowerBound(u: Float64Array, k: number, v: number): number {
  let lo = 0;
  let hi = k - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (u[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The FeatureIndex of the matrix made of `rows` of the one `full` indexes (rows may repeat), without
 * reading X again: exactly what buildFeatureIndex would return for that matrix — the same distinct
 * values (a subset of full.uniq, the same Float64 values), ranks, missing counts and rank width —
 * except that a column holding both -0 and 0 keeps the sign the full matrix sorted first. Forest
 * members are fitted on their bootstrap rows: one index of the forest's X, a subset per member
 * (O(rows·d) with no sort and no strided reads of X) instead of indexing every member's copy.
 */
export function subsetFeatureIndex(full: FeatureIndex, rows: Int32Array): FeatureIndex {
  const { n, d, ranks: fullRanks } = full;
  const m = rows.length;
  let maxWidth = 1;
  for (let f = 0; f < d; f++) maxWidth = Math.max(maxWidth, full.nUnique[f]! + 1);
  const mark = new Uint8Array(maxWidth);
  const map = new Int32Array(maxWidth);
  const uniq: Float64Array[] = new Array<Float64Array>(d);
  const nUnique = new Int32Array(d);
  const nMissing = new Int32Array(d);
  let maxK = 1;
  // Pass 1 per feature: which of the full distinct values (and NaN, rank K) the rows hold.
  for (let f = 0; f < d; f++) {
    const u = full.uniq[f]!;
    const K = u.length;
    const base = f * n;
    mark.fill(0, 0, K + 1);
    let nan = 0;
    for (let j = 0; j < m; j++) {
      const r = fullRanks[base + rows[j]!]!;
      mark[r] = 1;
      if (r === K) nan++;
    }
    let k = 0;
    for (let r = 0; r < K; r++) k += mark[r]!;
    const sub = new Float64Array(k);
    for (let r = 0, p = 0; r < K; r++) if (mark[r] === 1) sub[p++] = u[r]!;
    uniq[f] = sub;
    nUnique[f] = k;
    nMissing[f] = nan;
    const width = nan > 0 ? k + 1 : k;
    if (width > maxK) maxK = width;
  }
  const ranks: RankArray =
    maxK <= 256 ? new Uint8Array(m * d) : maxK <= 65536 ? new Uint16Array(m * d) : new Uint32Array(m * d);
  // Pass 2: full rank -> subset rank (a merge walk of the two sorted value lists), then the rows.
  for (let f = 0; f < d; f++) {
    const u = full.uniq[f]!;
    const K = u.length;
    const sub = uniq[f]!;
    const k = sub.length;
    for (let r = 0, p = 0; r < K && p < k; r++) if (u[r] === sub[p]) map[r] = p++;
    map[K] = k;
    const base = f * n;
    const out = f * m;
    for (let j = 0; j < m; j++) ranks[out + j] = map[fullRanks[base + rows[j]!]!]!;
  }
  return { n: m, d, ranks, uniq, nUnique, nMissing, scanUniq: uniq };
}
