/**
 * A view tree in the arrays the SHAP kernels walk: children, the child a NaN takes (`missingGoToLeft`
 * resolved once), model feature indices (bagging subsets mapped back), covers, and each leaf's
 * contribution to its outputs already normalised, class-mapped and multiplied by the tree weight
 * (`values[leaf * width + j]` adds to output `output + j`). Built once per treeShap call; the kernels
 * then read typed arrays only.
 */
import { InvalidArgumentError } from '@dt/errors';
import type { TreeEnsembleView, ViewTree } from './ensemble-view.js';

export interface PreparedTree {
  readonly left: Int32Array;
  readonly right: Int32Array;
  /** The child a NaN on the node's feature goes to. */
  readonly missingChild: Int32Array;
  /** Model feature of each internal node (-1 at leaves). */
  readonly feature: Int32Array;
  readonly threshold: Float64Array;
  readonly cover: Float64Array;
  /** cover[node] / cover[parent] (1 at the root): the share of its parent's cover a node takes. */
  readonly fraction: Float64Array;
  /** Leaf contributions, `width` per node (zeros at internal nodes). */
  readonly values: Float64Array;
  readonly width: number;
  /** First model output this tree adds to. */
  readonly output: number;
  /** Longest root-to-leaf path, in edges. */
  readonly maxDepth: number;
  /** Distinct model features the tree splits on, ascending. */
  readonly usedFeatures: Int32Array;
  /**
   * Gauss–Legendre nodes that integrate path-dependent SHAP's polynomial exactly: ⌈n / 2⌉ for n the
   * most distinct features split on along one root-to-leaf path, at least 1.
   */
  readonly quadratureNodes: number;
}

/** Prepares every tree of a view (the view is validated already). */
export function prepareTrees(view: TreeEnsembleView): PreparedTree[] {
  return view.trees.map((t) => prepareTree(t, view.nOutputs));
}

function prepareTree(t: ViewTree, nOutputs: number): PreparedTree {
  const tree = t.tree;
  const n = Math.max(1, tree.nodeCount);
  const left = tree.left.subarray(0, n);
  const right = tree.right.subarray(0, n);
  const missingChild = new Int32Array(n);
  const feature = new Int32Array(n).fill(-1);
  const used = new Uint8Array(Math.max(tree.nFeatures, 1));
  const cover = t.coverBy === 'nSamples' ? Float64Array.from(tree.nSamples.subarray(0, n)) : tree.weightedNSamples.subarray(0, n);
  const fraction = new Float64Array(n);
  fraction[0] = 1;
  const leaves: number[] = [];
  for (let i = 0; i < n; i++) {
    if (right[i]! < 0) {
      leaves.push(i);
      continue;
    }
    const f = tree.feature[i]!;
    used[f] = 1;
    feature[i] = t.features === null ? f : t.features[f]!;
    missingChild[i] = tree.missingGoToLeft[i] === 1 ? left[i]! : right[i]!;
    fraction[left[i]!] = cover[left[i]!]! / cover[i]!;
    fraction[right[i]!] = cover[right[i]!]! / cover[i]!;
  }
  const width = t.classMap !== null ? nOutputs - t.output : tree.nOutputs;
  const values = new Float64Array(n * width);
  const leafIds = Int32Array.from(leaves);
  const k = tree.nOutputs;
  // Normalised rows exactly as dt's predictProba computes them.
  const rows = t.normalize ? tree.leafProba(leafIds) : null;
  const dense = rows === null && !tree.hasSparseValues ? tree.value : null;
  for (let j = 0; j < leafIds.length; j++) {
    const leaf = leafIds[j]!;
    for (let c = 0; c < k; c++) {
      const v = rows !== null ? rows[j * k + c]! : dense !== null ? dense[leaf * k + c]! : tree.valueRow(leaf)[c]!;
      values[leaf * width + (t.classMap === null ? c : t.classMap[c]!)] = t.weight * v;
    }
  }
  const usedFeatures: number[] = [];
  for (let f = 0; f < used.length; f++) if (used[f] === 1) usedFeatures.push(t.features === null ? f : t.features[f]!);
  usedFeatures.sort((a, b) => a - b);
  const maxDepth = depthOf(left, right);
  return {
    left,
    right,
    missingChild,
    feature,
    threshold: tree.threshold.subarray(0, n),
    cover,
    fraction,
    values,
    width,
    output: t.output,
    maxDepth,
    usedFeatures: Int32Array.from(usedFeatures),
    quadratureNodes: Math.max(1, Math.ceil(maxDistinctOnPath(left, right, feature) / 2)),
  };
}

/**
 * The most distinct features split on along one root-to-leaf path: a depth-first walk keeps a count
 * per feature of the splits on the current path (entering a split adds, leaving it removes; explicit
 * stack of node ids, a leaving entry encoded as −1 − node).
 */
function maxDistinctOnPath(left: Int32Array, right: Int32Array, feature: Int32Array): number {
  const n = left.length;
  let width = 1;
  for (let i = 0; i < n; i++) if (feature[i]! >= width) width = feature[i]! + 1;
  const count = new Int32Array(width);
  const stack = new Int32Array(2 * n + 1);
  let top = 0;
  let distinct = 0;
  let max = 0;
  stack[top++] = 0;
  while (top > 0) {
    const entry = stack[--top]!;
    if (entry < 0) {
      const f = feature[-1 - entry]!;
      if (--count[f]! === 0) distinct--;
      continue;
    }
    if (right[entry]! < 0) {
      if (distinct > max) max = distinct;
      continue;
    }
    const f = feature[entry]!;
    if (count[f]!++ === 0) distinct++;
    stack[top++] = -1 - entry;
    stack[top++] = left[entry]!;
    stack[top++] = right[entry]!;
  }
  return max;
}

/** Longest root-to-leaf path (explicit stack: trees can be 100,000 deep). */
function depthOf(left: Int32Array, right: Int32Array): number {
  const n = left.length;
  const depth = new Int32Array(n);
  const stack = new Int32Array(n);
  let top = 0;
  let max = 0;
  stack[top++] = 0;
  while (top > 0) {
    const node = stack[--top]!;
    const d = depth[node]!;
    if (d > max) max = d;
    if (right[node]! < 0) continue;
    depth[left[node]!] = d + 1;
    depth[right[node]!] = d + 1;
    stack[top++] = left[node]!;
    stack[top++] = right[node]!;
  }
  return max;
}

/**
 * Path-dependent SHAP weighs each branch by its share of the parent's cover: every internal node
 * must have a positive cover and children with non-negative covers, or the expectations are not
 * defined (an imported model without covers can still be explained interventionally).
 */
export function checkCovers(trees: readonly PreparedTree[]): void {
  trees.forEach((t, i) => {
    for (let node = 0; node < t.left.length; node++) {
      if (t.right[node]! < 0) continue;
      const c = t.cover[node]!;
      const cl = t.cover[t.left[node]!]!;
      const cr = t.cover[t.right[node]!]!;
      if (!(c > 0) || !(cl >= 0) || !(cr >= 0) || !Number.isFinite(c)) {
        throw new InvalidArgumentError(
          `model tree ${i} node ${node} cover`,
          "positive (weighted training samples) with non-negative children, for featurePerturbation 'treePathDependent'; use 'interventional' with background data for a model without covers",
          c,
        );
      }
    }
  });
}

/**
 * Each tree's expectation under its covers: Σ over leaves of value × Π (child cover / parent cover)
 * along the path — exactly what path-dependent SHAP values add up from, so values + expectation equal
 * the prediction. Accumulated into `out` (nOutputs).
 */
export function pathExpectation(t: PreparedTree, out: Float64Array): void {
  const n = t.left.length;
  const prob = new Float64Array(n);
  const stack = new Int32Array(n);
  let top = 0;
  prob[0] = 1;
  stack[top++] = 0;
  const w = t.width;
  while (top > 0) {
    const node = stack[--top]!;
    const p = prob[node]!;
    if (t.right[node]! < 0) {
      for (let j = 0; j < w; j++) out[t.output + j]! += p * t.values[node * w + j]!;
      continue;
    }
    const c = t.cover[node]!;
    prob[t.left[node]!] = (p * t.cover[t.left[node]!]!) / c;
    prob[t.right[node]!] = (p * t.cover[t.right[node]!]!) / c;
    stack[top++] = t.left[node]!;
    stack[top++] = t.right[node]!;
  }
}

/** Leaf a row reaches (NaN follows the learnt side), as the model predicts. */
export function leafOf(t: PreparedTree, x: Float64Array, base: number): number {
  const { left, right, feature, threshold, missingChild } = t;
  let node = 0;
  while (right[node]! >= 0) {
    const v = x[base + feature[node]!]!;
    node = v <= threshold[node]! ? left[node]! : v !== v ? missingChild[node]! : right[node]!;
  }
  return node;
}

/** Which of a tree's used features have a split in each node's subtree (see subtreeFeatures). */
export interface SubtreeFeatures {
  /** Bit b of node i's `words` 32-bit words: usedFeatures[b] splits at i or below. */
  readonly bits: Uint32Array;
  readonly words: number;
}

/**
 * Per node, the set of the tree's used features split on in its subtree, as bitsets over the
 * indices of `usedFeatures` (children OR-ed into parents in reverse preorder; explicit stack).
 */
export function subtreeFeatures(t: PreparedTree): SubtreeFeatures {
  const n = t.left.length;
  const words = Math.max(1, Math.ceil(t.usedFeatures.length / 32));
  const bits = new Uint32Array(n * words);
  const local = new Map<number, number>();
  t.usedFeatures.forEach((f, b) => local.set(f, b));
  const order = new Int32Array(n);
  const stack = new Int32Array(n);
  let top = 0;
  let count = 0;
  stack[top++] = 0;
  while (top > 0) {
    const node = stack[--top]!;
    order[count++] = node;
    if (t.right[node]! < 0) continue;
    stack[top++] = t.left[node]!;
    stack[top++] = t.right[node]!;
  }
  for (let k = count - 1; k >= 0; k--) {
    const node = order[k]!;
    if (t.right[node]! < 0) continue;
    const b = local.get(t.feature[node]!)!;
    const base = node * words;
    bits[base + (b >>> 5)]! |= 1 << (b & 31);
    const l = t.left[node]! * words;
    const r = t.right[node]! * words;
    for (let w = 0; w < words; w++) bits[base + w]! |= bits[l + w]! | bits[r + w]!;
  }
  return { bits, words };
}
