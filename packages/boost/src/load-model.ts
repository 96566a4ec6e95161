/**
 * Reads any boosting model file: its `estimator` field names the class (classifier or regressor),
 * whose fromJSON validates the rest. For programs that open a file without knowing which one it holds
 * (the CLI's model loader).
 */
import { parseModelDocument } from '@dt/core/internal';
import { ModelFormatError } from '@dt/errors';
import { HistGradientBoostingClassifier } from './hist-gradient-boosting-classifier.js';
import { HistGradientBoostingRegressor } from './hist-gradient-boosting-regressor.js';
import { BOOST_MODEL_FORMAT } from './model-format.js';

/** Either fitted boosting estimator. */
export type BoostingModel = HistGradientBoostingClassifier | HistGradientBoostingRegressor;

/** True when a parsed model document says it is a boosting model file (its `format` field). */
export function isBoostingModelDocument(doc: unknown): boolean {
  return typeof doc === 'object' && doc !== null && (doc as { format?: unknown }).format === BOOST_MODEL_FORMAT;
}

/** The fitted classifier or regressor a boosting model file (text or parsed object) holds; ModelFormatError otherwise. */
export function loadBoostingModel(input: string | unknown): BoostingModel {
  const doc = parseModelDocument(input);
  const estimator = doc.estimator;
  if (estimator === 'HistGradientBoostingClassifier') return HistGradientBoostingClassifier.fromJSON(doc);
  if (estimator === 'HistGradientBoostingRegressor') return HistGradientBoostingRegressor.fromJSON(doc);
  // fromJSON names the envelope's problems (format, version) before the estimator's.
  HistGradientBoostingRegressor.fromJSON(doc);
  throw new ModelFormatError(`invalid model at estimator: ${JSON.stringify(estimator)} is not HistGradientBoostingClassifier or HistGradientBoostingRegressor`);
}
