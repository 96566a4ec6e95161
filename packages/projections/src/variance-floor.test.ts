// One zero-variance rule for every projection (linalg.zeroVarianceFloor): an eigenvalue is a real
// variance when it is above the rounding error of the computed covariance, (rows + features)·ε·trace,
// whatever its ratio to the largest eigenvalue. Real components of features on very different scales
// are kept; the exact zeros of rank-deficient data are still dropped.
// Node Features PCA's exact method then recovers, at an SVD's accuracy, what lies below that floor
// (svd-refine.test.ts); exact zeros stay dropped there too (the rank-deficient property below).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRandom } from '@dt/errors';
import { globalPCA } from './global-pca.js';
import { directionCount } from './directions.js';
import { householder } from './householder.js';
import { nodeFeaturesPCA, type NodeFeaturesPCAMethod } from './node-features-pca.js';
import { nodeMeansPCA } from './node-means-pca.js';
import type { Directions, ProjectionData } from './types.js';
import { allSamples, dirOf, fromRows } from './test-helpers/data.js';

type Inspectable = { nodeDirections(s: Int32Array, a: number, b: number): Directions; lastMethod: string };

function nodeFeatures(data: ProjectionData, method: NodeFeaturesPCAMethod): { out: Directions; route: string } {
  const p = nodeFeaturesPCA({ method, tolerance: 1e-12, maxIterations: 500 }).prepare(data, createRandom(1)) as unknown as Inspectable;
  const out = p.nodeDirections(allSamples(data.rows), 0, data.rows);
  return { out, route: p.lastMethod };
}

function globalCount(data: ProjectionData): number {
  return globalPCA().prepare(data, createRandom(1)).globalDirections!.count;
}

/** rows = offset + Z·B with Z (n × r) and B (r × d) standard normal, B's columns scaled by 10^scales[f]. */
function lowRank(seed: number, n: number, d: number, r: number, scales: readonly number[], offset: number): number[][] {
  const rng = createRandom(seed);
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  const B = Array.from({ length: r }, () => Array.from({ length: d }, (_, f) => normal() * 10 ** scales[f]!));
  return Array.from({ length: n }, () => {
    const z = Array.from({ length: r }, normal);
    return Array.from({ length: d }, (_, f) => offset + z.reduce((s, zk, k) => s + zk * B[k]![f]!, 0));
  });
}

/** rows[i][f] = offset + 10^scales[f]·z with z independent standard normals. */
function independent(seed: number, n: number, d: number, scales: readonly number[], offset: number): number[][] {
  const rng = createRandom(seed);
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  return Array.from({ length: n }, () => Array.from({ length: d }, (_, f) => offset + normal() * 10 ** scales[f]!));
}

describe('zero-variance rule (absolute, from the rounding error of the covariance)', () => {
  // Issue #11: 40 rows, feature 1 spread over [0, 975], feature 2 alternating 1 and 1.001 with the
  // class. The second component's variance is 3e-12 of the first: real, and the only useful one.
  const rows = Array.from({ length: 40 }, (_, i) => [((i * 37) % 40) * 25, 1 + (i % 2) * 1e-3]);

  it('keeps a component 3e-12 of the largest (features on very different scales)', () => {
    const data = fromRows(rows);
    for (const method of ['exact', 'iterative'] as const) {
      const { out } = nodeFeatures(data, method);
      expect(out.count).toBe(2);
      expect(Math.abs(out.variances![1]! / 0.25e-6 - 1)).toBeLessThan(0.01);
      expect(Math.abs(dirOf(out, 2, 1)[1]!)).toBeCloseTo(1, 12);
    }
    expect(globalCount(data)).toBe(2);
    // Node means: three classes whose rest means differ in both features.
    const labels = rows.map((_, i) => (i % 2) + (i % 5 === 0 ? 1 : 0));
    const means = nodeMeansPCA().prepare(fromRows(rows, labels), createRandom(1)).nodeDirections!(allSamples(40), 0, 40);
    expect(means.count).toBe(2);
    // Householder (A): one class, both eigenvectors of its covariance give a reflection or the axes.
    const hh = householder({ variant: 'A', tau: 0, includeAxes: false }).prepare(fromRows(rows, rows.map(() => 0)), createRandom(1));
    expect(directionCount(hh.nodeDirections!(allSamples(40), 0, 40), 2)).toBe(2 * 2);
  });

  it('keeps every component of independent features whose scales differ by up to 1e5 (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 2, max: 6 }),
        fc.array(fc.integer({ min: -3, max: 2 }), { minLength: 6, maxLength: 6 }),
        fc.constantFrom(0, 1, 1e3),
        fc.constantFrom<NodeFeaturesPCAMethod>('exact', 'iterative'),
        (seed, d, scales, offset, method) => {
          // n ≥ 4d rows: the sample covariance's smallest eigenvalue stays above ~1/4 of its
          // scale², so the smallest component carries ≥ ~4e-12 of the trace (1e-10 and below of the
          // largest: the old relative cut dropped it), the rounding floor (n + d)·ε·trace ≤ 1.4e-14·trace.
          const n = 4 * d + (seed % 30);
          const rows = independent(seed, n, d, scales, offset);
          const data = fromRows(rows);
          expect(nodeFeatures(data, method).out.count).toBe(d);
          expect(globalCount(data)).toBe(d);
          const labels = Array.from({ length: n }, (_, i) => i % 2);
          const hh = householder({ variant: 'A', tau: 0 }).prepare(fromRows(rows, labels), createRandom(1));
          // Each of the two classes (2d rows or more, full rank) gives d reflections of d columns each.
          expect(directionCount(hh.nodeDirections!(allSamples(n), 0, n), d)).toBe(2 * d * d);
        },
      ),
      { numRuns: 80, seed: 11 },
    );
  });

  it('still drops the exact zeros of rank-deficient data, on every route (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 2, max: 40 }),
        fc.integer({ min: 1, max: 39 }),
        fc.integer({ min: 2, max: 300 }),
        fc.constantFrom(0, 1, 1e3, 1e6),
        fc.constantFrom<NodeFeaturesPCAMethod>('exact', 'iterative'),
        (seed, d, rWanted, n, offset, method) => {
          const r = Math.min(rWanted, d - 1);
          const scales = Array.from({ length: d }, (_, f) => (f % 3) - 1);
          const data = fromRows(lowRank(seed, n, d, r, scales, offset));
          const rank = Math.min(r, n - 1);
          const { out, route } = nodeFeatures(data, method);
          expect(route).toBe(method === 'iterative' ? 'iterative' : n < d ? 'dual' : 'primal');
          expect(out.count).toBe(rank);
          expect(globalCount(data)).toBe(rank);
        },
      ),
      { numRuns: 120, seed: 12 },
    );
  });

  it('node means: collinear class means give one direction, not two', () => {
    // Class c's rows are c·v ± e (pairs symmetric about c·v): the three class means, and so the
    // three rest means, lie on one line.
    const v = [0.3, -1.7, 2.9];
    const e = [
      [1e-3, 0, 0],
      [0, 5, 0],
      [0, 0, 1e2],
    ];
    const rowsC: number[][] = [];
    const labels: number[] = [];
    for (let c = 0; c < 3; c++) {
      for (const s of [1, -1]) {
        for (const ek of e) {
          rowsC.push(v.map((x, f) => 1e3 + c * x + s * ek[f]!));
          labels.push(c);
        }
      }
    }
    const out = nodeMeansPCA().prepare(fromRows(rowsC, labels), createRandom(1)).nodeDirections!(allSamples(18), 0, 18);
    expect(out.count).toBe(1);
  });
});
