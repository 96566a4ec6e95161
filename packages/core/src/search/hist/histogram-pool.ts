/**
 * Full-node histograms kept between nodes (LightGBM's histogram pool): a node keeps its histogram
 * when building it from rows costs more than reading its cells; at its split the smaller child's is
 * built from its rows and the larger's is parent − smaller (the parent's buffer, reused), and both
 * wait here until the builder reaches them. A byte budget bounds the cache (oldest dropped first).
 */

/** A node's full histogram (every feature's bins), kept from its parent's split for subtraction. */
export interface NodeHistogram {
  start: number;
  end: number;
  cells: Float64Array;
  /** Index of `cells` in the thread driver's shared slot table (-1 without one). */
  slot: number;
}

/** Where new full-node buffers come from when worker threads must see them (the driver's shared slots). */
export type SlotSource = (cells: number) => { cells: Float64Array; slot: number };

const DEFAULT_BUDGET = 64 * 1024 * 1024;
/** Nodes of at most this many rows move a position array instead of every feature's codes. */
const FREEZE_ROWS = 2048;

export class HistogramPool {
  private readonly cache: NodeHistogram[] = [];
  private readonly free: NodeHistogram[] = [];
  private readonly maxKept: number;
  private readonly cells: number;
  private readonly d: number;
  private slots: SlotSource | null = null;

  /** `cells`: one full-node histogram's cells; `d`: features; `budget`: bytes (default 64 MiB). */
  constructor(cells: number, d: number, budget: number | undefined) {
    this.cells = cells;
    this.d = d;
    this.maxKept = Math.max(0, Math.floor((budget ?? DEFAULT_BUDGET) / Math.max(1, cells * 8)));
  }

  /** New buffers from the thread driver's shared slots from now on. */
  useSlots(slots: SlotSource): void {
    this.slots = slots;
  }

  /** Keeping a node's histogram pays when building it from samples costs more than reading its cells. */
  worthKeeping(m: number): boolean {
    return this.maxKept >= 2 && this.cells <= (m * this.d) / 2;
  }

  /** Room for a parent and a kept child. */
  get keepsChildren(): boolean {
    return this.maxKept >= 2;
  }

  /**
   * A node of m rows moves pos instead of its codes (node-data.ts): small and never keeping
   * histograms, so neither do its descendants. Worker threads read codes through the same (shared) pos.
   */
  frozen(m: number): boolean {
    return m <= FREEZE_ROWS && !this.worthKeeping(m);
  }

  remember(h: NodeHistogram): void {
    while (this.cache.length >= this.maxKept) this.release(this.cache.shift()!);
    this.cache.push(h);
  }

  /** The kept histogram of node [start, end), removed from the cache, or null. */
  take(start: number, end: number): NodeHistogram | null {
    const c = this.cache;
    for (let i = c.length - 1; i >= 0; i--) {
      const h = c[i]!;
      if (h.start === start && h.end === end) {
        c.splice(i, 1);
        return h;
      }
    }
    return null;
  }

  /** A buffer for node [start, end) (contents undefined). */
  alloc(start: number, end: number): NodeHistogram {
    const h = this.free.pop();
    if (h !== undefined) {
      h.start = start;
      h.end = end;
      return h;
    }
    if (this.slots !== null) return { start, end, ...this.slots(this.cells) };
    return { start, end, cells: new Float64Array(this.cells), slot: -1 };
  }

  /** Back to the pool (the driver's shared slots are all kept: workers hold them by index). */
  release(h: NodeHistogram): void {
    if (this.free.length < 2 || h.slot >= 0) this.free.push(h);
  }

  /** Drops every kept histogram (before a subtree task, which then grows the same on any thread). */
  clear(): void {
    while (this.cache.length > 0) this.release(this.cache.pop()!);
  }
}
