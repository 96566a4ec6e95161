import type { ClassificationCriterion, RegressionCriterion } from '@dt/criteria';
import type { Random } from '@dt/errors';
import { applyScaler, fitScaler, type Projection, type ProjectionData, type Scaler } from '@dt/projections';
import { buildFeatureIndex, withScaledScanValues, type FeatureIndex } from './feature-index.js';
import type { ColumnMajor } from './input.js';
import { createObliqueSplit, ObliqueSplitter, type ObliqueSplit } from './oblique-splitter.js';
import { createAxisSplit, Splitter, type AxisSplit } from './splitter.js';
import { Crimcoord } from './crimcoord.js';
import { Tree } from './tree.js';
import { BALANCE_TIE_TOLERANCE, isBetterSplit, SCORE_TIE_TOLERANCE } from '@dt/criteria';

/** Same as scikit-learn's EPSILON: impurities at or below it count as pure. */
const EPSILON = 2.220446049250313e-16;

export interface GrowthParams {
  maxDepth: number;
  minSamplesSplit: number;
  minSamplesLeaf: number;
  minWeightLeaf: number;
  minImpurityDecrease: number;
  maxFeatures: number;
  maxLeafNodes: number | null;
  rng: Random;
  /** Candidate directions; null = the original features (axis splits). */
  projection: Projection | null;
  /** Standardise features (folded into split weights) before criteria and projections see them. */
  scale: boolean;
  /** HHCART's MisRate: leaf when the node's misclassification rate is <= this (null: off). */
  misRate: number | null;
  /** Categorical features (level codes), transformed per node by CRIMCOORD; null: none. */
  categorical: readonly number[] | null;
}

/** A level → value map a node's split reads for one categorical feature. */
interface CategoricalMap {
  feature: number;
  values: Float64Array;
}

/** Sparse raw-feature weights of one oblique direction. */
interface SparseDirection {
  features: Int32Array;
  weights: Float64Array;
}

export interface ClassificationData {
  task: 'classification';
  X: ColumnMajor;
  labels: Int32Array;
  nClasses: number;
  weights: Float64Array | null;
  criterion: ClassificationCriterion;
}

export interface RegressionData {
  task: 'regression';
  X: ColumnMajor;
  targets: Float64Array;
  weights: Float64Array | null;
  criterion: RegressionCriterion;
}

/** A node waiting to be added/expanded, with its totals computed by its parent's split. */
interface NodeRecord {
  start: number;
  end: number;
  depth: number;
  parent: number;
  isLeft: boolean;
  impurity: number;
  weight: number;
  /** Class weight totals (classification) or null. */
  classWeights: Float64Array | null;
  /** Σ w·y (regression). */
  weightedSum: number;
  /** Stored prediction (regression). */
  leafValue: number;
  constants: Int32Array;
  id: number;
  isLeaf: boolean;
  feature: number;
  threshold: number;
  /** Oblique split weights (node projections), or null. */
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
  private readonly splitter: Splitter | null = null;
  private readonly oblique: ObliqueSplitter | null = null;
  /** Global projection: derived feature j stands for this raw-weight direction. */
  private readonly globalDirections: SparseDirection[] | null = null;
  private readonly samples: Int32Array;
  /** CRIMCOORD state and the working columns it rewrites per node (raw and standardised copies). */
  private readonly crim: Crimcoord | null = null;
  private readonly workColumns: Float64Array[] = [];
  /** Axis path with categorical features: their per-node values are searched as unit directions. */
  private readonly catSplitter: ObliqueSplitter | null = null;
  private readonly bestCat: ObliqueSplit;
  private readonly rootConstants: Int32Array;
  private readonly best: AxisSplit = createAxisSplit();
  private readonly bestOblique: ObliqueSplit;
  private readonly nOutputs: number;
  private totalWeight = 0;
  private readonly scratchT: Float64Array;
  private readonly scratchW: Float64Array;

  constructor(data: ClassificationData | RegressionData, params: GrowthParams) {
    this.data = data;
    this.p = params;
    const X = data.X;
    const n = X.rows;
    this.samples = Int32Array.from({ length: n }, (_, i) => i);
    const isC = data.task === 'classification';
    this.nOutputs = isC ? data.nClasses : 1;
    this.bestOblique = createObliqueSplit(X.cols);
    const common = {
      labels: isC ? data.labels : null,
      nClasses: isC ? data.nClasses : 0,
      targets: isC ? null : data.targets,
      weights: data.weights,
      classification: isC ? data.criterion : null,
      regression: isC ? null : data.criterion,
      minSamplesLeaf: params.minSamplesLeaf,
      minWeightLeaf: params.minWeightLeaf,
    };
    const cats = params.categorical;
    // With categorical features, splits read a working copy whose categorical columns hold the
    // current node's CRIMCOORD values (rewritten for each node's samples before its search).
    const Xw: ColumnMajor = cats ? { ...X, data: X.data.slice() } : X;
    // `data` is read through, not copied: a plain axis fit never builds the column-major matrix.
    const raw: ProjectionData = {
      get data(): Float64Array {
        return Xw.data;
      },
      rows: Xw.rows,
      cols: Xw.cols,
      labels: common.labels,
      nClasses: common.nClasses,
      weights: data.weights,
    };
    let scaling: Scaler | null = params.scale ? fitScaler(raw) : null;
    if (scaling && cats) {
      // CRIMCOORD values are already standardised at each node.
      const mean = scaling.mean.slice();
      const scale = scaling.scale.slice();
      for (const f of cats) {
        mean[f] = 0;
        scale[f] = 1;
      }
      scaling = { mean, scale };
    }
    const projData = scaling ? applyScaler(raw, scaling) : raw;
    if (cats) {
      this.crim = new Crimcoord(X, cats, common.labels, common.nClasses, common.targets, data.weights);
      this.workColumns = projData.data === Xw.data ? [Xw.data] : [Xw.data, projData.data];
    }
    const fitted = params.projection ? params.projection.prepare(projData, params.rng) : { kind: 'axis' as const };
    this.bestCat = createObliqueSplit(X.cols);
    this.rootConstants = cats ? Int32Array.from(cats) : new Int32Array(0);
    if (fitted.kind === 'node') {
      // Rows for projection: CRIMCOORD rewrites Xw's categorical columns per node, so then only Xw is current.
      const rowMajor = cats ? null : (X.rowMajor ?? transposeToRows(X));
      this.oblique = new ObliqueSplitter({ ...common, X: Xw, rowMajor, projector: fitted, scale: scaling ? scaling.scale : null });
    } else {
      let index: FeatureIndex;
      if (fitted.kind === 'global') {
        // Project the training data once; axis splits on the projections become oblique splits.
        const dirs = fitted.globalDirections!;
        this.globalDirections = [];
        for (let k = 0; k < dirs.count; k++) {
          const row = dirs.dirs.subarray(k * X.cols, (k + 1) * X.cols);
          this.globalDirections.push(sparseRawDirection(row, scaling));
        }
        index = buildFeatureIndex(projectAll(X, this.globalDirections));
      } else {
        index = buildFeatureIndex(X);
        if (scaling) index = withScaledScanValues(index, scaling.mean, scaling.scale);
        if (cats) {
          const unit = new Float64Array(cats.length * X.cols);
          cats.forEach((f, k) => (unit[k * X.cols + f] = 1));
          const dirs = { dirs: unit, count: cats.length };
          this.catSplitter = new ObliqueSplitter({ ...common, X: Xw, rowMajor: null, projector: { kind: 'node', nodeDirections: () => dirs }, scale: null });
        }
      }
      this.splitter = new Splitter({ ...common, index, maxFeatures: Math.min(params.maxFeatures, index.d), rng: params.rng });
    }
    this.scratchT = new Float64Array(isC ? 0 : n);
    this.scratchW = new Float64Array(isC ? 0 : n);
  }

  build(): Tree {
    const n = this.samples.length;
    const tree = new Tree(this.data.X.cols, this.nOutputs, 64);
    const root = this.makeRecord(0, n, 0, -1, true, this.rootConstants);
    this.totalWeight = root.weight;
    if (this.p.maxLeafNodes === null) this.growDepthFirst(tree, root);
    else this.growBestFirst(tree, root, this.p.maxLeafNodes);
    return tree;
  }

  private growDepthFirst(tree: Tree, root: NodeRecord): void {
    const stack: NodeRecord[] = [root];
    while (stack.length > 0) {
      const rec = stack.pop()!;
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
    const dir = rec.oblique ?? (this.globalDirections ? this.globalDirections[rec.feature]! : null);
    if (dir) tree.setObliqueSplit(rec.id, dir.features, dir.weights, rec.threshold);
    else tree.setAxisSplit(rec.id, rec.feature, rec.threshold);
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
    const k = this.nOutputs;
    if (rec.classWeights) tree.value.set(rec.classWeights.subarray(0, k), rec.id * k);
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
      (p.misRate !== null && rec.classWeights !== null && misclassificationRate(rec.classWeights, rec.weight) <= p.misRate);
    if (rec.isLeaf) return;
    let mid: number;
    let constants = rec.constants;
    let feature = -1;
    let threshold = 0;
    let oblique: SparseDirection | null = null;
    let catMaps: CategoricalMap[] | null = null;
    const nodeMaps = this.crim ? this.transformCategorical(rec) : null;
    if (this.oblique) {
      const best = this.bestOblique;
      this.oblique.findBest(this.samples, rec.start, rec.end, rec.classWeights, rec.weightedSum, rec.weight, rec.impurity, best);
      if (!best.found) {
        rec.isLeaf = true;
        return;
      }
      mid = this.oblique.partition(this.samples, rec.start, rec.end, best);
      threshold = best.threshold;
      oblique = { features: best.features.slice(0, best.nnz), weights: best.weights.slice(0, best.nnz) };
      if (nodeMaps) catMaps = nodeMaps.filter((m) => oblique!.features.includes(m.feature));
    } else {
      const splitter = this.splitter!;
      const best = this.best;
      splitter.findBest(this.samples, rec.start, rec.end, rec.constants, rec.classWeights, rec.weightedSum, rec.weight, rec.impurity, best);
      const cat = this.catSplitter ? this.bestCategorical(rec, best) : -1;
      if (cat >= 0) {
        mid = this.catSplitter!.partition(this.samples, rec.start, rec.end, this.bestCat);
        feature = this.crim!.features[cat]!;
        threshold = this.bestCat.threshold;
        catMaps = [nodeMaps![cat]!];
      } else {
        if (!best.found) {
          rec.isLeaf = true;
          return;
        }
        if (splitter.newConstants.length) constants = Int32Array.from([...rec.constants, ...splitter.newConstants]);
        mid = splitter.partition(this.samples, rec.start, rec.end, best.feature, best.cutRank);
        feature = best.feature;
        threshold = best.threshold;
      }
    }
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
    rec.oblique = oblique;
    rec.catMaps = catMaps && catMaps.length > 0 ? catMaps : null;
    rec.left = left;
    rec.right = right;
  }

  /** Rewrites the working columns of every categorical feature with this node's CRIMCOORD values. */
  private transformCategorical(rec: NodeRecord): CategoricalMap[] {
    const crim = this.crim!;
    const n = this.samples.length;
    return Array.from(crim.features, (feature, k) => ({
      feature,
      values: crim.transform(k, this.samples, rec.start, rec.end, this.workColumns, n),
    }));
  }

  /**
   * Searches the categorical features (as unit directions over their node values) and returns the
   * index of the winning one if it beats the axis split `best`, else -1. Same tie rule as features:
   * score, then balance, then lower feature index.
   */
  private bestCategorical(rec: NodeRecord, best: AxisSplit): number {
    const bc = this.bestCat;
    this.catSplitter!.findBest(this.samples, rec.start, rec.end, rec.classWeights, rec.weightedSum, rec.weight, rec.impurity, bc);
    if (!bc.found) return -1;
    if (!best.found) return bc.direction;
    const scoreTol = SCORE_TIE_TOLERANCE * (rec.impurity > 0 ? rec.impurity : 1);
    const balanceTol = BALANCE_TIE_TOLERANCE * rec.weight;
    if (isBetterSplit(bc.score, bc.balance, best.score, best.balance, scoreTol, balanceTol)) return bc.direction;
    const tied = Math.abs(bc.score - best.score) <= scoreTol && Math.abs(bc.balance - best.balance) <= balanceTol;
    return tied && this.crim!.features[bc.direction]! < best.feature ? bc.direction : -1;
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
    let weightedSum = 0;
    let impurity: number;
    let leafValue = 0;
    if (data.task === 'classification') {
      const C = data.nClasses;
      classWeights = new Float64Array(C);
      const y = data.labels;
      if (w === null) {
        for (let i = start; i < end; i++) classWeights[y[samples[i]!]!]! += 1;
        weight = end - start;
      } else {
        for (let i = start; i < end; i++) {
          const s = samples[i]!;
          classWeights[y[s]!]! += w[s]!;
        }
        for (let c = 0; c < C; c++) weight += classWeights[c]!;
      }
      impurity = weight > 0 ? data.criterion.impurity(classWeights, C, weight) : 0;
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
      start,
      end,
      depth,
      parent,
      isLeft,
      impurity,
      weight,
      classWeights,
      weightedSum,
      leafValue,
      constants,
      id: -1,
      isLeaf: true,
      feature: -1,
      threshold: 0,
      oblique: null,
      catMaps: null,
      improvement: 0,
      left: null,
      right: null,
    };
  }
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

/** Raw-feature weights of a direction given in (possibly standardised) feature space, zeros dropped. */
function sparseRawDirection(dir: Float64Array, scaling: Scaler | null): SparseDirection {
  const f: number[] = [];
  const w: number[] = [];
  for (let j = 0; j < dir.length; j++) {
    const v = scaling ? dir[j]! / scaling.scale[j]! : dir[j]!;
    if (v !== 0) {
      f.push(j);
      w.push(v);
    }
  }
  return { features: Int32Array.from(f), weights: Float64Array.from(w) };
}

/**
 * Column-major projections of every row on each direction, summed in ascending feature order from
 * 0 — the same arithmetic as Tree.goesLeft, so thresholds learned here partition new data the same way.
 */
function projectAll(X: ColumnMajor, dirs: SparseDirection[]): ColumnMajor {
  const n = X.rows;
  const out = new Float64Array(n * dirs.length);
  dirs.forEach((dir, k) => {
    const z = out.subarray(k * n, (k + 1) * n);
    for (let t = 0; t < dir.features.length; t++) {
      const base = dir.features[t]! * n;
      const w = dir.weights[t]!;
      for (let i = 0; i < n; i++) z[i] = z[i]! + w * X.data[base + i]!;
    }
  });
  return { data: out, rows: n, cols: dirs.length };
}

function misclassificationRate(classWeights: Float64Array, weight: number): number {
  let top = 0;
  for (let c = 0; c < classWeights.length; c++) if (classWeights[c]! > top) top = classWeights[c]!;
  return weight > 0 ? 1 - top / weight : 0;
}

/** Row-major copy of a column-major matrix (node projections read whole rows). */
function transposeToRows(X: ColumnMajor): Float64Array {
  const { rows, cols, data } = X;
  const out = new Float64Array(rows * cols);
  for (let c = 0; c < cols; c++) {
    const base = c * rows;
    for (let r = 0; r < rows; r++) out[r * cols + c] = data[base + r]!;
  }
  return out;
}
