/**
 * The partition of a node's binned rows (LightGBM's data partition): rows whose code on the split
 * feature is <= the cut bin (or is the missing bin, when NaN goes left) come first, in their order,
 * in every node-ordered array — samples, labels/targets, weights and each feature's codes — so the
 * children read contiguous runs again. Small nodes (HistogramPool.frozen) move the position array
 * instead of every feature's codes. With the parent's histogram kept, the feature moves also build
 * the smaller child's histogram block and turn the parent's into the larger child's (parent − small).
 *
 * Stable two-way moves: left-goers compacted in place, right-goers via scratch, then appended;
 * branch-free (both stores always happen) because the flags are unpredictable. Short runs of
 * right-goers are copied back by a plain loop: a subarray view per call costs more there. Every loop
 * is a function of its own that ends with the loop (see markLeft for why).
 */
import type { BinCodes } from '../../data/binning.js';
import type { HistogramBuilder } from './histogram-builder.js';
import type { NodeHistogram } from './histogram-pool.js';
import type { NodeData } from './node-data.js';

/** Right-goers copied back element by element below this count. */
const SHORT_RUN = 256;

export class HistPartition {
  private readonly data: NodeData;
  private readonly builder: HistogramBuilder;
  private readonly moveI32: Int32Array;
  private readonly moveF64: Float64Array;
  private readonly moveCodes: BinCodes;

  constructor(data: NodeData, builder: HistogramBuilder) {
    this.data = data;
    this.builder = builder;
    this.moveI32 = new Int32Array(data.ownRows);
    this.moveF64 = new Float64Array(data.ownRows);
    this.moveCodes = data.codes instanceof Uint8Array ? new Uint8Array(data.n) : new Uint16Array(data.n);
  }

  /**
   * Marks the rows of [start, end) going left (flags) and, unless one side is empty, moves samples,
   * labels/targets and weights stably; returns the boundary. `missBin`: the missing bin when NaN goes
   * left, else -1. The codes move separately (codes, positions).
   */
  rows(samples: Int32Array, start: number, end: number, feature: number, cutBin: number, missBin: number): number {
    const data = this.data;
    const mid = start + markLeft(data.codes, feature * data.n, data.pos, data.flags, start, end, cutBin, missBin);
    if (mid === start || mid === end) return mid;
    const flags = data.flags;
    stableMoveI32(samples, start, end, flags, this.moveI32);
    if (data.isC) stableMoveI32(data.lab, start, end, flags, this.moveI32);
    else stableMoveF64(data.tgt, start, end, flags, this.moveF64);
    if (data.wt !== null) stableMoveF64(data.wt, start, end, flags, this.moveF64);
    return mid;
  }

  /** A frozen node: its positions move instead of its codes. */
  positions(start: number, end: number): void {
    stableMoveI32(this.data.pos, start, end, this.data.flags, this.moveI32);
  }

  /**
   * The code moves of features f ≡ j (mod J) by the flags of rows() (features constant in the node
   * are not moved: no descendant reads them), and with `parent`, those features' blocks of the
   * smaller child's histogram (`small`, from its rows) and of the larger's (parent − small).
   * Returns the features moved.
   */
  codes(j: number, J: number, start: number, end: number, sameNode: boolean, parent: NodeHistogram | null, small: NodeHistogram | null): number {
    const { codes, flags, constFlag, n, d } = this.data;
    const move = this.moveCodes;
    const offsets = this.builder.offsets;
    let moved = 0;
    for (let f = j; f < d; f += J) {
      if (sameNode && constFlag[f] === 1) continue;
      stableMoveCodes(codes, f * n, start, end, flags, move);
      moved++;
      if (parent === null) continue;
      const a = offsets[f]!;
      const b = offsets[f + 1]!;
      const sm = small!.cells;
      sm.fill(0, a, b);
      this.builder.feature(sm, small!.start, small!.end, f);
      subtract(parent.cells, sm, a, b);
    }
    return moved;
  }
}

/** big[a, b) −= small[a, b): the larger child's block from its parent's. */
function subtract(big: Float64Array, sm: Float64Array, a: number, b: number): void {
  for (let c = a; c < b; c++) big[c] = big[c]! - sm[c]!;
}

function stableMoveI32(a: Int32Array, start: number, end: number, flags: Uint8Array, tmp: Int32Array): void {
  const r = compactI32(a, start, end, flags, tmp);
  if (r < SHORT_RUN) for (let k = 0, l = end - r; k < r; k++) a[l + k] = tmp[k]!;
  else a.set(tmp.subarray(0, r), end - r);
}

function compactI32(a: Int32Array, start: number, end: number, flags: Uint8Array, tmp: Int32Array): number {
  let l = start;
  let r = 0;
  for (let i = start; i < end; i++) {
    const v = a[i]!;
    const g = flags[i]!;
    a[l] = v;
    tmp[r] = v;
    l += g;
    r += 1 - g;
  }
  return r;
}

function stableMoveF64(a: Float64Array, start: number, end: number, flags: Uint8Array, tmp: Float64Array): void {
  const r = compactF64(a, start, end, flags, tmp);
  if (r < SHORT_RUN) for (let k = 0, l = end - r; k < r; k++) a[l + k] = tmp[k]!;
  else a.set(tmp.subarray(0, r), end - r);
}

function compactF64(a: Float64Array, start: number, end: number, flags: Uint8Array, tmp: Float64Array): number {
  let l = start;
  let r = 0;
  for (let i = start; i < end; i++) {
    const v = a[i]!;
    const g = flags[i]!;
    a[l] = v;
    tmp[r] = v;
    l += g;
    r += 1 - g;
  }
  return r;
}

function stableMoveCodes(a: BinCodes, base: number, start: number, end: number, flags: Uint8Array, tmp: BinCodes): void {
  const r = compactCodes(a, base, start, end, flags, tmp);
  if (r < SHORT_RUN) for (let k = 0, l = base + end - r; k < r; k++) a[l + k] = tmp[k]!;
  else a.set(tmp.subarray(0, r), base + end - r);
}

function compactCodes(a: BinCodes, base: number, start: number, end: number, flags: Uint8Array, tmp: BinCodes): number {
  let l = base + start;
  let r = 0;
  for (let i = start; i < end; i++) {
    const v = a[base + i]!;
    const g = flags[i]!;
    a[l] = v;
    tmp[r] = v;
    l += g;
    r += 1 - g;
  }
  return r;
}

/**
 * flags[i] = 1 for the rows of [start, end) whose code (through pos) is <= cutBin or is missBin;
 * returns their count. A function of its own, not a loop inside partition: V8 compiles a hot loop
 * of a long function on stack replacement, before the code after the loop has run, and that code
 * then bails out of the compiled loop on every later call for want of type feedback (traced with
 * --trace-deopt on MAGIC: thousands of bailouts per fit, 2-3x the fit time after a full GC).
 */
function markLeft(codes: BinCodes, base: number, pos: Int32Array, flags: Uint8Array, start: number, end: number, cutBin: number, missBin: number): number {
  let nLeft = 0;
  for (let i = start; i < end; i++) {
    const c = codes[base + pos[i]!]!;
    const l = c <= cutBin || c === missBin ? 1 : 0;
    flags[i] = l;
    nLeft += l;
  }
  return nLeft;
}
