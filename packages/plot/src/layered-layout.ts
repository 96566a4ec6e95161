/**
 * Layered (Sugiyama-style) layout of a DAG whose nodes are listed parents-first — a Decision
 * Stream, where merged nodes have several parents and are drawn once.
 *
 * Why our own rather than dagre or elkjs: elkjs is a ~1.4 MB GWT build and dagre pulls graphlib
 * (and, in its released builds, lodash) for features we do not need (cycles, clusters, edge
 * labels as nodes, network-simplex ranking); its DFS helpers recurse, and streams can be deep.
 * The graphs here are already acyclic and topologically numbered, so the four classic steps are
 * short and iterative:
 * 1. layers: longest path from the root (one pass in topological order);
 * 2. edges spanning several layers get a dummy point per crossed layer (the edge bends there);
 * 3. order within layers: alternating down/up barycenter sweeps;
 * 4. x: alternately pull each item towards the mean of its neighbours above / below, then restore
 *    the minimum spacing by isotonic regression (pool-adjacent-violators) per layer, which keeps the
 *    order and is the least-squares closest non-overlapping placement.
 */
import { InvalidArgumentError } from '@dt/errors';

/** A DAG to lay out in layers (layeredLayout): n nodes listed parents-first, its edges from < to, and the spacing. */
export interface LayeredInput {
  n: number;
  /** Edges with from < to (indices into the n nodes), grouped by `from` ascending. */
  from: Int32Array;
  to: Int32Array;
  /** Width of a real node and of a dummy (edge bend), and the gap kept between neighbours. */
  nodeWidth: number;
  dummyWidth: number;
  gap: number;
}

/** What layeredLayout returns: each node's centre x and layer, and the bends of each edge. */
export interface LayeredResult {
  /** Centre x and layer of each node. */
  x: Float64Array;
  layer: Int32Array;
  /** Per edge, the bend points (centre x, layer) between its ends; empty for an edge to the next layer. */
  bends: { x: number; layer: number }[][];
}

/** Places a ViewGraph in layers (a tree or DAG layout) and returns the positions. */
export function layeredLayout(input: LayeredInput): LayeredResult {
  const given = input as Partial<LayeredInput> | null;
  if (typeof given !== 'object' || given === null || !Number.isInteger(given.n) || given.n! < 0 || given.from === undefined || given.to === undefined || typeof given.from.length !== 'number' || given.from.length !== given.to.length) {
    throw new InvalidArgumentError('input', 'a layered-layout input { n, from, to, nodeWidth, dummyWidth, gap }', input);
  }
  const { n, from, to, nodeWidth, dummyWidth, gap } = input;
  const m = from.length;
  const layer = new Int32Array(n);
  for (let e = 0; e < m; e++) if (layer[to[e]!]! < layer[from[e]!]! + 1) layer[to[e]!] = layer[from[e]!]! + 1;
  // Items: the n nodes, then the dummies. Adjacency between consecutive layers, as item pairs.
  const itemLayer: number[] = Array.from(layer);
  const width: number[] = new Array<number>(n).fill(nodeWidth);
  const up: number[][] = Array.from({ length: n }, () => []);
  const down: number[][] = Array.from({ length: n }, () => []);
  const chain: number[][] = [];
  for (let e = 0; e < m; e++) {
    const a = from[e]!;
    const b = to[e]!;
    const dummies: number[] = [];
    let prev = a;
    for (let l = layer[a]! + 1; l < layer[b]!; l++) {
      const d = itemLayer.length;
      itemLayer.push(l);
      width.push(dummyWidth);
      up.push([prev]);
      down.push([]);
      down[prev]!.push(d);
      dummies.push(d);
      prev = d;
    }
    down[prev]!.push(b);
    up[b]!.push(prev);
    chain.push(dummies);
  }
  const items = itemLayer.length;
  let layers = 0;
  for (let i = 0; i < items; i++) layers = Math.max(layers, itemLayer[i]! + 1);
  const rows: number[][] = Array.from({ length: layers }, () => []);
  for (let i = 0; i < items; i++) rows[itemLayer[i]!]!.push(i);

  // 3. Ordering: position index within its row; barycenter sweeps (stable sort keeps ties in place).
  const pos = new Float64Array(items);
  const setPos = (row: number[]): void => row.forEach((it, k) => (pos[it] = k));
  rows.forEach(setPos);
  const key = new Float64Array(items);
  const sweep = (downward: boolean): void => {
    for (let r = downward ? 1 : layers - 2; downward ? r < layers : r >= 0; r += downward ? 1 : -1) {
      const row = rows[r]!;
      for (const it of row) {
        const nb = downward ? up[it]! : down[it]!;
        if (nb.length === 0) key[it] = pos[it]!;
        else {
          let s = 0;
          for (const u of nb) s += pos[u]!;
          key[it] = s / nb.length;
        }
      }
      row.sort((a, b) => key[a]! - key[b]! || pos[a]! - pos[b]!);
      setPos(row);
    }
  };
  for (let it = 0; it < 4; it++) {
    sweep(true);
    sweep(false);
  }
  sweep(true);

  // 4. Coordinates: packed start, then neighbour pulls with spacing restored per row.
  const x = new Float64Array(items);
  for (const row of rows) {
    let cur = 0;
    row.forEach((it, k) => {
      if (k > 0) cur += (width[row[k - 1]!]! + width[it]!) / 2 + gap;
      x[it] = cur;
    });
  }
  const want = new Float64Array(items);
  for (let round = 0; round < 8; round++) {
    const downward = round % 2 === 0;
    for (let r = downward ? 1 : layers - 2; downward ? r < layers : r >= 0; r += downward ? 1 : -1) {
      const row = rows[r]!;
      for (const it of row) {
        const nb = downward ? up[it]! : down[it]!;
        if (nb.length === 0) want[it] = x[it]!;
        else {
          let s = 0;
          for (const u of nb) s += x[u]!;
          want[it] = s / nb.length;
        }
      }
      spaceRow(row, want, width, gap, x);
    }
  }
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < items; i++) min = Math.min(min, x[i]! - width[i]! / 2);
  const shift = -min;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = x[i]! + shift;
  const bends = chain.map((ds) => ds.map((d) => ({ x: x[d]! + shift, layer: itemLayer[d]! })));
  return { x: out, layer, bends };
}

/**
 * Positions for one row, in its order, as close as possible (least squares) to `want` while
 * neighbouring items stay apart by half their widths plus `gap`: with o the cumulative minimum
 * offsets, x − o must be non-decreasing, i.e. the isotonic regression of want − o.
 */
function spaceRow(row: readonly number[], want: Float64Array, width: readonly number[], gap: number, x: Float64Array): void {
  const k = row.length;
  const o = new Float64Array(k);
  for (let i = 1; i < k; i++) o[i] = o[i - 1]! + (width[row[i - 1]!]! + width[row[i]!]!) / 2 + gap;
  // Pool adjacent violators: blocks of (mean, count, end index).
  const mean = new Float64Array(k);
  const count = new Int32Array(k);
  let blocks = 0;
  for (let i = 0; i < k; i++) {
    mean[blocks] = want[row[i]!]! - o[i]!;
    count[blocks] = 1;
    blocks++;
    while (blocks > 1 && mean[blocks - 2]! > mean[blocks - 1]!) {
      const c = count[blocks - 2]! + count[blocks - 1]!;
      mean[blocks - 2] = (mean[blocks - 2]! * count[blocks - 2]! + mean[blocks - 1]! * count[blocks - 1]!) / c;
      count[blocks - 2] = c;
      blocks--;
    }
  }
  let i = 0;
  for (let b = 0; b < blocks; b++) for (let j = 0; j < count[b]!; j++, i++) x[row[i]!] = mean[b]! + o[i]!;
}
