import type { FeatureArray } from '../data/input.js';
/**
 * The fitted tree: flat parallel typed arrays indexed by node id, as in scikit-learn's `Tree`.
 * Node 0 is the root; children always have larger ids than their parent.
 * Split kinds: LEAF, AXIS (`x[feature] <= threshold`) and OBLIQUE (`Σ w_j·x[f_j] <= threshold`,
 * sparse weights pooled in `obliqueFeatures`/`obliqueWeights` at [obliqueOffset, +obliqueLength)).
 * Every split is on raw input features: transforms are folded into weights at fit time.
 * Missing values: a NaN on an axis split's feature goes left when `missingGoToLeft[node]` is 1, right
 * when 0 (scikit-learn ≥ 1.3's `missing_go_to_left`; search/missing-values.ts). Oblique splits
 * and categorical (CRIMCOORD) maps reject NaN.
 */
import { InvalidArgumentError } from '@dt/errors';
import { SparseValues } from './sparse-values.js';
import { leafProba as denseLeafProba } from './leaf-values.js';

/** Node kind (`Tree.kind`): a leaf. */
export const LEAF = 0;
/** Node kind (`Tree.kind`): an axis split, `x[feature] <= threshold` goes left. */
export const AXIS = 1;
/** Node kind (`Tree.kind`): an oblique split, `Σ w_j·x[f_j] <= threshold` goes left. */
export const OBLIQUE = 2;
/** A node kind stored in `Tree.kind`: LEAF, AXIS or OBLIQUE. */
export type SplitKind = typeof LEAF | typeof AXIS | typeof OBLIQUE;

/** Training statistics of one node: its impurity, sample count and weighted sample count. */
export interface NodeStats {
  impurity: number;
  nSamples: number;
  weightedNSamples: number;
}

/**
 * A fitted tree as flat parallel typed arrays indexed by node id (scikit-learn's `Tree`); node 0 is the
 * root and every split reads raw input features. Prediction throws InvalidArgumentError on a NaN that reaches an oblique split.
 */
export class Tree {
  readonly nFeatures: number;
  /** Values per node: class weight totals (classification) or 1 (regression). */
  readonly nOutputs: number;
  nodeCount = 0;
  kind: Uint8Array;
  left: Int32Array;
  right: Int32Array;
  feature: Int32Array;
  threshold: Float64Array;
  /** 1: NaN on the split feature goes to the left child; 0: right (leaves and oblique nodes: 0). */
  missingGoToLeft: Uint8Array;
  impurity: Float64Array;
  nSamples: Int32Array;
  weightedNSamples: Float64Array;
  private denseValue: Float64Array;
  /** Class weights stored per node as (class, weight) pairs (trees grown by the builder), or null. */
  private sparse: SparseValues | null;
  obliqueOffset: Int32Array;
  obliqueLength: Int32Array;
  obliqueFeatures: Int32Array;
  obliqueWeights: Float64Array;
  obliqueUsed = 0;
  /** Categorical level maps per node (CRIMCOORD): entries [catOffset, +catCount) of the cat pools. */
  catOffset: Int32Array;
  catCount: Int32Array;
  catFeature: Int32Array = new Int32Array(0);
  catValuesOffset: Int32Array = new Int32Array(0);
  catLevels: Int32Array = new Int32Array(0);
  catValues: Float64Array = new Float64Array(0);
  catEntriesUsed = 0;
  catValuesUsed = 0;

  /**
   * `sparseValues`: store each node's class weights as the pairs of the classes present (what the
   * builder uses: memory proportional to Σ classes per node, not nodes × nOutputs); reading `value`
   * turns the tree dense.
   */
  constructor(nFeatures: number, nOutputs: number, capacity = 64, sparseValues = false) {
    this.nFeatures = nFeatures;
    this.nOutputs = nOutputs;
    const c = Math.max(1, capacity);
    this.kind = new Uint8Array(c);
    this.left = new Int32Array(c).fill(-1);
    this.right = new Int32Array(c).fill(-1);
    this.feature = new Int32Array(c).fill(-1);
    this.threshold = new Float64Array(c);
    this.missingGoToLeft = new Uint8Array(c);
    this.impurity = new Float64Array(c);
    this.nSamples = new Int32Array(c);
    this.weightedNSamples = new Float64Array(c);
    this.sparse = sparseValues ? new SparseValues(c) : null;
    this.denseValue = new Float64Array(sparseValues ? 0 : c * nOutputs);
    this.obliqueOffset = new Int32Array(c);
    this.obliqueLength = new Int32Array(c);
    this.obliqueFeatures = new Int32Array(0);
    this.obliqueWeights = new Float64Array(0);
    this.catOffset = new Int32Array(c);
    this.catCount = new Int32Array(c);
  }

  get capacity(): number {
    return this.kind.length;
  }

  /**
   * Values per node, dense: nOutputs entries per node id (class weights, or the regression value).
   * A tree holding sparse class weights becomes dense (nodes × nOutputs) when this is first read;
   * the per-node methods below (valueArgmax, valueSum, valueMax, valueRow, leafProba, leafArgmax)
   * read either form without that.
   */
  get value(): Float64Array {
    const sp = this.sparse;
    if (sp !== null) {
      const k = this.nOutputs;
      const dense = new Float64Array(this.capacity * k);
      for (let i = 0; i < this.nodeCount; i++) sp.writeDense(i, dense, i * k, k);
      this.denseValue = dense;
      this.sparse = null;
    }
    return this.denseValue;
  }

  set value(v: Float64Array) {
    this.denseValue = v;
    this.sparse = null;
  }

  /** True while class weights are held as per-node (class, weight) pairs. */
  get hasSparseValues(): boolean {
    return this.sparse !== null;
  }

  /** Number of stored value entries: nodes × nOutputs when dense, Σ classes present per node when sparse. */
  get storedValueCount(): number {
    return this.sparse !== null ? this.sparse.used : this.nodeCount * this.nOutputs;
  }

  /** Sets node's class weights from k (class, weight) pairs, classes ascending (absent classes are 0). */
  setClassWeights(node: number, classes: ArrayLike<number>, weights: ArrayLike<number>, k: number): void {
    if (this.sparse !== null) {
      this.sparse.set(node, classes, weights, k);
      return;
    }
    const K = this.nOutputs;
    const v = this.denseValue;
    v.fill(0, node * K, node * K + K);
    for (let j = 0; j < k; j++) v[node * K + classes[j]!] = weights[j]!;
  }

  /** node's nOutputs values as a new array (absent classes 0). */
  valueRow(node: number): Float64Array {
    const k = this.nOutputs;
    if (this.sparse === null) return this.denseValue.slice(node * k, node * k + k);
    const out = new Float64Array(k);
    this.sparse.writeDense(node, out, 0, k);
    return out;
  }

  /** First index of node's largest value (numpy.argmax; absent classes count as 0). */
  valueArgmax(node: number): number {
    const k = this.nOutputs;
    const sp = this.sparse;
    if (sp === null) {
      const v = this.denseValue;
      const base = node * k;
      let best = 0;
      for (let c = 1; c < k; c++) if (v[base + c]! > v[base + best]!) best = c;
      return best;
    }
    // Absent classes are 0 and stored weights >= 0: the first stored class above 0 that holds the
    // maximum, else class 0 (which then holds the maximum 0, stored or not).
    const off = sp.offset[node]!;
    const end = off + sp.count[node]!;
    let best = 0;
    let top = 0;
    for (let j = off; j < end; j++) {
      if (sp.weights[j]! > top) {
        top = sp.weights[j]!;
        best = sp.classes[j]!;
      }
    }
    return best;
  }

  /** Σ of node's values, summed in class order (absent classes add nothing). */
  valueSum(node: number): number {
    const sp = this.sparse;
    let s = 0;
    if (sp === null) {
      const k = this.nOutputs;
      for (let c = 0; c < k; c++) s += this.denseValue[node * k + c]!;
      return s;
    }
    const off = sp.offset[node]!;
    for (let j = off; j < off + sp.count[node]!; j++) s += sp.weights[j]!;
    return s;
  }

  /** Largest of node's values (an absent class counts as 0). */
  valueMax(node: number): number {
    const k = this.nOutputs;
    const sp = this.sparse;
    let max = Number.NEGATIVE_INFINITY;
    if (sp === null) {
      for (let c = 0; c < k; c++) if (this.denseValue[node * k + c]! > max) max = this.denseValue[node * k + c]!;
      return max;
    }
    const off = sp.offset[node]!;
    const cnt = sp.count[node]!;
    if (cnt < k) max = 0;
    for (let j = off; j < off + cnt; j++) if (sp.weights[j]! > max) max = sp.weights[j]!;
    return max;
  }

  /** Class of the largest value of each row's leaf (ties: the first class). */
  leafArgmax(leaves: Int32Array): Int32Array {
    const out = new Int32Array(leaves.length);
    for (let r = 0; r < leaves.length; r++) out[r] = this.valueArgmax(leaves[r]!);
    return out;
  }

  /** Leaf class weights of each row normalised to probabilities (rows × nOutputs; uniform for an empty leaf). */
  leafProba(leaves: Int32Array): Float64Array {
    const C = this.nOutputs;
    const sp = this.sparse;
    if (sp === null) return denseLeafProba(this.denseValue, leaves, C);
    const out = new Float64Array(leaves.length * C);
    for (let r = 0; r < leaves.length; r++) {
      const node = leaves[r]!;
      const off = sp.offset[node]!;
      const end = off + sp.count[node]!;
      let sum = 0;
      for (let j = off; j < end; j++) sum += sp.weights[j]!;
      if (sum > 0) for (let j = off; j < end; j++) out[r * C + sp.classes[j]!] = sp.weights[j]! / sum;
      else out.fill(1 / C, r * C, r * C + C);
    }
    return out;
  }

  private grow(min: number): void {
    const cap = Math.max(min, this.capacity * 2);
    const g = <T extends Uint8Array | Int32Array | Float64Array>(a: T, size: number, fill?: number): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      if (fill !== undefined) b.fill(fill);
      b.set(a);
      return b;
    };
    this.kind = g(this.kind, cap);
    this.left = g(this.left, cap, -1);
    this.right = g(this.right, cap, -1);
    this.feature = g(this.feature, cap, -1);
    this.threshold = g(this.threshold, cap);
    this.missingGoToLeft = g(this.missingGoToLeft, cap);
    this.impurity = g(this.impurity, cap);
    this.nSamples = g(this.nSamples, cap);
    this.weightedNSamples = g(this.weightedNSamples, cap);
    if (this.sparse !== null) this.sparse.growNodes(cap);
    else this.denseValue = g(this.denseValue, cap * this.nOutputs);
    this.obliqueOffset = g(this.obliqueOffset, cap);
    this.obliqueLength = g(this.obliqueLength, cap);
    this.catOffset = g(this.catOffset, cap);
    this.catCount = g(this.catCount, cap);
  }

  /** Appends a leaf node (its split can be set later) and links it to its parent. Returns its id. */
  addNode(parent: number, isLeft: boolean, stats: NodeStats): number {
    const id = this.nodeCount;
    if (id >= this.capacity) this.grow(id + 1);
    this.nodeCount++;
    this.kind[id] = LEAF;
    this.left[id] = -1;
    this.right[id] = -1;
    this.feature[id] = -1;
    this.threshold[id] = 0;
    this.missingGoToLeft[id] = 0;
    this.catCount[id] = 0;
    this.impurity[id] = stats.impurity;
    this.nSamples[id] = stats.nSamples;
    this.weightedNSamples[id] = stats.weightedNSamples;
    if (parent >= 0) {
      if (isLeft) this.left[parent] = id;
      else this.right[parent] = id;
    }
    return id;
  }

  /** `missingGoToLeft`: 1 sends NaN on `feature` left, 0 right. */
  setAxisSplit(node: number, feature: number, threshold: number, missingGoToLeft = 0): void {
    this.kind[node] = AXIS;
    this.feature[node] = feature;
    this.threshold[node] = threshold;
    this.missingGoToLeft[node] = missingGoToLeft;
  }

  /** Makes `node` an oblique split `Σ weights[j]·x[features[j]] <= threshold` (goes left), growing the pooled weight arrays as needed. */
  setObliqueSplit(node: number, features: ArrayLike<number>, weights: ArrayLike<number>, threshold: number): void {
    const len = features.length;
    const need = this.obliqueUsed + len;
    if (need > this.obliqueFeatures.length) {
      const cap = Math.max(need, this.obliqueFeatures.length * 2, 64);
      const f = new Int32Array(cap);
      f.set(this.obliqueFeatures);
      const w = new Float64Array(cap);
      w.set(this.obliqueWeights);
      this.obliqueFeatures = f;
      this.obliqueWeights = w;
    }
    for (let j = 0; j < len; j++) {
      this.obliqueFeatures[this.obliqueUsed + j] = features[j]!;
      this.obliqueWeights[this.obliqueUsed + j] = weights[j]!;
    }
    this.kind[node] = OBLIQUE;
    this.feature[node] = -1;
    this.missingGoToLeft[node] = 0;
    this.obliqueOffset[node] = this.obliqueUsed;
    this.obliqueLength[node] = len;
    this.threshold[node] = threshold;
    this.obliqueUsed = need;
  }

  /**
   * Stores the level → value maps a node's split reads for categorical features (CRIMCOORD): at this
   * node x[feature] is a level code and the split sees values[level] instead (NaN or out of range:
   * an unseen level, which counts as 0, the node's mean).
   */
  setCategoricalMaps(node: number, maps: readonly { feature: number; values: ArrayLike<number> }[]): void {
    const needE = this.catEntriesUsed + maps.length;
    let needV = this.catValuesUsed;
    for (const m of maps) needV += m.values.length;
    if (needE > this.catFeature.length) {
      const cap = Math.max(needE, 2 * this.catFeature.length, 16);
      const grow = (a: Int32Array) => {
        const b = new Int32Array(cap);
        b.set(a);
        return b;
      };
      this.catFeature = grow(this.catFeature);
      this.catValuesOffset = grow(this.catValuesOffset);
      this.catLevels = grow(this.catLevels);
    }
    if (needV > this.catValues.length) {
      const b = new Float64Array(Math.max(needV, 2 * this.catValues.length, 64));
      b.set(this.catValues);
      this.catValues = b;
    }
    this.catOffset[node] = this.catEntriesUsed;
    this.catCount[node] = maps.length;
    for (const m of maps) {
      const e = this.catEntriesUsed++;
      this.catFeature[e] = m.feature;
      this.catValuesOffset[e] = this.catValuesUsed;
      this.catLevels[e] = m.values.length;
      for (let i = 0; i < m.values.length; i++) this.catValues[this.catValuesUsed + i] = m.values[i]!;
      this.catValuesUsed += m.values.length;
    }
  }

  /** Value of feature f of a row as node's split sees it (level maps applied). */
  private nodeValue(node: number, x: FeatureArray, base: number, f: number): number {
    const v = x[base + f]!;
    const cnt = this.catCount[node]!;
    if (cnt === 0) return v;
    const off = this.catOffset[node]!;
    for (let e = off; e < off + cnt; e++) {
      if (this.catFeature[e] !== f) continue;
      if (v !== v) return v;
      const L = this.catLevels[e]!;
      if (!(v >= 0 && v < L && (v | 0) === v)) return 0;
      const mapped = this.catValues[this.catValuesOffset[e]! + v]!;
      return mapped === mapped ? mapped : 0;
    }
    return v;
  }

  /** True when node's split reads feature f through a categorical level map. */
  private mapsFeature(node: number, f: number): boolean {
    const off = this.catOffset[node]!;
    for (let e = off; e < off + this.catCount[node]!; e++) if (this.catFeature[e] === f) return true;
    return false;
  }

  /** Categorical maps stored at a node. */
  categoricalMaps(node: number): { feature: number; values: Float64Array }[] {
    const out: { feature: number; values: Float64Array }[] = [];
    const off = this.catOffset[node]!;
    for (let e = off; e < off + this.catCount[node]!; e++) {
      const vo = this.catValuesOffset[e]!;
      out.push({ feature: this.catFeature[e]!, values: this.catValues.slice(vo, vo + this.catLevels[e]!) });
    }
    return out;
  }

  /** Turns a node back into a leaf (children stay in the arrays but become unreachable). */
  makeLeaf(node: number): void {
    this.kind[node] = LEAF;
    this.left[node] = -1;
    this.right[node] = -1;
    this.feature[node] = -1;
    this.threshold[node] = 0;
    this.missingGoToLeft[node] = 0;
    this.catCount[node] = 0;
  }

  /** True when `node` is a leaf. */
  isLeaf(node: number): boolean {
    return this.kind[node] === LEAF;
  }

  /** Value of the split function for one row-major sample (caller checks the node is not a leaf). */
  goesLeft(node: number, x: FeatureArray, base: number): boolean {
    if (this.kind[node] === AXIS) {
      const v = this.nodeValue(node, x, base, this.feature[node]!);
      if (v !== v) {
        // A categorical (CRIMCOORD) feature has no learnt side for NaN.
        if (this.mapsFeature(node, this.feature[node]!)) throw nanError(base / this.nFeatures, this.feature[node]!);
        return this.missingGoToLeft[node] === 1;
      }
      return v <= this.threshold[node]!;
    }
    const off = this.obliqueOffset[node]!;
    const end = off + this.obliqueLength[node]!;
    let s = 0;
    if (this.catCount[node] === 0) {
      for (let j = off; j < end; j++) s += this.obliqueWeights[j]! * x[base + this.obliqueFeatures[j]!]!;
    } else {
      for (let j = off; j < end; j++) s += this.obliqueWeights[j]! * this.nodeValue(node, x, base, this.obliqueFeatures[j]!);
    }
    if (s !== s) throw nanError(base / this.nFeatures, -1);
    return s <= this.threshold[node]!;
  }

  /** Leaf id for each row of a row-major matrix with nFeatures columns. */
  apply(x: FeatureArray, rows: number): Int32Array {
    const out = new Int32Array(rows);
    const d = this.nFeatures;
    const kind = this.kind;
    const feature = this.feature;
    const threshold = this.threshold;
    const left = this.left;
    const right = this.right;
    const missingLeft = this.missingGoToLeft;
    if (this.obliqueUsed === 0 && this.catEntriesUsed === 0) {
      // No oblique weights or categorical maps were ever stored (forests, CART): every split is an
      // axis split, so the loop without the oblique and categorical cases serves every node.
      for (let r = 0; r < rows; r++) {
        const base = r * d;
        let node = 0;
        while (kind[node] !== LEAF) {
          const v = x[base + feature[node]!]!;
          node = v <= threshold[node]! || (v !== v && missingLeft[node] === 1) ? left[node]! : right[node]!;
        }
        out[r] = node;
      }
      return out;
    }
    for (let r = 0; r < rows; r++) {
      const base = r * d;
      let node = 0;
      for (;;) {
        const k = kind[node]!;
        if (k === LEAF) break;
        let goLeft: boolean;
        if (k === AXIS && this.catCount[node] === 0) {
          const v = x[base + feature[node]!]!;
          // NaN <= t is false: only a NaN bound left needs the second test.
          goLeft = v <= threshold[node]! || (v !== v && missingLeft[node] === 1);
        } else {
          goLeft = this.goesLeft(node, x, base);
        }
        node = goLeft ? left[node]! : right[node]!;
      }
      out[r] = node;
    }
    return out;
  }

  /** Node ids visited by each row, as CSR (indptr of length rows+1, indices). */
  decisionPath(x: FeatureArray, rows: number): { indptr: Int32Array; indices: Int32Array } {
    const indptr = new Int32Array(rows + 1);
    const path: number[] = [];
    const d = this.nFeatures;
    for (let r = 0; r < rows; r++) {
      let node = 0;
      for (;;) {
        path.push(node);
        if (this.kind[node] === LEAF) break;
        node = this.goesLeft(node, x, r * d) ? this.left[node]! : this.right[node]!;
      }
      indptr[r + 1] = path.length;
    }
    return { indptr, indices: Int32Array.from(path) };
  }

  /** Ids of the nodes reachable from the root, in preorder (left first). */
  reachable(): Int32Array {
    const out: number[] = [];
    const stack = [0];
    while (stack.length > 0) {
      const n = stack.pop()!;
      out.push(n);
      if (this.kind[n] !== LEAF) stack.push(this.right[n]!, this.left[n]!);
    }
    return Int32Array.from(out);
  }

  get nLeaves(): number {
    let c = 0;
    for (const n of this.reachable()) if (this.kind[n] === LEAF) c++;
    return c;
  }

  /** Depth of the deepest leaf (a lone root has depth 0). */
  get maxDepth(): number {
    if (this.nodeCount === 0) return 0;
    let best = 0;
    const stack: number[] = [0, 0];
    while (stack.length > 0) {
      const depth = stack.pop()!;
      const n = stack.pop()!;
      if (depth > best) best = depth;
      if (this.kind[n] !== LEAF) stack.push(this.left[n]!, depth + 1, this.right[n]!, depth + 1);
    }
    return best;
  }

  /** Features used by node's split (axis: one; oblique: its support) with absolute weights. */
  splitFeatures(node: number): { features: number[]; weights: number[] } {
    if (this.kind[node] === AXIS) return { features: [this.feature[node]!], weights: [1] };
    if (this.kind[node] === LEAF) return { features: [], weights: [] };
    const off = this.obliqueOffset[node]!;
    const len = this.obliqueLength[node]!;
    return {
      features: Array.from(this.obliqueFeatures.subarray(off, off + len)),
      weights: Array.from(this.obliqueWeights.subarray(off, off + len)),
    };
  }

  /**
   * Impurity-based importances (scikit-learn's definition), normalised to sum 1. An oblique split's
   * decrease is shared among its features in proportion to |w_j|.
   */
  featureImportances(): Float64Array {
    const imp = new Float64Array(this.nFeatures);
    for (const n of this.reachable()) {
      if (this.kind[n] === LEAF) continue;
      const l = this.left[n]!;
      const r = this.right[n]!;
      const dec =
        this.weightedNSamples[n]! * this.impurity[n]! -
        this.weightedNSamples[l]! * this.impurity[l]! -
        this.weightedNSamples[r]! * this.impurity[r]!;
      if (this.kind[n] === AXIS) {
        imp[this.feature[n]!]! += dec;
      } else {
        const { features, weights } = this.splitFeatures(n);
        let total = 0;
        for (const w of weights) total += Math.abs(w);
        if (total > 0) {
          for (let j = 0; j < features.length; j++) {
            const a = Math.abs(weights[j]!);
            // dec·|w| overflows for |w| near 1e308 (a loaded file's weights); |w|/Σ|w| <= 1 cannot.
            const share = (dec * a) / total;
            imp[features[j]!]! += Number.isFinite(share) ? share : dec * (a / total);
          }
        }
      }
    }
    const root = this.weightedNSamples[0]!;
    let sum = 0;
    for (let f = 0; f < imp.length; f++) {
      imp[f] = imp[f]! / root;
      sum += imp[f]!;
    }
    if (sum > 0) for (let f = 0; f < imp.length; f++) imp[f] = imp[f]! / sum;
    return imp;
  }

  /**
   * A compact copy holding only the reachable nodes, renumbered in preorder. Nodes flagged in `cut`
   * become leaves (their subtrees are dropped) — the primitive behind every pruning method.
   */
  compact(cut?: Uint8Array): Tree {
    const order: number[] = [];
    const stack = [0];
    while (stack.length > 0) {
      const n = stack.pop()!;
      order.push(n);
      if (this.kind[n] !== LEAF && !(cut && cut[n])) stack.push(this.right[n]!, this.left[n]!);
    }
    const remap = new Int32Array(this.nodeCount).fill(-1);
    order.forEach((n, i) => (remap[n] = i));
    const t = new Tree(this.nFeatures, this.nOutputs, order.length, this.sparse !== null);
    for (let i = 0; i < order.length; i++) t.appendNodeCopy(this, order[i]!, -1, true);
    for (let i = 0; i < order.length; i++) {
      const n = order[i]!;
      if (this.kind[n] === LEAF || (cut && cut[n])) continue;
      t.left[i] = remap[this.left[n]!]!;
      t.right[i] = remap[this.right[n]!]!;
      t.copySplit(this, n, i);
    }
    return t;
  }

  /**
   * Appends a copy of src's node n — statistics and stored values, no split — as a child of `parent`
   * (-1: unlinked; addNode links it); returns its id. Both trees hold values in the same form.
   */
  appendNodeCopy(src: Tree, n: number, parent: number, isLeft: boolean): number {
    const id = this.addNode(parent, isLeft, {
      impurity: src.impurity[n]!,
      nSamples: src.nSamples[n]!,
      weightedNSamples: src.weightedNSamples[n]!,
    });
    const sp = src.sparse;
    if (sp !== null) {
      const off = sp.offset[n]!;
      const cnt = sp.count[n]!;
      this.setClassWeights(id, sp.classes.subarray(off, off + cnt), sp.weights.subarray(off, off + cnt), cnt);
    } else {
      const k = src.nOutputs;
      this.denseValue.set(src.denseValue.subarray(n * k, n * k + k), id * k);
    }
    return id;
  }

  /** Gives node i src's split of its node n (axis or oblique, with categorical maps); children links are the caller's. */
  copySplit(src: Tree, n: number, i: number): void {
    if (src.kind[n] === AXIS) this.setAxisSplit(i, src.feature[n]!, src.threshold[n]!, src.missingGoToLeft[n]!);
    else {
      const { features, weights } = src.splitFeatures(n);
      this.setObliqueSplit(i, features, weights, src.threshold[n]!);
    }
    if (src.catCount[n]! > 0) this.setCategoricalMaps(i, src.categoricalMaps(n));
  }
}

/** The error for a NaN where the tree has no learnt side for it (oblique splits, categorical maps). */
function nanError(row: number, feature: number): InvalidArgumentError {
  const impute = 'impute missing values first, e.g. with SimpleImputer from @dt/datasets';
  return feature >= 0
    ? new InvalidArgumentError(`X[${row}][${feature}]`, `a number (a categorical feature has no side for NaN; ${impute})`, Number.NaN)
    : new InvalidArgumentError(`X[${row}]`, `a row without NaN on the features of an oblique split (${impute})`, Number.NaN);
}

/**
 * A Tree after a structured clone (postMessage between threads keeps its fields and typed arrays,
 * not its class): the same tree, without copying or re-validating it (forest members fitted on
 * worker threads).
 */
export function reviveTree(clone: unknown): Tree {
  const t = Object.setPrototypeOf(clone as object, Tree.prototype) as Tree;
  const sparse = (t as unknown as { sparse: object | null }).sparse;
  if (sparse !== null) Object.setPrototypeOf(sparse, SparseValues.prototype);
  return t;
}
