/**
 * The split search of one fit, composed from values the estimator passes (its table of built-ins,
 * or values the user gave): fits the scaler, fits the projection, checks the splitter against the
 * fitted projection (checkSplitter, the one check), and picks the layer by the projection's kind —
 *   axis without categorical features → the splitter's axis search over the (scaled) features;
 *   node, global, or categorical features → the oblique layer (oblique-searches.ts), which runs the
 *   splitter over global projections itself.
 */
import type { Random } from '@dt/errors';
import type { FittedProjection, Projection, ProjectionData, Scaler } from '@dt/projections/registry';
import { InvalidArgumentError } from '@dt/errors';
import { buildFeatureIndex, type FeatureIndex } from '../data/feature-index.js';
import type { ColumnMajor } from '../data/input.js';
import type { ClassificationData, RegressionData } from './fit-data.js';
import type { HistogramParallel } from './hist/histogram-parallel.js';
import type { ObliqueStrategies } from './oblique/oblique-searches.js';
import type { SplitSearch } from './split-record.js';
import { checkSplitter, type AxisColumns, type ScanConfig, type SearchSettings, type SplitStrategy } from './split-strategy.js';

/** Feature standardisation for scale: true (@dt/projections' scaler, folded into the scan values). */
export interface ScaleStrategy {
  fit: (data: ProjectionData) => Scaler;
  apply: (data: ProjectionData, scaler: Scaler) => ProjectionData;
  scanValues: (index: FeatureIndex, mean: Float64Array, scale: Float64Array) => FeatureIndex;
}

/** The fit parameters a split search depends on (growth and stopping are the builder's). */
export interface SearchParams {
  minSamplesLeaf: number;
  minWeightLeaf: number;
  maxFeatures: number;
  rng: Random;
  splitter: SplitStrategy;
  /** Candidate directions; null = the original features (axis splits). */
  projection: Projection | null;
  /** Feature standardisation, or null (scale: false). */
  scaling: ScaleStrategy | null;
  /** Categorical features (level codes), transformed per node by CRIMCOORD; null: none. */
  categorical: readonly number[] | null;
  /** The oblique layer; null when this estimator has none (then projection and categorical are null). */
  oblique: ObliqueStrategies | null;
  /** Bins per column for binned splitters. */
  maxBins: number;
  /** Worker threads (from the splitter's `threads`), or null. */
  parallel: HistogramParallel | null;
}

export function composeSearch(data: ClassificationData | RegressionData, params: SearchParams): SplitSearch {
  const X = data.X;
  const isC = data.task === 'classification';
  const scan: ScanConfig = {
    labels: isC ? data.labels : null,
    nClasses: isC ? data.nClasses : 0,
    targets: isC ? null : data.targets,
    weights: data.weights,
    classification: isC ? data.criterion : null,
    regression: isC ? null : data.criterion,
    minSamplesLeaf: params.minSamplesLeaf,
    minWeightLeaf: params.minWeightLeaf,
  };
  const cats = params.categorical;
  // With categorical features, splits read a working copy whose categorical columns hold the
  // current node's CRIMCOORD values (rewritten for each node's samples before its search).
  const Xw: ColumnMajor = cats ? { ...X, data: X.data.slice() } : X;
  // Rows the caller already holds (never transposed here): projections may read node rows from them.
  const rowMajor = cats ? null : X.rowMajor instanceof Float64Array ? X.rowMajor : null;
  // `data` is read through, not copied: a plain axis fit never builds the column-major matrix.
  const raw: ProjectionData = {
    get data(): Float64Array {
      return Xw.data;
    },
    rows: Xw.rows,
    cols: Xw.cols,
    labels: scan.labels,
    nClasses: scan.nClasses,
    weights: data.weights,
    rowMajor,
  };
  const scaler = params.scaling;
  let scaling: Scaler | null = scaler ? scaler.fit(raw) : null;
  if (scaling && cats) {
    // CRIMCOORD values are already standardised at each node.
    const mean = scaling.mean.slice();
    const scale = scaling.scale.slice();
    for (const f of cats) {
      mean[f] = 0;
      scale[f] = 1;
    }
    scaling = { mean, scale };
  }
  const projData = scaling ? scaler!.apply(raw, scaling) : raw;
  const fitted: FittedProjection = params.projection ? params.projection.prepare(projData, params.rng) : { kind: 'axis' };
  const splitter = params.splitter;
  checkSplitter(splitter, data.criterion, cats, fitted.kind);
  const settings: SearchSettings = { scan, maxFeatures: params.maxFeatures, sampling: params.maxFeatures < X.cols, rng: params.rng, maxBins: params.maxBins, parallel: params.parallel };
  const axis = (columns: AxisColumns): SplitSearch => splitter.axisSearch(columns, settings);
  if (fitted.kind === 'axis' && !cats) {
    const index = (): FeatureIndex => {
      const idx = data.index ? data.index() : buildFeatureIndex(X);
      return scaling ? scaler!.scanValues(idx, scaling.mean, scaling.scale) : idx;
    };
    return axis({ X, shift: scaling, index, binnable: true });
  }
  const oblique = params.oblique;
  if (oblique === null) throw new InvalidArgumentError(cats ? 'categoricalFeatures' : 'projection', 'available in this estimator (it has no oblique searches)', cats ?? params.projection?.name);
  return oblique.create({ scan, X, Xw, rowMajor, categorical: cats, scaling, projData, fitted, axis });
}
