import type { ClassificationData, IndexSource, RegressionData } from '../search/fit-data.js';
import type { ColumnMajor } from './input.js';
import { resolveCounts, type ResolvedTreeOptions } from '../estimators/options.js';

/** The key of a tree's fit on MemberRows (forests; exported by @dt/core/internal only). */
export const FIT_ROWS: unique symbol = Symbol('dt.core.fitRows');

/** What a tree is fitted on when it is one of many fitted on rows of one matrix (shared-rows.ts). */
export interface MemberRows {
  /** The member's rows as a matrix; `data` (column-major) is gathered only if a search reads it. */
  X: ColumnMajor;
  /** The member's feature index, derived from the shared one. */
  index: IndexSource;
  /** The same rows inside the shared matrix (ascending), or null when the member is every row. */
  within: { X: ColumnMajor; index: IndexSource; samples: Int32Array } | null;
  /**
   * The data of the member's fit (memberFitData, below). The estimators' FIT_ROWS call this rather
   * than memberFitData itself, so a bundle without forests leaves it out.
   */
  fitData<D extends ClassificationData | RegressionData>(data: D, o: ResolvedTreeOptions): D;
}

/**
 * The data of a member's fit. Inside the shared matrix — its index, the member's rows as the root's
 * samples, the other rows never read (weight 0) — when that is the same tree as on the member's own
 * rows: the exact axis search (it reads only the ranks of a node's samples; 'best', or 'auto' under
 * feature sampling, as create-split-search.ts picks) with integer weights (bootstrap counts: their
 * sums do not depend on grouping, so the class-histogram and sort paths, chosen by the index's
 * sizes, score alike). Otherwise on the member's own rows and derived index.
 */
export function memberFitData<D extends ClassificationData | RegressionData>(data: D, rows: MemberRows, o: ResolvedTreeOptions): D {
  const within = rows.within;
  const w = data.weights;
  const m = data.X.rows;
  const d = data.X.cols;
  const exactAxis = o.projection === null && o.categoricalFeatures === null && !o.scale && (o.splitter.name === 'best' || (o.splitter.name === 'auto' && resolveCounts(o, m, d).maxFeatures < d));
  if (within === null || !exactAxis || !integral(w)) return { ...data, index: rows.index };
  const n = within.X.rows;
  const s = within.samples;
  const weights = new Float64Array(n);
  for (let j = 0; j < m; j++) weights[s[j]!] = w === null ? 1 : w[j]!;
  if (data.task === 'classification') {
    const labels = new Int32Array(n);
    for (let j = 0; j < m; j++) labels[s[j]!] = data.labels[j]!;
    return { ...data, X: within.X, labels, weights, index: within.index, samples: s };
  }
  const targets = new Float64Array(n);
  for (let j = 0; j < m; j++) targets[s[j]!] = data.targets[j]!;
  return { ...data, X: within.X, targets, weights, index: within.index, samples: s };
}

/** Integer weights whose sums stay exact in float64. */
function integral(w: Float64Array | null): boolean {
  if (w === null) return true;
  let total = 0;
  for (let j = 0; j < w.length; j++) {
    const v = w[j]!;
    if (!Number.isInteger(v)) return false;
    total += v;
  }
  return total <= Number.MAX_SAFE_INTEGER;
}
