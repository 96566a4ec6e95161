import { createRandom, InvalidArgumentError, type Random } from '@dt/errors';

/**
 * Per-member seeds, derived from the forest seed and the member's index only (drawn up front in
 * index order), so every member is the same whatever the order or the worker that fits it.
 */
export function memberSeeds(seed: number, count: number): Uint32Array {
  const rng = createRandom(seed);
  const out = new Uint32Array(count);
  for (let i = 0; i < count; i++) out[i] = (rng.int(0x10000) * 0x10000 + rng.int(0x10000)) >>> 0;
  return out;
}

/**
 * Rows drawn per member with bootstrap: null (n, scikit-learn's None), an integer count (any count
 * >= 1: 1 draws one row), a non-integer number or `{ fraction }` (a fraction of the rows, of Σ weights
 * when weighted; `{ fraction: 1 }` is scikit-learn's max_samples=1.0, which a JavaScript number cannot
 * tell from the count 1).
 */
export type MaxSamples = number | { fraction: number } | null;

/**
 * scikit-learn 1.9's `_get_n_samples_bootstrap`: null → n; a count → itself; a fraction f →
 * max(floor(f · W), 1) with W the Σ of the draw weights (sampleWeight × classWeight) or n without them.
 */
export function resolveMaxSamples(maxSamples: MaxSamples, n: number, weights: Float64Array | null = null): number {
  if (maxSamples === null) return n;
  if (typeof maxSamples === 'number' && Number.isInteger(maxSamples)) return maxSamples;
  const f = typeof maxSamples === 'number' ? maxSamples : maxSamples.fraction;
  let total = n;
  if (weights !== null) {
    total = 0;
    for (let i = 0; i < weights.length; i++) total += weights[i]!;
  }
  return Math.max(1, Math.floor(f * total));
}

/**
 * Bootstrap draw counts in proportion to `weights` (scikit-learn 1.9's `choice(n, draws, p=w/Σw)`,
 * PR #31529: sample and class weights act as frequencies of the draw, not as tree weights): each draw
 * is the first row whose cumulative weight exceeds u·Σw, u uniform; rows of weight 0 are never drawn.
 * Null weights: uniform draws (bootstrapCounts).
 */
export function weightedBootstrapCounts(weights: Float64Array | null, n: number, draws: number, rng: Random): Int32Array {
  if (weights === null) return bootstrapCounts(n, draws, rng);
  const cum = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) cum[i] = total += weights[i]!;
  if (!(total > 0)) throw new InvalidArgumentError('sampleWeight', 'weights (× class weights) with a positive sum for bootstrap draws', total);
  const counts = new Int32Array(n);
  for (let k = 0; k < draws; k++) {
    const u = rng.next() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cum[mid]! > u) hi = mid;
      else lo = mid + 1;
    }
    counts[lo]!++;
  }
  return counts;
}

/**
 * Bootstrap draw counts: `draws` row indices uniform with replacement from [0, n) (scikit-learn's
 * randint(0, n, draws) then bincount). counts[i] = how often row i was drawn.
 */
export function bootstrapCounts(n: number, draws: number, rng: Random): Int32Array {
  const counts = new Int32Array(n);
  for (let k = 0; k < draws; k++) counts[rng.int(n)]!++;
  return counts;
}

/** `k` distinct indices of [0, d) drawn without replacement (partial Fisher–Yates), ascending. */
export function sampleWithoutReplacement(d: number, k: number, rng: Random): Int32Array {
  const p = Int32Array.from({ length: d }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + rng.int(d - i);
    const t = p[i]!;
    p[i] = p[j]!;
    p[j] = t;
  }
  return p.slice(0, k).sort();
}
