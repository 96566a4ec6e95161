/**
 * Sorting of (key, index) pairs by unsigned integer key — the cost centre of tree fitting.
 * Keys are per-feature value ranks, so every node sort is an integer sort over a known key range:
 * insertion sort for tiny nodes, counting sort when the range is small next to n, LSD radix (8-bit
 * digits) otherwise. All are stable and allocation-free given the caller's scratch buffers.
 * Hand-written because no library sorts parallel typed arrays without boxing.
 */

/** Scratch buffers reused across calls; grow with `ensureSortScratch`. */
export interface SortScratch {
  keys: Uint32Array;
  idx: Int32Array;
  counts: Int32Array;
}

export const RADIX_BITS = 8;
const RADIX_SIZE = 1 << RADIX_BITS;
const RADIX_MASK = RADIX_SIZE - 1;
const INSERTION_MAX = 24;
const COUNTING_MAX_RANGE = 1 << 16;

export function createSortScratch(n: number): SortScratch {
  return { keys: new Uint32Array(n), idx: new Int32Array(n), counts: new Int32Array(COUNTING_MAX_RANGE + 1) };
}

/**
 * Sorts keys[0..n) ascending and applies the same permutation to idx[0..n). `minKey`/`maxKey` must
 * bound the keys. Stable.
 */
export function sortPairs(
  keys: Uint32Array,
  idx: Int32Array,
  n: number,
  minKey: number,
  maxKey: number,
  scratch: SortScratch,
): void {
  if (n < 2 || minKey === maxKey) return;
  if (n <= INSERTION_MAX) {
    insertionSortPairs(keys, idx, n);
    return;
  }
  const range = maxKey - minKey + 1;
  // Counting sort costs ~2·range + 4n; LSD radix ~4n per 8-bit pass (two passes up to 65536).
  if (range <= COUNTING_MAX_RANGE && (range <= 256 || range <= n)) {
    countingSortPairs(keys, idx, n, minKey, range, scratch);
    return;
  }
  radixSortPairs(keys, idx, n, minKey, maxKey - minKey, scratch);
}

export function insertionSortPairs(keys: Uint32Array, idx: Int32Array, n: number): void {
  for (let i = 1; i < n; i++) {
    const k = keys[i]!;
    const v = idx[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > k) {
      keys[j + 1] = keys[j]!;
      idx[j + 1] = idx[j]!;
      j--;
    }
    keys[j + 1] = k;
    idx[j + 1] = v;
  }
}

function countingSortPairs(
  keys: Uint32Array,
  idx: Int32Array,
  n: number,
  minKey: number,
  range: number,
  scratch: SortScratch,
): void {
  const counts = scratch.counts;
  const tk = scratch.keys;
  const ti = scratch.idx;
  counts.fill(0, 0, range + 1);
  for (let i = 0; i < n; i++) counts[keys[i]! - minKey + 1]!++;
  for (let r = 1; r <= range; r++) counts[r]! += counts[r - 1]!;
  for (let i = 0; i < n; i++) {
    const k = keys[i]!;
    const p = counts[k - minKey]!++;
    tk[p] = k;
    ti[p] = idx[i]!;
  }
  keys.set(tk.subarray(0, n));
  idx.set(ti.subarray(0, n));
}

function radixSortPairs(
  keys: Uint32Array,
  idx: Int32Array,
  n: number,
  minKey: number,
  span: number,
  scratch: SortScratch,
): void {
  const counts = scratch.counts;
  let srcK = keys;
  let srcI = idx;
  let dstK = scratch.keys;
  let dstI = scratch.idx;
  // Shift keys to start at 0 so fewer digit passes are needed.
  if (minKey !== 0) for (let i = 0; i < n; i++) srcK[i] = srcK[i]! - minKey;
  let passes = 0;
  for (let shift = 0; shift < 32 && span >>> shift > 0; shift += RADIX_BITS) {
    counts.fill(0, 0, RADIX_SIZE);
    for (let i = 0; i < n; i++) counts[(srcK[i]! >>> shift) & RADIX_MASK]!++;
    let sum = 0;
    for (let r = 0; r < RADIX_SIZE; r++) {
      const c = counts[r]!;
      counts[r] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const k = srcK[i]!;
      const p = counts[(k >>> shift) & RADIX_MASK]!++;
      dstK[p] = k;
      dstI[p] = srcI[i]!;
    }
    const tk = srcK;
    srcK = dstK;
    dstK = tk;
    const ti = srcI;
    srcI = dstI;
    dstI = ti;
    passes++;
  }
  if (passes % 2 === 1) {
    keys.set(srcK.subarray(0, n));
    idx.set(srcI.subarray(0, n));
  }
  if (minKey !== 0) for (let i = 0; i < n; i++) keys[i] = keys[i]! + minKey;
}
