import type { Random } from '@dt/errors';

/**
 * The projection contract. A projection proposes candidate split directions; @dt/core projects the
 * node's samples on them, sorts, runs the criterion scan, and stores the winning direction as an
 * oblique split on raw features (folding any scaling into the weights). Projections never see the
 * tree and never allocate per sample in `nodeDirections` beyond their own reusable scratch.
 */

/** Training data as the builder holds it: column-major (feature f is data[f*rows .. (f+1)*rows)). */
export interface ProjectionData {
  data: Float64Array;
  rows: number;
  cols: number;
  /** Class codes 0..nClasses-1 (classification) or null (regression). */
  labels: Int32Array | null;
  nClasses: number;
  /** Sample weights or null for unit weights. */
  weights: Float64Array | null;
  /**
   * Optional: the same values row-major (row r is rowMajor[r·cols, (r+1)·cols)), when the caller
   * holds them anyway. Projections may read node rows from it (one sequential read per row instead
   * of `cols` scattered ones); they must give the same result as from `data`. A derived copy (e.g.
   * `applyScaler`) does not carry it.
   */
  rowMajor?: Float64Array | null;
}

/**
 * Directions in the feature space of `ProjectionData` (row-major k × cols in `dirs`, first `count`
 * rows valid), then, when `reflections` is set, `cols` directions per Householder reflection (see
 * `Reflections`). Each direction should have unit Euclidean norm. No direction at all means the node
 * becomes a leaf unless the projection is the axis one. `directionCount` gives the total and
 * `directionWeights` direction k's dense weights, whichever form it has.
 */
export interface Directions {
  dirs: Float64Array;
  count: number;
  /**
   * Optional: directions given by reflections, after the `count` dense ones. Reflection r (unit
   * vector u = reflections.u[r·cols, (r+1)·cols), or zero) stands for the cols directions
   * w_j = e_j − 2·u_j·u, j = 0..cols−1 (the columns of H = I − 2uuᵀ; u = 0 gives the axes), so a
   * consumer can project on all of them in O(n·cols) (x_j − 2u_j·(x·u)) instead of O(n·cols²),
   * and a projection never stores cols × cols weights.
   */
  reflections?: Reflections | null;
  /**
   * Optional: the (weighted) variance of the data along each of the first `count` directions, in
   * the same order (PCA projections fill it, sorted descending; for reporting and tests).
   */
  variances?: Float64Array;
}

/** Householder reflections standing for `cols` directions each (see Directions.reflections). */
export interface Reflections {
  /** count × cols, row-major; rows beyond `count` are scratch. */
  u: Float64Array;
  count: number;
}

/** A projection prepared for one fit (holds per-fit state and scratch buffers). */
export interface FittedProjection {
  /**
   * 'axis': use the original features (no directions; the builder's axis path).
   * 'global': `globalDirections` is fixed for the whole fit (computed in prepare); the builder may
   *   precompute the projected training data once.
   * 'node': `nodeDirections` is called per node.
   */
  readonly kind: 'axis' | 'global' | 'node';
  /** For kind 'global'. */
  readonly globalDirections?: Directions;
  /**
   * For kind 'node': directions for the samples `samples[start, end)` (indices into the rows of
   * the data given to prepare). The returned object may be reused by the next call.
   */
  nodeDirections?(samples: Int32Array, start: number, end: number): Directions;
}

/**
 * A candidate-direction source for oblique splits (axis, PCA, Householder...): `prepare` binds it to one
 * fit's data and returns the FittedProjection the builder asks for directions.
 */
export interface Projection {
  /** Name used in model files and the CLI, e.g. 'axis', 'global-pca', 'node-means-pca'. */
  readonly name: string;
  /**
   * Optional: the options the projection was created with, after defaults (plain JSON values), so
   * a model file or a report can record them, e.g. `{ maxComponents: 10 }`.
   */
  readonly options?: Readonly<Record<string, unknown>>;
  /** Called once per fit with the (possibly standardised) training data. */
  prepare(data: ProjectionData, rng: Random): FittedProjection;
}
