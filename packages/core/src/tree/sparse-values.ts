/**
 * Class weights per node stored sparsely: node i holds the (class, weight) pairs of the classes
 * present in it, classes ascending, at [offset[i], offset[i] + count[i]) of two pools. A tree with
 * C classes and N nodes then costs Σ (classes present per node) — at most Σ node sizes — instead of
 * N × C dense entries (10,000 classes × 20,000 nodes would be 1.6 GB dense).
 */
export class SparseValues {
  offset: Int32Array;
  count: Int32Array;
  classes: Int32Array = new Int32Array(64);
  weights: Float64Array = new Float64Array(64);
  used = 0;

  constructor(capacity: number) {
    this.offset = new Int32Array(capacity);
    this.count = new Int32Array(capacity);
  }

  /** Node capacity grows with the tree's. */
  growNodes(capacity: number): void {
    const o = new Int32Array(capacity);
    o.set(this.offset.subarray(0, Math.min(capacity, this.offset.length)));
    const c = new Int32Array(capacity);
    c.set(this.count.subarray(0, Math.min(capacity, this.count.length)));
    this.offset = o;
    this.count = c;
  }

  /** Stores node's k pairs (classes ascending); a node set twice keeps only its last pairs. */
  set(node: number, classes: ArrayLike<number>, weights: ArrayLike<number>, k: number): void {
    const need = this.used + k;
    if (need > this.classes.length) {
      const cap = Math.max(need, 2 * this.classes.length);
      const c = new Int32Array(cap);
      c.set(this.classes.subarray(0, this.used));
      const w = new Float64Array(cap);
      w.set(this.weights.subarray(0, this.used));
      this.classes = c;
      this.weights = w;
    }
    const off = this.used;
    for (let j = 0; j < k; j++) {
      this.classes[off + j] = classes[j]!;
      this.weights[off + j] = weights[j]!;
    }
    this.offset[node] = off;
    this.count[node] = k;
    this.used = need;
  }

  /** Writes node's dense row (nOutputs entries, zeros for absent classes) into out at `at`. */
  writeDense(node: number, out: Float64Array, at: number, nOutputs: number): void {
    out.fill(0, at, at + nOutputs);
    const off = this.offset[node]!;
    const end = off + this.count[node]!;
    for (let j = off; j < end; j++) out[at + this.classes[j]!] = this.weights[j]!;
  }
}
