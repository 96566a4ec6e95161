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

/** scikit-learn's max_samples: null = n; an integer in [1, n]; a fraction in (0, 1] → max(1, round(f·n)). */
export function resolveMaxSamples(maxSamples: number | null, n: number): number {
  if (maxSamples === null) return n;
  if (Number.isInteger(maxSamples) && maxSamples >= 1 && maxSamples !== 1) {
    if (maxSamples > n) throw new InvalidArgumentError('maxSamples', `at most the number of rows (${n})`, maxSamples);
    return maxSamples;
  }
  // 1 is read as the fraction 1.0 (all rows), as scikit-learn's default-like max_samples=1.0.
  return Math.max(1, Math.round(maxSamples * n));
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
