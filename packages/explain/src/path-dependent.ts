/**
 * Path-dependent TreeSHAP (Lundberg, Erion et al. 2020, Algorithm 2; shap's `tree_shap_recursive`):
 * exact Shapley values of E[f(x) | x_S] where the conditional expectation follows the tree — a split on
 * a feature outside S sends the row down both children in proportion to their covers.
 *
 * At a leaf with value v, the distinct features on its root path each carry `zero` z_j (the product of
 * cover fractions of their splits: how much flows when the feature is absent) and `one` o_j (1 if x
 * follows every split on it, else 0). Feature i's share is
 *
 *     φ_i = v (o_i − z_i) Σ_{S ⊆ P∖i} |S|! (n−|S|−1)! / n! · Π_{j∈S} o_j · Π_{j∉S, j≠i} z_j
 *
 * and since |S|! (n−|S|−1)! / n! = ∫₀¹ t^|S| (1−t)^(n−|S|−1) dt (a Beta integral), the sum is
 * ∫₀¹ Π_{j≠i} (z_j (1−t) + o_j t) dt: one polynomial G(t) = Π_j (z_j (1−t) + o_j t) over the path,
 * divided by i's own factor, integrated (Yu et al. 2022, Linear TreeShap). The integrand has degree
 * n − 1 < 2Q, so Gauss–Legendre with Q = ⌈n_max / 2⌉ nodes integrates it exactly: the walk keeps
 * H_q = w_q G(t_q) — extending the path by a feature multiplies by its factor at each node, meeting a
 * feature again divides its old factor out — and a leaf adds v (o_i − z_i) Σ_q H_q / f_i(t_q) per
 * path feature. Every term is non-negative, so nothing cancels. Elements with o = 0 all receive
 * −v Σ_q H_q / (1 − t_q) (their z cancels), computed once per leaf. O(Q) per node and per path
 * feature at a leaf, where shap's extend/unwind polynomial is O(n) and O(n²).
 *
 * Instead of recursion (trees can be 100,000 deep) an explicit stack holds (node, parent's region,
 * own region, the edge's element); a node's region holds H (Q values) then its path elements, in
 * growable typed-array buffers. The hot child copies its parent's region to the space after it and
 * its subtree is finished before the cold child, the region's last reader, takes it over in place.
 * A child whose element has z = o = 0 (a coverless branch the row does not take) adds nothing and is
 * skipped.
 *
 * Interaction values need, per feature u of the tree, the difference of two conditioned walks
 * (shap's `tree_shap(…, condition = ±1, condition_feature = u)`): u always present (only x's branch
 * of a u split carries weight) minus u always absent (both branches, by cover), u never on the path.
 * Both walks are the same until a u split, differing only in a weight per branch, so one walk carries
 * both weights (`on`, `off`) and a leaf adds its values times on − off. Before any u split on = off:
 * a leaf there adds nothing, and a subtree without a u split (`has`, a bitset of the features below
 * each node) is skipped. Plain SHAP values are the walk with on = 1, off = 0 and no u.
 */
import { gaussLegendre, type Quadrature } from './gauss-legendre.js';
import type { PreparedTree } from './prepared-tree.js';

export class PathDependentShap {
  private pFeature = new Int32Array(64);
  private pZero = new Float64Array(64);
  private pOne = new Float64Array(64);
  /** Regions: H_q at [at, at + Q), path elements' zero / one at [at + Q, at + Q + n) (pFeature likewise). */
  private pH = new Float64Array(64);
  private sNode = new Int32Array(64);
  private sLength = new Int32Array(64);
  private sParent = new Int32Array(64);
  private sAt = new Int32Array(64);
  private sZero = new Float64Array(64);
  private sOne = new Float64Array(64);
  private sFeature = new Int32Array(64);
  private sOn = new Float64Array(64);
  private sOff = new Float64Array(64);
  private readonly rules: Quadrature[] = [];

  /**
   * Adds tree t's SHAP values for the row at x[xBase..] to phi[phiBase + feature * K + output]
   * (K = nOutputs). With `interaction` = a model feature u ≥ 0 it adds instead the difference of
   * the values with u held present and held absent; `has` (SubtreeFeatures.bits, `words` per node)
   * tells which nodes have a split on u below, u being bit `bit`. interaction = −1 for plain values.
   */
  explain(t: PreparedTree, x: Float64Array, xBase: number, phi: Float64Array, phiBase: number, K: number, interaction = -1, has: Uint32Array | null = null, words = 0, bit = 0): void {
    const Q = t.quadratureNodes;
    const rule = this.rule(Q);
    const qt = rule.t;
    const qs = rule.s;
    const qw = rule.w;
    this.reserveStack(t.maxDepth + 2);
    const { left, right, missingChild, feature, threshold, fraction, values, width } = t;
    const out = phiBase + t.output;
    const sNode = this.sNode;
    const sLength = this.sLength;
    const sParent = this.sParent;
    const sAt = this.sAt;
    const sZero = this.sZero;
    const sOne = this.sOne;
    const sFeature = this.sFeature;
    const sOn = this.sOn;
    const sOff = this.sOff;
    const hasWord = bit >>> 5;
    const hasMask = 1 << (bit & 31);
    this.reservePath(2 * Q + 2);
    let pf = this.pFeature;
    let pz = this.pZero;
    let po = this.pOne;
    let ph = this.pH;
    // The root's region: H_q = w_q (the empty product), no elements.
    for (let q = 0; q < Q; q++) ph[q] = qw[q]!;
    sNode[0] = 0;
    sLength[0] = 0;
    sParent[0] = 0;
    sAt[0] = 0;
    sFeature[0] = -1;
    sOn[0] = 1;
    sOff[0] = interaction < 0 ? 0 : 1;
    let top = 1;
    while (top > 0) {
      top--;
      const node = sNode[top]!;
      let n = sLength[top]!;
      const parent = sParent[top]!;
      const at = sAt[top]!;
      const on = sOn[top]!;
      const off = sOff[top]!;
      const edgeFeature = sFeature[top]!;
      const e = at + Q;
      if (edgeFeature >= 0 && edgeFeature !== interaction) {
        // Append the edge's element and multiply its factor z (1 − t) + o t into H.
        const zero = sZero[top]!;
        const one = sOne[top]!;
        if (at !== parent) {
          const pe = parent + Q;
          for (let i = 0; i < n; i++) {
            pf[e + i] = pf[pe + i]!;
            pz[e + i] = pz[pe + i]!;
            po[e + i] = po[pe + i]!;
          }
          for (let q = 0; q < Q; q++) ph[at + q] = ph[parent + q]! * (zero * qs[q]! + one * qt[q]!);
        } else {
          for (let q = 0; q < Q; q++) ph[at + q]! *= zero * qs[q]! + one * qt[q]!;
        }
        pf[e + n] = edgeFeature;
        pz[e + n] = zero;
        po[e + n] = one;
        n++;
      } else if (at !== parent) {
        const pe = parent + Q;
        for (let i = 0; i < n; i++) {
          pf[e + i] = pf[pe + i]!;
          pz[e + i] = pz[pe + i]!;
          po[e + i] = po[pe + i]!;
        }
        for (let q = 0; q < Q; q++) ph[at + q] = ph[parent + q]!;
      }
      const l = left[node]!;
      const r = right[node]!;
      if (r < 0) {
        const weight = on - off;
        if (weight === 0) continue;
        const vBase = node * width;
        // The first two outputs are read once per leaf (one regression value, two classes).
        const v0 = values[vBase]!;
        const v1 = width > 1 ? values[vBase + 1]! : 0;
        let coldScale = Number.NaN;
        for (let i = 0; i < n; i++) {
          let scale: number;
          // o is 0 or 1 on a path-dependent walk (a product of 0/1 edge flags).
          if (po[e + i] === 0) {
            if (coldScale !== coldScale) {
              let sum = 0;
              for (let q = 0; q < Q; q++) sum += ph[at + q]! / qs[q]!;
              coldScale = -sum * weight;
            }
            scale = coldScale;
          } else {
            const zero = pz[e + i]!;
            let sum = 0;
            for (let q = 0; q < Q; q++) sum += ph[at + q]! / (zero * qs[q]! + qt[q]!);
            scale = sum * (1 - zero) * weight;
          }
          const o = out + pf[e + i]! * K;
          phi[o]! += scale * v0;
          if (width > 1) {
            phi[o + 1]! += scale * v1;
            for (let j = 2; j < width; j++) phi[o + j]! += scale * values[vBase + j]!;
          }
        }
        continue;
      }
      const split = feature[node]!;
      const v = x[xBase + split]!;
      const hot = v <= threshold[node]! ? l : v !== v ? missingChild[node]! : r;
      const cold = hot === l ? r : l;
      // The hot child's region starts after this node's (whose cold child may grow it back to n).
      const hotAt = e + n;
      let incomingZero = 1;
      let incomingOne = 1;
      // A feature already on the path: divide its factor out and remove it; the children carry
      // both fractions in their new element.
      let p = 0;
      while (p < n && pf[e + p] !== split) p++;
      if (p < n) {
        incomingZero = pz[e + p]!;
        incomingOne = po[e + p]!;
        for (let q = 0; q < Q; q++) ph[at + q]! /= incomingZero * qs[q]! + incomingOne * qt[q]!;
        for (let i = p + 1; i < n; i++) {
          pf[e + i - 1] = pf[e + i]!;
          pz[e + i - 1] = pz[e + i]!;
          po[e + i - 1] = po[e + i]!;
        }
        n--;
      }
      const hotZero = fraction[hot]! * incomingZero;
      const coldZero = fraction[cold]! * incomingZero;
      const hotOn = on;
      let hotOff = off;
      let coldOn = on;
      let coldOff = off;
      if (split === interaction) {
        coldOn = 0;
        hotOff *= fraction[hot]!;
        coldOff *= fraction[cold]!;
      }
      // Cold below hot on the stack: the hot subtree is walked first and its regions are gone when
      // the cold child takes this node's region over. At most maxDepth + 1 frames. A child with
      // on = off and no u split below adds nothing.
      if (coldZero !== 0 && (coldOn !== coldOff || (has !== null && (has[cold * words + hasWord]! & hasMask) !== 0))) {
        sNode[top] = cold;
        sLength[top] = n;
        sParent[top] = at;
        sAt[top] = at;
        sZero[top] = coldZero;
        sOne[top] = 0;
        sFeature[top] = split;
        sOn[top] = coldOn;
        sOff[top] = coldOff;
        top++;
      }
      if ((hotZero !== 0 || incomingOne !== 0) && (hotOn !== hotOff || (has !== null && (has[hot * words + hasWord]! & hasMask) !== 0))) {
        if (hotAt + 2 * Q + n + 2 > pf.length) {
          this.reservePath(hotAt + 2 * Q + n + 2);
          pf = this.pFeature;
          pz = this.pZero;
          po = this.pOne;
          ph = this.pH;
        }
        sNode[top] = hot;
        sLength[top] = n;
        sParent[top] = at;
        sAt[top] = hotAt;
        sZero[top] = hotZero;
        sOne[top] = incomingOne;
        sFeature[top] = split;
        sOn[top] = hotOn;
        sOff[top] = hotOff;
        top++;
      }
    }
  }

  /** The Q-node Gauss–Legendre rule on [0, 1], computed once per Q. */
  private rule(Q: number): Quadrature {
    let r = this.rules[Q];
    if (r === undefined) {
      r = gaussLegendre(Q);
      this.rules[Q] = r;
    }
    return r;
  }

  private reserveStack(n: number): void {
    if (n <= this.sNode.length) return;
    const cap = Math.max(n, this.sNode.length * 2);
    this.sNode = grow(this.sNode, cap);
    this.sLength = grow(this.sLength, cap);
    this.sParent = grow(this.sParent, cap);
    this.sAt = grow(this.sAt, cap);
    this.sZero = grow(this.sZero, cap);
    this.sOne = grow(this.sOne, cap);
    this.sFeature = grow(this.sFeature, cap);
    this.sOn = grow(this.sOn, cap);
    this.sOff = grow(this.sOff, cap);
  }

  private reservePath(n: number): void {
    if (n <= this.pFeature.length) return;
    const cap = Math.max(n, this.pFeature.length * 2);
    this.pFeature = grow(this.pFeature, cap);
    this.pZero = grow(this.pZero, cap);
    this.pOne = grow(this.pOne, cap);
    this.pH = grow(this.pH, cap);
  }
}

function grow<T extends Int32Array | Float64Array>(a: T, cap: number): T {
  const b = new (a.constructor as new (n: number) => T)(cap);
  b.set(a);
  return b;
}
