/**
 * Minimal cost-complexity (weakest-link) pruning, with scikit-learn's `cost_complexity_pruning_path`
 * and `ccp_alpha` semantics. It reads only node statistics (impurity, weights, class counts), so it
 * works for classification and regression trees with axis or oblique splits alike.
 *
 * The arithmetic follows sklearn's `_cost_complexity_prune` step for step (same node order, same
 * summation order, first node wins a tie) so the same tree gives the same path and pruned trees.
 */
import { InvalidArgumentError, knownKeys, nonNegativeNumber, oneOf, plainObject } from '@dt/errors';
import { LEAF, Tree } from '../tree/tree.js';

/**
 * Node risk R(t), as a share of the root weight:
 * - `'impurity'`: weighted impurity, w_t · impurity_t / w_root (scikit-learn);
 * - `'misclassification'`: weight of the node's training samples outside its majority class,
 *   (w_t − max_c value_t,c) / w_root (Breiman's resubstitution error; classification trees only).
 */
export type CcpRisk = 'impurity' | 'misclassification';

/** Options of costComplexityPruningPath and the weakest-link sequence. */
export interface CostComplexityOptions {
  /** Node risk measure (default `'impurity'`, as scikit-learn). */
  risk?: CcpRisk;
}

/** Minimal cost-complexity pruning path (scikit-learn's `cost_complexity_pruning_path`): alphas and the risk of each subtree. */
export interface CostComplexityPath {
  /** Effective alphas of the pruning sequence, non-decreasing; the first is 0 (the full tree). */
  alphas: Float64Array;
  /** Total leaf risk of the subtree after each step (the last is the root alone). */
  impurities: Float64Array;
}

/** The pruning path with the node collapsed at each step, so any subtree of the sequence can be rebuilt. */
export interface WeakestLinkSequence extends CostComplexityPath {
  /** Node collapsed into a leaf at each step (-1 at step 0, the unpruned tree). */
  prunedNodes: Int32Array;
}

const RISKS: readonly CcpRisk[] = ['impurity', 'misclassification'];

function resolveRisk(options: unknown): CcpRisk {
  if (options === undefined) return 'impurity';
  const o = plainObject('options', options);
  knownKeys('options', o, ['risk']);
  return o.risk === undefined ? 'impurity' : oneOf('options.risk', o.risk, RISKS);
}

function checkTree(tree: unknown): Tree {
  if (!(tree instanceof Tree) || tree.nodeCount < 1) throw new InvalidArgumentError('tree', 'a fitted Tree', tree);
  return tree;
}

/** R(t) per node id (only reachable nodes are read later). */
function nodeRisk(tree: Tree, risk: CcpRisk): Float64Array {
  const n = tree.nodeCount;
  const w = tree.weightedNSamples;
  const total = w[0]!;
  const r = new Float64Array(n);
  if (risk === 'impurity') {
    for (let i = 0; i < n; i++) r[i] = (w[i]! * tree.impurity[i]!) / total;
    return r;
  }
  for (const i of tree.reachable()) {
    const sum = tree.valueSum(i);
    const max = tree.valueMax(i);
    // A classifier's value row holds class weights summing to the node weight; a regressor's holds a mean.
    if (Math.abs(sum - w[i]!) > 1e-9 * Math.max(1, Math.abs(w[i]!))) {
      throw new InvalidArgumentError('options.risk', "'impurity' for a regression tree ('misclassification' needs class counts)", risk);
    }
    r[i] = (w[i]! - max) / total;
  }
  return r;
}

/**
 * Runs the weakest-link loop. `stopAlpha`: stop before the first step whose effective alpha exceeds
 * it (sklearn's `_AlphaPruner`); +Infinity runs to the root (sklearn's `_PathFinder`).
 */
function weakestLink(tree: Tree, risk: CcpRisk, stopAlpha: number): WeakestLinkSequence {
  const n = tree.nodeCount;
  const left = tree.left;
  const right = tree.right;
  const rNode = nodeRisk(tree, risk);
  const parent = new Int32Array(n).fill(-1);
  const isLeaf = new Uint8Array(n);
  const reachable = new Uint8Array(n);
  const stack: number[] = [0];
  while (stack.length > 0) {
    const i = stack.pop()!;
    reachable[i] = 1;
    if (tree.kind[i] === LEAF) isLeaf[i] = 1;
    else {
      parent[left[i]!] = i;
      parent[right[i]!] = i;
      stack.push(left[i]!, right[i]!);
    }
  }
  // Subtree leaf risk and leaf counts, children before parents (reverse preorder): O(n), not
  // O(leaves × depth) as adding each leaf up its ancestor chain would be on a deep tree.
  const nLeaves = new Int32Array(n);
  const rBranch = new Float64Array(n);
  const order: number[] = [];
  stack.push(0);
  while (stack.length > 0) {
    const i = stack.pop()!;
    order.push(i);
    if (!isLeaf[i]) stack.push(right[i]!, left[i]!);
  }
  for (let k = order.length - 1; k >= 0; k--) {
    const i = order[k]!;
    if (isLeaf[i]) {
      rBranch[i] = rNode[i]!;
      continue;
    }
    rBranch[i] = rBranch[left[i]!]! + rBranch[right[i]!]!;
    nLeaves[i] = (isLeaf[left[i]!] ? 1 : nLeaves[left[i]!]!) + (isLeaf[right[i]!] ? 1 : nLeaves[right[i]!]!);
  }
  const candidate = new Uint8Array(n);
  const inSubtree = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    candidate[i] = reachable[i]! && !isLeaf[i] ? 1 : 0;
    inSubtree[i] = reachable[i]!;
  }
  const alphas: number[] = [0];
  const impurities: number[] = [rBranch[0]!];
  const pruned: number[] = [-1];
  // sklearn scans every node for the smallest alpha at each step (O(nodes × steps)); a heap of
  // (alpha, node) entries gives the same choice — smallest alpha, then lowest id; a NaN or
  // >= DBL_MAX alpha never wins, as sklearn starts from DBL_MAX with a strict '<' — in O(log nodes).
  // Entries whose node left the tree or whose alpha changed since are skipped when they surface.
  const cur = new Float64Array(n);
  const heap = new AlphaHeap();
  const alphaOf = (i: number): number => (rNode[i]! - rBranch[i]!) / (nLeaves[i]! - 1);
  for (let i = 0; i < n; i++) {
    if (!candidate[i]) continue;
    cur[i] = alphaOf(i);
    if (cur[i]! < Number.MAX_VALUE) heap.push(cur[i]!, i);
  }
  while (candidate[0]) {
    let node = -1;
    let best = Number.MAX_VALUE;
    while (heap.size > 0) {
      const i = heap.topNode();
      const a = heap.topAlpha();
      if (candidate[i] && cur[i] === a) {
        node = i;
        best = a;
        break;
      }
      heap.pop();
    }
    if (node < 0) throw new InvalidArgumentError('tree', 'node statistics that give finite alphas', Number.NaN);
    if (stopAlpha < best) break;
    heap.pop();
    stack.push(node);
    while (stack.length > 0) {
      const i = stack.pop()!;
      if (!inSubtree[i]) continue;
      candidate[i] = 0;
      inSubtree[i] = 0;
      if (!isLeaf[i]) stack.push(left[i]!, right[i]!);
    }
    inSubtree[node] = 1;
    isLeaf[node] = 1;
    const removed = nLeaves[node]! - 1;
    nLeaves[node] = 0;
    const diff = rNode[node]! - rBranch[node]!;
    rBranch[node] = rNode[node]!;
    for (let p = parent[node]!; p !== -1; p = parent[p]!) {
      nLeaves[p] = nLeaves[p]! - removed;
      rBranch[p] = rBranch[p]! + diff;
      cur[p] = alphaOf(p);
      if (cur[p]! < Number.MAX_VALUE) heap.push(cur[p]!, p);
    }
    if (heap.size > 4 * n + 64) {
      // Stale entries pile up on deep trees (one push per ancestor per step): keep the heap O(nodes).
      heap.clear();
      for (let i = 0; i < n; i++) if (candidate[i] && cur[i]! < Number.MAX_VALUE) heap.push(cur[i]!, i);
    }
    alphas.push(best);
    impurities.push(rBranch[0]!);
    pruned.push(node);
  }
  return { alphas: Float64Array.from(alphas), impurities: Float64Array.from(impurities), prunedNodes: Int32Array.from(pruned) };
}

/** Binary min-heap of (alpha, node) ordered by alpha, then node id. */
class AlphaHeap {
  private a: number[] = [];
  private id: number[] = [];
  get size(): number {
    return this.a.length;
  }
  clear(): void {
    this.a.length = 0;
    this.id.length = 0;
  }
  topAlpha(): number {
    return this.a[0]!;
  }
  topNode(): number {
    return this.id[0]!;
  }
  private less(i: number, j: number): boolean {
    const ai = this.a[i]!;
    const aj = this.a[j]!;
    return ai < aj || (ai === aj && this.id[i]! < this.id[j]!);
  }
  private swap(i: number, j: number): void {
    const ta = this.a[i]!;
    this.a[i] = this.a[j]!;
    this.a[j] = ta;
    const ti = this.id[i]!;
    this.id[i] = this.id[j]!;
    this.id[j] = ti;
  }
  push(alpha: number, node: number): void {
    this.a.push(alpha);
    this.id.push(node);
    let i = this.a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }
  pop(): void {
    const last = this.a.length - 1;
    this.swap(0, last);
    this.a.pop();
    this.id.pop();
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < last && this.less(l, m)) m = l;
      if (r < last && this.less(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
  }
}

/**
 * The whole weakest-link sequence: step k collapses `prunedNodes[k]` at effective alpha `alphas[k]`,
 * leaving total leaf risk `impurities[k]`. Lets callers prune one tree at many alphas cheaply
 * (see {@link pruneTreeAtStep}).
 */
export function weakestLinkSequence(tree: Tree, options?: CostComplexityOptions): WeakestLinkSequence {
  return weakestLink(checkTree(tree), resolveRisk(options), Number.POSITIVE_INFINITY);
}

/**
 * scikit-learn's `cost_complexity_pruning_path`: effective alphas (non-decreasing, starting at 0) and
 * the total leaf risk of each subtree in the minimal cost-complexity sequence.
 */
export function costComplexityPath(tree: Tree, options?: CostComplexityOptions): CostComplexityPath {
  const { alphas, impurities } = weakestLinkSequence(tree, options);
  return { alphas, impurities };
}

/**
 * The tree scikit-learn's `ccp_alpha = alpha` gives: the weakest links are cut while their effective
 * alpha is <= alpha. Returns a new compact Tree (preorder ids); the input is not modified.
 */
export function pruneTree(tree: Tree, alpha: number, options?: CostComplexityOptions): Tree {
  const t = checkTree(tree);
  nonNegativeNumber('alpha', alpha);
  const seq = weakestLink(t, resolveRisk(options), alpha);
  return collapse(t, cutMask(t, seq.prunedNodes, 1, seq.prunedNodes.length));
}

/** Number of steps of `seq` that pruning at `alpha` takes (sklearn's stop rule: the first alpha > it ends). */
export function stepsForAlpha(seq: CostComplexityPath, alpha: number): number {
  if (typeof seq !== 'object' || seq === null || !(seq.alphas instanceof Float64Array)) throw new InvalidArgumentError('seq', 'a cost-complexity path (costComplexityPath or weakestLinkSequence)', seq);
  nonNegativeNumber('alpha', alpha);
  const a = seq.alphas;
  let k = 1;
  while (k < a.length && !(alpha < a[k]!)) k++;
  return k;
}

/**
 * The tree after the first `steps` entries of `seq` (1 = unpruned, `seq.alphas.length` = root
 * only), as a new compact Tree. `seq` must come from {@link weakestLinkSequence} on this tree.
 */
export function pruneTreeAtStep(tree: Tree, seq: WeakestLinkSequence, steps: number): Tree {
  const t = checkTree(tree);
  if (!Number.isInteger(steps) || steps < 1 || steps > seq.prunedNodes.length) {
    throw new InvalidArgumentError('steps', `an integer in [1, ${seq.prunedNodes.length}]`, steps);
  }
  return collapse(t, cutMask(t, seq.prunedNodes, 1, steps));
}

/**
 * A new compact Tree (preorder ids) in which each of `nodes` is a leaf: its subtree is dropped and it
 * keeps its own statistics and value (class weights or the node's regression value). The shared
 * primitive of every pruning method; the input is not modified.
 */
export function collapseNodes(tree: Tree, nodes: ArrayLike<number>): Tree {
  const t = checkTree(tree);
  for (let j = 0; j < nodes.length; j++) {
    const i = nodes[j];
    if (typeof i !== 'number' || !Number.isInteger(i) || i < 0 || i >= t.nodeCount) {
      throw new InvalidArgumentError(`nodes[${j}]`, `a node id in [0, ${t.nodeCount})`, i);
    }
  }
  return collapse(t, cutMask(t, nodes, 0, nodes.length));
}

function cutMask(tree: Tree, nodes: ArrayLike<number>, from: number, to: number): Uint8Array {
  const cut = new Uint8Array(tree.nodeCount);
  for (let s = from; s < to; s++) cut[nodes[s]!] = 1;
  return cut;
}

/** Copy of the reachable tree with the `cut` nodes turned into leaves, in preorder. */
function collapse(tree: Tree, cut: Uint8Array): Tree {
  return tree.compact(cut);
}
