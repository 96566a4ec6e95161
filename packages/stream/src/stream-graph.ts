import { InvalidArgumentError } from '@dt/errors';

/**
 * A fitted Decision Stream: a rooted DAG in flat typed arrays, node 0 the root, every edge going to
 * a higher id (so the arrays are in topological order). Internal node i tests feature[i] against
 * sorted thresholds and has one child per range: child j takes x in (t_{j−1}, t_j] (x ≤ t_0 for the
 * first, x > t_last for the last); binary nodes have one threshold. A node may have several parents
 * (a merged leaf). Leaves hold class counts (classification) or the mean target (regression).
 */
export class StreamGraph {
  readonly nodeCount: number;
  /** -1 for leaves. */
  readonly feature: Int32Array;
  /** CSR: node i's children are children[childStart[i] .. childStart[i+1]). Leaves have none. */
  readonly childStart: Int32Array;
  readonly children: Int32Array;
  /**
   * Aligned with children: thresholds[childStart[i] + j] is t_j; the last slot of each node is
   * +Infinity, so the routing loop needs no bounds check.
   */
  readonly thresholds: Float64Array;
  readonly nSamples: Int32Array;
  /** nOutputs values per node. */
  readonly value: Float64Array;

  constructor(
    readonly nFeatures: number,
    readonly nOutputs: number,
    feature: Int32Array,
    childStart: Int32Array,
    children: Int32Array,
    thresholds: Float64Array,
    nSamples: Int32Array,
    value: Float64Array,
  ) {
    this.nodeCount = feature.length;
    this.feature = feature;
    this.childStart = childStart;
    this.children = children;
    this.thresholds = thresholds;
    this.nSamples = nSamples;
    this.value = value;
  }

  isLeaf(i: number): boolean {
    return this.childStart[i] === this.childStart[i + 1];
  }

  get nLeaves(): number {
    let k = 0;
    for (let i = 0; i < this.nodeCount; i++) if (this.isLeaf(i)) k++;
    return k;
  }

  /** Number of parents of each node (edges into it; a multi-way node may reach one child twice). */
  inDegree(): Int32Array {
    const deg = new Int32Array(this.nodeCount);
    for (let i = 0; i < this.nodeCount; i++) {
      let last = -1;
      for (let k = this.childStart[i]!; k < this.childStart[i + 1]!; k++) {
        const c = this.children[k]!;
        if (c !== last) deg[c]!++;
        last = c;
      }
    }
    return deg;
  }

  /** Nodes reached from more than one parent: where branches were merged. */
  get nMergedNodes(): number {
    let k = 0;
    const deg = this.inDegree();
    for (let i = 0; i < this.nodeCount; i++) if (deg[i]! > 1) k++;
    return k;
  }

  /** Longest root-to-leaf path, in edges. */
  get depth(): number {
    const h = new Int32Array(this.nodeCount);
    for (let i = this.nodeCount - 1; i >= 0; i--) {
      let best = -1;
      for (let k = this.childStart[i]!; k < this.childStart[i + 1]!; k++) best = Math.max(best, h[this.children[k]!]!);
      h[i] = best + 1;
    }
    return h[0]!;
  }

  /** Leaf reached by each row of a row-major matrix (cols = nFeatures). Throws on a NaN it reads. */
  apply(data: Float64Array, rows: number): Int32Array {
    const out = new Int32Array(rows);
    const d = this.nFeatures;
    const { feature, childStart, children, thresholds } = this;
    for (let r = 0; r < rows; r++) {
      const base = r * d;
      let node = 0;
      let k = childStart[0]!;
      while (k !== childStart[node + 1]) {
        const v = data[base + feature[node]!]!;
        if (v !== v) throw new InvalidArgumentError(`X[${r}][${feature[node]}]`, 'a number (not NaN)', v);
        const end = childStart[node + 1]! - 1;
        if (end - k > 8) {
          // many ranges (large-data mode): binary search for the first threshold >= v
          let lo = k;
          let hi = end;
          while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if (v > thresholds[mid]!) lo = mid + 1;
            else hi = mid;
          }
          k = lo;
        } else while (v > thresholds[k]!) k++;
        node = children[k]!;
        k = childStart[node]!;
      }
      out[r] = node;
    }
    return out;
  }
}
