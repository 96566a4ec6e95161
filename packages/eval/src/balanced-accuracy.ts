import { InvalidArgumentError } from '@dt/errors';
import { checkLabelPair, checkOptions, checkSampleWeight } from './check.js';
import { classTotals, encodeLabels } from './encode-labels.js';
import { optionalBoolean } from './split-utils.js';
import type { Labels } from './types.js';

/** Options of balancedAccuracy. */
export interface BalancedAccuracyOptions {
  /** Per-sample weights (finite, >= 0, positive sum). */
  sampleWeight?: ArrayLike<number>;
  /** Rescale so chance scores 0 and perfect 1: (score − 1/C) / (1 − 1/C) (default false). */
  adjusted?: boolean;
}

/**
 * scikit-learn's `balanced_accuracy_score`: the mean over classes of each class's recall,
 * (weighted) correct / (weighted) true members. Classes that occur only in `yPred` have no recall
 * and are left out of the mean (sklearn warns and drops them), so C counts the classes of `yTrue`
 * that carry weight. Equals accuracy when every class has the same (weighted) size.
 */
export function balancedAccuracy(yTrue: Labels, yPred: Labels, options?: BalancedAccuracyOptions): number {
  checkLabelPair(yTrue, yPred);
  const o = checkOptions('options', options, ['sampleWeight', 'adjusted']);
  const w = o.sampleWeight === undefined ? undefined : checkSampleWeight(o.sampleWeight, yTrue.length);
  const adjusted = optionalBoolean('options.adjusted', o.adjusted, false);
  const { classes, codes } = encodeLabels([yTrue, yPred]);
  const totals = classTotals(codes[0]!, codes[1]!, classes.length, w);
  let sum = 0;
  let count = 0;
  for (let c = 0; c < classes.length; c++) {
    if (totals.true[c]! > 0) {
      sum += totals.tp[c]! / totals.true[c]!;
      count++;
    }
  }
  const score = sum / count;
  if (!adjusted) return score;
  if (count < 2) throw new InvalidArgumentError('yTrue', 'labels of at least two classes for the adjusted score (chance is 1 with one class)', yTrue);
  const chance = 1 / count;
  return (score - chance) / (1 - chance);
}
