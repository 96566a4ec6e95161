import { DecisionTreeClassifier, LEAF, toRowMajor, type FeatureInput, type Tree, type TreeModel } from '@dt/core';
import { FIT_CELLS_WITH_MISSING } from '@dt/core/internal';
import { InvalidArgumentError, ShapeMismatchError } from '@dt/errors';

export interface RowMajor {
  data: Float64Array;
  rows: number;
  cols: number;
}

/**
 * Evaluation rows for a fitted model: row-major, with the model's feature count; finite or NaN
 * (a missing value follows each axis node's learnt side; oblique splits refuse it as they read it).
 */
export function rowsFor(model: TreeModel, X: FeatureInput, name: string): RowMajor {
  const x = toRowMajor(X, name, FIT_CELLS_WITH_MISSING);
  if (x.cols !== model.nFeatures) {
    throw new ShapeMismatchError(`${name} has ${x.cols} features but the model was fitted with ${model.nFeatures}`);
  }
  return x;
}

/**
 * Targets as the tree sees them: class codes for a classifier (-1 for a label the model never saw,
 * which every leaf gets wrong), finite numbers for a regressor.
 */
export type Targets = { kind: 'codes'; codes: Int32Array } | { kind: 'values'; values: Float64Array };

export function targetsFor(model: TreeModel, y: unknown, rows: number, name: string): Targets {
  if (!Array.isArray(y) && !ArrayBuffer.isView(y)) throw new InvalidArgumentError(name, 'an array of labels or targets', y);
  const arr = y as ArrayLike<unknown>;
  if (arr.length !== rows) throw new ShapeMismatchError(`${name} has ${arr.length} values but the feature rows are ${rows}`);
  if (model instanceof DecisionTreeClassifier) {
    const index = new Map<unknown, number>(model.classes.map((c, i) => [c, i]));
    const codes = new Int32Array(rows);
    for (let i = 0; i < rows; i++) codes[i] = index.get(arr[i]) ?? -1;
    return { kind: 'codes', codes };
  }
  const values = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    const v = arr[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new InvalidArgumentError(`${name}[${i}]`, 'a finite number', v);
    values[i] = v;
  }
  return { kind: 'values', values };
}

export function weightsFor(w: unknown, rows: number, name = 'sampleWeight'): Float64Array | null {
  if (w === undefined || w === null) return null;
  if (!Array.isArray(w) && !ArrayBuffer.isView(w)) throw new InvalidArgumentError(name, 'an array of numbers', w);
  const arr = w as ArrayLike<unknown>;
  if (arr.length !== rows) throw new ShapeMismatchError(`${name} has ${arr.length} values but the feature rows are ${rows}`);
  const out = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    const v = arr[i];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new InvalidArgumentError(`${name}[${i}]`, 'a finite number >= 0', v);
    out[i] = v;
  }
  return out;
}

/** Predicted class code of each node's value row (first maximum, as predictCodes), or -1 for regressors. */
export function nodeClasses(tree: Tree): Int32Array {
  const k = tree.nOutputs;
  const out = new Int32Array(tree.nodeCount);
  for (let i = 0; i < tree.nodeCount; i++) {
    let best = 0;
    for (let c = 1; c < k; c++) if (tree.value[i * k + c]! > tree.value[i * k + best]!) best = c;
    out[i] = best;
  }
  return out;
}

/**
 * Weighted loss of a tree on rows: misclassified weight (codes) or weighted squared error (values).
 * Divided by the total weight it is 1 − accuracy or the MSE.
 */
export function treeLoss(tree: Tree, x: RowMajor, targets: Targets, weights: Float64Array | null): number {
  const leaves = tree.apply(x.data, x.rows);
  let loss = 0;
  if (targets.kind === 'codes') {
    const cls = nodeClasses(tree);
    for (let r = 0; r < x.rows; r++) if (cls[leaves[r]!] !== targets.codes[r]) loss += weights ? weights[r]! : 1;
  } else {
    for (let r = 0; r < x.rows; r++) {
      const e = targets.values[r]! - tree.value[leaves[r]!]!;
      loss += (weights ? weights[r]! : 1) * e * e;
    }
  }
  return loss;
}

/**
 * Per node i: the (weighted) loss of the rows reaching node i if node i were a leaf predicting for
 * them — misclassified weight for class codes (the node's majority class), squared error for values.
 * One pass down each row's path; the shared input of reduced-error and hold-out pruning.
 */
export function lossAsLeaf(tree: Tree, x: RowMajor, targets: Targets, weights: Float64Array | null): Float64Array {
  const leafLoss = new Float64Array(tree.nodeCount);
  const cls = targets.kind === 'codes' ? nodeClasses(tree) : null;
  for (let r = 0; r < x.rows; r++) {
    const w = weights ? weights[r]! : 1;
    const base = r * x.cols;
    let node = 0;
    for (;;) {
      if (cls !== null) {
        if (cls[node] !== (targets as { codes: Int32Array }).codes[r]) leafLoss[node] = leafLoss[node]! + w;
      } else {
        const e = (targets as { values: Float64Array }).values[r]! - tree.value[node]!;
        leafLoss[node] = leafLoss[node]! + w * e * e;
      }
      if (tree.kind[node] === LEAF) break;
      node = tree.goesLeft(node, x.data, base) ? tree.left[node]! : tree.right[node]!;
    }
  }
  return leafLoss;
}

/** Rows `idx` of a row-major matrix, as a new row-major matrix. */
export function takeRowMajor(x: RowMajor, idx: ArrayLike<number>): RowMajor {
  const c = x.cols;
  const out = new Float64Array(idx.length * c);
  for (let i = 0; i < idx.length; i++) out.set(x.data.subarray(idx[i]! * c, idx[i]! * c + c), i * c);
  return { data: out, rows: idx.length, cols: c };
}

export function takeArray<T>(a: ArrayLike<T>, idx: ArrayLike<number>): T[] {
  const out = new Array<T>(idx.length);
  for (let i = 0; i < idx.length; i++) out[i] = a[idx[i]!]!;
  return out;
}
