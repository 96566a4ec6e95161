/**
 * One tree of an imported ensemble, in the shape TreeSHAP and the pictures walk: a @dt/core `Tree`
 * (axis splits `x[feature] <= threshold` go left, NaN goes left when `missingGoToLeft[node]` is 1,
 * leaf outputs in `tree.value`, `tree.nOutputs` per node) plus what a dt Tree cannot say:
 *  - SPLIT_ZERO_MISSING (LightGBM's Zero missing type): NaN counts as 0, and every |x| <= 1e-35f
 *    takes the node's missing side instead of the comparison;
 *  - SPLIT_CATEGORICAL: the node sends x left when trunc(x) is a member of its category bitset
 *    (bits [catStart, catStart + catWords) of `catBits`, category c at word c >> 5, bit c & 31),
 *    NaN to its missing side, any other value (negative, beyond the bitset) right;
 *  - SPLIT_CAT_FLOAT32 (XGBoost's categorical test, with SPLIT_CATEGORICAL): x is rounded to float32
 *    first and every negative x is outside the set.
 * Categorical nodes also carry a CRIMCOORD level map (member → -1, other → 0, threshold -0.5: members
 * on the left, unseen levels right) so @dt/core's `describeSplit`, `exportText` and the pictures show the set; core's own
 * `apply` agrees with the flags on every non-negative integer category but has no side for NaN there.
 * A tree adds its leaf's `tree.nOutputs` values, times `weight`, to raw-score columns
 * [output, output + nOutputs).
 */
import { Tree } from '@dt/core';
import { ExchangeFormatError } from './errors.js';

/** Split flag (LightGBM's Zero missing type): NaN counts as 0, and |x| <= 1e-35f takes the node's missing side. */
export const SPLIT_ZERO_MISSING = 1;
/** Split flag: x goes left when trunc(x) is in the node's category bitset, NaN to its missing side, anything else right. */
export const SPLIT_CATEGORICAL = 2;
/** Split flag (XGBoost's categorical test, with SPLIT_CATEGORICAL): x is rounded to float32 first, and negative x is outside the set. */
export const SPLIT_CAT_FLOAT32 = 4;

/** LightGBM's kZeroThreshold (1e-35f): |x| at most this counts as zero. */
export const ZERO_BAND = Math.fround(1e-35);

/** An imported tree: a dt Tree plus the split semantics it cannot express (see the module comment). */
export interface ImportedTree {
  readonly tree: Tree;
  /** First raw-score column this tree adds to (its class for one-tree-per-class boosting). */
  readonly output: number;
  /** Multiplier on leaf values (1 when the file's leaf values already include the learning rate). */
  readonly weight: number;
  /** Per node: 0 for a plain axis split or leaf, else SPLIT_* bits. */
  readonly flags: Uint8Array;
  readonly catStart: Int32Array;
  readonly catWords: Int32Array;
  readonly catBits: Uint32Array;
  /** dt node id → the node's id in the source file (LightGBM: split index, or ~leaf index for leaves; XGBoost and ONNX: node id). */
  readonly sourceIds: Int32Array;
}

/** A split as a reader describes it: children are source indices into the same node list. */
export interface SourceNode {
  leaf: boolean;
  feature: number;
  /** Double threshold of `x <= threshold` (already converted from the source's comparison). */
  threshold: number;
  missingLeft: boolean;
  flags: number;
  /** Category members (SPLIT_CATEGORICAL): bitset words. */
  cats: Uint32Array | null;
  left: number;
  right: number;
  /** Leaf outputs (or internal values shown in pictures), nOutputs of them. */
  values: ArrayLike<number>;
  count: number;
  weight: number;
  sourceId: number;
}

/**
 * Builds an ImportedTree from a reader's node list, walking from `root` with an explicit stack (no
 * recursion: trees can be deep). Every node must be reached exactly once: a child index outside the
 * list, a cycle or a shared child is a format error naming `where`. Sizes come from the list, which
 * holds what the file holds.
 */
export function buildImportedTree(
  format: string,
  where: string,
  nodes: readonly SourceNode[],
  root: number,
  nFeatures: number,
  nOutputs: number,
  output: number,
  weight = 1,
): ImportedTree {
  const n = nodes.length;
  const bad = (problem: string): never => {
    throw new ExchangeFormatError(format, where, problem);
  };
  if (n === 0) bad('a tree without nodes');
  const tree = new Tree(nFeatures, nOutputs, n);
  const flags = new Uint8Array(n);
  const catStart = new Int32Array(n);
  const catWords = new Int32Array(n);
  const sourceIds = new Int32Array(n);
  let catTotal = 0;
  for (const s of nodes) if (s.cats !== null) catTotal += s.cats.length;
  const catBits = new Uint32Array(catTotal);
  let catUsed = 0;
  const seen = new Uint8Array(n);
  // (source index, dt parent, is-left) triples.
  const stack: number[] = [root, -1, 1];
  const value = tree.value;
  while (stack.length > 0) {
    const isLeft = stack.pop()! === 1;
    const parent = stack.pop()!;
    const si = stack.pop()!;
    if (!(si >= 0 && si < n)) bad(`child ${si} is not a node of the tree (it has ${n})`);
    if (seen[si] === 1) bad(`node ${nodes[si]!.sourceId} is reached twice (a cycle or a shared child)`);
    seen[si] = 1;
    const s = nodes[si]!;
    // A file without node weights (ONNX) gets weight 1 per node: dt trees keep a positive root weight.
    const id = tree.addNode(parent, isLeft, { impurity: 0, nSamples: s.count, weightedNSamples: s.weight > 0 ? s.weight : 1 });
    sourceIds[id] = s.sourceId;
    for (let k = 0; k < nOutputs; k++) value[id * nOutputs + k] = s.values[k] ?? 0;
    if (s.leaf) continue;
    if (!(s.feature >= 0 && s.feature < nFeatures)) {
      bad(`node ${s.sourceId} splits on feature ${s.feature}, the model has ${nFeatures}`);
    }
    tree.setAxisSplit(id, s.feature, s.cats === null ? s.threshold : -0.5, s.missingLeft ? 1 : 0);
    flags[id] = s.flags;
    if (s.cats !== null) {
      catStart[id] = catUsed;
      catWords[id] = s.cats.length;
      catBits.set(s.cats, catUsed);
      catUsed += s.cats.length;
      const levels = new Float64Array(s.cats.length * 32);
      for (let c = 0; c < levels.length; c++) levels[c] = -((s.cats[c >>> 5]! >>> (c & 31)) & 1);
      tree.setCategoricalMaps(id, [{ feature: s.feature, values: levels }]);
    }
    stack.push(s.right, id, 0, s.left, id, 1);
  }
  return { tree, output, weight, flags, catStart, catWords, catBits, sourceIds };
}
