import type { FeatureInput } from '@dt/core';
import { InvalidArgumentError, ShapeMismatchError } from '@dt/errors';
import { DecisionStream, type StreamFitOptions } from './decision-stream.js';
import type { StreamOptions } from './options.js';

/**
 * Decision Stream regressor: as the classifier, with the tests comparing the leaves' target values
 * (KS / Mann–Whitney U, or Z / t) and leaves predicting their mean target.
 */
export class DecisionStreamRegressor extends DecisionStream {
  constructor(options?: StreamOptions) {
    super(options);
  }

  fit(X: FeatureInput, y: ArrayLike<number>, fitOptions: StreamFitOptions = {}): this {
    const base = this.prepare(X, fitOptions);
    const n = base.X.rows;
    if (!Array.isArray(y) && !ArrayBuffer.isView(y)) throw new InvalidArgumentError('y', 'an array of numbers', y);
    if (y.length !== n) throw new ShapeMismatchError(`y has ${y.length} values but X has ${n} rows`);
    const targets = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const v = y[i];
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new InvalidArgumentError(`y[${i}]`, 'a finite number', v);
      targets[i] = v;
    }
    this.grow({ ...base, task: 'regression', codes: null, nClasses: 0, y: targets });
    return this;
  }

  /** Mean training target of the leaf each row reaches. */
  predict(X: FeatureInput): Float64Array {
    const leaves = this.apply(X);
    const v = this.graph.value;
    return Float64Array.from(leaves, (l) => v[l]!);
  }

  /** Coefficient of determination R² on (X, y). */
  score(X: FeatureInput, y: ArrayLike<number>): number {
    const pred = this.predict(X);
    if (y.length !== pred.length) throw new ShapeMismatchError(`y has ${y.length} values but X has ${pred.length} rows`);
    let mean = 0;
    for (let i = 0; i < y.length; i++) mean += y[i]!;
    mean /= y.length;
    let ssRes = 0;
    let ssTot = 0;
    for (let i = 0; i < y.length; i++) {
      ssRes += (y[i]! - pred[i]!) ** 2;
      ssTot += (y[i]! - mean) ** 2;
    }
    return ssTot > 0 ? 1 - ssRes / ssTot : ssRes === 0 ? 1 : 0;
  }
}
