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
  /**
   * Impurity decrease of each internal node's split when it was made (0 for leaves): n × Gini
   * (classification) or the sum of squared deviations (regression) of the node minus that of the
   * children it created. Null for a model file written before it was recorded.
   */
  readonly gain: Float64Array | null;

  constructor(
    readonly nFeatures: number,
    readonly nOutputs: number,
    feature: Int32Array,
    childStart: Int32Array,
    children: Int32Array,
    thresholds: Float64Array,
    nSamples: Int32Array,
    value: Float64Array,
    gain: Float64Array | null = null,
  ) {
    const arrays: [string, unknown, new (n: number) => unknown][] = [['feature', feature, Int32Array], ['childStart', childStart, Int32Array], ['children', children, Int32Array], ['thresholds', thresholds, Float64Array], ['nSamples', nSamples, Int32Array], ['value', value, Float64Array]];
    for (const [name, a, T] of arrays) if (!(a instanceof T)) throw new InvalidArgumentError(name, `an ${T.name}`, a);
    if (gain !== null && !(gain instanceof Float64Array)) throw new InvalidArgumentError('gain', 'a Float64Array or null', gain);
    if (!(Number.isInteger(nFeatures) && nFeatures >= 1)) throw new InvalidArgumentError('nFeatures', 'an integer >= 1', nFeatures);
    if (!(Number.isInteger(nOutputs) && nOutputs >= 1)) throw new InvalidArgumentError('nOutputs', 'an integer >= 1', nOutputs);
    this.nodeCount = feature.length;
    this.feature = feature;
    this.childStart = childStart;
    this.children = children;
    this.thresholds = thresholds;
    this.nSamples = nSamples;
    this.value = value;
    this.gain = gain;
  }

  /** True when node `i` has no children. */
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

  /**
   * Impurity-based feature importances (scikit-learn's mean decrease in impurity) over the DAG: each
   * internal node adds its split's impurity decrease to its feature, and the sums are normalised to 1
   * (all zeros when no split decreased the impurity). The decrease is the split's at the time it
   * was made — the node against the children it created, over the node's own training rows — so a
   * node counts once however many parents reach it. Merges are not counted: they join leaves without
   * a feature, and a split whose children were all merged back into one node was removed from the
   * graph (bypassed) with its gain. Null without recorded gains (older model files).
   */
  featureImportances(): Float64Array | null {
    if (this.gain === null) return null;
    const out = new Float64Array(this.nFeatures);
    let total = 0;
    for (let i = 0; i < this.nodeCount; i++) {
      const f = this.feature[i]!;
      if (f < 0) continue;
      out[f]! += this.gain[i]!;
      total += this.gain[i]!;
    }
    if (total > 0) for (let f = 0; f < out.length; f++) out[f]! /= total;
    return out;
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
