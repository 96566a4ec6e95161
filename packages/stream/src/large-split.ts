import { midpoint, valuesDiffer } from '@dt/criteria';
import type { FeatureSorter } from './feature-order.js';
import type { FitData } from './fit-data.js';
import { mergeAdjacent, mergeAll, type MergeContext, type Mergeable } from './merge.js';
import type { Stats, TaskOps } from './stats.js';

/** A multi-way split: child k (of thresholds.length + 1) takes x in (t_{k−1}, t_k]. */
export interface MultiSplit {
  feature: number;
  thresholds: number[];
  /** Group (child leaf) of each range. Non-adjacent ranges may share a group. */
  rangeGroup: number[];
  groups: { samples: Int32Array; stats: Stats }[];
  strength: number;
}

interface Range extends Mergeable {
  /** Positions [start, end) in feature order; merged ranges are contiguous in the adjacent phase. */
  start: number;
  end: number;
  members: number[];
}

/**
 * Strength of association between feature f and the label on a node (the paper's Algorithm 5):
 * R² (squared Pearson correlation) for a continuous feature and target; the correlation ratio η²
 * when one side is categorical (target by feature category, or feature by class); for a categorical
 * feature and class labels, where the paper is silent, Cramér's V². All in [0, 1]. O(n) (+ levels·C).
 */
export function associationStrength(data: FitData, samples: Int32Array, f: number): number {
  const n = samples.length;
  const N = data.X.rows;
  const x = data.X.data;
  const base = f * N;
  const cat = data.categorical[f] === 1;
  if (data.task === 'regression') {
    const y = data.y!;
    let my = 0;
    for (let i = 0; i < n; i++) my += y[samples[i]!]!;
    my /= n;
    let syy = 0;
    for (let i = 0; i < n; i++) syy += (y[samples[i]!]! - my) ** 2;
    if (!(syy > 0)) return 0;
    if (cat) {
      // η² of y by category: between-group sum of squares over the total.
      const U = data.index.nUnique[f]!;
      const sum = new Float64Array(U);
      const cnt = new Float64Array(U);
      const ranks = data.index.ranks;
      for (let i = 0; i < n; i++) {
        const s = samples[i]!;
        const r = ranks[base + s]!;
        sum[r]! += y[s]! - my;
        cnt[r]!++;
      }
      let between = 0;
      for (let r = 0; r < U; r++) if (cnt[r]! > 0) between += (sum[r]! * sum[r]!) / cnt[r]!;
      return Math.min(1, between / syy);
    }
    let mx = 0;
    for (let i = 0; i < n; i++) mx += x[base + samples[i]!]!;
    mx /= n;
    let sxx = 0;
    let sxy = 0;
    for (let i = 0; i < n; i++) {
      const s = samples[i]!;
      const dx = x[base + s]! - mx;
      sxx += dx * dx;
      sxy += dx * (y[s]! - my);
    }
    return sxx > 0 ? Math.min(1, (sxy * sxy) / (sxx * syy)) : 0;
  }
  const codes = data.codes!;
  const C = data.nClasses;
  if (cat) {
    const U = data.index.nUnique[f]!;
    const table = new Float64Array(U * C);
    const rowSum = new Float64Array(U);
    const colSum = new Float64Array(C);
    const ranks = data.index.ranks;
    for (let i = 0; i < n; i++) {
      const s = samples[i]!;
      const r = ranks[base + s]!;
      table[r * C + codes[s]!]!++;
      rowSum[r]!++;
      colSum[codes[s]!]!++;
    }
    let levels = 0;
    let classes = 0;
    for (let r = 0; r < U; r++) if (rowSum[r]! > 0) levels++;
    for (let c = 0; c < C; c++) if (colSum[c]! > 0) classes++;
    const k = Math.min(levels, classes) - 1;
    if (k < 1) return 0;
    let s2 = 0;
    for (let r = 0; r < U; r++) {
      if (rowSum[r] === 0) continue;
      for (let c = 0; c < C; c++) {
        const o = table[r * C + c]!;
        if (o > 0) s2 += (o * o) / (rowSum[r]! * colSum[c]!);
      }
    }
    return Math.min(1, Math.max(0, (s2 - 1) / k));
  }
  // η² of x by class.
  let mx = 0;
  for (let i = 0; i < n; i++) mx += x[base + samples[i]!]!;
  mx /= n;
  const sum = new Float64Array(C);
  const cnt = new Float64Array(C);
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    const s = samples[i]!;
    const dx = x[base + s]! - mx;
    sxx += dx * dx;
    sum[codes[s]!]! += dx;
    cnt[codes[s]!]!++;
  }
  if (!(sxx > 0)) return 0;
  let between = 0;
  for (let c = 0; c < C; c++) if (cnt[c]! > 0) between += (sum[c]! * sum[c]!) / cnt[c]!;
  return Math.min(1, between / sxx);
}

/**
 * The paper's Algorithm 4 for one node: split on the most associated feature — one range per
 * category, or ⌊√n⌋ ranges of (nearly) equal counts for a continuous feature (boundaries moved to the
 * next change of value) — merge adjacent ranges until neighbours are distinguishable at alpha, then
 * merge the remaining ranges globally (Algorithm 1). Null when fewer than two groups remain.
 * O(d·n) for the association, O(n log n) for the sort, O(r²) tests for r ≤ √n ranges.
 */
export function largeSplit(
  data: FitData,
  ops: TaskOps,
  sorter: FeatureSorter,
  samples: Int32Array,
  features: Int32Array,
  nFeatures: number,
  ctx: Omit<MergeContext<Range>, 'merge'>,
  nextOrder: () => number,
): MultiSplit | null {
  const n = samples.length;
  let f = -1;
  let strength = 0;
  for (let k = 0; k < nFeatures; k++) {
    const s = associationStrength(data, samples, features[k]!);
    if (s > strength + 1e-12) {
      strength = s;
      f = features[k]!;
    }
  }
  if (f < 0) return null;
  sorter.sort(samples, n, f);
  const order = sorter.order;
  const rank = sorter.rank;
  const uniq = data.index.uniq[f]!;
  const bounds: number[] = [];
  if (data.categorical[f] === 1) {
    for (let p = 1; p < n; p++) if (rank[p] !== rank[p - 1]) bounds.push(p);
  } else {
    const R = Math.floor(Math.sqrt(n));
    for (let k = 1; k < R; k++) {
      let b = Math.round((k * n) / R);
      while (b < n && !(rank[b] !== rank[b - 1] && valuesDiffer(uniq[rank[b - 1]!]!, uniq[rank[b]!]!))) b++;
      if (b < n && (bounds.length === 0 || b > bounds[bounds.length - 1]!)) bounds.push(b);
    }
  }
  if (bounds.length === 0) return null;
  const edges = [0, ...bounds, n];
  const ranges: Range[] = [];
  for (let k = 0; k + 1 < edges.length; k++) {
    const idx = new Int32Array(edges[k + 1]! - edges[k]!);
    for (let p = edges[k]!; p < edges[k + 1]!; p++) idx[p - edges[k]!] = samples[order[p]!]!;
    ranges.push({ stats: ops.statsOf(idx), order: nextOrder(), start: edges[k]!, end: edges[k + 1]!, members: [k] });
  }
  const merge = (a: Range, b: Range): Range => ({
    stats: ops.merge(a.stats, b.stats),
    order: nextOrder(),
    start: Math.min(a.start, b.start),
    end: Math.max(a.end, b.end),
    members: [...a.members, ...b.members],
  });
  const full: MergeContext<Range> = { ...ctx, merge };
  const adjacent = mergeAdjacent(ranges, full);
  if (adjacent.length < 2) return null;
  const groups = mergeAll(adjacent, full).items;
  if (groups.length < 2) return null;
  const groupOfRange = new Int32Array(ranges.length);
  groups.forEach((g, gi) => g.members.forEach((m) => (groupOfRange[m] = gi)));
  const thresholds: number[] = [];
  const rangeGroup: number[] = [groupOfRange[0]!];
  for (let k = 1; k < ranges.length; k++) {
    const g = groupOfRange[k]!;
    if (g === rangeGroup[rangeGroup.length - 1]) continue;
    const b = ranges[k]!.start;
    thresholds.push(midpoint(uniq[rank[b - 1]!]!, uniq[rank[b]!]!));
    rangeGroup.push(g);
  }
  const out = groups.map((g) => {
    const parts = g.members.map((m) => ranges[m]!);
    const size = parts.reduce((s, r) => s + (r.end - r.start), 0);
    const idx = new Int32Array(size);
    let at = 0;
    for (const r of parts) for (let p = r.start; p < r.end; p++) idx[at++] = samples[order[p]!]!;
    return { samples: idx, stats: g.stats };
  });
  return { feature: f, thresholds, rangeGroup, groups: out, strength };
}
