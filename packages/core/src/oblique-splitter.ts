import {
  BALANCE_TIE_TOLERANCE,
  createSplitResult,
  isBetterSplit,
  midpoint,
  SCORE_TIE_TOLERANCE,
  type ClassificationCriterion,
  type ClassificationScanInput,
  type RegressionCriterion,
  type RegressionScanInput,
  type SplitResult,
} from '@dt/criteria';
import type { FittedProjection } from '@dt/projections';
import type { ColumnMajor } from './input.js';
import { sortFloatPairs } from './sort.js';

/** Best oblique split of a node: Σ weights[j]·x[features[j]] <= threshold, on raw features. */
export interface ObliqueSplit {
  found: boolean;
  direction: number;
  score: number;
  balance: number;
  threshold: number;
  nnz: number;
  features: Int32Array;
  weights: Float64Array;
}

export function createObliqueSplit(d: number): ObliqueSplit {
  return {
    found: false,
    direction: -1,
    score: Number.NEGATIVE_INFINITY,
    balance: 0,
    threshold: 0,
    nnz: 0,
    features: new Int32Array(d),
    weights: new Float64Array(d),
  };
}

export interface ObliqueSplitterConfig {
  /** Raw training features, column-major. */
  X: ColumnMajor;
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
}

/**
 * Split search over per-node directions (Node Features PCA, Node Means PCA, Householder, ...).
 * Each direction is first mapped to raw-feature weights (w_j / σ_j when the projection saw
 * standardised data; the mean shift only moves the threshold, and thresholds are taken between
 * projected raw values). Projections are summed in ascending feature order skipping zero weights —
 * exactly as Tree.goesLeft evaluates them — so the training partition and prediction agree bit for bit.
 */
export class ObliqueSplitter {
  private readonly cfg: ObliqueSplitterConfig;
  private readonly n: number;
  private readonly d: number;
  private zCur: Float64Array;
  private zBest: Float64Array;
  private readonly values: Float64Array;
  private readonly idx: Int32Array;
  private readonly entryLabels: Int32Array;
  private readonly entryTargets: Float64Array;
  private readonly entryWeights: Float64Array;
  private readonly ones: Float64Array;
  private readonly wFeat: Int32Array;
  private readonly wVal: Float64Array;
  private readonly result: SplitResult = createSplitResult();
  private readonly cInput: ClassificationScanInput;
  private readonly rInput: RegressionScanInput;

  constructor(cfg: ObliqueSplitterConfig) {
    this.cfg = cfg;
    const n = cfg.X.rows;
    const d = cfg.X.cols;
    this.n = n;
    this.d = d;
    this.zCur = new Float64Array(n);
    this.zBest = new Float64Array(n);
    this.values = new Float64Array(n);
    this.idx = new Int32Array(n);
    this.entryLabels = new Int32Array(cfg.labels ? n : 0);
    this.entryTargets = new Float64Array(cfg.targets ? n : 0);
    this.entryWeights = new Float64Array(cfg.weights ? n : 0);
    this.ones = new Float64Array(n).fill(1);
    this.wFeat = new Int32Array(d);
    this.wVal = new Float64Array(d);
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

  findBest(
    samples: Int32Array,
    start: number,
    end: number,
    classWeights: Float64Array | null,
    weightedSum: number,
    totalWeight: number,
    nodeImpurity: number,
    best: ObliqueSplit,
  ): void {
    best.found = false;
    best.score = Number.NEGATIVE_INFINITY;
    const dirs = this.cfg.projector.nodeDirections!(samples, start, end);
    const d = this.d;
    const m = end - start;
    const scoreTol = SCORE_TIE_TOLERANCE * (nodeImpurity > 0 ? nodeImpurity : 1);
    const balanceTol = BALANCE_TIE_TOLERANCE * totalWeight;
    const scale = this.cfg.scale;
    for (let k = 0; k < dirs.count; k++) {
      // Raw-feature weights of direction k, zeros dropped.
      let nnz = 0;
      const off = k * d;
      for (let j = 0; j < d; j++) {
        const w = scale === null ? dirs.dirs[off + j]! : dirs.dirs[off + j]! / scale[j]!;
        if (w !== 0) {
          this.wFeat[nnz] = j;
          this.wVal[nnz] = w;
          nnz++;
        }
      }
      if (nnz === 0) continue;
      this.project(samples, start, end, nnz);
      const res = this.result;
      if (!this.scan(m, classWeights, weightedSum, totalWeight, res)) continue;
      const balance = Math.abs(2 * res.leftWeight - totalWeight);
      const tol = Math.max(scoreTol, SCORE_TIE_TOLERANCE * Math.max(Math.abs(res.score), Math.abs(best.score === Number.NEGATIVE_INFINITY ? 0 : best.score)));
      if (!best.found || isBetterSplit(res.score, balance, best.score, best.balance, tol, balanceTol)) {
        best.found = true;
        best.direction = k;
        best.score = res.score;
        best.balance = balance;
        best.threshold = midpoint(this.values[res.pos - 1]!, this.values[res.pos]!);
        best.nnz = nnz;
        best.features.set(this.wFeat.subarray(0, nnz));
        best.weights.set(this.wVal.subarray(0, nnz));
        const t = this.zBest;
        this.zBest = this.zCur;
        this.zCur = t;
      }
    }
  }

  /** zCur[i - start] = Σ_j w_j·x[s_i][f_j], accumulated in ascending feature order from 0. */
  private project(samples: Int32Array, start: number, end: number, nnz: number): void {
    const z = this.zCur;
    const m = end - start;
    z.fill(0, 0, m);
    const X = this.cfg.X.data;
    const n = this.n;
    for (let t = 0; t < nnz; t++) {
      const base = this.wFeat[t]! * n;
      const w = this.wVal[t]!;
      for (let i = start, j = 0; i < end; i++, j++) z[j] = z[j]! + w * X[base + samples[i]!]!;
    }
    const values = this.values;
    const idx = this.idx;
    for (let j = 0; j < m; j++) {
      values[j] = z[j]!;
      idx[j] = samples[start + j]!;
    }
    sortFloatPairs(values, idx, m);
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
  partition(samples: Int32Array, start: number, end: number, best: ObliqueSplit): number {
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
