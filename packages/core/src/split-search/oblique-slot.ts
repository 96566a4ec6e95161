import { notLoaded } from '../opt-in.js';
import type { FittedProjection, Projection, ProjectionData, Scaler } from '@dt/projections/registry';
import type { ColumnMajor } from '../input.js';
import type { AxisSearch, AxisSearchConfig } from './axis-search.js';
import type { HistogramAxisSearch } from './histogram-axis.js';
import type { RandomAxisSearch } from './random-axis-search.js';
import type { SplitSearch } from './split-record.js';

/** What createSplitSearch hands the oblique strategies (node/global projections, CRIMCOORD categorical). */
export interface ObliqueContext {
  scan: Pick<AxisSearchConfig, 'labels' | 'nClasses' | 'targets' | 'weights' | 'classification' | 'regression' | 'minSamplesLeaf' | 'minWeightLeaf'>;
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
  /** An exact (or 'random') axis search over an index; rootConstants: columns skipped at the root. */
  axis: (index: AxisSearchConfig['index'], rootConstants?: Int32Array) => AxisSearch | RandomAxisSearch;
  /** With splitter 'hist' or 'auto': the binned search over columns Z shifted by `shift` (null when 'auto' finds a column that does not bin exactly); else null. */
  binned: ((Z: ColumnMajor, shift: { mean: Float64Array; scale: Float64Array } | null) => HistogramAxisSearch | null) | null;
}

export type ObliqueFactory = (ctx: ObliqueContext) => SplitSearch;

/** Checks categorical features' level codes and wraps the projection so a global one is refused (CRIMCOORD rewrites columns per node). */
export type CategoricalPrep = (
  features: number[],
  X: ColumnMajor,
  projection: Projection | null,
) => { categorical: number[] | null; projection: Projection | null };

/** What `import '@dt/core/oblique'` registers. */
export interface ObliqueStrategies {
  create: ObliqueFactory;
  categorical: CategoricalPrep;
}

// Filled by `import '@dt/core/oblique'` (src/oblique.ts). Kept out of the main entry so a plain
// axis-aligned tree does not bundle the per-node projection search, CRIMCOORD and global projections.
let oblique: ObliqueStrategies | null = null;

/** Registers the oblique split searches; called by `@dt/core/oblique`. */
export function registerObliqueSearch(strategies: ObliqueStrategies): void {
  oblique = strategies;
}

/** The registered oblique strategies, or a typed error saying which import loads them. */
export function obliqueStrategies(argument: 'projection' | 'categoricalFeatures', value: unknown): ObliqueStrategies {
  if (oblique) return oblique;
  throw notLoaded(argument, value, 'oblique', 'the oblique split searches (and the projections of @dt/projections)');
}
