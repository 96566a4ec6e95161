/**
 * One boosting tree grown best-first on binned data (scikit-learn's TreeGrower), fitted to a Newton
 * step of the loss: nodes are split in decreasing order of gain (a heap with heapq's order) until
 * no node has a positive gain, `maxLeafNodes` leaves exist, or `maxDepth` is reached. A child with
 * fewer than 2·minSamplesLeaf samples is a leaf. The smaller child's histograms are built from its
 * samples and the larger one's are the parent's minus them. Samples are partitioned stably in one
 * index array (each node a range). Missing values go to the side the split learnt; when the
 * feature had none in training, to the child with more samples. Monotonic constraints bound the
 * children's values by the midpoint of their parent's children; interaction constraints limit the
 * features of a node's descendants to the sets holding every feature used on its path. Leaf values
 * are multiplied by the learning rate after growing (so the bounds see unshrunk values).
 *
 * The result is an ordinary dt Tree in preorder (scikit-learn's predictor order): axis splits on raw
 * thresholds (the bin's upper edge; +Infinity for a split after the last non-missing bin), leaf
 * values the boosted outputs, `weightedNSamples` each node's hessian sum H (its cover), impurity 0;
 * `toTree` also returns each split's gain (at the root with the root's own value, where scikit-learn
 * compares gains against a root value of 0).
 */
import { Tree } from '@dt/core';
import type { Random } from '@dt/errors';
import { GainHeap } from './heap.js';
import { buildHistograms, HistogramPool, subtractHistograms } from './histogram.js';
import { pairwiseSum } from './numpy-stats.js';
import { nodeValue, SplitRecord, Splitter } from './splitter.js';
import type { SplitterParams } from './splitter.js';

export interface GrowerParams extends SplitterParams {
  readonly maxLeafNodes: number | null;
  readonly maxDepth: number | null;
  /** Sets of features that may interact, or null. */
  readonly interactionCst: readonly Int32Array[] | null;
  /** Fraction of the allowed features drawn at each split (1: all). */
  readonly featureFraction: number;
  readonly shrinkage: number;
  /** Upper bin edges per feature (raw thresholds of the splits). */
  readonly thresholds: readonly Float64Array[];
}

/** A grown node (training only). */
interface GrowNode {
  depth: number;
  start: number;
  stop: number;
  sumG: number;
  sumH: number;
  value: number;
  isLeaf: boolean;
  left: number;
  right: number;
  lower: number;
  upper: number;
  slot: number;
  split: SplitRecord | null;
  allowed: Int32Array | null;
  interactionIdx: number[] | null;
}

/** Leaves of the last grown tree: their sample ranges in `partition` and values. */
export interface GrownLeaves {
  readonly ids: number[];
  readonly partition: Uint32Array;
}

/** Per-phase time of the fits (ms), for the bench's time split. */
export interface GrowTimes {
  histograms: number;
  splitFinding: number;
  partition: number;
}

export class TreeGrower {
  private readonly p: GrowerParams;
  private readonly codes: Uint8Array;
  private readonly rows: number;
  private readonly nFeatures: number;
  private readonly pool: HistogramPool;
  private readonly splitter: Splitter;
  private readonly rng: Random;
  readonly partition: Uint32Array;
  private readonly buffer: Uint32Array;
  private readonly orderedG: Float32Array;
  private readonly orderedH: Float32Array;
  private readonly allFeatures: Int32Array;
  private nodes: GrowNode[] = [];
  private heap: GainHeap;
  private finalized: number[] = [];
  private gradients: Float32Array = new Float32Array(0);
  private hessians: Float32Array | null = null;
  readonly times: GrowTimes = { histograms: 0, splitFinding: 0, partition: 0 };
  /** Clock for the time split (performance.now when timing, else a constant). */
  private readonly now: () => number;

  constructor(codes: Uint8Array, rows: number, nFeatures: number, params: GrowerParams, rng: Random, timed = false) {
    this.p = params;
    this.codes = codes;
    this.rows = rows;
    this.nFeatures = nFeatures;
    this.pool = new HistogramPool(nFeatures, params.missingBin + 1);
    this.splitter = new Splitter(params);
    this.rng = rng;
    this.partition = new Uint32Array(rows);
    this.buffer = new Uint32Array(rows);
    this.orderedG = new Float32Array(rows);
    this.orderedH = new Float32Array(rows);
    this.allFeatures = Int32Array.from({ length: nFeatures }, (_, i) => i);
    this.heap = new GainHeap((id) => this.nodes[id]!.split!.gain);
    this.now = timed ? () => performance.now() : () => 0;
  }

  /**
   * Grows a tree on `gradients` (and `hessians`, null when constant 1) — one tree's slice of length
   * rows. Leaves' values are shrunk; `leaves()` gives their sample ranges.
   */
  grow(gradients: Float32Array, hessians: Float32Array | null): void {
    this.gradients = gradients;
    this.hessians = hessians;
    this.nodes = [];
    this.finalized = [];
    this.heap.clear();
    const n = this.rows;
    for (let i = 0; i < n; i++) this.partition[i] = i;
    this.pool.releaseAll();
    let allowed: Int32Array | null = null;
    if (this.p.interactionCst !== null) {
      const set = new Set<number>();
      for (const s of this.p.interactionCst) for (const f of s) set.add(f);
      allowed = Int32Array.from([...set].sort((a, b) => a - b));
    }
    let t = this.now();
    const slot = this.pool.acquire();
    buildHistograms(this.pool, slot, this.codes, n, this.partition, 0, n, gradients, hessians, allowed, this.orderedG, this.orderedH);
    this.times.histograms += this.now() - t;
    t = this.now();
    const arbitrary = allowed === null ? 0 : allowed[0]!;
    const nBins = this.pool.nBins;
    const hist = this.pool.hist[slot]!;
    const sumG = pairwiseSum(hist, 3 * arbitrary * nBins, nBins, 3);
    const sumH = hessians === null ? n : pairwiseSum(hist, 3 * arbitrary * nBins + 1, nBins, 3);
    const root = this.addNode(0, 0, n, sumG, sumH, 0);
    if (n < 2 * this.p.minSamplesLeaf || sumH < this.p.minHessianToSplit) {
      this.finalizeLeaf(root);
    } else {
      const r = this.nodes[root]!;
      if (this.p.interactionCst !== null) {
        r.interactionIdx = this.p.interactionCst.map((_, i) => i);
        r.allowed = allowed;
      }
      r.slot = slot;
      this.computeBestSplitAndPush(root);
    }
    this.times.splitFinding += this.now() - t;
    while (this.heap.size > 0) this.splitNext();
    for (const id of this.finalized) this.nodes[id]!.value *= this.p.shrinkage;
  }

  /** Leaf ids of the grown tree (in finalization order) and the partition holding their samples. */
  leaves(): GrownLeaves {
    return { ids: this.finalized, partition: this.partition };
  }

  /** Sample range [start, stop) of a grown node in `partition`. */
  range(id: number): [number, number] {
    const nd = this.nodes[id]!;
    return [nd.start, nd.stop];
  }

  leafValue(id: number): number {
    return this.nodes[id]!.value;
  }

  setLeafValue(id: number, v: number): void {
    this.nodes[id]!.value = v;
  }

  private addNode(depth: number, start: number, stop: number, sumG: number, sumH: number, value: number): number {
    this.nodes.push({
      depth,
      start,
      stop,
      sumG,
      sumH,
      value,
      isLeaf: false,
      left: -1,
      right: -1,
      lower: Number.NEGATIVE_INFINITY,
      upper: Number.POSITIVE_INFINITY,
      slot: -1,
      split: null,
      allowed: null,
      interactionIdx: null,
    });
    return this.nodes.length - 1;
  }

  private finalizeLeaf(id: number): void {
    this.nodes[id]!.isLeaf = true;
    this.finalized.push(id);
  }

  private computeBestSplitAndPush(id: number): void {
    const nd = this.nodes[id]!;
    const features = nd.allowed ?? this.allFeatures;
    let mask: Uint8Array | null = null;
    if (this.p.featureFraction < 1) {
      const m = features.length;
      const k = Math.max(1, Math.ceil(this.p.featureFraction * m));
      mask = new Uint8Array(m);
      mask.fill(1, 0, k);
      for (let i = m - 1; i > 0; i--) {
        const j = this.rng.int(i + 1);
        const tmp = mask[i]!;
        mask[i] = mask[j]!;
        mask[j] = tmp;
      }
    }
    const split = new SplitRecord();
    this.splitter.findNodeSplit(this.pool, nd.slot, nd.stop - nd.start, nd.sumG, nd.sumH, nd.value, nd.lower, nd.upper, features, mask, split);
    nd.split = split;
    if (split.gain <= 0) this.finalizeLeaf(id);
    else this.heap.push(id);
  }

  private splitNext(): void {
    const id = this.heap.pop();
    const nd = this.nodes[id]!;
    const split = nd.split!;
    let t = this.now();
    const rightPos = this.partitionNode(nd.start, nd.stop, split);
    this.times.partition += this.now() - t;
    const depth = nd.depth + 1;
    const nLeafNodes = this.finalized.length + this.heap.size + 2;
    const left = this.addNode(depth, nd.start, nd.start + rightPos, split.sumGradientLeft, split.sumHessianLeft, split.valueLeft);
    const right = this.addNode(depth, nd.start + rightPos, nd.stop, split.sumGradientRight, split.sumHessianRight, split.valueRight);
    nd.left = left;
    nd.right = right;
    const L = this.nodes[left]!;
    const R = this.nodes[right]!;
    if (this.p.interactionCst !== null) {
      const idx: number[] = [];
      const set = new Set<number>();
      for (const i of nd.interactionIdx!) {
        const cst = this.p.interactionCst[i]!;
        if (cst.includes(split.feature)) {
          idx.push(i);
          for (const f of cst) set.add(f);
        }
      }
      const allowed = Int32Array.from([...set].sort((a, b) => a - b));
      L.allowed = R.allowed = allowed;
      L.interactionIdx = R.interactionIdx = idx;
    }
    const nL = L.stop - L.start;
    const nR = R.stop - R.start;
    if (!this.p.hasMissing[split.feature]) split.missingGoToLeft = nL > nR ? 1 : 0;
    if (this.p.maxLeafNodes !== null && nLeafNodes === this.p.maxLeafNodes) {
      this.finalizeLeaf(left);
      this.finalizeLeaf(right);
      while (this.heap.size > 0) this.finalizeLeaf(this.heap.popLast());
      return;
    }
    if (this.p.maxDepth !== null && depth === this.p.maxDepth) {
      this.finalizeLeaf(left);
      this.finalizeLeaf(right);
      return;
    }
    if (nL < 2 * this.p.minSamplesLeaf) this.finalizeLeaf(left);
    if (nR < 2 * this.p.minSamplesLeaf) this.finalizeLeaf(right);
    const cst = this.p.monotonicCst[split.feature]!;
    if (cst !== 0) {
      const mid = (L.value + R.value) / 2;
      if (cst === 1) {
        L.lower = nd.lower;
        L.upper = mid;
        R.lower = mid;
        R.upper = nd.upper;
      } else {
        L.lower = mid;
        L.upper = nd.upper;
        R.lower = nd.lower;
        R.upper = mid;
      }
    } else {
      L.lower = R.lower = nd.lower;
      L.upper = R.upper = nd.upper;
    }
    if (!L.isLeaf || !R.isLeaf) {
      const [small, large] = nL < nR ? [L, R] : [R, L];
      t = this.now();
      small.slot = this.pool.acquire();
      buildHistograms(this.pool, small.slot, this.codes, this.rows, this.partition, small.start, small.stop, this.gradients, this.hessians, small.allowed, this.orderedG, this.orderedH);
      large.slot = this.pool.acquire();
      subtractHistograms(this.pool, nd.slot, small.slot, large.slot, small.allowed);
      this.pool.release(nd.slot);
      nd.slot = -1;
      this.times.histograms += this.now() - t;
      t = this.now();
      if (!L.isLeaf) this.computeBestSplitAndPush(left);
      if (!R.isLeaf) this.computeBestSplitAndPush(right);
      this.times.splitFinding += this.now() - t;
      for (const c of [L, R]) {
        if (c.isLeaf) {
          this.pool.release(c.slot);
          c.slot = -1;
        }
      }
    }
    this.pool.release(nd.slot);
    nd.slot = -1;
  }

  /** Stable partition of partition[start, stop) by the split; returns the number going left. */
  private partitionNode(start: number, stop: number, s: SplitRecord): number {
    const part = this.partition;
    const buf = this.buffer;
    const col = s.feature * this.rows;
    const codes = this.codes;
    let nl = start;
    let nr = 0;
    if (s.isCategorical) {
      const left = s.leftBins!;
      for (let i = start; i < stop; i++) {
        const idx = part[i]!;
        if (left[codes[col + idx]!]) part[nl++] = idx;
        else buf[nr++] = idx;
      }
    } else {
      const bin = s.bin;
      const missing = this.p.missingBin;
      const ml = s.missingGoToLeft === 1;
      for (let i = start; i < stop; i++) {
        const idx = part[i]!;
        const c = codes[col + idx]!;
        if (c <= bin || (ml && c === missing)) part[nl++] = idx;
        else buf[nr++] = idx;
      }
    }
    for (let i = 0; i < nr; i++) part[nl + i] = buf[i]!;
    return nl - start;
  }

  /**
   * The grown tree as a dt Tree in preorder (left first). Internal nodes hold their unshrunk
   * value (the root 0, as scikit-learn's predictor); leaves their final value.
   */
  toTree(): { tree: Tree; gains: Float64Array } {
    const nodes = this.nodes;
    const t = new Tree(this.nFeatures, 1, nodes.length);
    const gains = new Float64Array(nodes.length);
    const value = t.value;
    const stack: number[] = [0, -1, 1];
    while (stack.length > 0) {
      const isLeft = stack.pop()! === 1;
      const parent = stack.pop()!;
      const id = stack.pop()!;
      const nd = nodes[id]!;
      const H = nd.sumH;
      const node = t.addNode(parent, isLeft, { impurity: 0, nSamples: nd.stop - nd.start, weightedNSamples: H > 0 ? H : 0 });
      value[node] = nd.value;
      if (nd.isLeaf) continue;
      const s = nd.split!;
      gains[node] = id === 0 ? s.gain + nd.sumG * nodeValue(nd.sumG, H, nd.lower, nd.upper, this.p.l2) : s.gain;
      if (s.isCategorical) throw new Error('categorical splits are stored by the estimator');
      const f = s.feature;
      const thr = s.bin === this.p.nBinsNonMissing[f]! - 1 ? Number.POSITIVE_INFINITY : this.p.thresholds[f]![s.bin]!;
      t.setAxisSplit(node, f, thr, s.missingGoToLeft);
      stack.push(nd.right, node, 0, nd.left, node, 1);
    }
    return { tree: t, gains };
  }
}
