import { InvalidArgumentError } from '@dt/errors';
import type { ShapValues } from './shap-values.js';

/**
 * The boundary check of everything that reads a SHAP result (additivityError, shapImportance and
 * @dt/plot's SHAP pictures): treeShap's object, its arrays sized rows × features × outputs.
 */
export function checkShapValues(shap: unknown, name = 'shap'): asserts shap is ShapValues {
  const s = shap as Partial<ShapValues> | null;
  const ok =
    typeof s === 'object' &&
    s !== null &&
    s.values instanceof Float64Array &&
    Number.isInteger(s.rows) &&
    Number.isInteger(s.nOutputs) &&
    s.expectedValue instanceof Float64Array &&
    s.prediction instanceof Float64Array;
  if (!ok) throw new InvalidArgumentError(typeof name === 'string' ? name : 'shap', 'a SHAP result (treeShap(model, X))', shap);
}
