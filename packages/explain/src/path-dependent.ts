/**
 * Path-dependent TreeSHAP (Lundberg, Erion et al. 2020, Algorithm 2; shap's `tree_shap_recursive`):
 * exact Shapley values of E[f(x) | x_S] where the conditional expectation follows the tree — a split on
 * a feature outside S sends the row down both children in proportion to their covers.
 *
 * The walk keeps the "unique path" of distinct features met from the root: for each, the fraction of
 * cover that flows when the feature is absent (`zero`) and whether x follows the edge (`one`), plus
 * the permutation weights `pweight` — the polynomial in |S| whose coefficients give the share of
 * orderings with a given number of features before. Extending the path by a feature is one step of
 * that polynomial's product (extend), meeting a feature again undoes its earlier factor (unwind) and
 * redoes it with the combined fractions, and at a leaf each path feature receives
 * `unwoundSum(i) · (one_i − zero_i) · value`. O(leaves · D²) per tree and row, D the path length.
 *
 * Instead of recursion (trees can be 100,000 deep) an explicit stack holds (node, path depth, the
 * parent's path offset, the edge's fractions); every node's path is a copy of its parent's at
 * `parentOffset + depth + 1` in one growable typed-array buffer, as shap's preallocated unique_path —
 * the hot child's subtree is finished before the cold child reuses the same region. The path has
 * at most one element per distinct feature, so the buffer holds Σ over the current root path of
 * (distinct features so far + 1) elements.
 *
 * `condition` (interaction values, shap's `tree_shap(…, condition, condition_feature)`): +1 keeps
 * `conditionFeature` always present (only x's branch carries weight), −1 always absent (both branches,
 * by cover), and the feature never enters the path.
 */
import type { PreparedTree } from './prepared-tree.js';

export class PathDependentShap {
  private pFeature = new Int32Array(64);
  private pZero = new Float64Array(64);
  private pOne = new Float64Array(64);
  private pWeight = new Float64Array(64);
  private sNode = new Int32Array(64);
  private sDepth = new Int32Array(64);
  private sParent = new Int32Array(64);
  private sZero = new Float64Array(64);
  private sOne = new Float64Array(64);
  private sFeature = new Int32Array(64);
  private sCondition = new Float64Array(64);
  private sAt = new Int32Array(64);
  /** recip[k] = 1/k for k up to the deepest tree's depth + 2. */
  private recip = new Float64Array(0);

  /**
   * Adds tree t's SHAP values for the row at x[xBase..] to phi[phiBase + feature * K + output]
   * (K = nOutputs).
   */
  explain(t: PreparedTree, x: Float64Array, xBase: number, phi: Float64Array, phiBase: number, K: number, condition: number, conditionFeature: number): void {
    const { left, right, missingChild, feature, threshold, cover, values, width } = t;
    const out = phiBase + t.output;
    this.reserveStack(t.maxDepth + 2);
    if (this.recip.length < t.maxDepth + 3) {
      this.recip = new Float64Array(t.maxDepth + 3);
      for (let k = 1; k < this.recip.length; k++) this.recip[k] = 1 / k;
    }
    // Path elements on the deepest root path: Σ (distinct features so far + 2) ≤ (maxDepth + 1)(D + 2).
    this.reservePath(Math.min((t.maxDepth + 1) * (Math.min(t.maxDepth, t.usedFeatures.length) + 2) + 2, 1 << 24));
    const sNode = this.sNode;
    const sDepth = this.sDepth;
    const sParent = this.sParent;
    const sZero = this.sZero;
    const sOne = this.sOne;
    const sFeature = this.sFeature;
    const sCondition = this.sCondition;
    const sAt = this.sAt;
    const recip = this.recip;
    let top = 0;
    sNode[0] = 0;
    sDepth[0] = 0;
    sParent[0] = 0;
    sZero[0] = 1;
    sOne[0] = 1;
    sFeature[0] = -1;
    sCondition[0] = 1;
    sAt[0] = 0;
    top = 1;
    while (top > 0) {
      top--;
      const node = sNode[top]!;
      let depth = sDepth[top]!;
      const parent = sParent[top]!;
      const conditionFraction = sCondition[top]!;
      const parentFeature = sFeature[top]!;
      if (conditionFraction === 0) continue;
      // The hot child copies its parent's path to the region after it; the cold child, the last
      // reader of its parent's path, takes it over in place.
      const at = sAt[top]!;
      this.reservePath(at + depth + 2);
      const pf = this.pFeature;
      const pz = this.pZero;
      const po = this.pOne;
      const pw = this.pWeight;
      if (at !== parent) {
        for (let i = 0; i <= depth; i++) {
          pf[at + i] = pf[parent + i]!;
          pz[at + i] = pz[parent + i]!;
          po[at + i] = po[parent + i]!;
          pw[at + i] = pw[parent + i]!;
        }
      }
      if (condition === 0 || conditionFeature !== parentFeature) {
        extendPath(pf, pz, po, pw, at, depth, sZero[top]!, sOne[top]!, parentFeature, recip);
      }
      if (right[node]! < 0) {
        const vBase = node * width;
        // Elements with one = 0 (a feature whose row went the other way somewhere on the path)
        // all share Σ_i pweight_i / (depth − i): their unwound sum is that times (depth + 1) / zero,
        // and their weight w · (0 − zero) no longer depends on zero (Fast TreeSHAP's observation).
        // one is 0 or 1 in path-dependent SHAP, so only the one = 1 elements need the O(depth) unwinding.
        let coldScale = Number.NaN;
        for (let i = 1; i <= depth; i++) {
          let scale: number;
          if (po[at + i] === 0) {
            if (coldScale !== coldScale) {
              let s = 0;
              for (let j = depth - 1; j >= 0; j--) s += pw[at + j]! * recip[depth - j]!;
              coldScale = -s * (depth + 1) * conditionFraction;
            }
            scale = coldScale;
          } else {
            const w = unwoundPathSum(pz, po, pw, at, depth, i, recip);
            scale = w * (po[at + i]! - pz[at + i]!) * conditionFraction;
          }
          const o = out + pf[at + i]! * K;
          for (let j = 0; j < width; j++) phi[o + j]! += scale * values[vBase + j]!;
        }
        continue;
      }
      const split = feature[node]!;
      const v = x[xBase + split]!;
      const hot = v <= threshold[node]! ? left[node]! : v !== v ? missingChild[node]! : right[node]!;
      const cold = hot === left[node]! ? right[node]! : left[node]!;
      const w = cover[node]!;
      const hotZero = cover[hot]! / w;
      const coldZero = cover[cold]! / w;
      let incomingZero = 1;
      let incomingOne = 1;
      // A feature already on the path: undo its earlier extension and redo it with both fractions.
      let pathIndex = 0;
      for (; pathIndex <= depth; pathIndex++) if (pf[at + pathIndex] === split) break;
      if (pathIndex !== depth + 1) {
        incomingZero = pz[at + pathIndex]!;
        incomingOne = po[at + pathIndex]!;
        unwindPath(pf, pz, po, pw, at, depth, pathIndex, recip);
        depth -= 1;
      }
      let hotCondition = conditionFraction;
      let coldCondition = conditionFraction;
      if (condition > 0 && split === conditionFeature) {
        coldCondition = 0;
        depth -= 1;
      } else if (condition < 0 && split === conditionFeature) {
        hotCondition *= hotZero;
        coldCondition *= coldZero;
        depth -= 1;
      }
      // Cold below hot on the stack: the hot subtree is walked first and its paths are gone when
      // the cold child copies this node's path. The stack never holds more than maxDepth + 1 frames.
      this.push(top, cold, depth + 1, at, at, coldZero * incomingZero, 0, split, coldCondition);
      this.push(top + 1, hot, depth + 1, at, at + depth + 2, hotZero * incomingZero, incomingOne, split, hotCondition);
      top += 2;
    }
  }

  private push(i: number, node: number, depth: number, parent: number, at: number, zero: number, one: number, feature: number, condition: number): void {
    this.sNode[i] = node;
    this.sAt[i] = at;
    this.sDepth[i] = depth;
    this.sParent[i] = parent;
    this.sZero[i] = zero;
    this.sOne[i] = one;
    this.sFeature[i] = feature;
    this.sCondition[i] = condition;
  }

  private reserveStack(n: number): void {
    if (n <= this.sNode.length) return;
    const cap = Math.max(n, this.sNode.length * 2);
    this.sNode = grow(this.sNode, cap);
    this.sDepth = grow(this.sDepth, cap);
    this.sParent = grow(this.sParent, cap);
    this.sZero = grow(this.sZero, cap);
    this.sOne = grow(this.sOne, cap);
    this.sFeature = grow(this.sFeature, cap);
    this.sCondition = grow(this.sCondition, cap);
    this.sAt = grow(this.sAt, cap);
  }

  private reservePath(n: number): void {
    if (n <= this.pFeature.length) return;
    const cap = Math.max(n, this.pFeature.length * 2);
    this.pFeature = grow(this.pFeature, cap);
    this.pZero = grow(this.pZero, cap);
    this.pOne = grow(this.pOne, cap);
    this.pWeight = grow(this.pWeight, cap);
  }
}

function grow<T extends Int32Array | Float64Array>(a: T, cap: number): T {
  const b = new (a.constructor as new (n: number) => T)(cap);
  b.set(a);
  return b;
}

/**
 * Appends a feature with its zero/one fractions and multiplies the permutation-weight polynomial by
 * it. `recip[k]` = 1/k: the kernels multiply by reciprocals instead of dividing (a division costs
 * several multiplications; the results differ in the last bit only).
 */
function extendPath(pf: Int32Array, pz: Float64Array, po: Float64Array, pw: Float64Array, at: number, depth: number, zero: number, one: number, feature: number, recip: Float64Array): void {
  pf[at + depth] = feature;
  pz[at + depth] = zero;
  po[at + depth] = one;
  pw[at + depth] = depth === 0 ? 1 : 0;
  const inv = recip[depth + 1]!;
  for (let i = depth - 1; i >= 0; i--) {
    pw[at + i + 1]! += one * pw[at + i]! * (i + 1) * inv;
    pw[at + i] = zero * pw[at + i]! * (depth - i) * inv;
  }
}

/** Divides the polynomial by element pathIndex's factor and removes the element. */
function unwindPath(pf: Int32Array, pz: Float64Array, po: Float64Array, pw: Float64Array, at: number, depth: number, pathIndex: number, recip: Float64Array): void {
  const one = po[at + pathIndex]!;
  const zero = pz[at + pathIndex]!;
  let nextOne = pw[at + depth]!;
  const inv = recip[depth + 1]!;
  if (one !== 0) {
    const scale = (depth + 1) / one;
    for (let i = depth - 1; i >= 0; i--) {
      const tmp = pw[at + i]!;
      const w = nextOne * scale * recip[i + 1]!;
      pw[at + i] = w;
      nextOne = tmp - w * zero * (depth - i) * inv;
    }
  } else {
    const scale = (depth + 1) / zero;
    for (let i = depth - 1; i >= 0; i--) pw[at + i] = pw[at + i]! * scale * recip[depth - i]!;
  }
  for (let i = pathIndex; i < depth; i++) {
    pf[at + i] = pf[at + i + 1]!;
    pz[at + i] = pz[at + i + 1]!;
    po[at + i] = po[at + i + 1]!;
  }
}

/** The total permutation weight if element pathIndex were unwound (without changing the path). */
function unwoundPathSum(pz: Float64Array, po: Float64Array, pw: Float64Array, at: number, depth: number, pathIndex: number, recip: Float64Array): number {
  const one = po[at + pathIndex]!;
  const zero = pz[at + pathIndex]!;
  let nextOne = pw[at + depth]!;
  let total = 0;
  if (one !== 0) {
    const invOne = 1 / one;
    for (let i = depth - 1; i >= 0; i--) {
      const tmp = nextOne * recip[i + 1]! * invOne;
      total += tmp;
      nextOne = pw[at + i]! - tmp * zero * (depth - i);
    }
  } else {
    for (let i = depth - 1; i >= 0; i--) total += pw[at + i]! * recip[depth - i]!;
    total /= zero;
  }
  return total * (depth + 1);
}
