/**
 * explainRowSvg: the waterfall picture of one row of any explainable model in one call (what a page
 * that explains a clicked row needs): exact path-dependent TreeSHAP of the row, then waterfallSvg.
 */
import { InvalidArgumentError } from '@dt/errors';
import { treeShap } from '@dt/explain';
import { waterfallSvg, type WaterfallOptions } from './shap-waterfall.js';

/** Waterfall SVG of `model`'s prediction for one row of feature values (NaN: missing). */
export function explainRowSvg(model: unknown, row: readonly number[] | Float64Array, options: Omit<WaterfallOptions, 'row'> = {}): string {
  if (!Array.isArray(row) && !(row instanceof Float64Array)) throw new InvalidArgumentError('row', 'a row of feature values (an array or Float64Array)', row);
  const shap = treeShap(model, [Array.from(row)]);
  return waterfallSvg(shap, { ...options, row: 0 });
}
