/**
 * How the estimators recognise a BinnedDataset (binned-dataset.ts) passed as X without importing it:
 * the dataset carries its own fit-matrix maker under a registry-wide symbol, so a bundle that never
 * bins a dataset leaves the dataset code out, and a dataset from another installed copy of @dt/core
 * fits alike.
 */
import type { ColumnMajor } from './input.js';
import type { ResolvedTreeOptions } from '../estimators/options.js';

/** The key of a binned dataset's fit-matrix maker. */
export const BINNED_FIT = Symbol.for('dt.core.binnedFit');

/** What the estimators read of a binned dataset: its fit matrix for these options (or a typed error). */
export interface BinnedSource {
  [BINNED_FIT](options: ResolvedTreeOptions): ColumnMajor;
}

/** Whether X is a binned dataset (of this or another installed copy of @dt/core). */
export function isBinnedSource(x: unknown): x is BinnedSource {
  return typeof x === 'object' && x !== null && typeof (x as Partial<BinnedSource>)[BINNED_FIT] === 'function';
}
