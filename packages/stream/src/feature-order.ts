import { valuesDiffer } from '@dt/criteria';
import type { FeatureIndex } from '@dt/core';
import type { Candidates } from './options.js';

/**
 * Sorts a node's samples by one feature using the per-fit value ranks: a counting sort when the
 * feature has few distinct values next to the node size (pixels, codes), else a native sort of packed
 * keys rank·n + i (no comparator). O(n + U) or O(n log n). Scratch buffers are reused across calls.
 */
export class FeatureSorter {
  /** Positions into the node's sample array, in feature order (valid for the last sort). */
  readonly order: Int32Array;
  /** The feature rank of order[i]. */
  readonly rank: Int32Array;
  private readonly keys: Float64Array;
  private readonly bucket: Int32Array;

  constructor(private readonly index: FeatureIndex) {
    const n = index.n;
    this.order = new Int32Array(n);
    this.rank = new Int32Array(n);
    this.keys = new Float64Array(n);
    let maxU = 1;
    for (let f = 0; f < index.d; f++) maxU = Math.max(maxU, index.nUnique[f]!);
    this.bucket = new Int32Array(Math.min(maxU, 4 * n) + 1);
  }

  sort(samples: Int32Array, n: number, f: number): void {
    const N = this.index.n;
    const ranks = this.index.ranks;
    const base = f * N;
    const U = this.index.nUnique[f]!;
    const order = this.order;
    const rank = this.rank;
    if (U <= 4 * n && U < this.bucket.length) {
      const b = this.bucket;
      b.fill(0, 0, U + 1);
      for (let i = 0; i < n; i++) b[ranks[base + samples[i]!]! + 1]!++;
      for (let r = 0; r < U; r++) b[r + 1]! += b[r]!;
      for (let i = 0; i < n; i++) {
        const r = ranks[base + samples[i]!]!;
        const at = b[r]!++;
        order[at] = i;
        rank[at] = r;
      }
      return;
    }
    const keys = this.keys.subarray(0, n);
    for (let i = 0; i < n; i++) keys[i] = ranks[base + samples[i]!]! * n + i;
    keys.sort();
    for (let i = 0; i < n; i++) {
      const k = keys[i]!;
      const r = Math.floor(k / n);
      order[i] = k - r * n;
      rank[i] = r;
    }
  }
}

/**
 * Split positions (left = the first `pos` samples in feature order) for sorted feature values
 * `uniq[rank[i]]`, ascending, written to `out`; returns how many. Never between values that
 * valuesDiffer calls equal.
 * - 'exhaustive': every position between distinct values.
 * - 'sections' (the reference code): K = ⌊√n⌋ thresholds max − j·(max − min)/K, j = 0..K−1, each
 *   snapped to the position after the last value ≤ threshold; j = 0 is taken just below max (it
 *   splits off the largest value), duplicates dropped. At most K candidates, O(n).
 */
export function candidatePositions(rank: Int32Array, uniq: Float64Array, n: number, mode: Candidates, out: Int32Array): number {
  if (n < 2 || rank[0] === rank[n - 1]) return 0;
  let k = 0;
  if (mode === 'exhaustive') {
    for (let p = 1; p < n; p++) {
      if (rank[p] !== rank[p - 1] && valuesDiffer(uniq[rank[p - 1]!]!, uniq[rank[p]!]!)) out[k++] = p;
    }
    return k;
  }
  const K = Math.floor(Math.sqrt(n));
  const min = uniq[rank[0]!]!;
  const max = uniq[rank[n - 1]!]!;
  const step = (max - min) / K;
  let ptr = n;
  const topRank = rank[n - 1]!;
  while (ptr > 0 && rank[ptr - 1] === topRank) ptr--;
  let last = -1;
  for (let j = 0; j < K; j++) {
    if (j > 0) {
      const t = max - j * step;
      while (ptr > 0 && uniq[rank[ptr - 1]!]! > t) ptr--;
    }
    const p = ptr;
    if (p <= 0 || p >= n || p === last) continue;
    last = p;
    if (valuesDiffer(uniq[rank[p - 1]!]!, uniq[rank[p]!]!)) out[k++] = p;
  }
  // Generated from the top down: reverse to ascending.
  for (let a = 0, b = k - 1; a < b; a++, b--) {
    const t = out[a]!;
    out[a] = out[b]!;
    out[b] = t;
  }
  return k;
}
