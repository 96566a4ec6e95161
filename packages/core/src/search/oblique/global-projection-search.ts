import type { Scaler } from '@dt/projections/registry';
import type { ColumnMajor } from '../../data/input.js';
import { projectRows } from './project-rows.js';
import type { NodeView, SparseDirection, SplitRecord, SplitSearch } from '../split-record.js';

/**
 * Global projection (Global PCA): the training data is projected once on fixed directions, the
 * projected columns are ranked like features, and an exact axis search runs on them. A split on
 * derived column k is reported as the oblique split of direction k on raw features.
 */
export class GlobalProjectionSearch implements SplitSearch {
  readonly rootConstants = new Int32Array(0);
  private readonly axis: SplitSearch;
  private readonly directions: SparseDirection[];

  /** `axis` (the exact, histogram or random axis search) searches the columns of projectAll(X, directions). */
  constructor(axis: SplitSearch, directions: SparseDirection[]) {
    this.axis = axis;
    this.directions = directions;
  }

  findBest(node: NodeView, record: SplitRecord): void {
    this.axis.findBest(node, record);
    if (!record.found) return;
    const dir = this.directions[record.candidate]!;
    record.feature = -1;
    record.nnz = dir.features.length;
    record.features.set(dir.features);
    record.weights.set(dir.weights);
  }

  partition(node: NodeView, record: SplitRecord): number {
    return this.axis.partition(node, record);
  }
}

/**
 * Per projected column: its mean over the training rows. The axis search scans z − mean
 * (thresholds stay between raw projections), so its gap rule reads "gap between centred projections
 * > 1e-7" — the same for every translation of the raw features, as in the node-projection search
 * (see NodeProjectionSearch.sortProjection).
 */
export function projectionMeans(Z: ColumnMajor): Float64Array {
  const { rows: n, cols } = Z;
  const mean = new Float64Array(cols);
  for (let k = 0; k < cols; k++) {
    let sum = 0;
    for (let i = k * n, e = i + n; i < e; i++) sum += Z.data[i]!;
    mean[k] = n > 0 ? sum / n : 0;
  }
  return mean;
}

/** Raw-feature weights of a direction given in (possibly standardised) feature space, zeros dropped. */
export function sparseRawDirection(dir: Float64Array, scaling: Scaler | null): SparseDirection {
  const f: number[] = [];
  const w: number[] = [];
  for (let j = 0; j < dir.length; j++) {
    const v = scaling ? dir[j]! / scaling.scale[j]! : dir[j]!;
    if (v !== 0) {
      f.push(j);
      w.push(v);
    }
  }
  return { features: Int32Array.from(f), weights: Float64Array.from(w) };
}

/**
 * Column-major projections of every row on each direction, summed in ascending feature order from
 * 0 — the same arithmetic as Tree.goesLeft, so thresholds learned here partition new data the same way.
 * With the rows at hand (row-major, Float64) the tiled kernel of the node searches does it; the
 * values are the same bit for bit either way.
 */
export function projectAll(X: ColumnMajor, dirs: SparseDirection[], rowMajor: Float64Array | null = null): ColumnMajor {
  const n = X.rows;
  const d = X.cols;
  const K = dirs.length;
  const out = new Float64Array(n * K);
  if (rowMajor !== null && n > 0) {
    const feat = new Int32Array(K * d);
    const val = new Float64Array(K * d);
    const nnz = new Int32Array(K);
    for (let k = 0; k < K; k++) {
      const dir = dirs[k]!;
      nnz[k] = dir.features.length;
      feat.set(dir.features, k * d);
      val.set(dir.weights, k * d);
    }
    const all = new Int32Array(n);
    for (let i = 0; i < n; i++) all[i] = i;
    projectRows(rowMajor, d, all, 0, n, K, feat, val, nnz, out);
    return { data: out, rows: n, cols: K };
  }
  const x = X.data;
  for (let k = 0; k < K; k++) {
    const dir = dirs[k]!;
    const zo = k * n;
    for (let t = 0; t < dir.features.length; t++) {
      const base = dir.features[t]! * n;
      const w = dir.weights[t]!;
      for (let i = 0; i < n; i++) out[zo + i] = out[zo + i]! + w * x[base + i]!;
    }
  }
  return { data: out, rows: n, cols: K };
}
