/**
 * Raw predictions of boosted trees: for each row the baseline plus the value of the leaf it reaches
 * in every tree of its output (index k·n + i). Rows are row-major; a NaN goes to the side the split
 * learnt. Every split of a boosting tree is an axis split, so the walk reads the Tree's arrays
 * directly (no per-tree leaf-id array).
 */
import type { Tree } from '@dt/core';

type Features = ArrayLike<number>;

/** Adds tree's leaf values of rows [0, n) to out[offset + i]. */
export function addTreeValues(tree: Tree, x: Features, n: number, d: number, out: Float64Array, offset: number): void {
  const kind = tree.kind;
  const feature = tree.feature;
  const threshold = tree.threshold;
  const left = tree.left;
  const right = tree.right;
  const missingLeft = tree.missingGoToLeft;
  const value = tree.value;
  for (let r = 0; r < n; r++) {
    const base = r * d;
    let node = 0;
    while (kind[node] !== 0) {
      const v = x[base + feature[node]!]!;
      node = v <= threshold[node]! || (v !== v && missingLeft[node] === 1) ? left[node]! : right[node]!;
    }
    out[offset + r] = out[offset + r]! + value[node]!;
  }
}

/** Baseline plus the trees of iterations [0, iterations) (trees[i][k] adds to output k). */
export function predictRaw(trees: readonly (readonly Tree[])[], baseline: Float64Array, x: Features, n: number, d: number, iterations = trees.length): Float64Array {
  const K = baseline.length;
  const out = new Float64Array(K * n);
  for (let k = 0; k < K; k++) out.fill(baseline[k]!, k * n, (k + 1) * n);
  for (let it = 0; it < iterations; it++) {
    const row = trees[it]!;
    for (let k = 0; k < K; k++) addTreeValues(row[k]!, x, n, d, out, k * n);
  }
  return out;
}
