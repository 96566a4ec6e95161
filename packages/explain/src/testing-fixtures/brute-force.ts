/**
 * Brute-force Shapley values by enumerating every feature subset (tests only; ≤ ~10 features):
 * the oracle for the TreeSHAP kernels. Reads a TreeEnsembleView's trees directly (not the prepared
 * arrays), so it checks the preparation as well as the kernels.
 */
import { Tree } from '@dt/core';
import type { TreeEnsembleView, ViewTree } from '../ensemble-view.js';

/** Leaf output row of node (weight, normalisation and class map applied) in model output space. */
function leafRow(t: ViewTree, node: number, K: number): Float64Array {
  const out = new Float64Array(K);
  const row = t.tree.valueRow(node);
  let sum = 0;
  for (const v of row) sum += v;
  for (let c = 0; c < row.length; c++) {
    const p = t.normalize ? (sum > 0 ? row[c]! / sum : 1 / row.length) : row[c]!;
    out[t.output + (t.classMap === null ? c : t.classMap[c]!)]! += t.weight * p;
  }
  return out;
}

function goesLeft(tree: Tree, node: number, v: number): boolean {
  return v !== v ? tree.missingGoToLeft[node] === 1 : v <= tree.threshold[node]!;
}

function modelFeature(t: ViewTree, node: number): number {
  const f = t.tree.feature[node]!;
  return t.features === null ? f : t.features[f]!;
}

/** E[f(x) | x_S] by the trees' covers (a node on a feature outside S averages its children by cover). */
export function pathValue(view: TreeEnsembleView, x: ArrayLike<number>, inS: (f: number) => boolean): Float64Array {
  const K = view.nOutputs;
  const out = Float64Array.from(view.baseValue);
  for (const t of view.trees) {
    const tree = t.tree;
    const stack: [number, number][] = [[0, 1]];
    while (stack.length > 0) {
      const [node, p] = stack.pop()!;
      if (tree.right[node]! < 0) {
        const row = leafRow(t, node, K);
        for (let k = 0; k < K; k++) out[k]! += p * row[k]!;
        continue;
      }
      const f = modelFeature(t, node);
      const l = tree.left[node]!;
      const r = tree.right[node]!;
      if (inS(f)) stack.push([goesLeft(tree, node, x[f]!) ? l : r, p]);
      else {
        const c = tree.weightedNSamples[node]!;
        stack.push([l, (p * tree.weightedNSamples[l]!) / c], [r, (p * tree.weightedNSamples[r]!) / c]);
      }
    }
  }
  return out;
}

/** Mean over background rows z of f(x_S, z_rest). */
export function interventionalValue(view: TreeEnsembleView, x: ArrayLike<number>, background: readonly (readonly number[])[], inS: (f: number) => boolean): Float64Array {
  const K = view.nOutputs;
  const out = new Float64Array(K);
  for (const z of background) {
    const h = Array.from({ length: view.nFeatures }, (_, f) => (inS(f) ? x[f]! : z[f]!));
    const v = pathValue(view, h, () => true);
    for (let k = 0; k < K; k++) out[k]! += v[k]! / background.length;
  }
  return out;
}

type ValueFn = (inS: (f: number) => boolean) => Float64Array;

function factorial(n: number): number {
  let r = 1;
  for (let i = 2; i <= n; i++) r *= i;
  return r;
}

/** φ[f * K + k] = Σ_{S ⊆ M∖{f}} |S|!(M−|S|−1)!/M! (v(S ∪ f) − v(S)). */
export function bruteShapley(M: number, K: number, v: ValueFn): Float64Array {
  const phi = new Float64Array(M * K);
  const cache = new Map<number, Float64Array>();
  const val = (mask: number): Float64Array => {
    let r = cache.get(mask);
    if (r === undefined) {
      r = v((f) => ((mask >> f) & 1) === 1);
      cache.set(mask, r);
    }
    return r;
  };
  for (let mask = 0; mask < 1 << M; mask++) {
    let s = 0;
    for (let f = 0; f < M; f++) s += (mask >> f) & 1;
    for (let f = 0; f < M; f++) {
      if ((mask >> f) & 1) continue;
      const w = (factorial(s) * factorial(M - s - 1)) / factorial(M);
      const a = val(mask | (1 << f));
      const b = val(mask);
      for (let k = 0; k < K; k++) phi[f * K + k]! += w * (a[k]! - b[k]!);
    }
  }
  return phi;
}

/** Shapley interaction values Φ[(i * M + j) * K + k] (off-diagonal halves; diagonal = φ_i − Σ_{j≠i} Φ_ij). */
export function bruteInteractions(M: number, K: number, v: ValueFn): Float64Array {
  const out = new Float64Array(M * M * K);
  const cache = new Map<number, Float64Array>();
  const val = (mask: number): Float64Array => {
    let r = cache.get(mask);
    if (r === undefined) {
      r = v((f) => ((mask >> f) & 1) === 1);
      cache.set(mask, r);
    }
    return r;
  };
  for (let i = 0; i < M; i++) {
    for (let j = 0; j < M; j++) {
      if (i === j) continue;
      for (let mask = 0; mask < 1 << M; mask++) {
        if ((mask >> i) & 1 || (mask >> j) & 1) continue;
        let s = 0;
        for (let f = 0; f < M; f++) s += (mask >> f) & 1;
        const w = (factorial(s) * factorial(M - s - 2)) / (2 * factorial(M - 1));
        const ij = val(mask | (1 << i) | (1 << j));
        const vi = val(mask | (1 << i));
        const vj = val(mask | (1 << j));
        const v0 = val(mask);
        for (let k = 0; k < K; k++) out[(i * M + j) * K + k]! += w * (ij[k]! - vi[k]! - vj[k]! + v0[k]!);
      }
    }
  }
  const phi = bruteShapley(M, K, v);
  for (let i = 0; i < M; i++) {
    for (let k = 0; k < K; k++) {
      let s = phi[i * K + k]!;
      for (let j = 0; j < M; j++) if (j !== i) s -= out[(i * M + j) * K + k]!;
      out[(i * M + i) * K + k] = s;
    }
  }
  return out;
}

/**
 * A random axis tree on nFeatures with `nValues` values per node, covers that add up (each child a
 * random share of its parent's), repeated features along paths, and random NaN sides.
 */
export function randomTree(rand: () => number, nFeatures: number, nValues: number, maxDepth: number): Tree {
  const tree = new Tree(nFeatures, nValues);
  const value: number[] = [];
  const stack: [number, number, number][] = [];
  const root = tree.addNode(-1, true, { impurity: 0, nSamples: 100, weightedNSamples: 100 });
  stack.push([root, 0, 100]);
  while (stack.length > 0) {
    const [node, depth, cover] = stack.pop()!;
    if (depth >= maxDepth || rand() < 0.2) continue;
    tree.setAxisSplit(node, Math.floor(rand() * nFeatures), rand() * 2 - 1, rand() < 0.5 ? 1 : 0);
    const share = 0.05 + 0.9 * rand();
    const l = tree.addNode(node, true, { impurity: 0, nSamples: 1, weightedNSamples: cover * share });
    const r = tree.addNode(node, false, { impurity: 0, nSamples: 1, weightedNSamples: cover * (1 - share) });
    stack.push([l, depth + 1, cover * share], [r, depth + 1, cover * (1 - share)]);
  }
  for (let n = 0; n < tree.nodeCount; n++) for (let c = 0; c < nValues; c++) value.push(nValues > 1 ? rand() : rand() * 4 - 2);
  const dense = new Float64Array(tree.capacity * nValues);
  dense.set(value);
  tree.value = dense;
  return tree;
}
