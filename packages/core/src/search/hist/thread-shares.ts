/**
 * The work of one node that threads split by feature (f ≡ j mod J on thread j, the fitting thread
 * being j = 0): a search share (build the node histogram's blocks when fresh, scan each feature into
 * per-feature results) and a move share (partition.ts: move each feature's codes, and build the
 * children's blocks). The one-thread search and every worker call these same functions on their own
 * parts, so each feature's histogram and scan are computed alike whatever J is.
 */
import { resetSplitRecord, type NodeView, type SplitRecord } from '../split-record.js';
import { HistogramBuilder } from './histogram-builder.js';
import type { NodeHistogram } from './histogram-pool.js';
import { HistogramScan, type NodeTotals } from './histogram-scan.js';
import { createNodeData, type HistogramAxisConfig, type NodeData } from './node-data.js';
import { HistPartition } from './partition.js';

/** One thread's parts of a 'hist' fit over the same node-ordered data. */
export interface HistParts {
  readonly cfg: HistogramAxisConfig;
  readonly data: NodeData;
  readonly builder: HistogramBuilder;
  readonly scan: HistogramScan;
  readonly partition: HistPartition;
}

export function createHistParts(cfg: HistogramAxisConfig): HistParts {
  const data = createNodeData(cfg);
  const builder = new HistogramBuilder(data);
  return { cfg, data, builder, scan: new HistogramScan(cfg, data, builder), partition: new HistPartition(data, builder) };
}

/** Per-feature outcomes of a shared search (status 0 skipped, 1 constant, 2 no split, 3 found). */
export interface FeatureResults {
  status: Int32Array;
  score: Float64Array;
  balance: Float64Array;
  threshold: Float64Array;
  cut: Int32Array;
  /** This thread's working record. */
  scratch: SplitRecord;
}

/**
 * Searches features f ≡ j (mod J) of node [start, end) (constFlag: the node's known constants), each
 * one's own best split into `out`; with `hist`, reads (and when `fresh`, first builds) those
 * features' blocks of the node's full histogram. Features found constant are flagged in constFlag and
 * reported as status 1. Returns the features scanned.
 */
export function searchShare(parts: HistParts, j: number, J: number, node: NodeTotals, hist: NodeHistogram | null, fresh: boolean, out: FeatureResults): number {
  const { data, builder, scan } = parts;
  const constFlag = data.constFlag;
  const rec = out.scratch;
  let scanned = 0;
  for (let f = j; f < data.d; f += J) {
    if (constFlag[f] === 1) {
      out.status[f] = 0;
      continue;
    }
    if (fresh) {
      hist!.cells.fill(0, builder.offsets[f]!, builder.offsets[f + 1]!);
      builder.feature(hist!.cells, node.start, node.end, f);
    }
    resetSplitRecord(rec);
    scanned++;
    if (!scan.feature(node, f, hist, rec)) {
      constFlag[f] = 1;
      out.status[f] = 1;
    } else if (rec.found) {
      out.status[f] = 3;
      out.score[f] = rec.score;
      out.balance[f] = rec.balance;
      out.threshold[f] = rec.threshold;
      out.cut[f] = rec.cutRank;
    } else out.status[f] = 2;
  }
  return scanned;
}

/**
 * What the search hands a large node to (histogram-parallel.ts implements it): the search holds
 * this interface only, so the driver and the search never import each other.
 */
export interface NodeThreads {
  /** Whether a node of m rows and `active` non-constant features is split across the threads. */
  worthSplitting(m: number, active: number): boolean;
  /** findBest for a large node: per-feature bests from every thread, merged in feature order. */
  search(node: NodeView, hist: NodeHistogram | null, fresh: boolean, scoreScale: number, best: SplitRecord): void;
  /** The code moves (and children's histograms) of a node searched across the threads. */
  partition(start: number, end: number, parent: NodeHistogram | null, small: NodeHistogram | null): void;
  /** A full-node histogram buffer the workers can see. */
  newSlot(cells: number): { cells: Float64Array; slot: number };
}
