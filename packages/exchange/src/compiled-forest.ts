/**
 * The prediction kernel of an imported ensemble: every tree's nodes in one set of flat typed arrays,
 * numbered breadth-first so a split's children are a pair (right = left + 1: the step is
 * `first[n] + goesRight`, one load and an add instead of a choice between two arrays), traversed for a
 * block of rows per tree so one tree's nodes stay in cache while the block passes through it. Trees with only plain axis splits take the short
 * loop (`x <= t`, NaN to its side); trees with LightGBM zero bands or categorical bitsets take the
 * general one. Raw scores accumulate in tree order, in float64 (LightGBM) or rounded to float32 after
 * every addition (XGBoost's and onnxruntime's float32 sums), so they match the origin library bit for bit.
 */
import { LEAF } from '@dt/core';
import { SPLIT_CAT_FLOAT32, SPLIT_CATEGORICAL, ZERO_BAND, type ImportedTree } from './imported-tree.js';

const BLOCK = 128;

export class CompiledForest {
  readonly nTrees: number;
  private readonly roots: Int32Array;
  private readonly special: Uint8Array;
  /** Per global node: split feature (-1 for a leaf), threshold, 1 when NaN goes right. */
  private readonly feature: Int32Array;
  private readonly threshold: Float64Array;
  private readonly nanRight: Uint8Array;
  /** Left child; the right child is first + 1 (children are numbered in pairs). */
  private readonly first: Int32Array;
  private readonly flags: Uint8Array;
  private readonly catStart: Int32Array;
  private readonly catWords: Int32Array;
  private readonly catBits: Uint32Array;
  /** Per global node: offset of a leaf's values in `leafValues`, and its dt node id. */
  private readonly leafOffset: Int32Array;
  private readonly leafNode: Int32Array;
  private readonly leafValues: Float64Array;
  private readonly treeOutput: Int32Array;
  private readonly treeWidth: Int32Array;
  private readonly treeMax: Float64Array;

  constructor(trees: readonly ImportedTree[]) {
    this.nTrees = trees.length;
    let nodes = 0;
    let values = 0;
    let cats = 0;
    const order: Int32Array[] = [];
    for (const it of trees) {
      const r = it.tree.reachable();
      order.push(r);
      nodes += r.length;
      for (const i of r) if (it.tree.kind[i] === LEAF) values += it.tree.nOutputs;
      cats += it.catBits.length;
    }
    this.roots = new Int32Array(trees.length);
    this.special = new Uint8Array(trees.length);
    this.treeOutput = new Int32Array(trees.length);
    this.treeWidth = new Int32Array(trees.length);
    this.treeMax = new Float64Array(trees.length);
    this.feature = new Int32Array(nodes);
    this.threshold = new Float64Array(nodes);
    this.nanRight = new Uint8Array(nodes);
    this.first = new Int32Array(nodes);
    this.flags = new Uint8Array(nodes);
    this.catStart = new Int32Array(nodes);
    this.catWords = new Int32Array(nodes);
    this.catBits = new Uint32Array(cats);
    this.leafOffset = new Int32Array(nodes).fill(-1);
    this.leafNode = new Int32Array(nodes);
    this.leafValues = new Float64Array(values);
    let next = 0;
    let valueAt = 0;
    let catAt = 0;
    for (let ti = 0; ti < trees.length; ti++) {
      const it = trees[ti]!;
      const t = it.tree;
      const k = t.nOutputs;
      const value = t.value;
      this.treeOutput[ti] = it.output;
      this.treeWidth[ti] = k;
      // Breadth-first from the root: each split's two children get consecutive global ids.
      const dtOf = new Int32Array(order[ti]!.length);
      let head = 0;
      let tail = 0;
      this.roots[ti] = next;
      dtOf[tail++] = 0;
      next++;
      while (head < tail) {
        const g = this.roots[ti]! + head;
        const i = dtOf[head++]!;
        this.leafNode[g] = i;
        if (t.kind[i] === LEAF) {
          this.feature[g] = -1;
          this.leafOffset[g] = valueAt;
          for (let j = 0; j < k; j++) {
            const v = value[i * k + j]! * it.weight;
            this.leafValues[valueAt + j] = v;
            // NaN counts as unbounded (the model is then refused), and stays so.
            const a = v === v ? Math.abs(v) : Number.POSITIVE_INFINITY;
            if (a > this.treeMax[ti]!) this.treeMax[ti] = a;
          }
          valueAt += k;
          continue;
        }
        this.feature[g] = t.feature[i]!;
        this.threshold[g] = t.threshold[i]!;
        this.nanRight[g] = t.missingGoToLeft[i] === 1 ? 0 : 1;
        this.first[g] = next;
        dtOf[tail++] = t.left[i]!;
        dtOf[tail++] = t.right[i]!;
        next += 2;
        const f = it.flags[i]!;
        this.flags[g] = f;
        if (f !== 0) this.special[ti] = 1;
        if ((f & SPLIT_CATEGORICAL) !== 0) {
          this.catStart[g] = catAt + it.catStart[i]!;
          this.catWords[g] = it.catWords[i]!;
        }
      }
      this.catBits.set(it.catBits, catAt);
      catAt += it.catBits.length;
    }
  }

  /** Σ over trees of the largest |leaf value|: a bound on |raw score - base| for any input. */
  get scoreBound(): number {
    let total = 0;
    for (let ti = 0; ti < this.nTrees; ti++) total += this.treeMax[ti]!;
    return total;
  }

  /** Global leaf node reached by row `base` in tree ti. */
  private leafOf(ti: number, x: Float64Array, base: number): number {
    let n = this.roots[ti]!;
    const feature = this.feature;
    const first = this.first;
    let f = feature[n]!;
    if (this.special[ti] === 0) {
      const threshold = this.threshold;
      const nanRight = this.nanRight;
      while (f >= 0) {
        const v = x[base + f]!;
        n = first[n]! + (v > threshold[n]! ? 1 : v !== v ? nanRight[n]! : 0);
        f = feature[n]!;
      }
      return n;
    }
    while (f >= 0) {
      n = first[n]! + (this.goesLeft(n, x[base + f]!) ? 0 : 1);
      f = feature[n]!;
    }
    return n;
  }

  /** The general split test (zero bands, category bitsets). */
  private goesLeft(n: number, x: number): boolean {
    const f = this.flags[n]!;
    if (f === 0) return x <= this.threshold[n]! || (x !== x && this.nanRight[n] === 0);
    if ((f & SPLIT_CATEGORICAL) !== 0) {
      if (x !== x) return this.nanRight[n] === 0;
      let v = x;
      if ((f & SPLIT_CAT_FLOAT32) !== 0) {
        v = Math.fround(x);
        if (v < 0) return false;
      }
      const c = Math.trunc(v);
      if (!(c >= 0 && c < this.catWords[n]! * 32)) return false;
      return ((this.catBits[this.catStart[n]! + (c >>> 5)]! >>> (c & 31)) & 1) === 1;
    }
    // The remaining flag, SPLIT_ZERO_MISSING: NaN is zero, and the zero band takes the missing side.
    const v = x !== x ? 0 : x;
    if (v >= -ZERO_BAND && v <= ZERO_BAND) return this.nanRight[n] === 0;
    return v <= this.threshold[n]!;
  }

  /**
   * Adds every tree's leaf values to `out` (rows × width, row-major, already holding the base score
   * when `acc.baseFirst`), in tree order per row.
   */
  accumulate(x: Float64Array, rows: number, cols: number, out: Float64Array, width: number, float32: boolean): void {
    const leafOffset = this.leafOffset;
    const leafValues = this.leafValues;
    for (let r0 = 0; r0 < rows; r0 += BLOCK) {
      const r1 = Math.min(rows, r0 + BLOCK);
      for (let ti = 0; ti < this.nTrees; ti++) {
        const o = this.treeOutput[ti]!;
        const k = this.treeWidth[ti]!;
        for (let r = r0; r < r1; r++) {
          const off = leafOffset[this.leafOf(ti, x, r * cols)]!;
          const at = r * width + o;
          if (k === 1) {
            out[at] = float32 ? Math.fround(out[at]! + leafValues[off]!) : out[at]! + leafValues[off]!;
          } else {
            for (let j = 0; j < k; j++) {
              out[at + j] = float32 ? Math.fround(out[at + j]! + leafValues[off + j]!) : out[at + j]! + leafValues[off + j]!;
            }
          }
        }
      }
    }
  }

  /** dt leaf node id of every row in every tree (rows × nTrees, row-major). */
  apply(x: Float64Array, rows: number, cols: number): Int32Array {
    const out = new Int32Array(rows * this.nTrees);
    for (let r = 0; r < rows; r++) {
      for (let ti = 0; ti < this.nTrees; ti++) out[r * this.nTrees + ti] = this.leafNode[this.leafOf(ti, x, r * cols)]!;
    }
    return out;
  }
}
