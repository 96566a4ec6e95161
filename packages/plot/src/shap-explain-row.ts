/**
 * explainRowSvg: the waterfall picture of one row of any explainable model in one call (what a page
 * that explains a clicked row needs): exact path-dependent TreeSHAP of the row, then waterfallSvg.
 */
import { treeShap } from '@dt/explain';
import { waterfallSvg, type WaterfallOptions } from './shap-waterfall.js';

/** Waterfall SVG of `model`'s prediction for one row of feature values (NaN: missing). */
export function explainRowSvg(model: unknown, row: readonly number[] | Float64Array, options: Omit<WaterfallOptions, 'row'> = {}): string {
  const shap = treeShap(model, [Array.from(row)]);
  return waterfallSvg(shap, { ...options, row: 0 });
}
