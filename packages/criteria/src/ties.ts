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

/**
 * THE rule for choosing between two candidate splits of one node — over features, directions, or an
 * axis and a categorical candidate: a higher score wins; scores within the tie tolerance count as
 * equal and the more balanced split wins (|leftWeight − rightWeight| within the balance tolerance
 * counts as equal); then the lower candidate index (feature or direction number) wins.
 *
 * Tolerances: scores are compared within SCORE_TIE_TOLERANCE · max(impurityScale, |score|, |bestScore|)
 * — relative to the node's impurity (scores are impurity decreases) and to the scores themselves
 * (Max-Cut scores have no fixed scale); balances within BALANCE_TIE_TOLERANCE · totalWeight.
 * `impurityScale` is the node impurity, or 1 when it is 0. A NaN score never wins; anything beats a
 * best score of -Infinity (nothing found yet).
 */
export function isBetterCandidate(
  score: number,
  balance: number,
  index: number,
  bestScore: number,
  bestBalance: number,
  bestIndex: number,
  impurityScale: number,
  totalWeight: number,
): boolean {
  if (!(score === score)) return false;
  if (bestScore === Number.NEGATIVE_INFINITY) return true;
  const a = score < 0 ? -score : score;
  const b = bestScore < 0 ? -bestScore : bestScore;
  const scale = impurityScale > a ? (impurityScale > b ? impurityScale : b) : a > b ? a : b;
  const scoreTol = SCORE_TIE_TOLERANCE * scale;
  if (score > bestScore + scoreTol) return true;
  if (score < bestScore - scoreTol) return false;
  const balanceTol = BALANCE_TIE_TOLERANCE * totalWeight;
  if (balance < bestBalance - balanceTol) return true;
  if (balance > bestBalance + balanceTol) return false;
  return index < bestIndex;
}

/**
 * The scale a search passes to isBetterCandidate for a scan's result: the larger of the node's
 * impurity scale and the scale of the scan's own tie tolerance (SplitResult.tieScale). Comparing
 * features more strictly than positions within one feature would let the last bits of two sums
 * decide between splits the scans count as tied (e.g. two features inducing the same partition, with
 * fractional weights, at a nearly pure node), so the exact and the binned searches could differ.
 */
export function tieScaleOf(nodeScale: number, result: { tieScale?: number }): number {
  const s = result.tieScale;
  return s !== undefined && s > nodeScale ? s : nodeScale;
}

/** The impurity scale isBetterCandidate compares scores against: the node impurity, or 1 at 0. */
export function impurityScale(nodeImpurity: number): number {
  return nodeImpurity > 0 ? nodeImpurity : 1;
}
