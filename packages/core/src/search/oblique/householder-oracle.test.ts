// HHCART oracle: the root split the builder finds over householder() directions equals a brute-force
// search over the columns of X·H (H built densely here from an independent eigendecomposition), i.e.
// the paper's "reflect the node's data, then search axis-parallel splits" (Algorithm 1).
import { describe, expect, it } from 'vitest';
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { createRandom } from '@dt/errors';
import { householder, type HouseholderVariant } from '@dt/projections';
import { DecisionTreeClassifier } from '../../index.js';

/** Breiman's twoing value of a partition: (pL·pR/4)·(Σ_c |p(c|L) − p(c|R)|)². */
function twoingValue(left: boolean[], y: number[], C: number): number {
  const cl = new Array<number>(C).fill(0);
  const cr = new Array<number>(C).fill(0);
  left.forEach((l, i) => (l ? cl : cr)[y[i]!]!++);
  const nL = cl.reduce((a, b) => a + b, 0);
  const nR = cr.reduce((a, b) => a + b, 0);
  if (nL === 0 || nR === 0) return -1;
  const n = nL + nR;
  let s = 0;
  for (let c = 0; c < C; c++) s += Math.abs(cl[c]! / nL - cr[c]! / nR);
  return ((nL / n) * (nR / n) * s * s) / 4;
}

function signFixed(v: number[]): number[] {
  let at = 0;
  v.forEach((x, i) => {
    if (Math.abs(x) > Math.abs(v[at]!)) at = i;
  });
  return v[at]! < 0 ? v.map((x) => -x) : v;
}

/** The dense matrices H of Algorithm 1 for this node (I when an eigenvector is within tau of an axis). */
function reflectionMatrices(X: number[][], y: number[], C: number, variant: HouseholderVariant, tau: number): Matrix[] {
  const p = X[0]!.length;
  const out: Matrix[] = [];
  let identity = false;
  let anyClass = false;
  for (let c = 0; c < C; c++) {
    const rows = X.filter((_, i) => y[i] === c);
    if (rows.length < 2) continue;
    const mean = Array.from({ length: p }, (_, f) => rows.reduce((s, r) => s + r[f]!, 0) / rows.length);
    const S = Matrix.zeros(p, p);
    for (const r of rows) for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) S.set(a, b, S.get(a, b) + (r[a]! - mean[a]!) * (r[b]! - mean[b]!));
    const evd = new EigenvalueDecomposition(S.div(rows.length - 1), { assumeSymmetric: true });
    const order = evd.realEigenvalues.map((v, j) => [v, j] as const).sort((a, b) => b[0] - a[0]);
    const top = order[0]![0];
    if (!(top > 1e-12)) continue;
    anyClass = true;
    for (const [value, j] of variant === 'A' ? order : order.slice(0, 1)) {
      if (!(value > 1e-10 * top)) continue;
      const d = signFixed(evd.eigenvectorMatrix.getColumn(j));
      const nearAxis = d.some((_, k) => {
        const e = d.map((_, f) => (f === k ? 1 : 0));
        return Math.hypot(...e.map((x, f) => x - d[f]!)) <= tau || Math.hypot(...e.map((x, f) => x + d[f]!)) <= tau;
      });
      if (nearAxis) {
        identity = true;
        continue;
      }
      const u = Matrix.columnVector(d.map((x, f) => (f === 0 ? 1 : 0) - x));
      u.div(u.norm());
      out.push(Matrix.eye(p).sub(u.mmul(u.transpose()).mul(2)));
    }
  }
  if (identity || !anyClass) out.unshift(Matrix.eye(p));
  return out;
}

/** Best twoing value over every axis split of every reflected data set X·H (values sorted, cuts between distinct ones). */
function bruteForce(X: number[][], y: number[], C: number, variant: HouseholderVariant, tau: number): { best: number; partitions: string[] } {
  let best = -1;
  let partitions: string[] = [];
  for (const H of reflectionMatrices(X, y, C, variant, tau)) {
    const Xh = new Matrix(X).mmul(H);
    for (let j = 0; j < Xh.columns; j++) {
      const col = Xh.getColumn(j);
      const sorted = [...new Set(col)].sort((a, b) => a - b);
      for (let k = 0; k + 1 < sorted.length; k++) {
        const t = (sorted[k]! + sorted[k + 1]!) / 2;
        const left = col.map((v) => v <= t);
        const v = twoingValue(left, y, C);
        const key = left.map((l) => (l ? 1 : 0)).join('');
        if (v > best + 1e-12) {
          best = v;
          partitions = [key];
        } else if (Math.abs(v - best) <= 1e-12) partitions.push(key);
      }
    }
  }
  return { best, partitions };
}

/** A random node: C classes, each an elongated Gaussian cloud with its own orientation and centre. */
function randomNode(seed: number, n: number, p: number, C: number): { X: number[][]; y: number[] } {
  const rng = createRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  const mix = Array.from({ length: C }, () => Array.from({ length: p }, () => Array.from({ length: p }, normal)));
  const centre = Array.from({ length: C }, () => Array.from({ length: p }, () => normal() * 1.5));
  const X: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = i % C;
    const z = Array.from({ length: p }, (_, f) => normal() * 0.6 ** f);
    X.push(Array.from({ length: p }, (_, a) => centre[c]![a]! + mix[c]![a]!.reduce((s, m, b) => s + m * z[b]!, 0)));
    y.push(c);
  }
  return { X, y };
}

describe('HHCART root split = brute force over the columns of X·H', () => {
  for (const variant of ['A', 'D'] as const) {
    it(`variant ${variant}: random nodes (p = 2..5, C = 2..4)`, () => {
      for (let seed = 1; seed <= 24; seed++) {
        const p = 2 + (seed % 4);
        const C = 2 + (seed % 3);
        const { X, y } = randomNode(seed, 18 + (seed % 7) * 3, p, C);
        const model = new DecisionTreeClassifier({ criterion: 'twoing', projection: householder({ variant }), maxDepth: 1 }).fit(X, y);
        const leaves = model.apply(X);
        const left = Array.from(leaves, (l) => l === model.tree.left[0]);
        const got = twoingValue(left, y, C);
        const { best, partitions } = bruteForce(X, y, C, variant, 0.05);
        expect(got, `seed ${seed}`).toBeCloseTo(best, 12);
        expect(partitions, `seed ${seed}`).toContain(left.map((l) => (l ? 1 : 0)).join(''));
      }
    });
  }

  it('the axes path (tau large: every eigenvector counts as an axis) is plain CART', () => {
    const { X, y } = randomNode(99, 40, 3, 3);
    const hh = new DecisionTreeClassifier({ criterion: 'twoing', projection: householder({ variant: 'A', tau: 2 }), maxDepth: 1 }).fit(X, y);
    const cart = new DecisionTreeClassifier({ criterion: 'twoing', maxDepth: 1 }).fit(X, y);
    expect(Array.from(hh.apply(X), (l) => l === hh.tree.left[0])).toEqual(Array.from(cart.apply(X), (l) => l === cart.tree.left[0]));
    expect(bruteForce(X, y, 3, 'A', 2).best).toBeCloseTo(twoingValue(Array.from(cart.apply(X), (l) => l === cart.tree.left[0]), y, 3), 12);
  });

  it('a fully grown HHCART(A) tree with MinParent = 2, MisRate = 0 classifies its training set and saves and reloads', async () => {
    const { X, y } = randomNode(7, 60, 4, 3);
    const model = new DecisionTreeClassifier({ criterion: 'twoing', projection: householder({ variant: 'A' }), minParent: 2, misRate: 0 }).fit(X, y);
    const { loadModel, serializeModel } = await import('../../index.js');
    const copy = loadModel(serializeModel(model));
    expect(Array.from(copy.predict(X))).toEqual(Array.from(model.predict(X)));
    expect(JSON.parse(serializeModel(model)).params.projection).toEqual({ name: 'householder-a', options: { variant: 'A', tau: 0.05, obliqueOnlyWhenNGreaterThan2p: false, includeAxes: false } });
    // MinParent = 2 leaves nodes of ≤ 2 samples unsplit, so only such leaves may be impure.
    const leaves = model.apply(X);
    const byLeaf = new Map<number, Set<number>>();
    leaves.forEach((l, i) => byLeaf.set(l, (byLeaf.get(l) ?? new Set()).add(y[i]!)));
    for (const [leaf, classes] of byLeaf) if (classes.size > 1) expect(model.tree.nSamples[leaf]).toBeLessThanOrEqual(2);
  });
});
