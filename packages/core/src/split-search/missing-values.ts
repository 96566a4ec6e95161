/**
 * Native missing values (NaN) in axis splits, scikit-learn's rule (≥ 1.3; user guide "Missing Values
 * Support", sklearn/tree/_splitter.pyx `node_split_best` / `node_split_random`):
 *
 * - A feature's NaN samples never take part in its sort; they get the rank `missingRank(index, f)`,
 *   one past the feature's largest value rank, so `rank <= cutRank` sends them right by default.
 * - The exact search scans each feature twice when the node has NaN on it — NaN on the right, then
 *   NaN on the left — and then scores the split "every non-missing value left, NaN right" (threshold
 *   +Infinity). Between these three a later one replaces an earlier one only on a strict improvement
 *   (`strictlyBetter`), as scikit-learn's `current_proxy_improvement > best_proxy_improvement`.
 * - A node whose split feature had no NaN among its training samples sends NaN to the child with
 *   more samples (counts, not weights; a tie goes right): `n_left > n_right` in scikit-learn. The
 *   search reports that case as `SplitRecord.missingGoToLeft = -1` and the builder resolves it
 *   after partitioning (`resolveMissingSide`).
 */
import { SCORE_TIE_TOLERANCE } from '@dt/criteria';
import type { FeatureIndex, RankArray } from '../feature-index.js';
import type { NodeView, SplitRecord } from './split-record.js';

/** The rank NaN samples of feature f carry: one past its largest value rank. */
export function missingRank(index: FeatureIndex, f: number): number {
  return index.nUnique[f]!;
}

/**
 * True when `score` beats `bestScore` by more than the score tolerance (the tolerance of
 * isBetterCandidate): scikit-learn's strict `>`, so a tie keeps the earlier candidate.
 */
export function strictlyBetter(score: number, bestScore: number, impurityScale: number): boolean {
  if (bestScore === Number.NEGATIVE_INFINITY) return score === score;
  const a = Math.abs(score);
  const b = Math.abs(bestScore);
  const scale = Math.max(impurityScale, a, b);
  return score > bestScore + SCORE_TIE_TOLERANCE * scale;
}

/** scikit-learn's side for a node that saw no NaN on its split feature: the child with more samples. */
export function resolveMissingSide(searched: number, nLeft: number, nRight: number): number {
  return searched >= 0 ? searched : nLeft > nRight ? 1 : 0;
}

/**
 * Moves node.samples going left to the front; returns mid. Left: rank <= record.cutRank on column
 * record.candidate, and NaN (rank `missing`) too when record.missingGoToLeft is 1.
 */
export function partitionByRank(ranks: RankArray, n: number, node: NodeView, record: SplitRecord, missing: number): number {
  const { samples, start, end } = node;
  const cutRank = record.cutRank;
  const base = record.candidate * n;
  let i = start;
  let j = end - 1;
  if (record.missingGoToLeft === 1) {
    while (i <= j) {
      const r = ranks[base + samples[i]!]!;
      if (r <= cutRank || r === missing) i++;
      else {
        const t = samples[i]!;
        samples[i] = samples[j]!;
        samples[j] = t;
        j--;
      }
    }
    return i;
  }
  while (i <= j) {
    if (ranks[base + samples[i]!]! <= cutRank) i++;
    else {
      const t = samples[i]!;
      samples[i] = samples[j]!;
      samples[j] = t;
      j--;
    }
  }
  return i;
}
