import type { ClassificationCriterion } from '@dt/criteria';
import { SUBTREE_DIVISOR, type GrowthParams } from './growth-params.js';
import type { ClassificationData, RegressionData } from '../search/fit-data.js';
import {
  createSplitRecord,
  type CategoricalMap,
  type NodeView,
  type SparseDirection,
  type SplitRecord,
  type SplitSearch,
  type SubtreeTask,
} from '../search/split-record.js';
import { resolveMissingSide } from '../search/missing-values.js';
import { Tree } from '../tree/tree.js';

export type { ClassificationData, RegressionData } from '../search/fit-data.js';
export type { GrowthParams } from './growth-params.js';

/** Same as scikit-learn's EPSILON: impurities at or below it count as pure. */
const EPSILON = 2.220446049250313e-16;

/** A node waiting to be added/expanded, with its totals computed by its parent's split. */
interface NodeRecord extends NodeView {
  samples: Int32Array;
  start: number;
  end: number;
  depth: number;
  parent: number;
  isLeft: boolean;
  impurity: number;
  weight: number;
  /**
   * Class weight totals as the split search sees them (classification): the builder's one dense
   * scratch, filled from classIds/classW only while this node is evaluated; null for regression.
   */
  classWeights: Float64Array | null;
  /** Classes present in the node, ascending, and their weights (classification), or null. */
  classIds: Int32Array | null;
  classW: Float64Array | null;
  /** Σ w·y (regression). */
  weightedSum: number;
  /** Stored prediction (regression). */
  leafValue: number;
  constants: Int32Array;
  id: number;
  isLeaf: boolean;
  feature: number;
  threshold: number;
  /** 1: samples with NaN on the split feature go left (axis splits; see missing-values.ts). */
  missingGoToLeft: number;
  /** Oblique split weights on raw features, or null (axis split). */
  oblique: SparseDirection | null;
  /** CRIMCOORD maps of the categorical features the split uses, or null. */
  catMaps: CategoricalMap[] | null;
  improvement: number;
  left: NodeRecord | null;
  right: NodeRecord | null;
}

/**
 * Grows a tree the way scikit-learn does: depth-first (nodes numbered in preorder, left first) or,
 * with maxLeafNodes, best-first by impurity improvement. The sample index array is partitioned in
 * place; X is never copied per node.
 */
export class TreeBuilder {
  private readonly data: ClassificationData | RegressionData;
  private readonly p: GrowthParams;
  /** The split-search strategy (search/): finds each node's best split and partitions it. */
  private readonly search: SplitSearch;
  private readonly record: SplitRecord;
  private readonly samples: Int32Array;
  private readonly nOutputs: number;
  private totalWeight = 0;
  private readonly scratchT: Float64Array;
  private readonly scratchW: Float64Array;
  /** Dense class weights of the node being evaluated (zero outside evaluate). */
  private readonly denseCW: Float64Array;
  /** makeRecord's class accumulator (all zero between calls), marks and class list. */
  private readonly accCW: Float64Array;
  private readonly classMark: Int32Array;
  private readonly classList: Int32Array;
  private markStamp = 0;
  /** The impurity depends on the class weights only as a multiset: it can read the present classes alone. */
  private readonly symmetricImpurity: boolean;

  /**
   * `search`: the split search the estimator composed for this fit. `samples`: the sample order
   * (shared memory when worker threads partition it, or a worker's view of the fitting thread's);
   * absent: a fresh one (data.samples, or every row).
   */
  constructor(data: ClassificationData | RegressionData, search: SplitSearch, params: GrowthParams, samples?: Int32Array) {
    this.data = data;
    this.p = params;
    const n = data.X.rows;
    this.samples = samples ?? sampleOrder(data, new Int32Array(data.samples ? data.samples.length : n));
    const isC = data.task === 'classification';
    this.nOutputs = isC ? data.nClasses : 1;
    this.search = search;
    this.record = createSplitRecord(data.X.cols);
    this.scratchT = new Float64Array(isC ? 0 : n);
    this.scratchW = new Float64Array(isC ? 0 : n);
    const C = isC ? data.nClasses : 0;
    this.denseCW = new Float64Array(C);
    this.accCW = new Float64Array(C);
    this.classMark = new Int32Array(C);
    this.classList = new Int32Array(C);
    this.symmetricImpurity = isC && data.criterion.symmetricImpurity === true;
  }

  build(): Tree {
    const n = this.samples.length;
    const tree = new Tree(this.data.X.cols, this.nOutputs, 64, this.data.task === 'classification');
    const root = this.makeRecord(0, n, 0, -1, true, this.search.rootConstants);
    this.totalWeight = root.weight;
    if (this.p.maxLeafNodes !== null) {
      this.growBestFirst(tree, root, this.p.maxLeafNodes);
      return tree;
    }
    // Searches that grow subtrees as tasks (the 'hist' search) take over the second phase.
    const search = this.search;
    const bound = search.growSubtrees === undefined ? 0 : (this.p.subtreeRows ?? Math.ceil(n / SUBTREE_DIVISOR));
    // A root within the bound is one task: the ordinary growth (the search starts with nothing kept).
    if (bound <= 0 || n <= bound) {
      this.growDepthFirst(tree, root);
      return tree;
    }
    // Two phases (subtree-assembly.ts): this thread grows the nodes above `bound` rows and sets
    // every node of at most `bound` rows aside as a task; then the tasks are grown and joined.
    const tasks: SubtreeTask[] = [];
    this.growDepthFirst(tree, root, bound, tasks);
    if (tasks.length === 0) return tree;
    const totalWeight = this.totalWeight;
    return search.growSubtrees!({ top: tree, tasks, totalWeight, data: this.data, growth: this.p, samples: this.samples, grow: (task) => this.growSubtree(task, totalWeight) });
  }

  /** Grows one subtree task completely into a tree of its own (node 0: the task's node). */
  growSubtree(task: SubtreeTask, totalWeight: number): Tree {
    this.totalWeight = totalWeight;
    this.search.beginSubtree!();
    const tree = new Tree(this.data.X.cols, this.nOutputs, 64, this.data.task === 'classification');
    this.growDepthFirst(tree, this.makeRecord(task.start, task.end, task.depth, -1, true, task.constants));
    return tree;
  }

  /** With `tasks`: nodes of at most `bound` rows are added unexpanded and set aside as subtree tasks. */
  private growDepthFirst(tree: Tree, root: NodeRecord, bound = 0, tasks: SubtreeTask[] | null = null): void {
    const stack: NodeRecord[] = [root];
    while (stack.length > 0) {
      const rec = stack.pop()!;
      if (tasks !== null && rec.end - rec.start <= bound) {
        this.addNode(tree, rec);
        tasks.push({ id: rec.id, start: rec.start, end: rec.end, depth: rec.depth, constants: rec.constants });
        continue;
      }
      this.evaluate(rec);
      this.addNode(tree, rec);
      if (!rec.isLeaf) {
        this.recordSplit(tree, rec);
        rec.right!.parent = rec.id;
        rec.left!.parent = rec.id;
        stack.push(rec.right!, rec.left!);
      }
      rec.left = rec.right = null;
    }
  }

  private growBestFirst(tree: Tree, root: NodeRecord, maxLeafNodes: number): void {
    const heap = new RecordHeap();
    this.evaluate(root);
    this.addNode(tree, root);
    heap.push(root);
    let splitsLeft = maxLeafNodes - 1;
    while (heap.size > 0) {
      const rec = heap.pop()!;
      if (rec.isLeaf || splitsLeft <= 0) continue;
      splitsLeft--;
      this.recordSplit(tree, rec);
      for (const child of [rec.left!, rec.right!]) {
        child.parent = rec.id;
        this.evaluate(child);
        this.addNode(tree, child);
        heap.push(child);
      }
      rec.left = rec.right = null;
    }
  }

  private recordSplit(tree: Tree, rec: NodeRecord): void {
    const dir = rec.oblique;
    if (dir) tree.setObliqueSplit(rec.id, dir.features, dir.weights, rec.threshold);
    else tree.setAxisSplit(rec.id, rec.feature, rec.threshold, rec.missingGoToLeft);
    if (rec.catMaps) tree.setCategoricalMaps(rec.id, rec.catMaps);
    rec.oblique = null;
    rec.catMaps = null;
  }

  private addNode(tree: Tree, rec: NodeRecord): void {
    rec.id = tree.addNode(rec.parent, rec.isLeft, {
      impurity: rec.impurity,
      nSamples: rec.end - rec.start,
      weightedNSamples: rec.weight,
    });
    if (rec.classIds) tree.setClassWeights(rec.id, rec.classIds, rec.classW!, rec.classIds.length);
    else tree.value[rec.id] = rec.leafValue;
  }

  /** Decides leaf or split for rec; on a split, partitions its samples and prepares both children. */
  private evaluate(rec: NodeRecord): void {
    const p = this.p;
    const count = rec.end - rec.start;
    rec.isLeaf =
      rec.depth >= p.maxDepth ||
      count < p.minSamplesSplit ||
      count < 2 * p.minSamplesLeaf ||
      rec.weight < 2 * p.minWeightLeaf ||
      rec.impurity <= EPSILON ||
      (p.misRate !== null && rec.classW !== null && misclassificationRate(rec.classW, rec.weight) <= p.misRate);
    if (rec.isLeaf) return;
    const ids = rec.classIds;
    if (ids === null) this.split(rec);
    else {
      // The search indexes class weights by class: the node's few present classes go into the one
      // dense scratch and out again, O(classes present), never O(nClasses) per node.
      const dense = this.denseCW;
      const cw = rec.classW!;
      for (let j = 0; j < ids.length; j++) dense[ids[j]!] = cw[j]!;
      try {
        this.split(rec);
      } finally {
        for (let j = 0; j < ids.length; j++) dense[ids[j]!] = 0;
      }
    }
  }

  /** Searches rec's best split; on a split, partitions its samples and prepares both children. */
  private split(rec: NodeRecord): void {
    const p = this.p;
    const best = this.record;
    this.search.findBest(rec, best);
    if (!best.found) {
      rec.isLeaf = true;
      return;
    }
    const constants = best.newConstants.length ? Int32Array.from([...rec.constants, ...best.newConstants]) : rec.constants;
    const mid = this.search.partition(rec, best);
    const feature = best.feature;
    const threshold = best.threshold;
    const missingGoToLeft = best.nnz > 0 ? 0 : resolveMissingSide(best.missingGoToLeft, mid - rec.start, rec.end - mid);
    const oblique = best.nnz > 0 ? { features: best.features.slice(0, best.nnz), weights: best.weights.slice(0, best.nnz) } : null;
    const catMaps = best.catMaps;
    const left = this.makeRecord(rec.start, mid, rec.depth + 1, -1, true, constants);
    const right = this.makeRecord(mid, rec.end, rec.depth + 1, -1, false, constants);
    const w = rec.weight;
    rec.improvement =
      (w / this.totalWeight) * (rec.impurity - (right.weight / w) * right.impurity - (left.weight / w) * left.impurity);
    if (mid <= rec.start || mid >= rec.end || rec.improvement + EPSILON < p.minImpurityDecrease) {
      rec.isLeaf = true;
      return;
    }
    rec.feature = feature;
    rec.threshold = threshold;
    rec.missingGoToLeft = missingGoToLeft;
    rec.oblique = oblique;
    rec.catMaps = catMaps && catMaps.length > 0 ? catMaps : null;
    rec.left = left;
    rec.right = right;
  }

  /** Impurity of the k present classes' weights (ascending); a criterion not known symmetric reads all C. */
  private classImpurity(criterion: ClassificationCriterion, classW: Float64Array, k: number, weight: number): number {
    if (this.symmetricImpurity) return criterion.impurity(classW, k, weight);
    return criterion.impurity(this.accCW, this.accCW.length, weight);
  }

  /** Computes the totals, impurity and stored value of samples[start, end). */
  private makeRecord(
    start: number,
    end: number,
    depth: number,
    parent: number,
    isLeft: boolean,
    constants: Int32Array,
  ): NodeRecord {
    const samples = this.samples;
    const data = this.data;
    const w = data.weights;
    let weight = 0;
    let classWeights: Float64Array | null = null;
    let classIds: Int32Array | null = null;
    let classW: Float64Array | null = null;
    let weightedSum = 0;
    let impurity: number;
    let leafValue = 0;
    if (data.task === 'classification') {
      const C = data.nClasses;
      classWeights = this.denseCW;
      // Totals of the classes present only (a node of m samples has at most m): accumulate, list
      // the present classes ascending, copy them out and clear — O(m + k log k), never O(C).
      const acc = this.accCW;
      const mark = this.classMark;
      const list = this.classList;
      const stamp = ++this.markStamp;
      const y = data.labels;
      let k = 0;
      for (let i = start; i < end; i++) {
        const s = samples[i]!;
        const c = y[s]!;
        if (mark[c] !== stamp) {
          mark[c] = stamp;
          list[k++] = c;
        }
        acc[c]! += w === null ? 1 : w[s]!;
      }
      if (k * 16 < C) list.subarray(0, k).sort();
      else {
        k = 0;
        for (let c = 0; c < C; c++) if (mark[c] === stamp) list[k++] = c;
      }
      classIds = list.slice(0, k);
      classW = new Float64Array(k);
      for (let j = 0; j < k; j++) classW[j] = acc[list[j]!]!;
      // Class order, absent classes adding exact zeros: the same sums as over all C classes.
      if (w === null) weight = end - start;
      else for (let j = 0; j < k; j++) weight += classW[j]!;
      impurity = weight > 0 ? this.classImpurity(data.criterion, classW, k, weight) : 0;
      for (let j = 0; j < k; j++) acc[list[j]!] = 0;
    } else {
      const t = data.targets;
      const m = end - start;
      const st = this.scratchT;
      const sw = this.scratchW;
      for (let i = start, j = 0; i < end; i++, j++) {
        const s = samples[i]!;
        const wi = w === null ? 1 : w[s]!;
        st[j] = t[s]!;
        sw[j] = wi;
        weight += wi;
        weightedSum += wi * t[s]!;
      }
      impurity = weight > 0 ? data.criterion.impurity(st, sw, m) : 0;
      leafValue = weight > 0 ? data.criterion.leafValue(st, sw, m) : 0;
    }
    return {
      samples,
      start,
      end,
      depth,
      parent,
      isLeft,
      impurity,
      weight,
      classWeights,
      classIds,
      classW,
      weightedSum,
      leafValue,
      constants,
      id: -1,
      isLeaf: true,
      feature: -1,
      threshold: 0,
      missingGoToLeft: 0,
      oblique: null,
      catMaps: null,
      improvement: 0,
      left: null,
      right: null,
    };
  }
}

/** `out` filled with the fit's sample order: data.samples (a forest member's rows), or every row. */
export function sampleOrder(data: ClassificationData | RegressionData, out: Int32Array): Int32Array {
  if (data.samples) out.set(data.samples);
  else for (let i = 0; i < out.length; i++) out[i] = i;
  return out;
}

/** Max-heap of records by improvement; ties go to the lower node id (deterministic). */
class RecordHeap {
  private readonly items: NodeRecord[] = [];
  get size(): number {
    return this.items.length;
  }
  private before(a: NodeRecord, b: NodeRecord): boolean {
    return a.improvement > b.improvement || (a.improvement === b.improvement && a.id < b.id);
  }
  push(r: NodeRecord): void {
    const h = this.items;
    h.push(r);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(h[i]!, h[parent]!)) break;
      [h[i], h[parent]] = [h[parent]!, h[i]!];
      i = parent;
    }
  }
  pop(): NodeRecord | undefined {
    const h = this.items;
    if (h.length === 0) return undefined;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length > 0) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.before(h[l]!, h[m]!)) m = l;
        if (r < h.length && this.before(h[r]!, h[m]!)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m]!, h[i]!];
        i = m;
      }
    }
    return top;
  }
}

function misclassificationRate(classWeights: Float64Array, weight: number): number {
  let top = 0;
  for (let c = 0; c < classWeights.length; c++) if (classWeights[c]! > top) top = classWeights[c]!;
  return weight > 0 ? 1 - top / weight : 0;
}
