/**
 * A binned dataset (LightGBM's `Dataset`): X binned once — per-feature bin edges, codes as
 * Uint8/Uint16 column-major, a missing bin for NaN — and fitted many times with splitter 'hist': a
 * tree, the members of a forest, boosting rounds, cross-validation folds. A fit never rebins and
 * never reads X again: it gathers its rows' codes into a working copy (m × d bytes, the copy the
 * search moves in node order; binning sorts, this copies) and reads the bins' value ranges for its
 * thresholds, so the fitted model still predicts from raw features.
 *
 * A fit on the dataset grows the same tree as splitter 'hist' on the raw X it was binned from (the
 * same bins: binDataset runs the fit's own binning; pass the fit's sampleWeight to both for weighted
 * quantile edges). A row subset (`subset`: a CV fold's rows, a bootstrap draw with repeats) keeps
 * the whole dataset's bins, as LightGBM's subsets do; with exact bins (at most maxBins distinct
 * values per feature) that is the tree 'hist' grows on those rows of X. Per-row counts (bootstrap
 * as scikit-learn's forests draw it) are the fit's sampleWeight.
 *
 * Given `edges` (e.g. scikit-learn's `_BinMapper.bin_thresholds_`), bin b of a feature holds the
 * values in (edges[b-1], edges[b]] and a split after bin b has threshold edges[b], as in
 * scikit-learn's histogram gradient boosting; computed bins split at the midpoint between the
 * training values either side, as the exact search does.
 */
import { midpoint } from '@dt/criteria';
import { InvalidArgumentError, knownKeys, plainObject, ShapeMismatchError } from '@dt/errors';
import { buildBins } from './binning.js';
import type { BinCodes, Bins } from './bins.js';
import { FIT_CELLS_WITH_MISSING, rescaleWeights, toFitMatrix, toSampleWeight, type ColumnMajor } from './input.js';
import { BINNED_FIT, isBinnedSource, type BinnedSource } from './binned-source.js';
import type { ResolvedTreeOptions } from '../estimators/options.js';

/** Options of binDataset. */
export interface BinDatasetOptions {
  /** Bins per feature, 2–65536 (default 256, the estimators' default): 8-bit codes up to 256 with the missing bin. */
  maxBins?: number;
  /** Row weights placing quantile edges (a fit with the same sampleWeight on raw X bins alike). */
  sampleWeight?: ArrayLike<number> | null;
  /** Codes in a SharedArrayBuffer, so that `toShared()` passes the dataset to worker threads without a copy. */
  shared?: boolean;
  /**
   * Given upper edges per feature (strictly increasing finite numbers, at most maxBins − 1 each)
   * instead of computed ones: bin b holds (edges[b-1], edges[b]], the last bin everything above.
   */
  edges?: readonly ArrayLike<number>[] | null;
}

const OPTION_KEYS: readonly (keyof BinDatasetOptions)[] = ['maxBins', 'sampleWeight', 'shared', 'edges'];

/** A BinnedDataset as a structured-cloneable object (`toShared`; SharedArrayBuffer codes stay shared). */
export interface SharedBinnedDataset {
  kind: 'dt-binned-dataset';
  bins: Bins;
  maxBins: number;
  rowIndex: Int32Array | null;
}

/** X binned once, fitted many times (see the file's comment). Made by `binDataset`. */
export class BinnedDataset implements BinnedSource {
  /** Rows and features of this dataset (of the subset, for a subset). */
  readonly rows: number;
  readonly cols: number;
  /** The maxBins it was binned with: a fit's maxBins must be the same. */
  readonly maxBins: number;
  /** Row i of this dataset is row rowIndex[i] of the binned matrix; null: the matrix itself. */
  readonly rowIndex: Int32Array | null;
  private readonly bins: Bins;

  /** @internal Use binDataset (or fromShared). */
  constructor(bins: Bins, maxBins: number, rowIndex: Int32Array | null) {
    const b = bins as Partial<Bins> | null;
    if (typeof b !== 'object' || b === null || !Number.isInteger(b.n) || !Number.isInteger(b.d)) throw new InvalidArgumentError('bins', 'the Bins of a binned dataset (make one with binDataset(X))', bins);
    if (rowIndex !== null && !(rowIndex instanceof Int32Array)) throw new InvalidArgumentError('rowIndex', 'an Int32Array of rows or null', rowIndex);
    this.bins = bins;
    this.maxBins = maxBins;
    this.rowIndex = rowIndex;
    this.rows = rowIndex === null ? bins.n : rowIndex.length;
    this.cols = bins.d;
  }

  /** Value bins of feature f (its missing bin, code nBins(f), comes after them). */
  nBins(f: number): number {
    return this.bins.nBins[this.feature(f)]!;
  }

  /** Column-major codes of the whole binned matrix: codes[f * n + row] (never written by fits). */
  get codes(): BinCodes {
    return this.bins.codes;
  }

  /** Whether the codes live in a SharedArrayBuffer. */
  get shared(): boolean {
    return typeof SharedArrayBuffer !== 'undefined' && this.bins.codes.buffer instanceof SharedArrayBuffer;
  }

  /**
   * Upper edges of feature f's value bins (nBins − 1 of them): a value v is in the first bin b with
   * v <= edges[b]. The given edges, or for computed bins the midpoints between adjacent bins' values.
   */
  edges(f: number): Float64Array {
    const b = this.bins;
    const g = this.feature(f);
    if (b.edges !== undefined) return b.edges[g]!.slice();
    const k = b.nBins[g]!;
    const out = new Float64Array(Math.max(0, k - 1));
    for (let i = 0; i + 1 < k; i++) out[i] = midpoint(b.hi[g]![i]!, b.lo[g]![i + 1]!);
    return out;
  }

  /**
   * The dataset of the given rows (indices into this dataset; repeats allowed, e.g. a bootstrap
   * draw), sharing these bins and codes: nothing is rebinned or copied until a fit gathers its rows.
   */
  subset(rows: ArrayLike<number>): BinnedDataset {
    if (rows === null || typeof rows !== 'object' || typeof rows.length !== 'number') throw new InvalidArgumentError('rows', 'an array of row indices', rows);
    const out = new Int32Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if (typeof r !== 'number' || !Number.isInteger(r) || r < 0 || r >= this.rows) throw new InvalidArgumentError(`rows[${i}]`, `a row index in [0, ${this.rows})`, r);
      out[i] = this.rowIndex === null ? r : this.rowIndex[r]!;
    }
    if (out.length === 0) throw new InvalidArgumentError('rows', 'at least one row index', rows);
    return new BinnedDataset(this.bins, this.maxBins, out);
  }

  /** A structured-cloneable copy of this dataset for postMessage (shared codes stay shared); fromShared revives it. */
  toShared(): SharedBinnedDataset {
    return { kind: 'dt-binned-dataset', bins: this.bins, maxBins: this.maxBins, rowIndex: this.rowIndex };
  }

  /** The dataset toShared() described (e.g. in a worker thread that received it). */
  static fromShared(shared: SharedBinnedDataset): BinnedDataset {
    const s = plainObject('shared', shared);
    if (s.kind !== 'dt-binned-dataset') throw new InvalidArgumentError('shared', "an object made by BinnedDataset's toShared()", shared);
    const sh = shared;
    return new BinnedDataset(sh.bins, sh.maxBins, sh.rowIndex);
  }

  /**
   * @internal The bins of a fit on this dataset: these edges and value ranges, and a working copy of
   * the rows' codes (in `alloc`'s buffer when given: shared memory for worker threads), or with
   * `view` the dataset's codes themselves, read in place through the rows (Bins.view; nothing copied).
   */
  fitBins(alloc?: (bytes: number) => ArrayBufferLike, view = false): Bins {
    const b = this.bins;
    const { n, d } = b;
    const m = this.rows;
    const rows = this.rowIndex;
    if (view) return viewBins(b, rows);
    const wide = !(b.codes instanceof Uint8Array);
    const bytes = Math.max(1, m * d * (wide ? 2 : 1));
    const buffer = alloc === undefined ? new ArrayBuffer(bytes) : alloc(bytes);
    const codes: BinCodes = wide ? new Uint16Array(buffer, 0, m * d) : new Uint8Array(buffer, 0, m * d);
    const nMissing = new Int32Array(d);
    if (rows === null) {
      codes.set(b.codes);
      nMissing.set(b.nMissing);
    } else {
      for (let f = 0; f < d; f++) {
        gather(codes, f * m, b.codes, f * n, rows);
        if (b.nMissing[f]! > 0) nMissing[f] = countCode(codes, f * m, m, b.nBins[f]!);
      }
    }
    return { ...b, n: m, codes, nMissing };
  }

  /** Whether any row of this dataset is missing (NaN) on some feature. */
  get hasMissing(): boolean {
    const b = this.bins;
    if (this.rowIndex === null) return b.nMissing.some((c) => c > 0);
    for (let f = 0; f < b.d; f++) {
      if (b.nMissing[f] === 0) continue;
      const base = f * b.n;
      const miss = b.nBins[f]!;
      for (let i = 0; i < this.rowIndex.length; i++) if (b.codes[base + this.rowIndex[i]!] === miss) return true;
    }
    return false;
  }

  /** @internal The estimators' fit matrix of this dataset (binnedFitMatrix). */
  [BINNED_FIT](options: ResolvedTreeOptions): ColumnMajor {
    return binnedFitMatrix(this, options);
  }

  private feature(f: number): number {
    if (!Number.isInteger(f) || f < 0 || f >= this.cols) throw new InvalidArgumentError('feature', `an integer in [0, ${this.cols})`, f);
    return f;
  }
}

/** Whether x is a BinnedDataset (of this or another installed copy of @dt/core). */
export function isBinnedDataset(x: unknown): x is BinnedDataset {
  return isBinnedSource(x) && x instanceof Object && typeof (x as Partial<BinnedDataset>).subset === 'function';
}

/**
 * Bins X once (LightGBM's Dataset) for many fits with splitter 'hist': pass the result as X to
 * `fit`, or `ds.subset(rows)` for a fold or a bootstrap draw. X: any matrix `fit` accepts (NaN
 * allowed: its own bin).
 */
export function binDataset(X: unknown, options: BinDatasetOptions = {}): BinnedDataset {
  const o = plainObject('options', options);
  knownKeys('options', o, OPTION_KEYS);
  const maxBins = o.maxBins ?? 256;
  if (typeof maxBins !== 'number' || !Number.isInteger(maxBins) || maxBins < 2 || maxBins > 65536) throw new InvalidArgumentError('maxBins', 'an integer in [2, 65536]', maxBins);
  if (o.shared !== undefined && typeof o.shared !== 'boolean') throw new InvalidArgumentError('shared', 'a boolean', o.shared);
  if (o.shared === true && typeof SharedArrayBuffer === 'undefined') throw new InvalidArgumentError('shared', 'false here: this runtime has no SharedArrayBuffer (browsers need cross-origin isolation)', true);
  const cm = toFitMatrix(X, 'X', FIT_CELLS_WITH_MISSING);
  const weights = toSampleWeight(o.sampleWeight, cm.rows);
  // As the fit rescales its weights before binning (decision-tree.ts), so that the edges agree.
  if (weights !== null) rescaleWeights(weights);
  const alloc = o.shared === true ? (bytes: number) => new SharedArrayBuffer(bytes) : undefined;
  if (o.edges !== undefined && o.edges !== null) {
    if (weights !== null) throw new InvalidArgumentError('sampleWeight', 'absent with given edges (weights only place computed edges)', o.sampleWeight);
    return new BinnedDataset(binsFromEdges(cm, checkEdges(o.edges, cm.cols, maxBins), alloc), maxBins, null);
  }
  return new BinnedDataset(buildBins(cm, weights, maxBins, alloc), maxBins, null);
}

/** Validates given edges: one strictly increasing finite list per feature, each at most maxBins − 1 long. */
function checkEdges(edges: unknown, d: number, maxBins: number): Float64Array[] {
  if (!Array.isArray(edges)) throw new InvalidArgumentError('edges', 'an array of edge lists, one per feature', edges);
  if (edges.length !== d) throw new ShapeMismatchError(`edges has ${edges.length} lists but X has ${d} features`);
  return edges.map((e: unknown, f) => {
    if (!Array.isArray(e) && !ArrayBuffer.isView(e)) throw new InvalidArgumentError(`edges[${f}]`, 'an array of numbers', e);
    const list = e as ArrayLike<unknown>;
    if (list.length > maxBins - 1) throw new InvalidArgumentError(`edges[${f}]`, `at most maxBins − 1 = ${maxBins - 1} edges`, e);
    const out = new Float64Array(list.length);
    for (let i = 0; i < list.length; i++) {
      const v = list[i];
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new InvalidArgumentError(`edges[${f}][${i}]`, 'a finite number', v);
      if (i > 0 && !(v > out[i - 1]!)) throw new InvalidArgumentError(`edges[${f}][${i}]`, `a number above edges[${f}][${i - 1}] (edges strictly increase)`, v);
      out[i] = v;
    }
    return out;
  });
}

/** Bins with given edges: codes by binary search, each bin's value range and mean from X. */
function binsFromEdges(X: ColumnMajor, edges: Float64Array[], alloc: ((bytes: number) => ArrayBufferLike) | undefined): Bins {
  const { rows: n, cols: d } = X;
  const nBins = Int32Array.from(edges, (e) => e.length + 1);
  const nMissing = new Int32Array(d);
  const columns = X.data;
  for (let f = 0; f < d; f++) nMissing[f] = countNaN(columns, f * n, n);
  let most = 0;
  for (let f = 0; f < d; f++) {
    const codesNeeded = nBins[f]! + (nMissing[f]! > 0 ? 1 : 0);
    // Codes are at most 16-bit: a feature with NaN keeps one code for its missing bin.
    if (codesNeeded > 65536) throw new InvalidArgumentError(`edges[${f}]`, 'at most 65,534 edges for a feature with NaN (its missing bin needs a code of its own)', edges[f]!.length);
    most = Math.max(most, codesNeeded);
  }
  const wide = most > 256;
  const bytes = Math.max(1, n * d * (wide ? 2 : 1));
  const buffer = alloc === undefined ? new ArrayBuffer(bytes) : alloc(bytes);
  const codes: BinCodes = wide ? new Uint16Array(buffer, 0, n * d) : new Uint8Array(buffer, 0, n * d);
  const lo: Float64Array[] = [];
  const hi: Float64Array[] = [];
  const mean: Float64Array[] = [];
  const exact = new Uint8Array(d);
  for (let f = 0; f < d; f++) {
    const k = nBins[f]!;
    const l = new Float64Array(k).fill(Number.POSITIVE_INFINITY);
    const h = new Float64Array(k).fill(Number.NEGATIVE_INFINITY);
    const sum = new Float64Array(k);
    const count = new Float64Array(k);
    codeColumn(columns, f * n, n, edges[f]!, codes, l, h, sum, count);
    let one = 1;
    for (let b = 0; b < k; b++) {
      // Empty bins keep lo = +∞, hi = −∞ and mean 0: no node ever has rows there, so no scan reads them.
      sum[b] = count[b] === 0 ? 0 : l[b] === h[b] ? l[b]! : Math.min(h[b]!, Math.max(l[b]!, sum[b]! / count[b]!));
      if (count[b]! > 0 && l[b] !== h[b]) one = 0;
    }
    lo.push(l);
    hi.push(h);
    mean.push(sum);
    exact[f] = one;
  }
  return { n, d, codes, nBins, lo, hi, mean, exact, nMissing, edges };
}

function countNaN(col: Float64Array, base: number, n: number): number {
  let c = 0;
  for (let i = 0; i < n; i++) if (col[base + i] !== col[base + i]) c++;
  return c;
}

/** One column's codes (NaN: the missing bin, edges.length + 1) and its bins' ranges, sums and counts. */
function codeColumn(col: Float64Array, base: number, n: number, e: Float64Array, codes: BinCodes, lo: Float64Array, hi: Float64Array, sum: Float64Array, count: Float64Array): void {
  const k = e.length;
  for (let i = 0; i < n; i++) {
    const v = col[base + i]!;
    if (v !== v) {
      codes[base + i] = k + 1;
      continue;
    }
    // The first edge >= v (k: above every edge).
    let a = 0;
    let z = k;
    while (a < z) {
      const mid = (a + z) >>> 1;
      if (e[mid]! < v) a = mid + 1;
      else z = mid;
    }
    codes[base + i] = a;
    if (v < lo[a]!) lo[a] = v;
    if (v > hi[a]!) hi[a] = v;
    sum[a]! += v;
    count[a]! += 1;
  }
}

/** The bins of a fit on `rows` of b (null: every row) read in place: b's codes, the rows' missing counts. */
function viewBins(b: Bins, rows: Int32Array | null): Bins {
  const { n, d } = b;
  if (rows === null) return { ...b, nMissing: b.nMissing.slice(), view: { stride: n, rows: Int32Array.from({ length: n }, (_, i) => i) } };
  const nMissing = new Int32Array(d);
  for (let f = 0; f < d; f++) if (b.nMissing[f]! > 0) nMissing[f] = countCodeAt(b.codes, f * n, rows, b.nBins[f]!);
  return { ...b, n: rows.length, nMissing, view: { stride: n, rows } };
}

function countCodeAt(codes: BinCodes, base: number, rows: Int32Array, code: number): number {
  let c = 0;
  for (let i = 0; i < rows.length; i++) if (codes[base + rows[i]!] === code) c++;
  return c;
}

/** out[o + j] = src[s + rows[j]]: a feature's codes of the fit's rows, in their order. */
function gather(out: BinCodes, o: number, src: BinCodes, s: number, rows: Int32Array): void {
  for (let j = 0; j < rows.length; j++) out[o + j] = src[s + rows[j]!]!;
}

function countCode(codes: BinCodes, base: number, m: number, code: number): number {
  let c = 0;
  for (let i = 0; i < m; i++) if (codes[base + i] === code) c++;
  return c;
}

/**
 * @internal The fit matrix of a fit on `ds` (the estimators' fit): rows and features, and the bins
 * the 'hist' search reads; refuses what needs raw values. `data` is the bins' mean values (NaN in
 * the missing bin), read only by the checks for missing values.
 */
function binnedFitMatrix(ds: BinnedDataset, o: ResolvedTreeOptions): ColumnMajor {
  if (o.splitter.name !== 'hist') throw new InvalidArgumentError('splitter', "'hist' to fit a BinnedDataset (the other splitters read raw feature values)", o.splitter.name);
  if (o.maxBins !== ds.maxBins) throw new InvalidArgumentError('maxBins', `${ds.maxBins}, the maxBins the BinnedDataset was binned with (or bin X with binDataset(X, { maxBins: ${o.maxBins} }))`, o.maxBins);
  if (o.projection !== null) throw new InvalidArgumentError('projection', 'null to fit a BinnedDataset (projections read raw feature values)', o.projection.name);
  if (o.scale) throw new InvalidArgumentError('scale', 'false to fit a BinnedDataset (standardising reads raw feature values)', o.scale);
  if (o.categoricalFeatures !== null) throw new InvalidArgumentError('categoricalFeatures', 'null to fit a BinnedDataset (CRIMCOORD reads raw level codes)', o.categoricalFeatures);
  let values: Float64Array | null = null;
  return {
    rows: ds.rows,
    cols: ds.cols,
    get data(): Float64Array {
      return (values ??= meanValues(ds));
    },
    binned: (alloc, view) => ds.fitBins(alloc, view),
    binnedSubset: ds.rowIndex !== null,
  };
}

/** Column-major bin means of the dataset's rows (NaN for the missing bin). */
function meanValues(ds: BinnedDataset): Float64Array {
  const bins = ds.fitBins();
  const { n, d, codes, mean, nBins } = bins;
  const out = new Float64Array(n * d);
  for (let f = 0; f < d; f++) {
    const m = mean[f]!;
    const miss = nBins[f]!;
    for (let i = 0; i < n; i++) {
      const c = codes[f * n + i]!;
      out[f * n + i] = c === miss ? Number.NaN : m[c]!;
    }
  }
  return out;
}
