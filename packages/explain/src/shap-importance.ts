/**
 * shapImportance: global feature importance as the mean |SHAP value| over explained rows (shap's bar
 * plot). Unlike impurity importance (which credits splits by training impurity decrease, and favours
 * features with many distinct values) and permutation importance (score drop when a column is
 * shuffled, which breaks correlated features apart), it is measured in the model's output units on
 * the rows you choose, and sums consistent per-prediction attributions.
 */
import { InvalidArgumentError, knownKeys, nonNegativeInt, plainObject } from '@dt/errors';
import type { ShapValues } from './tree-shap.js';
import { checkShapValues } from './check-shap-values.js';

/** Options of shapImportance. */
export interface ShapImportanceOptions {
  /** One output (class) only; default: the sum over outputs of each output's mean |SHAP value|. */
  output?: number | null;
}

/** Mean |SHAP value| per feature (over rows; summed over outputs unless `output` is given). */
export function shapImportance(shap: ShapValues, options: ShapImportanceOptions = {}): Float64Array {
  const o = plainObject('options', options);
  knownKeys('options', o, ['output']);
  checkShapValues(shap);
  const K = shap.nOutputs;
  let only: number | null = null;
  if (o.output !== undefined && o.output !== null) {
    only = nonNegativeInt('output', o.output);
    if (only >= K) throw new InvalidArgumentError('output', `an output index below ${K}`, o.output);
  }
  const M = shap.nFeatures;
  const out = new Float64Array(M);
  for (let r = 0; r < shap.rows; r++) {
    for (let j = 0; j < M; j++) {
      const base = (r * M + j) * K;
      if (only !== null) out[j]! += Math.abs(shap.values[base + only]!);
      else for (let k = 0; k < K; k++) out[j]! += Math.abs(shap.values[base + k]!);
    }
  }
  for (let j = 0; j < M; j++) out[j]! /= shap.rows;
  return out;
}
