/**
 * The binned data of a 'hist' fit in node order (LightGBM's ordered data of a tree learner): the
 * builder's samples[start, end) and these arrays [start, end) hold the same rows in the same order,
 * so a node reads one contiguous run per feature, and the partition (partition.ts) moves every array
 * stably. The bin codes are a working copy the fit may move (a BinnedDataset's own codes are never
 * moved: binned-dataset.ts gathers the fit's rows into a fresh copy).
 */
import type { ClassificationCriterion, RegressionCriterion } from '@dt/criteria';
import type { Random } from '@dt/errors';
import type { BinCodes, Bins } from '../../data/binning.js';

/** What a 'hist' search is built from: the bins, the scan values, the fit's rows and the criterion. */
export interface HistogramAxisConfig {
  bins: Bins;
  /** Values the criteria scan per bin: the bins' means, or standardised copies (scale: true). */
  scanValues: Float64Array[];
  labels: Int32Array | null;
  nClasses: number;
  targets: Float64Array | null;
  weights: Float64Array | null;
  classification: ClassificationCriterion | null;
  regression: RegressionCriterion | null;
  minSamplesLeaf: number;
  minWeightLeaf: number;
  maxFeatures: number;
  rng: Random;
  /** Bytes the histograms kept for sibling subtraction may take (default 64 MiB). */
  histogramBudget?: number;
  /**
   * Node-ordered arrays shared with worker threads (histogram-parallel.ts): used as given instead of
   * copies of labels/targets/weights. `replica`: a worker's copy (no sample moves of its own).
   */
  shared?: SharedNodeArrays;
}

/** The node-ordered arrays every thread of a parallel fit reads (SharedArrayBuffer-backed). */
export interface SharedNodeArrays {
  lab: Int32Array;
  tgt: Float64Array;
  wt: Float64Array | null;
  flags: Uint8Array;
  constFlag: Uint8Array;
  /** Where node positions' codes are (NodeData.pos). */
  pos: Int32Array;
  replica: boolean;
}

/** One fit's binned rows in node order, and the per-node flags every part reads. */
export interface NodeData {
  readonly n: number;
  readonly d: number;
  readonly bins: Bins;
  /** codes[f*n + pos[i]]: the bin of node position i on feature f (column-major). */
  readonly codes: BinCodes;
  /**
   * Where node position i's codes are. The identity, except inside small nodes (frozen, see
   * HistogramPool.frozen): they move pos instead of every feature's codes, so their descendants read
   * the codes through it (from the frozen ancestor's window of positions).
   */
  readonly pos: Int32Array;
  /** Node-ordered labels (classification; empty for regression), targets (regression), weights or null. */
  readonly lab: Int32Array;
  readonly tgt: Float64Array;
  readonly wt: Float64Array | null;
  /** Partition's marks: 1 for the rows going left. */
  readonly flags: Uint8Array;
  /** 1 for the features constant in the node being searched (known or found). */
  readonly constFlag: Uint8Array;
  readonly isC: boolean;
  readonly nClasses: number;
  /** Rows this thread moves (0 for a worker's replica: the fitting thread moves samples and labels). */
  readonly ownRows: number;
}

/** The node-ordered arrays of a fit: copies of the labels/targets/weights, or the shared ones as given. */
export function createNodeData(cfg: HistogramAxisConfig): NodeData {
  const { n, d, codes } = cfg.bins;
  const isC = cfg.labels !== null;
  const sh = cfg.shared;
  return {
    n,
    d,
    bins: cfg.bins,
    codes,
    pos: sh ? sh.pos : Int32Array.from({ length: n }, (_, i) => i),
    lab: sh ? sh.lab : isC ? cfg.labels!.slice() : new Int32Array(0),
    tgt: sh ? sh.tgt : isC ? new Float64Array(0) : cfg.targets!.slice(),
    wt: sh ? sh.wt : cfg.weights === null ? null : cfg.weights.slice(),
    flags: sh ? sh.flags : new Uint8Array(n),
    constFlag: sh ? sh.constFlag : new Uint8Array(d),
    isC,
    nClasses: cfg.nClasses,
    ownRows: sh?.replica === true ? 0 : n,
  };
}
