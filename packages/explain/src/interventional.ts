/**
 * Interventional TreeSHAP (shap's `feature_perturbation='interventional'`, `tree_shap_indep`): the
 * Shapley values of v(S) = f(x_S, z_rest) for one explained row x and one background row z, averaged
 * over the background rows. For one (x, z) pair the tree is a function of which features come from x:
 * the walk follows x and z while they agree; where they part at a feature not yet decided, it goes
 * down x's side with the feature put in A (taken from x) and down z's side with it in B (from z); a
 * decided feature keeps its side. A leaf reached with |A| = a, |B| = b is the value of the coalitions
 * containing A and none of B, so by the Shapley formula each feature of A gains
 * v · (a−1)! b! / (a+b)! and each of B loses v · a! (b−1)! / (a+b)!. O(nodes where x and z part) per
 * pair. Iterative: a stack of (node, log length) and an undo log of the decided features, so no
 * recursion over depth and no allocation per pair.
 */
import type { PreparedTree } from './prepared-tree.js';

const TABLE = 64;
const FROM_X = 1;
const FROM_Z = 2;

export class InterventionalShap {
  private readonly side: Int8Array;
  private logFeature = new Int32Array(64);
  private logSide = new Int8Array(64);
  private sNode = new Int32Array(64);
  private sLog = new Int32Array(64);
  private sFeature = new Int32Array(64);
  private sSide = new Int8Array(64);
  /** weight[a * TABLE + b] = (a−1)! b! / (a+b)! for a ≥ 1, a + b < TABLE. */
  private readonly weight: Float64Array;

  constructor(nFeatures: number) {
    this.side = new Int8Array(nFeatures);
    this.weight = new Float64Array(TABLE * TABLE);
    for (let a = 1; a < TABLE; a++) {
      let w = 1 / a;
      this.weight[a * TABLE] = w;
      for (let b = 1; a + b < TABLE; b++) {
        w = (w * b) / (a + b);
        this.weight[a * TABLE + b] = w;
      }
    }
  }

  /** (a−1)! b! / (a+b)!, from the table or its product recursion. */
  private coalitionWeight(a: number, b: number): number {
    if (a + b < TABLE) return this.weight[a * TABLE + b]!;
    let w = 1 / a;
    for (let j = 1; j <= b; j++) w = (w * j) / (a + j);
    return w;
  }

  /**
   * Adds scale × tree t's SHAP values of the row x[xBase..] against background row z[zBase..] to
   * phi[phiBase + feature * K + output].
   */
  explain(t: PreparedTree, x: Float64Array, xBase: number, z: Float64Array, zBase: number, phi: Float64Array, phiBase: number, K: number, scale: number): void {
    const { left, right, missingChild, feature, threshold, values, width } = t;
    const out = phiBase + t.output;
    const side = this.side;
    const need = t.maxDepth + 2;
    if (need > this.sNode.length) {
      this.sNode = new Int32Array(need);
      this.sLog = new Int32Array(need);
      this.sFeature = new Int32Array(need);
      this.sSide = new Int8Array(need);
      this.logFeature = new Int32Array(need);
      this.logSide = new Int8Array(need);
    }
    const sNode = this.sNode;
    const sLog = this.sLog;
    const sFeature = this.sFeature;
    const sSide = this.sSide;
    const logFeature = this.logFeature;
    const logSide = this.logSide;
    let logLen = 0;
    let a = 0;
    let b = 0;
    sNode[0] = 0;
    sLog[0] = 0;
    sFeature[0] = -1;
    let top = 1;
    while (top > 0) {
      top--;
      const node = sNode[top]!;
      // Back to the state of the node that pushed this frame (features decided in a finished
      // subtree are dropped), then the frame's own decision.
      const keep = sLog[top]!;
      while (logLen > keep) {
        logLen--;
        const f = logFeature[logLen]!;
        if (side[f] === FROM_X) a--;
        else b--;
        side[f] = 0;
      }
      const decided = sFeature[top]!;
      if (decided >= 0) {
        const s = sSide[top]!;
        side[decided] = s;
        logFeature[logLen] = decided;
        logSide[logLen] = s;
        logLen++;
        if (s === FROM_X) a++;
        else b++;
      }
      if (right[node]! < 0) {
        if (logLen === 0) continue;
        const v0 = node * width;
        const wa = a > 0 ? scale * this.coalitionWeight(a, b) : 0;
        const wb = b > 0 ? scale * this.coalitionWeight(b, a) : 0;
        for (let e = 0; e < logLen; e++) {
          const s = logSide[e] === FROM_X ? wa : -wb;
          const o = out + logFeature[e]! * K;
          for (let j = 0; j < width; j++) phi[o + j]! += s * values[v0 + j]!;
        }
        continue;
      }
      const f = feature[node]!;
      const sd = side[f]!;
      const xv = x[xBase + f]!;
      const xChild = xv <= threshold[node]! ? left[node]! : xv !== xv ? missingChild[node]! : right[node]!;
      const zv = z[zBase + f]!;
      const zChild = zv <= threshold[node]! ? left[node]! : zv !== zv ? missingChild[node]! : right[node]!;
      if (sd !== 0 || xChild === zChild) {
        sNode[top] = sd === FROM_Z ? zChild : xChild;
        sLog[top] = logLen;
        sFeature[top++] = -1;
        continue;
      }
      // x and z part on an undecided feature: both sides, each with the feature decided.
      sNode[top] = zChild;
      sLog[top] = logLen;
      sFeature[top] = f;
      sSide[top++] = FROM_Z;
      sNode[top] = xChild;
      sLog[top] = logLen;
      sFeature[top] = f;
      sSide[top++] = FROM_X;
    }
    // Leave the per-feature sides clean for the next pair.
    while (logLen > 0) side[logFeature[--logLen]!] = 0;
  }
}
