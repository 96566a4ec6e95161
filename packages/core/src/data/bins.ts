/** Bin codes of a binned matrix: 8-bit up to 256 codes per feature (the missing bin included), else 16-bit. */
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
  /**
   * NaN (missing) rows per feature. They get their own bin, code nBins[f] (after every value bin),
   * with no lo/hi/mean: the split search treats it apart (search/missing-values.ts).
   */
  nMissing: Int32Array;
  /**
   * Given upper edges of each feature's value bins (binDataset's `edges`): a split after bin b has
   * threshold edges[f][b]. Absent: the midpoint between bin b's largest training value and the next
   * non-empty bin's smallest.
   */
  edges?: Float64Array[];
}
