import type { Stats, TaskOps } from './stats.js';
import { referenceCountsTest } from './reference-compat.js';
import { createPValueOut, type TestFamily } from './test-result.js';

/** Anything Algorithm 1 can merge: label statistics and a unique, increasing creation number. */
export interface Mergeable {
  stats: Stats;
  order: number;
}

export interface MergeContext<T extends Mergeable> {
  ops: TaskOps;
  family: TestFamily;
  alpha: number;
  /** Builds the merged item (new order number, union of whatever T carries). */
  merge(a: T, b: T): T;
  cache: PairCache;
  /**
   * The reference code's conventions (compat: 'reference'): the items are sorted by size only before
   * the first pass (equal sizes in list order, not creation order) and later passes keep the previous
   * pass's output order; the partner is the first item of strictly highest p-value, raw p compared
   * exactly, p = 0 never chosen (the reference starts from p = 0 and no partner).
   */
  reference?: boolean;
}

/**
 * p-values between items, keyed by their order numbers. Items are immutable, so a pair's p-value
 * never changes: later passes and rounds only test pairs that involve new items.
 */
export class PairCache {
  private readonly map = new Map<number, number>();
  private readonly logMap = new Map<number, number>();
  private readonly out = createPValueOut();
  hits = 0;
  misses = 0;

  constructor(
    private readonly ops: TaskOps,
    private readonly family: TestFamily,
    /** compat: 'reference': the reference code's test (classification only, see reference-compat.ts). */
    private readonly reference = false,
  ) {}

  private test(a: Mergeable, b: Mergeable): void {
    if (this.reference) {
      const A = a.stats;
      const B = b.stats;
      referenceCountsTest(A.counts!, A.n, B.counts!, B.n, A.counts!.length, this.out);
    } else this.ops.test(a.stats, b.stats, this.family, this.out);
  }

  private static key(a: number, b: number): number {
    return a < b ? a * 67108864 + b : b * 67108864 + a;
  }

  /** Sets `this.p` / `this.logP` for the pair. */
  p = 1;
  logP = 0;
  lookup(a: Mergeable, b: Mergeable): void {
    if (a.order >= 67108864 || b.order >= 67108864) {
      // beyond the key space (2^26 items in one fit): test without caching
      this.test(a, b);
      this.p = this.out.pValue;
      this.logP = this.out.logP;
      return;
    }
    const key = PairCache.key(a.order, b.order);
    const p = this.map.get(key);
    if (p !== undefined) {
      this.hits++;
      this.p = p;
      this.logP = this.logMap.get(key)!;
      return;
    }
    this.misses++;
    this.test(a, b);
    this.map.set(key, this.out.pValue);
    this.logMap.set(key, this.out.logP);
    this.p = this.out.pValue;
    this.logP = this.out.logP;
  }

  /** Drops every pair that involves an item not in `alive` (by order number). */
  retain(alive: Set<number>): void {
    for (const key of this.map.keys()) {
      const a = Math.floor(key / 67108864);
      const b = key - a * 67108864;
      if (!alive.has(a) || !alive.has(b)) {
        this.map.delete(key);
        this.logMap.delete(key);
      }
    }
  }
}

/** ln p strictly higher than the best so far (relative tolerance 1e-10, so rounding never decides). */
export function isHigherP(logP: number, bestLog: number, haveBest: boolean): boolean {
  if (!haveBest) return true;
  if (logP === bestLog) return false;
  const tol = 1e-10 * Math.max(1, Math.abs(logP), Math.abs(bestLog));
  if (!Number.isFinite(tol)) return logP > bestLog;
  return logP > bestLog + tol;
}

function bySizeOnly(a: Mergeable, b: Mergeable): number {
  return a.stats.n - b.stats.n;
}

function bySize(a: Mergeable, b: Mergeable): number {
  return a.stats.n - b.stats.n || a.order - b.order;
}

/**
 * The paper's Algorithm 1 (as the reference code runs it): sort the items by size; take the smallest,
 * test it against every other remaining item and pair it with the one of highest p-value; if that
 * p > alpha merge them (the merged item is not reconsidered in this pass), else keep it; repeat with
 * the rest. Passes repeat until one changes nothing. Ties: equal sizes by creation order, equal
 * p-values keep the earlier (smaller) partner. O(L²) tests per pass, cached across passes.
 */
export function mergeAll<T extends Mergeable>(items: readonly T[], ctx: MergeContext<T>): { items: T[]; merges: number } {
  let cur: readonly T[] = items;
  let merges = 0;
  const cache = ctx.cache;
  for (;;) {
    // The reference sorts by size once, before its first pass (Array.prototype.sort is stable: the
    // list order among equal sizes); later passes take the previous pass's output order as it is.
    const sorted = ctx.reference ? (cur === items ? [...cur].sort(bySizeOnly) : cur) : [...cur].sort(bySize);
    const m = sorted.length;
    const removed = new Uint8Array(m);
    const res: T[] = [];
    for (let h = 0; h < m; h++) {
      if (removed[h]) continue;
      removed[h] = 1;
      const head = sorted[h]!;
      let best = -1;
      let bestP = 0;
      let bestLog = 0;
      for (let o = h + 1; o < m; o++) {
        if (removed[o]) continue;
        cache.lookup(head, sorted[o]!);
        if (ctx.reference ? cache.p > bestP : isHigherP(cache.logP, bestLog, best >= 0)) {
          best = o;
          bestP = cache.p;
          bestLog = cache.logP;
        }
      }
      if (best >= 0 && bestP > ctx.alpha) {
        removed[best] = 1;
        res.push(ctx.merge(head, sorted[best]!));
        merges++;
      } else res.push(head);
    }
    if (res.length === cur.length) return { items: res, merges };
    cur = res;
  }
}

/**
 * Algorithm 1 restricted to neighbours (the first merge step of the paper's Algorithm 4): items are
 * ranges in feature order; the smallest unprocessed range is paired with whichever unprocessed
 * neighbour has the higher p-value and merged when p > alpha; passes repeat until nothing changes.
 * `merge(left, right)` receives the ranges in position order.
 */
export function mergeAdjacent<T extends Mergeable>(ranges: readonly T[], ctx: MergeContext<T>): T[] {
  let cur = [...ranges];
  const cache = ctx.cache;
  for (;;) {
    const m = cur.length;
    if (m < 2) return cur;
    const slot: (T | null)[] = [...cur];
    const prev = Int32Array.from({ length: m }, (_, i) => i - 1);
    const next = Int32Array.from({ length: m }, (_, i) => (i + 1 < m ? i + 1 : -1));
    const idx = Int32Array.from({ length: m }, (_, i) => i);
    const sortedIdx = Array.from(idx).sort((a, b) => bySize(cur[a]!, cur[b]!));
    const rankOf = new Int32Array(m);
    sortedIdx.forEach((v, r) => (rankOf[v] = r));
    const done = new Uint8Array(m);
    let changed = false;
    for (const i of sortedIdx) {
      if (done[i]) continue;
      done[i] = 1;
      const item = slot[i]!;
      let best = -1;
      let bestP = 0;
      let bestLog = 0;
      // Candidates in the order Algorithm 1 would meet them (size, then creation).
      const cands = [prev[i]!, next[i]!].filter((j) => j >= 0 && !done[j]).sort((a, b) => rankOf[a]! - rankOf[b]!);
      for (const j of cands) {
        cache.lookup(item, slot[j]!);
        if (isHigherP(cache.logP, bestLog, best >= 0)) {
          best = j;
          bestP = cache.p;
          bestLog = cache.logP;
        }
      }
      if (best >= 0 && bestP > ctx.alpha) {
        done[best] = 1;
        const [l, r] = best < i ? [best, i] : [i, best];
        slot[l] = ctx.merge(slot[l]!, slot[r]!);
        slot[r] = null;
        next[l] = next[r]!;
        if (next[r]! >= 0) prev[next[r]!] = l;
        changed = true;
      }
    }
    const res: T[] = [];
    for (let i = 0; i >= 0; i = next[i]!) res.push(slot[i]!);
    if (!changed) return res;
    cur = res;
  }
}
