/**
 * Rows of sample weight 0 take no part in a fit, as in scikit-learn (its splitter keeps only the
 * samples with `sample_weight[i] != 0`): they count in no node's sample count, in no
 * `minSamplesLeaf`/`minSamplesSplit` test, place no threshold (a midpoint lies between values of
 * rows that weigh something) and do not decide the side of unseen NaN (the child with more rows).
 * Fractional `minSamplesLeaf`/`minSamplesSplit` stay fractions of every row given, as scikit-learn's
 * `ceil(fraction · X.shape[0])`; the caller resolves them before calling this.
 *
 * A forest member on the shared matrix (data.samples) keeps its rows of positive weight; otherwise
 * the rows are gathered into a new matrix (a BinnedDataset's codes included), and nothing is copied
 * when no row weighs 0.
 */
import type { Bins, BinCodes } from './binning.js';
import type { ColumnMajor } from './input.js';
import type { ClassificationData, RegressionData } from '../search/fit-data.js';

/** data without its rows of weight 0 (the same object when it has none). */
export function withoutZeroWeights<D extends ClassificationData | RegressionData>(data: D): D {
  const w = data.weights;
  if (w === null) return data;
  const s = data.samples;
  const m = s ? s.length : data.X.rows;
  let kept = 0;
  for (let j = 0; j < m; j++) if (w[s ? s[j]! : j]! > 0) kept++;
  if (kept === m) return data;
  const rows = new Int32Array(kept);
  for (let j = 0, k = 0; j < m; j++) {
    const r = s ? s[j]! : j;
    if (w[r]! > 0) rows[k++] = r;
  }
  // The shared matrix's rows outside samples are never read: keeping fewer of them is enough.
  if (s) return { ...data, samples: rows };
  const weights = gatherF64(w, rows);
  const X = takeRows(data.X, rows);
  // A derived feature index (data.index) described the old rows: the search builds one from X.
  if (data.task === 'classification') {
    const labels = new Int32Array(kept);
    for (let k = 0; k < kept; k++) labels[k] = data.labels[rows[k]!]!;
    return { ...data, X, labels, weights, index: undefined };
  }
  return { ...data, X, targets: gatherF64(data.targets, rows), weights, index: undefined };
}

function gatherF64(a: Float64Array, rows: Int32Array): Float64Array {
  const out = new Float64Array(rows.length);
  for (let k = 0; k < rows.length; k++) out[k] = a[rows[k]!]!;
  return out;
}

/** The matrix of the given rows of cm (column-major, row-major when cm had it, bins when it was binned). */
function takeRows(cm: ColumnMajor, rows: Int32Array): ColumnMajor {
  const n = cm.rows;
  const d = cm.cols;
  const m = rows.length;
  let data: Float64Array | null = null;
  const column = (): Float64Array => {
    if (data !== null) return data;
    const src = cm.data;
    data = new Float64Array(m * d);
    for (let f = 0; f < d; f++) for (let k = 0; k < m; k++) data[f * m + k] = src[f * n + rows[k]!]!;
    return data;
  };
  const binned = cm.binned;
  if (binned !== undefined) {
    return {
      rows: m,
      cols: d,
      get data(): Float64Array {
        return column();
      },
      binned: (alloc) => takeBinRows(binned(), rows, alloc),
    };
  }
  const rm = cm.rowMajor;
  let rowMajor: Float64Array | undefined;
  if (rm !== undefined) {
    rowMajor = new Float64Array(m * d);
    for (let k = 0; k < m; k++) {
      const at = rows[k]! * d;
      for (let f = 0; f < d; f++) rowMajor[k * d + f] = rm[at + f]!;
    }
  }
  return {
    rows: m,
    cols: d,
    get data(): Float64Array {
      return column();
    },
    ...(rowMajor !== undefined ? { rowMajor } : {}),
  };
}

/** The bins of the given rows: codes gathered (in alloc's buffer when given), missing counts recounted. */
function takeBinRows(b: Bins, rows: Int32Array, alloc?: (bytes: number) => ArrayBufferLike): Bins {
  const { n, d } = b;
  const m = rows.length;
  const wide = !(b.codes instanceof Uint8Array);
  const bytes = Math.max(1, m * d * (wide ? 2 : 1));
  const buffer = alloc === undefined ? new ArrayBuffer(bytes) : alloc(bytes);
  const codes: BinCodes = wide ? new Uint16Array(buffer, 0, m * d) : new Uint8Array(buffer, 0, m * d);
  const nMissing = new Int32Array(d);
  for (let f = 0; f < d; f++) {
    const miss = b.nBins[f]!;
    let c = 0;
    for (let k = 0; k < m; k++) {
      const code = b.codes[f * n + rows[k]!]!;
      codes[f * m + k] = code;
      if (code === miss) c++;
    }
    nMissing[f] = c;
  }
  return { ...b, n: m, codes, nMissing };
}
