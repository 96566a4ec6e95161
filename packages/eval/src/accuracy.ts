import { checkLabelPair, checkOptions, checkSampleWeight } from './check.js';
import type { Labels } from './types.js';

/** Options of accuracy. */
export interface AccuracyOptions {
  /** Per-sample weights (finite, >= 0, positive sum). */
  sampleWeight?: ArrayLike<number>;
}

/** Fraction (weighted, if `sampleWeight` is given) of samples with `yPred[i] === yTrue[i]`. */
export function accuracy(yTrue: Labels, yPred: Labels, options?: AccuracyOptions): number {
  checkLabelPair(yTrue, yPred);
  const o = checkOptions('options', options, ['sampleWeight']);
  const n = yTrue.length;
  const w = o.sampleWeight === undefined ? undefined : checkSampleWeight(o.sampleWeight, n);
  let hit = 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const wi = w === undefined ? 1 : w[i]!;
    if (yTrue[i] === yPred[i]) hit += wi;
    total += wi;
  }
  return hit / total;
}
