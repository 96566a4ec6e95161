import {
  FEATURE_TOLERANCE,
  createSplitResult,
  impurityScale,
  isBetterCandidate,
  midpoint,
  type ClassificationCriterion,
  type ClassificationScanInput,
  type RegressionCriterion,
  type RegressionScanInput,
  type SplitResult,
} from '@dt/criteria';
import { directionCount, directionWeights, type Directions, type FittedProjection } from '@dt/projections/registry';
import type { ColumnMajor } from '../../data/input.js';
import { sortFloatPairs } from '../../data/sort.js';
import type { CategoricalColumns } from './categorical-columns.js';
import { bucketSortFloatPairs, createBucketSortScratch, type BucketSortScratch } from './bucket-sort.js';
import { projectRows } from './project-rows.js';
import { resetSplitRecord, type NodeView, type SplitRecord, type SplitSearch } from '../split-record.js';

export interface NodeProjectionSearchConfig {
  /** Raw training features, column-major. */
  X: ColumnMajor;
  /** The same features row-major, when available (faster projections); null: gather from X. */
  rowMajor: Float64Array | null;
  projector: FittedProjection;
  /** Standard deviations the projection's space was divided by (null: raw space). */
  scale: Float64Array | null;
  labels: Int32Array | null;
  nClasses: number;
  targets: Float64Array | null;
  weights: Float64Array | null;
  classification: ClassificationCriterion | null;
  regression: RegressionCriterion | null;
  minSamplesLeaf: number;
  minWeightLeaf: number;
  /** Projection buffer size in values (default 2^22); tests shrink it to exercise small batches. */
  projectionBudget?: number;
  /** CRIMCOORD: categorical columns of X rewritten with each node's values before its search (null: none). */
  categorical?: CategoricalColumns | null;
  /**
   * Rank reflected directions (Householder) by the O(n·p) projection x_j − 2u_j·(x·u) where that
   * provably gives the exact search's split (see searchReflections). Default true; false projects
   * every direction exactly (the reference the fast path is tested against).
   */
  fastReflections?: boolean;
  /**
   * Stop a node's search once the best direction reaches the criterion's unbeatable score (twoing,
   * small unit-weight nodes: see ClassificationCriterion.unbeatableScore). Default true; false
   * searches every direction (the reference the exit is tested against). Same split either way.
   */
  earlyExit?: boolean;
}

/**
 * Criteria whose score at a position depends only on the labels on each side (with unit weights:
 * integer class counts, summed exactly in any order), not on the values: for them two sortings that
 * split the node into the same sets at the same valid positions give bit-identical scores.
 */
const PARTITION_SCORED = new Set(['gini', 'entropy', 'twoing', 'misclassification']);
/** Centred projections at or above this magnitude are never certified (midpoint rule, ulp ≥ 1e-10). */
const CERTIFY_MAX_MAGNITUDE = 1e6;

/** Most directions projected together (each row is read once per batch). */
const DIRECTION_BATCH = 16;
/** Projection buffer budget in values (32 MiB): large nodes use smaller batches, never more memory. */
const PROJECTION_BUDGET = 1 << 22;
/** Row buffer size in values (256 KiB): a block of node rows stays in L2 while every direction reads it. */
const ROW_BUFFER_VALUES = 32768;

/**
 * Node-projection oblique search: per-node directions (Node Features PCA, Node Means PCA, Householder, ...).
 * Each direction is first mapped to raw-feature weights (w_j / σ_j when the projection saw
 * standardised data; the mean shift only moves the threshold, and thresholds are taken between
 * projected raw values). Projections are summed in ascending feature order skipping zero weights —
 * exactly as Tree.goesLeft evaluates them — so the training partition and prediction agree bit for bit.
 */
export class NodeProjectionSearch implements SplitSearch {
  readonly rootConstants: Int32Array;
  private readonly cfg: NodeProjectionSearchConfig;
  private readonly n: number;
  private readonly d: number;
  private zBatch: Float64Array;
  private readonly zBest: Float64Array;
  private readonly batchFeat: Int32Array;
  private readonly batchVal: Float64Array;
  private readonly batchPos: Int32Array;
  private readonly batchNnz: Int32Array;
  private readonly featureSlot: Int32Array;
  private readonly usedFeatures: Int32Array;
  private readonly rowBuffer: Float64Array;
  private readonly values: Float64Array;
  private readonly sorted: Float64Array;
  private readonly idx: Int32Array;
  private readonly entryLabels: Int32Array;
  private readonly entryTargets: Float64Array;
  private readonly entryWeights: Float64Array;
  private readonly ones: Float64Array;
  private readonly result: SplitResult = createSplitResult();
  /** One direction's dense weights (reflected directions are expanded here). */
  private readonly dense: Float64Array;
  /** Whether reflections take the fast path (classification, partition-scored criterion, unit weights, rows). */
  private readonly fast: boolean;
  /** Fast path: the node's rows column-major (d × m), divided by the scale; grown on use. */
  private nodeCols: Float64Array = new Float64Array(0);
  /** Fast path: per feature, the node positions in ascending order of its values (d × m). */
  private colOrder: Int32Array = new Int32Array(0);
  private readonly dots: Float64Array;
  /** Fast path: the node's labels in node order. */
  private readonly nodeLabels: Int32Array;
  /** Fast path: the bucket sort's scratch. */
  private readonly bucketScratch: BucketSortScratch;
  private readonly invScale: Float64Array | null;
  /** Fast path: directions ranked by their fast projection / projected exactly (for tests and benchmarks). */
  readonly stats = { fast: 0, exact: 0, skipped: 0 };
  /** The current node's unbeatable score (Infinity: search every direction). */
  private stopAt = Number.POSITIVE_INFINITY;
  private readonly cInput: ClassificationScanInput;
  private readonly rInput: RegressionScanInput;

  constructor(cfg: NodeProjectionSearchConfig) {
    this.cfg = cfg;
    this.rootConstants = cfg.categorical ? Int32Array.from(cfg.categorical.features) : new Int32Array(0);
    const n = cfg.X.rows;
    const d = cfg.X.cols;
    this.n = n;
    this.d = d;
    this.zBatch = new Float64Array(0);
    this.zBest = new Float64Array(n);
    this.batchFeat = new Int32Array(DIRECTION_BATCH * d);
    this.batchVal = new Float64Array(DIRECTION_BATCH * d);
    this.batchPos = new Int32Array(DIRECTION_BATCH * d);
    this.batchNnz = new Int32Array(DIRECTION_BATCH);
    this.featureSlot = new Int32Array(d);
    this.usedFeatures = new Int32Array(d);
    this.rowBuffer = new Float64Array(ROW_BUFFER_VALUES);
    this.values = new Float64Array(n);
    this.sorted = new Float64Array(n);
    this.idx = new Int32Array(n);
    this.entryLabels = new Int32Array(cfg.labels ? n : 0);
    this.entryTargets = new Float64Array(cfg.targets ? n : 0);
    this.entryWeights = new Float64Array(cfg.weights ? n : 0);
    this.ones = new Float64Array(n).fill(1);
    this.dense = new Float64Array(d);
    this.fast =
      cfg.fastReflections !== false &&
      cfg.rowMajor !== null &&
      cfg.weights === null &&
      cfg.classification !== null &&
      PARTITION_SCORED.has(cfg.classification.name);
    this.dots = new Float64Array(this.fast ? n : 0);
    this.nodeLabels = new Int32Array(this.fast ? n : 0);
    this.bucketScratch = createBucketSortScratch(this.fast ? n : 0);
    this.invScale = cfg.scale ? cfg.scale.map((s) => 1 / s) : null;
    this.cInput = {
      n: 0,
      values: this.values,
      labels: this.entryLabels,
      weights: cfg.weights ? this.entryWeights : this.ones,
      counts: null,
      nClasses: cfg.nClasses,
      classWeights: new Float64Array(Math.max(1, cfg.nClasses)),
      totalWeight: 0,
      totalCount: 0,
      minSamplesLeaf: cfg.minSamplesLeaf,
      minWeightLeaf: cfg.minWeightLeaf,
    };
    this.rInput = {
      n: 0,
      values: this.values,
      targets: this.entryTargets,
      weights: cfg.weights ? this.entryWeights : this.ones,
      totalWeight: 0,
      weightedSum: 0,
      minSamplesLeaf: cfg.minSamplesLeaf,
      minWeightLeaf: cfg.minWeightLeaf,
    };
  }

  /** Best split over the node's directions; record.candidate = the direction's index. */
  findBest(node: NodeView, best: SplitRecord): void {
    resetSplitRecord(best);
    const { samples, start, end, classWeights, weightedSum } = node;
    const totalWeight = node.weight;
    const cat = this.cfg.categorical ?? null;
    const nodeMaps = cat ? cat.transform(node) : null;
    const dirs = this.cfg.projector.nodeDirections!(samples, start, end);
    const d = this.d;
    const m = end - start;
    const scoreScale = impurityScale(node.impurity);
    const total = directionCount(dirs, d);
    const crit = this.cfg.classification;
    this.stopAt =
      crit !== null && crit.unbeatableScore !== undefined && this.cfg.weights === null && this.cfg.earlyExit !== false && classWeights !== null
        ? crit.unbeatableScore(classWeights, this.cfg.nClasses, totalWeight)
        : Number.POSITIVE_INFINITY;
    // Reflected directions take the fast path when it applies; everything else is projected exactly.
    const nExact = this.fast && dirs.reflections && m >= 2 ? dirs.count : total;
    const scale = this.cfg.scale;
    const bFeat = this.batchFeat;
    const bVal = this.batchVal;
    const bNnz = this.batchNnz;
    const dense = this.dense;
    const budget = this.cfg.projectionBudget ?? PROJECTION_BUDGET;
    const batch = Math.max(1, Math.min(DIRECTION_BATCH, Math.floor(budget / Math.max(1, m))));
    if (this.zBatch.length < batch * m) this.zBatch = new Float64Array(Math.min(DIRECTION_BATCH * this.n, Math.max(budget, m)));
    let k0 = 0;
    for (; k0 < nExact && !this.unbeatable(best); k0 += batch) {
      // Raw-feature weights of the batch's directions, zeros dropped, features ascending.
      const kb = Math.min(batch, nExact - k0);
      let any = false;
      for (let b = 0; b < kb; b++) {
        let nnz = 0;
        directionWeights(dirs, d, k0 + b, dense);
        const o = b * d;
        for (let j = 0; j < d; j++) {
          const w = scale === null ? dense[j]! : dense[j]! / scale[j]!;
          if (w !== 0) {
            bFeat[o + nnz] = j;
            bVal[o + nnz] = w;
            nnz++;
          }
        }
        bNnz[b] = nnz;
        if (nnz > 0) any = true;
      }
      if (!any) continue;
      this.projectBatch(samples, start, end, kb);
      for (let b = 0; b < kb; b++) {
        if (bNnz[b] === 0) continue;
        this.sortProjection(samples, start, m, b);
        if (!this.scan(m, classWeights, weightedSum, totalWeight, this.result)) continue;
        if (this.offer(k0 + b, b, m, totalWeight, scoreScale, best) && this.unbeatable(best)) {
          this.stats.skipped += kb - b - 1;
          break;
        }
      }
      this.stats.exact += kb;
    }
    if (k0 < nExact) this.stats.skipped += nExact - k0;
    if (nExact < total) {
      if (this.unbeatable(best)) this.stats.skipped += total - nExact;
      else this.searchReflections(node, dirs, scoreScale, best);
    }
    if (nodeMaps && best.found) {
      const used = best.features.subarray(0, best.nnz);
      const maps = nodeMaps.filter((mp) => used.includes(mp.feature));
      best.catMaps = maps.length > 0 ? maps : null;
    }
  }

  /** Whether `best` already has the node's unbeatable score: no later direction can win. */
  private unbeatable(best: SplitRecord): boolean {
    return best.found && best.score >= this.stopAt;
  }

  /**
   * Offers the direction just scanned (candidate k, batch slot b of zBatch; this.result) to `best`
   * by the one tie rule; the winner's threshold, weights and exact projections are kept.
   */
  private offer(k: number, b: number, m: number, totalWeight: number, scoreScale: number, best: SplitRecord): boolean {
    const res = this.result;
    const balance = Math.abs(2 * res.leftWeight - totalWeight);
    if (best.found && !isBetterCandidate(res.score, balance, k, best.score, best.balance, best.candidate, scoreScale, totalWeight)) return false;
    const d = this.d;
    const nnz = this.batchNnz[b]!;
    best.found = true;
    best.candidate = k;
    best.score = res.score;
    best.balance = balance;
    best.threshold = midpoint(this.sorted[res.pos - 1]!, this.sorted[res.pos]!);
    best.nnz = nnz;
    best.features.set(this.batchFeat.subarray(b * d, b * d + nnz));
    best.weights.set(this.batchVal.subarray(b * d, b * d + nnz));
    this.zBest.set(this.zBatch.subarray(b * m, b * m + m));
    return true;
  }

  /** Direction k projected exactly (batch slot 0), sorted and scanned; offered to `best`. */
  private exactDirection(node: NodeView, dirs: Directions, k: number, scoreScale: number, best: SplitRecord): boolean {
    const { samples, start, end } = node;
    const d = this.d;
    const m = end - start;
    const scale = this.cfg.scale;
    const dense = this.dense;
    directionWeights(dirs, d, k, dense);
    let nnz = 0;
    for (let j = 0; j < d; j++) {
      const w = scale === null ? dense[j]! : dense[j]! / scale[j]!;
      if (w !== 0) {
        this.batchFeat[nnz] = j;
        this.batchVal[nnz] = w;
        nnz++;
      }
    }
    this.batchNnz[0] = nnz;
    this.stats.exact++;
    if (nnz === 0) return false;
    if (this.zBatch.length < m) this.zBatch = new Float64Array(m);
    this.projectBatch(samples, start, end, 1);
    this.sortProjection(samples, start, m, 0);
    if (!this.scan(m, node.classWeights, node.weightedSum, node.weight, this.result)) return false;
    return this.offer(k, 0, m, node.weight, scoreScale, best);
  }

  /**
   * The reflected directions (w_j = e_j − 2u_j·u of each reflection u, candidates count + r·d + j),
   * ranked by their fast projection z_j = x_j/σ_j − 2u_j·(x·(u/σ)): one dot product per row and
   * reflection, then O(m) per direction, instead of O(m·d) per direction.
   *
   * Why the tree is the exact search's, bit for bit: the fast z differs from the exact Σ_f w_f·x_f
   * (summed as Tree.goesLeft does) by at most δ = 12·(d + 4)·ε·max_i ‖x_i/σ‖₂ (rounding of the stored
   * weights, of both sums and of the combination; ‖u‖ = 1, |2u_j| ≤ 2). A direction is certified when
   * no gap between neighbouring sorted, centred fast values lies within η = 4δ + 16ε·max|centred| of
   * the criterion's 1e-7 separability gap (and the values are below 1e6, so the midpoint rule holds
   * wherever the gap does). Then the exact values split the node into the same sets at the same valid
   * positions (a gap above 1e-7 + η cannot close below 1e-7, one below 1e-7 − η cannot open above it,
   * and no exact gap can open inside a run of small fast gaps), and, the criterion being
   * partition-scored with unit weights, every position's score is bit-identical: the scan's result is
   * the exact one. Uncertified directions are projected exactly. The winner, if it came from the fast
   * path, is projected exactly once more for its threshold (a midpoint of exact projections) and the
   * partition.
   */
  private searchReflections(node: NodeView, dirs: Directions, scoreScale: number, best: SplitRecord): void {
    const { samples, start, end, classWeights } = node;
    const totalWeight = node.weight;
    const d = this.d;
    const m = end - start;
    const XR = this.cfg.rowMajor!;
    const refl = dirs.reflections!;
    const inv = this.invScale;
    // The node's rows, column-major and divided by σ, and the largest row norm (for δ).
    this.nodeCols = ensureLength(this.nodeCols, m * d);
    const cols = this.nodeCols;
    let maxSq = 0;
    for (let i = 0; i < m; i++) {
      const ro = samples[start + i]! * d;
      let sq = 0;
      for (let f = 0; f < d; f++) {
        const x = inv === null ? XR[ro + f]! : XR[ro + f]! * inv[f]!;
        cols[f * m + i] = x;
        sq += x * x;
      }
      if (sq > maxSq) maxSq = sq;
    }
    const sorted = this.sorted;
    const values = this.values;
    const idx = this.idx;
    const delta = 12 * (d + 4) * Number.EPSILON * Math.sqrt(maxSq) * 1.01;
    // Each feature's order over the node (positions 0..m−1), shared by every reflection's direction j.
    this.colOrder = ensureIntLength(this.colOrder, m * d);
    const perm = this.colOrder;
    for (let j = 0; j < d; j++) {
      const po = j * m;
      const co = j * m;
      for (let i = 0; i < m; i++) {
        sorted[i] = cols[co + i]!;
        idx[i] = i;
      }
      bucketSortFloatPairs(sorted, idx, m, this.bucketScratch);
      perm.set(idx.subarray(0, m), po);
    }
    // The fast path sorts each direction's values with the samples' labels (not their indices):
    // the scan needs nothing else, and a winner is projected again exactly anyway.
    const y = this.cfg.labels!;
    const lab = this.nodeLabels;
    for (let i = 0; i < m; i++) lab[i] = y[samples[start + i]!]!;
    const dots = this.dots;
    let pendingExact = false;
    let done = false;
    for (let r = 0; r < refl.count && !done; r++) {
      const uo = r * d;
      // dots_i = u·(x_i/σ) (cols already hold x/σ); zero for the axes' zero reflection.
      dots.fill(0, 0, m);
      for (let f = 0; f < d; f++) {
        const c = refl.u[uo + f]!;
        if (c === 0) continue;
        const co = f * m;
        for (let i = 0; i < m; i++) dots[i] = dots[i]! + c * cols[co + i]!;
      }
      let dotLo = Number.POSITIVE_INFINITY;
      let dotHi = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < m; i++) {
        const v = dots[i]!;
        if (v < dotLo) dotLo = v;
        if (v > dotHi) dotHi = v;
      }
      const dotRange = dotHi - dotLo;
      for (let j = 0; j < d; j++) {
        const k = dirs.count + r * d + j;
        const a = 2 * refl.u[uo + j]!;
        const co = j * m;
        // Any correct sort will do here: a certified direction's result does not depend on the order
        // of ties. w_j = e_j − 2u_j·u is often close to e_j (small u_j, wide data): laid out in the
        // node's order of feature j, the values are nearly sorted and an insertion sort with a move
        // budget finishes them; when it runs out, the bucket sort does the work.
        const po = j * m;
        for (let t = 0; t < m; t++) {
          const i = perm[po + t]!;
          sorted[t] = cols[co + i]! - a * dots[i]!;
          idx[t] = lab[i]!;
        }
        // Worth trying only when the shift 2u_j·(x·u) spans less than feature j's own range.
        const xRange = cols[co + perm[po + m - 1]!]! - cols[co + perm[po]!]!;
        const near = Math.abs(a) * dotRange < xRange;
        if (!near || !insertionWithin(sorted, idx, m, 2 * m)) bucketSortFloatPairs(sorted, idx, m, this.bucketScratch);
        let sum = 0;
        for (let i = 0; i < m; i++) sum += sorted[i]!;
        const mean = sum / m;
        for (let i = 0; i < m; i++) values[i] = sorted[i]! - mean;
        if (!certified(values, m, delta)) {
          if (this.exactDirection(node, dirs, k, scoreScale, best)) {
            pendingExact = false;
            if (this.unbeatable(best)) {
              this.stats.skipped += (refl.count - r) * d - j - 1;
              done = true;
              break;
            }
          }
          continue;
        }
        this.stats.fast++;
        if (!this.scanSortedLabels(m, classWeights!, totalWeight, this.result)) continue;
        const res = this.result;
        const balance = Math.abs(2 * res.leftWeight - totalWeight);
        if (!best.found || isBetterCandidate(res.score, balance, k, best.score, best.balance, best.candidate, scoreScale, totalWeight)) {
          best.found = true;
          best.candidate = k;
          best.score = res.score;
          best.balance = balance;
          pendingExact = true;
          if (this.unbeatable(best)) {
            this.stats.skipped += (refl.count - r) * d - j - 1;
            done = true;
            break;
          }
        }
      }
    }
    if (pendingExact) {
      // The winner's exact projections, threshold and weights (its scan equals the fast one's).
      const k = best.candidate;
      best.found = false;
      this.exactDirection(node, dirs, k, scoreScale, best);
      this.stats.exact--;
    }
  }

  /**
   * zBatch[b·m + i - start] = Σ_t w_bt·x[s_i][f_bt] for the batch's directions, summed from 0 in
   * ascending feature order (as Tree.goesLeft does, so partition and prediction agree bit for bit).
   * Why hand-written kernels: X is column-major, so projecting one direction at a time reads m·nnz
   * scattered values per direction. With row-major rows each row is read once per batch; without
   * them (CRIMCOORD rewrites columns per node) a block of node rows, only the features the batch
   * uses, is gathered into a small row-major buffer once, and every direction reads it from cache.
   */
  private projectBatch(samples: Int32Array, start: number, end: number, kb: number): void {
    const d = this.d;
    const n = this.n;
    const m = end - start;
    const X = this.cfg.X.data;
    const bFeat = this.batchFeat;
    const bVal = this.batchVal;
    const bNnz = this.batchNnz;
    const bPos = this.batchPos;
    const slot = this.featureSlot;
    const used = this.usedFeatures;
    const XR = this.cfg.rowMajor;
    if (XR !== null) {
      projectRows(XR, d, samples, start, m, kb, bFeat, bVal, bNnz, this.zBatch);
      return;
    }
    // Union of the features the batch uses, ascending; slot[j] = its column in the row buffer.
    slot.fill(-1);
    for (let b = 0; b < kb; b++) {
      const o = b * d;
      for (let t = 0, nnz = bNnz[b]!; t < nnz; t++) slot[bFeat[o + t]!] = 0;
    }
    let u = 0;
    for (let j = 0; j < d; j++) {
      if (slot[j] === 0) {
        slot[j] = u;
        used[u++] = j;
      }
    }
    for (let b = 0; b < kb; b++) {
      const o = b * d;
      for (let t = 0, nnz = bNnz[b]!; t < nnz; t++) bPos[o + t] = slot[bFeat[o + t]!]!;
    }
    const z = this.zBatch;
    const rows = this.rowBuffer;
    const chunk = Math.max(1, Math.floor(rows.length / Math.max(1, u)));
    for (let r0 = 0; r0 < m; r0 += chunk) {
      const rn = Math.min(chunk, m - r0);
      gatherRows(X, n, samples, start + r0, rn, used, u, rows);
      for (let b = 0; b < kb; b++) {
        const o = b * d;
        const nnz = bNnz[b]!;
        const zo = b * m + r0;
        if (nnz === u) {
          // Dense in the union (the usual PCA case): row buffer column t is feature t's.
          for (let r = 0; r < rn; r++) {
            const ro = r * u;
            let s = 0;
            for (let t = 0; t < nnz; t++) s += bVal[o + t]! * rows[ro + t]!;
            z[zo + r] = s;
          }
        } else {
          for (let r = 0; r < rn; r++) {
            const ro = r * u;
            let s = 0;
            for (let t = 0; t < nnz; t++) s += bVal[o + t]! * rows[ro + bPos[o + t]!]!;
            z[zo + r] = s;
          }
        }
      }
    }
  }

  /**
   * sorted/idx = direction b's projections of the node's samples, sorted ascending; values = the
   * same centred on their mean: what the criterion scans.
   *
   * Why centred: the criterion's gap rule (separable iff the gap exceeds 1e-7, scikit-learn's
   * absolute FEATURE_THRESHOLD) is meant for values of the node's own scale, but a projection carries
   * an arbitrary offset — Σ w_j·shift_j when feature j is translated — and its rounding then depends
   * on that offset. Centring removes the offset, so the rule reads "gap between centred projections
   * > 1e-7", the same for every translation of the features. Not divided by the spread: criteria
   * whose scores are in units of the values (Max-Cut) compare directions by them, and dividing each
   * direction by its own spread would change which direction wins. Centring is monotone, so order
   * and ties are kept; thresholds are taken between the raw sorted projections, so the partition
   * (raw z <= threshold) and prediction are unchanged.
   */
  private sortProjection(samples: Int32Array, start: number, m: number, b: number): void {
    const z = this.zBatch;
    const values = this.values;
    const sorted = this.sorted;
    const idx = this.idx;
    const zo = b * m;
    for (let j = 0; j < m; j++) {
      sorted[j] = z[zo + j]!;
      idx[j] = samples[start + j]!;
    }
    sortFloatPairs(sorted, idx, m);
    let sum = 0;
    for (let j = 0; j < m; j++) sum += sorted[j]!;
    const mean = sum / m;
    for (let j = 0; j < m; j++) values[j] = sorted[j]! - mean;
  }

  /** The fast path's scan: `idx` holds the sorted entries' labels (unit weights, classification). */
  private scanSortedLabels(m: number, classWeights: Float64Array, totalWeight: number, res: SplitResult): boolean {
    const input = this.cInput;
    input.n = m;
    input.labels = this.idx;
    input.classWeights = classWeights;
    input.totalWeight = totalWeight;
    input.totalCount = m;
    const found = this.cfg.classification!.scan(input, res);
    input.labels = this.entryLabels;
    return found;
  }

  private scan(m: number, classWeights: Float64Array | null, weightedSum: number, totalWeight: number, res: SplitResult): boolean {
    const idx = this.idx;
    const w = this.cfg.weights;
    if (w !== null) for (let j = 0; j < m; j++) this.entryWeights[j] = w[idx[j]!]!;
    if (this.cfg.classification) {
      const y = this.cfg.labels!;
      for (let j = 0; j < m; j++) this.entryLabels[j] = y[idx[j]!]!;
      const input = this.cInput;
      input.n = m;
      input.classWeights = classWeights!;
      input.totalWeight = totalWeight;
      input.totalCount = m;
      return this.cfg.classification.scan(input, res);
    }
    const t = this.cfg.targets!;
    for (let j = 0; j < m; j++) this.entryTargets[j] = t[idx[j]!]!;
    const input = this.rInput;
    input.n = m;
    input.totalWeight = totalWeight;
    input.weightedSum = weightedSum;
    return this.cfg.regression!.scan(input, res);
  }

  /** Moves samples whose projection on the best direction is <= its threshold to the front. */
  partition(node: NodeView, best: SplitRecord): number {
    const { samples, start, end } = node;
    // zBest is in the node's sample order as it was during findBest; partition a copy-free way by
    // walking positions and swapping both arrays together.
    const z = this.zBest;
    const thr = best.threshold;
    let i = 0;
    let j = end - start - 1;
    while (i <= j) {
      if (z[i]! <= thr) i++;
      else {
        const ts = samples[start + i]!;
        samples[start + i] = samples[start + j]!;
        samples[start + j] = ts;
        const tz = z[i]!;
        z[i] = z[j]!;
        z[j] = tz;
        j--;
      }
    }
    return start + i;
  }
}

/** `buf` if it holds `size` values, else a new array of that size (contents not kept). */
function ensureLength(buf: Float64Array, size: number): Float64Array {
  return buf.length >= size ? buf : new Float64Array(Math.max(size, Math.ceil(buf.length * 1.5)));
}

function ensureIntLength(buf: Int32Array, size: number): Int32Array {
  return buf.length >= size ? buf : new Int32Array(Math.max(size, Math.ceil(buf.length * 1.5)));
}

/**
 * Insertion sort of values[0, n) (idx alike) that gives up after `budget` element moves: true when
 * sorted. Linear on nearly sorted input.
 */
function insertionWithin(values: Float64Array, idx: Int32Array, n: number, budget: number): boolean {
  let moves = 0;
  for (let i = 1; i < n; i++) {
    const v = values[i]!;
    if (!(v < values[i - 1]!)) continue;
    const x = idx[i]!;
    let b = i - 1;
    while (b >= 0 && values[b]! > v) {
      values[b + 1] = values[b]!;
      idx[b + 1] = idx[b]!;
      b--;
      moves++;
    }
    values[b + 1] = v;
    idx[b + 1] = x;
    if (moves > budget) return false;
  }
  return true;
}

/**
 * True when no gap between neighbouring centred values[0, m) (ascending) lies within
 * η = 4δ + 16ε·max|value| of FEATURE_TOLERANCE, and every value is below CERTIFY_MAX_MAGNITUDE.
 */
function certified(values: Float64Array, m: number, delta: number): boolean {
  const big = Math.max(Math.abs(values[0]!), Math.abs(values[m - 1]!));
  if (!(big < CERTIFY_MAX_MAGNITUDE)) return false;
  const eta = 4 * delta + 16 * Number.EPSILON * big;
  const lo = FEATURE_TOLERANCE - eta;
  const hi = FEATURE_TOLERANCE + eta;
  for (let i = 1; i < m; i++) {
    const g = values[i]! - values[i - 1]!;
    if (g >= lo && g <= hi) return false;
  }
  return true;
}

/** rows[r·u + q] = X[used[q]][samples[from + r]] for r < rn (a block of node rows, row-major). */
function gatherRows(X: Float64Array, n: number, samples: Int32Array, from: number, rn: number, used: Int32Array, u: number, rows: Float64Array): void {
  for (let q = 0; q < u; q++) {
    const base = used[q]! * n;
    for (let r = 0, i = from; r < rn; r++, i++) rows[r * u + q] = X[base + samples[i]!]!;
  }
}
