/**
 * loadStreamModel: any dt-stream file back as the estimator it holds, and the dt-stream format as a
 * value for @dt/core's loadAnyModel. Beside model-format.ts, not in it, so that the format never
 * imports the estimators that write it (no estimator ↔ format cycle).
 */
import type { ModelFormat } from '@dt/core';
import { DecisionStreamClassifier } from './decision-stream-classifier.js';
import { DecisionStreamRegressor } from './decision-stream-regressor.js';
import { parseStreamModel, STREAM_MODEL_FORMAT } from './model-format.js';

/** A loaded Decision Stream model: a classifier or a regressor. */
export type StreamModel = DecisionStreamClassifier | DecisionStreamRegressor;

/** Validates and loads a Decision Stream model from a JSON string or parsed object. Unknown top-level keys are ignored. */
export function loadStreamModel(input: string | unknown): StreamModel {
  return parseStreamModel<StreamModel>(input, null, (estimator, params) =>
    estimator === 'DecisionStreamClassifier' ? new DecisionStreamClassifier(params) : new DecisionStreamRegressor(params),
  );
}

/**
 * The dt-stream format as a value for @dt/core's loadAnyModel: `loadAnyModel(text, [streamModelFormat])`
 * reads Decision Stream files beside dt-model ones. Nothing is registered by importing @dt/stream.
 */
export const streamModelFormat: ModelFormat<StreamModel> = Object.freeze({ format: STREAM_MODEL_FORMAT, load: loadStreamModel });
