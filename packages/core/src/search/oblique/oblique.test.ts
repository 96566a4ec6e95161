import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRandom } from '@dt/errors';
import type { Directions, Projection, ProjectionData } from '@dt/projections';
import { getCriterion, valuesDiffer } from '@dt/criteria';
import { DecisionTreeClassifier, DecisionTreeRegressor, loadModel, serializeModel, type Tree } from '../../index.js';

/** A fixed set of directions used as a 'global' projection (Global PCA's shape). */
function fixedGlobal(dirs: number[][]): Projection {
  return {
    name: 'test-global',
    prepare: (data: ProjectionData) => ({
      kind: 'global',
      globalDirections: { dirs: Float64Array.from(dirs.flat()), count: dirs.length },
      ...(dirs[0]!.length !== data.cols ? { bad: true } : {}),
    }),
  };
}

/** Per node: the normalised difference of the two class means, plus a random direction. */
function meanDiffNode(seed: number): Projection {
  return {
    name: 'test-node',
    prepare: (data: ProjectionData) => {
      const rng = createRandom(seed);
      const out: Directions = { dirs: new Float64Array(2 * data.cols), count: 0 };
      return {
        kind: 'node',
        nodeDirections(samples: Int32Array, start: number, end: number): Directions {
          const d = data.cols;
          const sums = [new Float64Array(d), new Float64Array(d)];
          const counts = [0, 0];
          for (let i = start; i < end; i++) {
            const s = samples[i]!;
            const c = Math.min(1, data.labels ? data.labels[s]! : 0);
            counts[c]!++;
            for (let f = 0; f < d; f++) sums[c]![f]! += data.data[f * data.rows + s]!;
          }
          let k = 0;
          if (counts[0]! > 0 && counts[1]! > 0) {
            let norm = 0;
            for (let f = 0; f < d; f++) {
              const v = sums[1]![f]! / counts[1]! - sums[0]![f]! / counts[0]!;
              out.dirs[f] = v;
              norm += v * v;
            }
            if (norm > 0) {
              for (let f = 0; f < d; f++) out.dirs[f] = out.dirs[f]! / Math.sqrt(norm);
              k = 1;
            }
          }
          let norm = 0;
          for (let f = 0; f < d; f++) {
            const v = rng.next() - 0.5;
            out.dirs[k * d + f] = v;
            norm += v * v;
          }
          for (let f = 0; f < d; f++) out.dirs[k * d + f] = out.dirs[k * d + f]! / Math.sqrt(norm);
          out.count = k + 1;
          return out;
        },
      };
    },
  };
}

function diagonalData(n: number, seed: number, scaleX1 = 1) {
  const rng = createRandom(seed);
  const X: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = rng.next() * 2 - 1;
    const b = rng.next() * 2 - 1;
    X.push([a, b * scaleX1, rng.next()]);
    y.push(a + b > 0.1 ? 1 : 0);
  }
  return { X, y };
}

/** Leaf sample counts from routing the training rows through the fitted tree equal the stored ones. */
function expectPartitionMatchesPrediction(tree: Tree, X: number[][], apply: (X: number[][]) => Int32Array) {
  const counts = new Map<number, number>();
  for (const leaf of apply(X)) counts.set(leaf, (counts.get(leaf) ?? 0) + 1);
  for (const n of tree.reachable()) if (tree.isLeaf(n)) expect(counts.get(n) ?? 0, `leaf ${n}`).toBe(tree.nSamples[n]);
}

describe('oblique splits from projections', () => {
  it('a global direction turns a diagonal boundary into one oblique split on raw features', () => {
    const { X, y } = diagonalData(400, 1);
    const m = new DecisionTreeClassifier({ projection: fixedGlobal([[Math.SQRT1_2, Math.SQRT1_2, 0], [0, 0, 1]]), maxDepth: 1 }).fit(X, y);
    expect(m.tree.kind[0]).toBe(2);
    expect(m.score(X, y)).toBe(1);
    const { features, weights } = m.tree.splitFeatures(0);
    expect(features).toEqual([0, 1]);
    expect(weights[0]).toBeCloseTo(Math.SQRT1_2, 15);
    expect(m.tree.threshold[0]! / Math.SQRT1_2).toBeCloseTo(0.1, 1);
  });

  it('scaling is folded into the weights: the model still predicts from raw features', () => {
    const { X, y } = diagonalData(400, 2, 1000); // second feature in thousands
    const m = new DecisionTreeClassifier({ projection: meanDiffNode(1), scale: true }).fit(X, y);
    expectPartitionMatchesPrediction(m.tree, X, (x) => m.apply(x));
    expect(m.score(X, y)).toBe(1);
    const g = new DecisionTreeClassifier({ projection: fixedGlobal([[Math.SQRT1_2, Math.SQRT1_2, 0]]), scale: true }).fit(X, y);
    expectPartitionMatchesPrediction(g.tree, X, (x) => g.apply(x));
    // The split direction in raw space divides by each feature's standard deviation.
    const w = g.tree.splitFeatures(0).weights;
    expect(Math.abs(w[0]! / w[1]!)).toBeGreaterThan(100);
  });

  it('training partitions equal prediction routing for every node projection tree (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.boolean(), (seed, scale) => {
        const { X, y } = diagonalData(120, seed, scale ? 50 : 1);
        const m = new DecisionTreeClassifier({ projection: meanDiffNode(seed), scale }).fit(X, y);
        expectPartitionMatchesPrediction(m.tree, X, (x) => m.apply(x));
      }),
      { numRuns: 60 },
    );
  });

  it('every oblique split is the best threshold over the directions offered (brute force)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), (seed) => {
        const { X, y } = diagonalData(60, seed);
        const dirs = [[1, 0.5, 0], [0.2, -1, 0.3]];
        const m = new DecisionTreeClassifier({ projection: fixedGlobal(dirs) }).fit(X, y);
        const t = m.tree;
        const gini = getCriterion('gini', 'classification');
        const rows = new Map<number, number[]>();
        m.decisionPath(X);
        const leaves = Array.from(X, (_, i) => i);
        for (const i of leaves) {
          let n = 0;
          for (;;) {
            if (!rows.has(n)) rows.set(n, []);
            rows.get(n)!.push(i);
            if (t.isLeaf(n)) break;
            const { features, weights } = t.splitFeatures(n);
            let s = 0;
            for (let k = 0; k < features.length; k++) s += weights[k]! * X[i]![features[k]!]!;
            n = s <= t.threshold[n]! ? t.left[n]! : t.right[n]!;
          }
        }
        for (const n of t.reachable()) {
          if (t.isLeaf(n)) continue;
          const idx = rows.get(n)!;
          const score = (L: number[], R: number[]) => {
            const imp = (ids: number[]) => {
              const c = new Float64Array(2);
              ids.forEach((i) => c[y[i]!]!++);
              return gini.impurity(c, 2, ids.length) * ids.length;
            };
            return -(imp(L) + imp(R));
          };
          let best = -Infinity;
          for (const d of dirs) {
            const z = idx.map((i) => d[0]! * X[i]![0]! + d[1]! * X[i]![1]! + d[2]! * X[i]![2]!).sort((a, b) => a - b);
            for (let k = 0; k + 1 < z.length; k++) {
              if (!valuesDiffer(z[k]!, z[k + 1]!)) continue;
              const thr = (z[k]! + z[k + 1]!) / 2;
              const L = idx.filter((i) => d[0]! * X[i]![0]! + d[1]! * X[i]![1]! + d[2]! * X[i]![2]! <= thr);
              const R = idx.filter((i) => !L.includes(i));
              best = Math.max(best, score(L, R));
            }
          }
          const { features, weights } = t.splitFeatures(n);
          const z = (i: number) => features.reduce((s, f, k) => s + weights[k]! * X[i]![f]!, 0);
          const L = idx.filter((i) => z(i) <= t.threshold[n]!);
          const R = idx.filter((i) => z(i) > t.threshold[n]!);
          expect(score(L, R)).toBeGreaterThanOrEqual(best - 1e-9);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('oblique models round-trip through JSON exactly', () => {
    const { X, y } = diagonalData(200, 3, 10);
    const m = new DecisionTreeClassifier({ projection: meanDiffNode(3), scale: true, maxDepth: 4 }).fit(X, y);
    const back = loadModel(serializeModel(m)) as DecisionTreeClassifier;
    expect(serializeModel(back)).toBe(serializeModel(m));
    expect(back.predictProba(X)).toEqual(m.predictProba(X));
  });

  it('works for regression with a node projection', () => {
    const { X } = diagonalData(150, 4);
    const y = X.map((r) => 3 * r[0]! - 2 * r[1]!);
    const m = new DecisionTreeRegressor({ projection: meanDiffNode(4), maxDepth: 6 }).fit(X, y);
    expectPartitionMatchesPrediction(m.tree, X, (x) => m.apply(x));
    expect(m.score(X, y)).toBeGreaterThan(0.5);
  });

  it('rejects a projection that is not one', () => {
    expect(() => new DecisionTreeClassifier({ projection: 'pca' as never })).toThrowError(/unknown projection "pca"; known: axis, global-pca/);
    expect(() => new DecisionTreeClassifier({ projection: 42 as never })).toThrowError(/projection must be a projection name/);
    expect(() => new DecisionTreeClassifier({ scale: 'yes' as never })).toThrowError('scale must be a boolean, got "yes"');
  });
});
