import { InvalidArgumentError } from '@dt/errors';
import type { FittedProjection, Projection, ProjectionData, Scaler } from '@dt/projections/registry';
import { Crimcoord } from './crimcoord.js';
import { buildFeatureIndex, withScaledScanValues } from '../../data/feature-index.js';
import { checkLevelCodes, type ColumnMajor } from '../../data/input.js';
import { AxisCrimcoordSearch } from './axis-crimcoord-search.js';
import type { AxisSearch } from '../axis-search.js';
import { CategoricalColumns } from './categorical-columns.js';
import { GlobalProjectionSearch, projectAll, projectionMeans, sparseRawDirection } from './global-projection-search.js';
import { NodeProjectionSearch } from './node-projection-search.js';
import type { SplitSearch } from '../split-record.js';
import type { AxisColumns, ScanConfig } from '../split-strategy.js';

/** What composeSearch hands the oblique strategies (node/global projections, CRIMCOORD categorical). */
export interface ObliqueContext {
  scan: ScanConfig;
  /** The training matrix, and the working copy whose categorical columns CRIMCOORD rewrites per node. */
  X: ColumnMajor;
  Xw: ColumnMajor;
  /** Rows the caller already holds (null with categorical features, or when not given): projections may read node rows from them. */
  rowMajor: Float64Array | null;
  categorical: readonly number[] | null;
  scaling: Scaler | null;
  /** The (scaled) data the projection was fitted on. */
  projData: ProjectionData;
  fitted: FittedProjection;
  /** The fit's splitter over axis columns (raw features, or global projections of them). */
  axis(columns: AxisColumns): SplitSearch;
}

/** The oblique layer as a value: passed to the estimators (built-ins.ts), never registered. */
export interface ObliqueStrategies {
  create(ctx: ObliqueContext): SplitSearch;
  /** Checks categorical features' level codes and wraps the projection so a global one is refused. */
  categorical(features: number[], X: ColumnMajor, projection: Projection | null): { categorical: number[] | null; projection: Projection | null };
}

/**
 * The strategies composeSearch reaches only with a projection or categorical features:
 *   node   → NodeProjectionSearch
 *   global → GlobalProjectionSearch (projections precomputed once) over the fit's axis splitter
 *   axis with categorical features → AxisCrimcoordSearch
 */
function createObliqueSearch(ctx: ObliqueContext): SplitSearch {
  const { X, Xw, rowMajor, scan, scaling, projData, fitted } = ctx;
  const cats = ctx.categorical;
  let columns: CategoricalColumns | null = null;
  if (cats) {
    const crim = new Crimcoord(X, cats, scan.labels, scan.nClasses, scan.targets, scan.weights);
    columns = new CategoricalColumns(crim, projData.data === Xw.data ? [Xw.data] : [Xw.data, projData.data], X.rows);
  }
  switch (fitted.kind) {
    case 'node': {
      // Rows for projection: CRIMCOORD rewrites Xw's categorical columns per node, so then only Xw is current.
      const rows = cats ? null : (rowMajor ?? transposeToRows(X));
      return new NodeProjectionSearch({ ...scan, X: Xw, rowMajor: rows, projector: fitted, scale: scaling ? scaling.scale : null, categorical: columns });
    }
    case 'global': {
      // Project the training data once; axis splits on the projections become oblique splits.
      const dirs = fitted.globalDirections!;
      const directions = [];
      for (let k = 0; k < dirs.count; k++) directions.push(sparseRawDirection(dirs.dirs.subarray(k * X.cols, (k + 1) * X.cols), scaling));
      const Z = projectAll(X, directions, rowMajor);
      const shift = { mean: projectionMeans(Z), scale: new Float64Array(Z.cols).fill(1) };
      const index = () => withScaledScanValues(buildFeatureIndex(Z), shift.mean, shift.scale);
      return new GlobalProjectionSearch(ctx.axis({ X: Z, shift, index, binnable: true }), directions);
    }
    case 'axis': {
      if (!columns) throw new InvalidArgumentError('categoricalFeatures', 'a non-empty list for the CRIMCOORD search', cats);
      const index = () => (scaling ? withScaledScanValues(buildFeatureIndex(X), scaling.mean, scaling.scale) : buildFeatureIndex(X));
      // Categorical features as unit directions over their node values, searched beside the axis.
      const unit = new Float64Array(columns.features.length * X.cols);
      columns.features.forEach((f, k) => (unit[k * X.cols + f] = 1));
      const units = { dirs: unit, count: columns.features.length };
      const categorical = new NodeProjectionSearch({ ...scan, X: Xw, rowMajor: null, projector: { kind: 'node', nodeDirections: () => units }, scale: null });
      const axis = ctx.axis({ X, shift: scaling, index, rootConstants: columns.features, binnable: false });
      return new AxisCrimcoordSearch(axis as AxisSearch, columns, categorical, X.cols);
    }
  }
}

/** Row-major copy of a column-major matrix (node projections read whole rows). */
function transposeToRows(X: ColumnMajor): Float64Array {
  const { rows, cols, data } = X;
  const out = new Float64Array(rows * cols);
  for (let c = 0; c < cols; c++) {
    const base = c * rows;
    for (let r = 0; r < rows; r++) out[r * cols + c] = data[base + r]!;
  }
  return out;
}

/** Categorical features for a fit: level codes checked, the projection wrapped so a global one is refused. */
function prepareCategorical(features: number[], X: ColumnMajor, projection: Projection | null): { categorical: number[] | null; projection: Projection | null } {
  return { categorical: checkLevelCodes(features, X), projection: notGlobal(projection) };
}

/** Per-node and global projections and CRIMCOORD categorical features, as one value. */
export const obliqueSearches: ObliqueStrategies = Object.freeze({ create: createObliqueSearch, categorical: prepareCategorical });

/**
 * CRIMCOORD rewrites categorical columns per node, which directions fixed for the whole fit cannot
 * follow: rejects a projection whose prepared kind is 'global' (whatever its name).
 */
function notGlobal(p: Projection | null): Projection | null {
  if (p === null) return null;
  return {
    name: p.name,
    ...(p.options === undefined ? {} : { options: p.options }),
    prepare: (data, rng) => {
      const fitted = p.prepare(data, rng);
      if (fitted.kind === 'global') {
        throw new InvalidArgumentError('categoricalFeatures', `used with axis or per-node projections, not the global projection "${p.name}"`, p.name);
      }
      return fitted;
    },
  };
}
