import { createRandom, InvalidArgumentError, type Random } from '@dt/errors';
import type { FitData } from './fit-data.js';
import { resetKsCache } from './ks-test.js';
import { referenceGini } from './reference-compat.js';
import { largeSplit } from './large-split.js';
import { mergeAll, PairCache, type MergeContext, type Mergeable } from './merge.js';
import { resolveMaxFeatures } from '@dt/core/internal';
import type { ResolvedStreamOptions } from './options.js';
import { createSplitChoice, SplitScanner } from './split-scan.js';
import { classificationOps, regressionOps, type Stats, type TaskOps } from './stats.js';
import { StreamGraph } from './stream-graph.js';

/** What one split+merge round did (the model's `history`). */
export interface RoundInfo {
  round: number;
  /** Leaves split in this round. */
  splits: number;
  /** Pairs of leaves merged in this round. */
  merges: number;
  leaves: number;
  /** Leaves that may still be split. */
  openLeaves: number;
  /** Weighted Gini impurity over the leaves (regression: their weighted variance). */
  impurity: number;
}

/** Why growing stopped: no open leaves, the impurity stalled, or maxRounds. */
export type StopReason = 'no-open-leaves' | 'impurity-stalled' | 'max-rounds';

export interface GrowResult {
  graph: StreamGraph;
  history: RoundInfo[];
  stopReason: StopReason;
  /** Final leaf (graph node id) of every training row. */
  trainLeaf: Int32Array;
}

/** A current leaf of the growing graph. */
interface Leaf extends Mergeable {
  node: number;
  samples: Int32Array;
  open: boolean;
  /** (parent node, child slot) pairs pointing at this leaf. */
  parents: [number, number][];
}

/** The graph while it grows: plain arrays indexed by node id, edges always to newer ids. */
class DagBuilder {
  readonly feature: number[] = [];
  readonly thresholds: number[][] = [];
  readonly children: number[][] = [];
  readonly nSamples: number[] = [];
  readonly value: Float64Array[] = [];
  /** Impurity decrease of each node's split when it was made (0 until it is split). */
  readonly gain: number[] = [];

  addNode(n: number, value: Float64Array): number {
    this.gain.push(0);
    this.feature.push(-1);
    this.thresholds.push([]);
    this.children.push([]);
    this.nSamples.push(n);
    this.value.push(value);
    return this.feature.length - 1;
  }

  /**
   * Frozen graph: a split whose children all lead to one node is bypassed (a merge can join two
   * siblings), adjacent ranges with the same child are joined, and unreachable nodes (merged-away
   * leaves) are dropped. Returns the graph and the new id of each old node (-1 if dropped).
   */
  freeze(nFeatures: number, nOutputs: number): { graph: StreamGraph; newId: Int32Array } {
    const N = this.feature.length;
    const alias = new Int32Array(N);
    for (let i = N - 1; i >= 0; i--) {
      alias[i] = i;
      if (this.feature[i]! < 0) continue;
      const kids = this.children[i]!.map((c) => alias[c]!);
      const thr = this.thresholds[i]!;
      const k2: number[] = [kids[0]!];
      const t2: number[] = [];
      for (let j = 1; j < kids.length; j++) {
        if (kids[j] === k2[k2.length - 1]) continue;
        t2.push(thr[j - 1]!);
        k2.push(kids[j]!);
      }
      if (k2.length === 1) alias[i] = k2[0]!;
      else {
        this.children[i] = k2;
        this.thresholds[i] = t2;
      }
    }
    const root = alias[0]!;
    const reach = new Uint8Array(N);
    reach[root] = 1;
    for (let i = root; i < N; i++) {
      if (!reach[i] || alias[i] !== i) continue;
      for (const c of this.children[i]!) reach[c] = 1;
    }
    const newId = new Int32Array(N).fill(-1);
    let m = 0;
    for (let i = 0; i < N; i++) if (reach[i] && alias[i] === i) newId[i] = m++;
    let edges = 0;
    for (let i = 0; i < N; i++) if (newId[i]! >= 0 && this.feature[i]! >= 0) edges += this.children[i]!.length;
    const feature = new Int32Array(m);
    const childStart = new Int32Array(m + 1);
    const children = new Int32Array(edges);
    const thresholds = new Float64Array(edges);
    const nSamples = new Int32Array(m);
    const value = new Float64Array(m * nOutputs);
    const gain = new Float64Array(m);
    let e = 0;
    for (let i = 0; i < N; i++) {
      const id = newId[i]!;
      if (id < 0) continue;
      feature[id] = this.feature[i]!;
      if (this.feature[i]! >= 0) gain[id] = this.gain[i]!;
      nSamples[id] = this.nSamples[i]!;
      value.set(this.value[i]!, id * nOutputs);
      childStart[id] = e;
      if (this.feature[i]! >= 0) {
        const kids = this.children[i]!;
        const thr = this.thresholds[i]!;
        for (let j = 0; j < kids.length; j++) {
          children[e] = newId[kids[j]!]!;
          thresholds[e] = j < thr.length ? thr[j]! : Number.POSITIVE_INFINITY;
          e++;
        }
      }
      childStart[id + 1] = e;
    }
    for (let i = 0; i < N; i++) if (alias[i] !== i && newId[i]! < 0) newId[i] = newId[alias[i]!]!;
    return { graph: new StreamGraph(nFeatures, nOutputs, feature, childStart, children, thresholds, nSamples, value, gain), newId };
  }
}

/**
 * Grows a Decision Stream (the paper's Algorithm 2 as the reference code runs it). Each round:
 * 1. split every open leaf: standard mode at its lowest-p binary candidate when p < alpha, large mode
 *    by Algorithm 4; a leaf that cannot be split becomes terminal;
 * 2. unless merge is off, merge all current leaves by Algorithm 1 (a merged leaf is open again);
 * 3. stop when no leaf is open, when the weighted Gini over the leaves has not reached a new minimum
 *    for ⌈√(features + 1)⌉ rounds (the reference's failsN < √(rows of its [label; features] matrix)),
 *    or after maxRounds.
 */
export function growStream(data: FitData, o: ResolvedStreamOptions): GrowResult {
  const n = data.X.rows;
  const d = data.X.cols;
  resetKsCache();
  const ref = o.compat === 'reference';
  if (ref && data.task !== 'classification') {
    throw new InvalidArgumentError('compat', "'dt' for regression ('reference' reproduces the reference code for classification only)", o.compat);
  }
  const ops: TaskOps = data.task === 'classification' ? classificationOps(data) : regressionOps(data);
  const nOutputs = data.task === 'classification' ? data.nClasses : 1;
  const scanner = new SplitScanner(data);
  const dag = new DagBuilder();
  const cache = new PairCache(ops, o.test, ref);
  const rng: Random = createRandom(o.seed);
  const k = resolveMaxFeatures(o.maxFeatures, d);
  const allFeatures = Int32Array.from({ length: d }, (_, i) => i);
  const drawn = new Int32Array(d);
  let orderCounter = 0;
  const nextOrder = (): number => orderCounter++;

  const drawFeatures = (): Int32Array => {
    if (k >= d) return allFeatures;
    // Partial Fisher–Yates, then ascending so ties still go to the lower feature index.
    drawn.set(allFeatures);
    for (let i = 0; i < k; i++) {
      const j = i + rng.int(d - i);
      const t = drawn[i]!;
      drawn[i] = drawn[j]!;
      drawn[j] = t;
    }
    return drawn.subarray(0, k).sort();
  };

  const newLeaf = (samples: Int32Array, stats: Stats, parents: [number, number][]): Leaf => ({
    node: dag.addNode(samples.length, ops.value(stats)),
    samples,
    stats,
    // the reference tries (and fails) to split pure nodes: they stay open for one round
    open: ref || !ops.isPure(stats),
    order: nextOrder(),
    parents,
  });

  const mergeLeaf = (a: Leaf, b: Leaf): Leaf => {
    const samples = new Int32Array(a.samples.length + b.samples.length);
    samples.set(a.samples);
    samples.set(b.samples, a.samples.length);
    const leaf = newLeaf(samples, ops.merge(a.stats, b.stats), [...a.parents, ...b.parents]);
    for (const [p, slot] of leaf.parents) dag.children[p]![slot] = leaf.node;
    return leaf;
  };
  const mergeCtx: MergeContext<Leaf> = { ops, family: o.test, alpha: o.alpha, merge: mergeLeaf, cache, reference: ref };

  const impurity = (leaves: Leaf[]): number => {
    let s = 0;
    for (const l of leaves) s += ops.impurity(l.stats);
    return s / n;
  };

  const referenceImpurity = (list: Leaf[]): number =>
    referenceGini(
      list.map((l) => l.stats.counts!),
      list.map((l) => l.stats.n),
      n,
    );

  const all = Int32Array.from({ length: n }, (_, i) => i);
  let leaves: Leaf[] = [newLeaf(all, ops.statsOf(all), [])];
  const history: RoundInfo[] = [];
  let best = ref ? Number.MAX_VALUE : impurity(leaves);
  let stale = 0;
  const patience = Math.ceil(Math.sqrt(d + 1));
  // The reference drops the features constant over the whole training set before it counts them.
  let dUsed = 0;
  for (let f = 0; f < d; f++) if (data.index.nUnique[f]! > 1) dUsed++;
  const refPatience = Math.sqrt(dUsed + 1);
  const choice = createSplitChoice();
  let stopReason: StopReason = 'no-open-leaves';

  /** Splits an open leaf (its children), or returns null when it cannot be split. */
  const splitLeaf = (leaf: Leaf): Leaf[] | null => {
    const features = drawFeatures();
    if (o.mode === 'standard') {
      const found = ref
        ? scanner.bestSplitReference(leaf.samples, leaf.stats, features, features.length, choice)
        : scanner.bestSplit(leaf.samples, leaf.stats, features, features.length, o.test, o.candidates, choice);
      if (!found || !(choice.pValue < o.alpha)) return null;
      const f = choice.feature;
      const left = new Int32Array(choice.nLeft);
      const right = new Int32Array(leaf.samples.length - choice.nLeft);
      if (ref) {
        // The reference cuts the node's columns sorted by the feature (stable) at nLeft: children
        // keep that order, and its cut below the largest value can fall inside a run of ties.
        const sorter = scanner.featureSorter;
        sorter.sort(leaf.samples, leaf.samples.length, f);
        for (let i = 0; i < leaf.samples.length; i++) {
          const s = leaf.samples[sorter.order[i]!]!;
          if (i < choice.nLeft) left[i] = s;
          else right[i - choice.nLeft] = s;
        }
      } else {
        const col = data.X.data.subarray(f * n, (f + 1) * n);
        let a = 0;
        let b = 0;
        for (const s of leaf.samples) {
          if (col[s]! <= choice.threshold) left[a++] = s;
          else right[b++] = s;
        }
      }
      const l = newLeaf(left, ops.statsOf(left), [[leaf.node, 0]]);
      const r = newLeaf(right, ops.statsOf(right), [[leaf.node, 1]]);
      dag.feature[leaf.node] = f;
      dag.thresholds[leaf.node] = [choice.threshold];
      dag.children[leaf.node] = [l.node, r.node];
      dag.gain[leaf.node] = Math.max(0, ops.impurity(leaf.stats) - ops.impurity(l.stats) - ops.impurity(r.stats));
      return [l, r];
    }
    const split = largeSplit(data, ops, scanner.featureSorter, leaf.samples, features, features.length, { ops, family: o.test, alpha: o.alpha, cache }, nextOrder);
    if (split === null) return null;
    const kids = split.groups.map((g) => newLeaf(g.samples, g.stats, []));
    split.rangeGroup.forEach((g, slot) => kids[g]!.parents.push([leaf.node, slot]));
    dag.feature[leaf.node] = split.feature;
    dag.thresholds[leaf.node] = split.thresholds;
    dag.children[leaf.node] = split.rangeGroup.map((g) => kids[g]!.node);
    let childImpurity = 0;
    for (const kid of kids) childImpurity += ops.impurity(kid.stats);
    dag.gain[leaf.node] = Math.max(0, ops.impurity(leaf.stats) - childImpurity);
    return kids;
  };

  for (let round = 1; ; round++) {
    if (!leaves.some((l) => l.open)) {
      stopReason = 'no-open-leaves';
      break;
    }
    if (ref) {
      // The reference's round: merge the leaves (its Gini is taken before), then split the open
      // ones unless the Gini has not reached a new minimum for ⌈√(features + 1)⌉ rounds. It builds
      // the next list with `(into closed (mapcat split open))`, and `into` a lazy sequence conses
      // each item onto its front: this round's leaves (children, and leaves that failed to split)
      // come first in reverse order, the leaves closed in earlier rounds last.
      const g = referenceImpurity(leaves);
      let merges = 0;
      if (o.merge) {
        const r = mergeAll(leaves, mergeCtx);
        leaves = r.items;
        merges = r.merges;
      }
      cache.retain(new Set(leaves.map((l) => l.order)));
      const allowSplit = stale < refPatience;
      const closedEarlier = leaves.filter((l) => !l.open);
      const produced: Leaf[] = [];
      let splits = 0;
      for (const leaf of leaves) {
        if (!leaf.open) continue;
        const kids = allowSplit ? splitLeaf(leaf) : null;
        if (kids === null) {
          leaf.open = false;
          produced.push(leaf);
        } else {
          produced.push(...kids);
          splits++;
        }
      }
      const next: Leaf[] = produced.reverse().concat(closedEarlier);
      if (g < best) {
        best = g;
        stale = 0;
      } else stale++;
      leaves = next;
      history.push({ round, splits, merges, leaves: leaves.length, openLeaves: leaves.filter((l) => l.open).length, impurity: impurity(leaves) });
      if (!allowSplit) stopReason = 'impurity-stalled';
      if (o.maxRounds !== null && round >= o.maxRounds) {
        stopReason = 'max-rounds';
        break;
      }
      if (!allowSplit) break;
      continue;
    }
    let splits = 0;
    const next: Leaf[] = [];
    for (const leaf of leaves) {
      if (!leaf.open) {
        next.push(leaf);
        continue;
      }
      const kids = splitLeaf(leaf);
      if (kids === null) {
        leaf.open = false;
        next.push(leaf);
        continue;
      }
      next.push(...kids);
      splits++;
    }
    leaves = next;
    let merges = 0;
    if (o.merge) {
      const r = mergeAll(leaves, mergeCtx);
      leaves = r.items;
      merges = r.merges;
    }
    cache.retain(new Set(leaves.map((l) => l.order)));
    const g = impurity(leaves);
    history.push({ round, splits, merges, leaves: leaves.length, openLeaves: leaves.filter((l) => l.open).length, impurity: g });
    if (g < best - 1e-12 * best) {
      best = g;
      stale = 0;
    } else stale++;
    if (stale >= patience) {
      stopReason = 'impurity-stalled';
      break;
    }
    if (o.maxRounds !== null && round >= o.maxRounds) {
      stopReason = 'max-rounds';
      break;
    }
  }

  const { graph, newId } = dag.freeze(d, nOutputs);
  const trainLeaf = new Int32Array(n);
  for (const l of leaves) {
    const id = newId[l.node]!;
    for (const s of l.samples) trainLeaf[s] = id;
  }
  return { graph, history, stopReason, trainLeaf };
}
