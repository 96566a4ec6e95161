/**
 * The tie rule shared by every scan (and recommended to the builder when it compares features).
 *
 * Scores are floating-point sums; two splits that are mathematically equal often differ in the last
 * bits. A scan therefore treats scores within `scoreTol` as equal and then prefers the more balanced
 * split (smaller |leftWeight − rightWeight|, compared within `balanceTol`), then the lower position.
 */

/**
 * Relative tolerance under which two scores count as tied. Multiply by the score's natural scale:
 * the node's total weight for sums over weights, 1 for scores bounded by a small constant.
 */
export const SCORE_TIE_TOLERANCE = 1e-11;

/** Relative tolerance (times the node's total weight) under which two balances count as equal. */
export const BALANCE_TIE_TOLERANCE = 1e-11;

/**
 * True when a candidate split beats the best one seen so far. Scanning positions in increasing order
 * and replacing the best only when this returns true realises "higher score, then more balanced, then
 * lower position". Start with bestScore = -Infinity and bestBalance = Infinity; a NaN score never wins.
 */
export function isBetterSplit(
  score: number,
  balance: number,
  bestScore: number,
  bestBalance: number,
  scoreTol: number,
  balanceTol: number,
): boolean {
  return score > bestScore + scoreTol || (score >= bestScore - scoreTol && balance < bestBalance - balanceTol);
}
