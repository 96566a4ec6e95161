import { InvalidArgumentError } from '@dt/errors';
import { checkLabels, checkOptions, checkSampleWeight } from './check.js';
import { checkProbabilityRows, checkScoreMatrix, resolveClasses } from './score-matrix.js';
import { optionalBoolean } from './split-utils.js';
import type { Label, Labels, NumberArray } from './types.js';

/** Options of logLoss (scikit-learn log_loss). */
export interface LogLossOptions {
  /** The classes of yProba's columns, ascending (default: yTrue's sorted labels). */
  labels?: readonly Label[];
  /** Per-sample weights (finite, >= 0, positive sum). */
  sampleWeight?: ArrayLike<number>;
  /** Mean loss per (weighted) sample (default true) or the (weighted) sum. */
  normalize?: boolean;
}

/**
 * scikit-learn's `log_loss` (cross-entropy): −Σ wᵢ log pᵢ,yᵢ / Σ wᵢ, each probability clipped to
 * [ε, 1 − ε] (ε = 2⁻⁵², float64's machine epsilon, as sklearn) so a confident miss costs ≈ 36 rather
 * than Infinity. `yProba` is one row of class probabilities per sample in the classes' sorted order
 * (predictProba's columns), or for two classes a 1-D array of the greater class's probability.
 * Rows that do not sum to 1 are refused (sklearn only warns), as is a yTrue of a single class
 * without `labels` (the loss needs to know the other classes).
 */
export function logLoss(yTrue: Labels, yProba: NumberArray | readonly (readonly number[])[], options?: LogLossOptions): number {
  const kind = checkLabels('yTrue', yTrue);
  const n = yTrue.length;
  const o = checkOptions('options', options, ['labels', 'sampleWeight', 'normalize']);
  const w = o.sampleWeight === undefined ? undefined : checkSampleWeight(o.sampleWeight, n);
  const normalize = optionalBoolean('options.normalize', o.normalize, true);
  const m = checkScoreMatrix('yProba', yProba, n);
  checkProbabilityRows('yProba', m, n);
  const { classes, codes } = resolveClasses(yTrue, kind, o.labels);
  if (classes.length < 2) {
    throw new InvalidArgumentError('yTrue', 'labels of at least two classes, or options.labels listing every class', yTrue);
  }
  if (m.flat ? classes.length !== 2 : m.cols !== classes.length) {
    const list = classes.map((c) => JSON.stringify(c)).join(', ');
    throw new InvalidArgumentError('yProba', `one row of ${classes.length} class probabilities per sample (classes ${list}; 1-D only for two classes)`, m.flat ? '1-D probabilities' : `${m.cols} columns`);
  }
  const eps = Number.EPSILON;
  let loss = 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const c = codes[i]!;
    const p = m.flat ? (c === 1 ? m.data[i]! : 1 - m.data[i]!) : m.data[i * m.cols + c]!;
    const wi = w === undefined ? 1 : w[i]!;
    loss -= wi * Math.log(Math.min(Math.max(p, eps), 1 - eps));
    total += wi;
  }
  return normalize ? loss / total : loss;
}
