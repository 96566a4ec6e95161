/**
 * scikit-learn's `_BinMapper`: per feature, the upper bounds of up to `maxBins` bins of the
 * non-missing values, and the column-major Uint8 codes of a matrix (NaN in the last code, `maxBins`,
 * as scikit-learn's `n_bins - 1`).
 *
 * Thresholds (`_find_binning_thresholds`): NaN dropped (and zero weights); with at most `maxBins`
 * distinct values, the midpoints of consecutive distinct values; else the percentiles
 * 100·i/maxBins, i = 1..maxBins−1, of the values (numpy's 'averaged_inverted_cdf'; with sample
 * weights scikit-learn's `_weighted_percentile(average=True)`), deduplicated, then clipped at 1e300.
 * A value x gets code i when thresholds[i−1] < x ≤ thresholds[i].
 *
 * Above 200,000 rows scikit-learn computes thresholds on 200,000 rows drawn with replacement by
 * numpy's RandomState (`choice`); this mapper draws them with the seeded dt generator instead, so bin
 * thresholds equal scikit-learn's exactly only below 200,000 rows (the draws differ above).
 *
 * The result is shaped like a binned dataset (codes, missing code, edges per feature) so that the
 * boosting code can move onto @dt/core's shared binned dataset by swapping this file.
 */
import { InvalidArgumentError } from '@dt/errors';
import type { Random } from '@dt/errors';
import { percentile, weightedPercentile } from './numpy-stats.js';

/** scikit-learn's `ALMOST_INF` (LightGBM's AvoidInf): thresholds are clipped to it. */
export const ALMOST_INF = 1e300;
/** Rows above which thresholds come from a subsample (scikit-learn's `subsample=int(2e5)`). */
export const BIN_SUBSAMPLE = 200_000;

/** Column-major bin codes of a matrix: codes[f·rows + r]; `missingBin` for NaN. */
export interface BinnedMatrix {
  readonly rows: number;
  readonly cols: number;
  readonly codes: Uint8Array;
  readonly missingBin: number;
}

/** Column-major float64 features: column f is data[f·rows, (f+1)·rows). */
export interface Columns {
  readonly data: ArrayLike<number>;
  readonly rows: number;
  readonly cols: number;
}

/**
 * scikit-learn's `_BinMapper`: per feature, the upper bounds of up to `maxBins` bins of the non-missing values,
 * and a matrix's column-major Uint8 bin codes (NaN in the last code, `maxBins`).
 */
export class BinMapper {
  /** Per feature: ascending upper bounds of the non-missing bins (numeric), or the sorted category values. */
  readonly thresholds: Float64Array[];
  /** Per feature: bins used by non-missing values (thresholds + 1 for numeric features, categories for categorical). */
  readonly nBinsNonMissing: Uint32Array;
  readonly isCategorical: Uint8Array;
  /** The code of missing values, also the number of non-missing codes (scikit-learn's max_bins). */
  readonly missingBin: number;

  constructor(thresholds: Float64Array[], isCategorical: Uint8Array, missingBin: number) {
    if (!Array.isArray(thresholds) || !thresholds.every((t) => t instanceof Float64Array)) throw new InvalidArgumentError('thresholds', 'an array of Float64Arrays', thresholds);
    if (!(isCategorical instanceof Uint8Array) || isCategorical.length !== thresholds.length) throw new InvalidArgumentError('isCategorical', `a Uint8Array of ${thresholds.length} flags`, isCategorical);
    if (!Number.isInteger(missingBin) || missingBin < 1 || missingBin > 255) throw new InvalidArgumentError('missingBin', 'an integer in [1, 255]', missingBin);
    this.thresholds = thresholds;
    this.isCategorical = isCategorical;
    this.missingBin = missingBin;
    this.nBinsNonMissing = Uint32Array.from(thresholds, (t, f) => (isCategorical[f] ? t.length : t.length + 1));
  }

  /**
   * Fits the thresholds of every feature. `knownCategories[f]` (sorted level codes) makes f
   * categorical: each category is its own bin. `rng` draws the subsample above BIN_SUBSAMPLE rows.
   */
  static fit(
    X: Columns,
    maxBins: number,
    sampleWeight: Float64Array | null,
    knownCategories: readonly (Float64Array | null)[] | null,
    rng: Random,
  ): BinMapper {
    const { rows, cols } = X;
    let take: Int32Array | null = null;
    let weights = sampleWeight;
    if (rows > BIN_SUBSAMPLE) {
      take = subsample(rows, sampleWeight, rng);
      weights = null;
    }
    const n = take === null ? rows : take.length;
    const col = new Float64Array(n);
    const w = weights === null ? null : new Float64Array(n);
    const thresholds: Float64Array[] = [];
    const isCat = new Uint8Array(cols);
    for (let f = 0; f < cols; f++) {
      const known = knownCategories?.[f] ?? null;
      if (known !== null) {
        isCat[f] = 1;
        thresholds.push(Float64Array.from(known));
        continue;
      }
      const base = f * rows;
      let m = 0;
      for (let i = 0; i < n; i++) {
        const r = take === null ? i : take[i]!;
        const v = X.data[base + r]!;
        if (v !== v) continue;
        if (w !== null) {
          const wi = weights![r]!;
          if (wi === 0) continue;
          w[m] = wi;
        }
        col[m++] = v;
      }
      thresholds.push(findThresholds(col.subarray(0, m), w === null ? null : w.subarray(0, m), maxBins));
    }
    return new BinMapper(thresholds, isCat, maxBins);
  }

  /** Codes of X (column-major in, column-major out). */
  transform(X: Columns): BinnedMatrix {
    const { rows, cols } = X;
    const codes = new Uint8Array(rows * cols);
    const missing = this.missingBin;
    for (let f = 0; f < cols; f++) {
      const t = this.thresholds[f]!;
      const base = f * rows;
      if (this.isCategorical[f]) mapCategories(X.data, base, rows, t, missing, codes);
      else mapNumeric(X.data, base, rows, t, missing, codes);
    }
    return { rows, cols, codes, missingBin: missing };
  }
}

/** Codes of one numeric column: binary search of the thresholds (scikit-learn's `_map_col_to_bins`). */
function mapNumeric(data: ArrayLike<number>, base: number, rows: number, t: Float64Array, missing: number, out: Uint8Array): void {
  const nt = t.length;
  for (let r = 0; r < rows; r++) {
    const v = data[base + r]!;
    if (v !== v) {
      out[base + r] = missing;
      continue;
    }
    let lo = 0;
    let hi = nt;
    while (lo < hi) {
      const mid = lo + ((hi - lo - 1) >> 1);
      if (v <= t[mid]!) hi = mid;
      else lo = mid + 1;
    }
    out[base + r] = lo;
  }
}

/** Codes of one categorical column: the index of the category; NaN and negative values are missing. */
function mapCategories(data: ArrayLike<number>, base: number, rows: number, cats: Float64Array, missing: number, out: Uint8Array): void {
  const nc = cats.length;
  for (let r = 0; r < rows; r++) {
    const v = data[base + r]!;
    if (v !== v || v < 0) {
      out[base + r] = missing;
      continue;
    }
    let lo = 0;
    let hi = nc;
    while (lo < hi) {
      const mid = lo + ((hi - lo - 1) >> 1);
      if (v <= cats[mid]!) hi = mid;
      else lo = mid + 1;
    }
    out[base + r] = lo;
  }
}

/** `_find_binning_thresholds` of one column's non-missing values (w: their non-zero weights, or null). */
export function findThresholds(values: Float64Array, w: Float64Array | null, maxBins: number): Float64Array {
  const n = values.length;
  let sorted: Float64Array;
  let sortedW: Float64Array | null = null;
  if (w === null) {
    sorted = Float64Array.from(values).sort();
  } else {
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => values[a]! - values[b]! || a - b);
    sorted = Float64Array.from(order, (i) => values[i]!);
    sortedW = Float64Array.from(order, (i) => w[i]!);
  }
  let nDistinct = 0;
  for (let i = 0; i < n; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) nDistinct++;
  if (nDistinct <= 1) return new Float64Array(0);
  let out: Float64Array;
  if (nDistinct <= maxBins) {
    out = new Float64Array(nDistinct - 1);
    let prev = sorted[0]!;
    let k = 0;
    for (let i = 1; i < n; i++) {
      const v = sorted[i]!;
      if (v === prev) continue;
      out[k++] = (prev + v) / 2;
      prev = v;
    }
  } else {
    out = new Float64Array(maxBins - 1);
    const step = 100 / maxBins;
    const identity = sortedW === null ? null : Int32Array.from({ length: n }, (_, i) => i);
    for (let i = 1; i < maxBins; i++) {
      const p = i * step;
      out[i - 1] = sortedW === null ? percentile(sorted, n, p, 'averaged_inverted_cdf') : weightedPercentile(sorted, sortedW, identity!, n, p, true);
    }
    out = uniqueSorted(out);
  }
  for (let i = 0; i < out.length; i++) if (out[i]! > ALMOST_INF) out[i] = ALMOST_INF;
  return out;
}

/** np.unique of ascending values. */
function uniqueSorted(a: Float64Array): Float64Array {
  const s = Float64Array.from(a).sort();
  let k = 0;
  for (let i = 0; i < s.length; i++) if (i === 0 || s[i] !== s[k - 1]) s[k++] = s[i]!;
  return s.slice(0, k);
}

/** Rows drawn with replacement (weighted by sampleWeight when given), as scikit-learn's subsample. */
function subsample(rows: number, sampleWeight: Float64Array | null, rng: Random): Int32Array {
  const out = new Int32Array(BIN_SUBSAMPLE);
  if (sampleWeight === null) {
    for (let i = 0; i < BIN_SUBSAMPLE; i++) out[i] = rng.int(rows);
    return out;
  }
  const cdf = new Float64Array(rows);
  let acc = 0;
  for (let r = 0; r < rows; r++) cdf[r] = acc += sampleWeight[r]!;
  for (let i = 0; i < BIN_SUBSAMPLE; i++) {
    const u = rng.next() * acc;
    let lo = 0;
    let hi = rows - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid]! <= u) lo = mid + 1;
      else hi = mid;
    }
    out[i] = lo;
  }
  return out;
}
