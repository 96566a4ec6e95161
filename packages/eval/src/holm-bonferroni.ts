import { InvalidArgumentError, knownKeys, numberInRange, plainObject } from '@dt/errors';
import { isNumericTypedArray } from './check.js';
import type { NumberArray } from './types.js';

/** Options of holmBonferroni: the family-wise significance level. */
export interface HolmBonferroniOptions {
  /** Family-wise error rate (default 0.05). */
  alpha?: number;
}

/** Result of holmBonferroni: adjusted p-values and which hypotheses are rejected. */
export interface HolmBonferroniResult {
  /** Per hypothesis, in input order: rejected at family-wise level alpha. */
  readonly rejected: boolean[];
  /** Holm-adjusted p-values, in input order: rejected[i] ⇔ adjusted[i] ≤ alpha. */
  readonly adjusted: number[];
  readonly alpha: number;
}

/**
 * Holm's step-down procedure (Holm 1979): sort the m p-values ascending, p(1) ≤ … ≤ p(m); reject
 * H(1), H(2), … while p(k) ≤ alpha / (m − k + 1), and stop at the first that fails (it and every
 * larger one are kept). Controls the family-wise error rate at alpha under any dependence.
 * Adjusted p-values: p̃(k) = max over j ≤ k of min(1, (m − j + 1)·p(j)) (statsmodels' 'holm').
 * Ties in p keep their input order, which does not change the result.
 */
export function holmBonferroni(pValues: NumberArray, options: HolmBonferroniOptions = {}): HolmBonferroniResult {
  if (!Array.isArray(pValues) && !isNumericTypedArray(pValues)) throw new InvalidArgumentError('pValues', 'an array of p-values', pValues);
  const p = pValues as ArrayLike<unknown>;
  for (let i = 0; i < p.length; i++) {
    const v = p[i];
    if (typeof v !== 'number' || !(v >= 0 && v <= 1)) throw new InvalidArgumentError(`pValues[${i}]`, 'a p-value in [0, 1]', v);
  }
  plainObject('options', options);
  knownKeys('options', options, ['alpha']);
  const alpha = options.alpha === undefined ? 0.05 : numberInRange('options.alpha', options.alpha, 0, 1);
  const m = p.length;
  const order = Array.from({ length: m }, (_, i) => i).sort((i, j) => (p[i] as number) - (p[j] as number) || i - j);
  const adjusted = new Array<number>(m);
  const rejected = new Array<boolean>(m).fill(false);
  let running = 0;
  for (let k = 0; k < m; k++) {
    const i = order[k]!;
    // The running max makes "adjusted ≤ alpha" the same as the step-down rule.
    running = Math.max(running, Math.min(1, (m - k) * (p[i] as number)));
    adjusted[i] = running;
    rejected[i] = running <= alpha;
  }
  return { rejected, adjusted, alpha };
}
