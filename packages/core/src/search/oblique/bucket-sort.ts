import { sortFloatPairs } from '../../data/sort.js';

/** Scratch of bucketSortFloatPairs for up to n values. */
export interface BucketSortScratch {
  counts: Int32Array;
  values: Float64Array;
  idx: Int32Array;
}

export function createBucketSortScratch(n: number): BucketSortScratch {
  return { counts: new Int32Array(n + 1), values: new Float64Array(n), idx: new Int32Array(n) };
}

/** Buckets up to this size are finished by insertion sort, larger ones by the quicksort. */
const BUCKET_INSERTION_MAX = 16;

/**
 * Sorts values[0, n) ascending (finite values) and permutes idx alike; equal values in any order.
 * One counting pass over n equal-width buckets of [min, max] — the key ⌊(v − min)·n / (max − min)⌋
 * never decreases as v grows, so bucket order is value order — then each bucket is finished by
 * comparison. Why: projections onto oblique directions are spread fairly evenly, so buckets hold
 * one or two values and the whole sort is three linear passes, against the four 8-bit passes and
 * the gathers of radixSortFloatPairs; a bucket that gets many values (heavy tails, ties) costs what
 * a quicksort of it costs.
 */
export function bucketSortFloatPairs(values: Float64Array, idx: Int32Array, n: number, s: BucketSortScratch): void {
  if (n < 2) return;
  let lo = values[0]!;
  let hi = lo;
  for (let i = 1; i < n; i++) {
    const v = values[i]!;
    if (v < lo) lo = v;
    else if (v > hi) hi = v;
  }
  if (!(hi > lo)) return;
  const scale = n / (hi - lo);
  // A subnormal spread makes the scale infinite (and 0·∞ NaN): the comparison sort then. Overflow of
  // hi − lo makes it 0: one bucket, still correct.
  if (!(scale < Number.POSITIVE_INFINITY)) {
    sortFloatPairs(values, idx, n);
    return;
  }
  const counts = s.counts;
  counts.fill(0, 0, n + 1);
  const last = n - 1;
  for (let i = 0; i < n; i++) {
    const k = Math.floor((values[i]! - lo) * scale);
    counts[(k < last ? k : last) + 1]!++;
  }
  for (let b = 0; b < n; b++) counts[b + 1] = counts[b + 1]! + counts[b]!;
  const tv = s.values;
  const ti = s.idx;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    const k = Math.floor((v - lo) * scale);
    const p = counts[k < last ? k : last]!++;
    tv[p] = v;
    ti[p] = idx[i]!;
  }
  // counts[b] is now the end of bucket b (= start of bucket b + 1).
  let from = 0;
  for (let b = 0; b < n; b++) {
    const to = counts[b]!;
    const len = to - from;
    if (len > BUCKET_INSERTION_MAX) {
      sortFloatPairs(tv.subarray(from, to), ti.subarray(from, to), len);
    } else if (len > 1) {
      for (let a = from + 1; a < to; a++) {
        const v = tv[a]!;
        if (!(v < tv[a - 1]!)) continue;
        const x = ti[a]!;
        let c = a - 1;
        while (c >= from && tv[c]! > v) {
          tv[c + 1] = tv[c]!;
          ti[c + 1] = ti[c]!;
          c--;
        }
        tv[c + 1] = v;
        ti[c + 1] = x;
      }
    }
    from = to;
  }
  values.set(tv.subarray(0, n));
  idx.set(ti.subarray(0, n));
}
