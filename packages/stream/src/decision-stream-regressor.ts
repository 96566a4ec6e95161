import type { FeatureInput } from '@dt/core';
import { leafValue, r2Score, toTargets } from '@dt/core/internal';
import { DecisionStream, type StreamFitOptions } from './decision-stream.js';
import { parseStreamModel, streamModelToJson, type StreamModelJson } from './model-format.js';
import type { StreamOptions } from './options.js';

/**
 * Decision Stream regressor: as the classifier, with the tests comparing the leaves' target values
 * (KS / Mann–Whitney U, or Z / t) and leaves predicting their mean target.
 */
export class DecisionStreamRegressor extends DecisionStream {
  constructor(options?: StreamOptions) {
    super(options, 'regression');
  }

  /** Grows the stream on X and the numeric targets y (errors name the argument and the bad value). */
  fit(X: FeatureInput, y: ArrayLike<number>, fitOptions: StreamFitOptions = {}): this {
    const base = this.prepare(X, fitOptions);
    const targets = toTargets(y, base.X.rows);
    this.grow({ ...base, task: 'regression', codes: null, nClasses: 0, y: targets });
    return this;
  }

  /** Mean training target of the leaf each row reaches. */
  predict(X: FeatureInput): Float64Array {
    return leafValue(this.graph.value, this.apply(X));
  }

  /** Coefficient of determination R² on (X, y), weighted by sampleWeight when given. */
  score(X: FeatureInput, y: ArrayLike<number>, sampleWeight?: ArrayLike<number> | null): number {
    return r2Score(this.predict(X), y, sampleWeight);
  }

  /** The model file as an object: `JSON.stringify(model)` writes what loadStreamModel/fromJSON read (throws before fit). */
  toJSON(): StreamModelJson {
    return streamModelToJson(this);
  }

  /** A regressor from a dt-stream model file (JSON text or parsed object). */
  static fromJSON(json: string | unknown): DecisionStreamRegressor {
    return parseStreamModel(json, 'DecisionStreamRegressor', (_, params) => new DecisionStreamRegressor(params));
  }

  /** Same as fromJSON (ml-cart's spelling). */
  static load(json: string | unknown): DecisionStreamRegressor {
    return DecisionStreamRegressor.fromJSON(json);
  }
}
