import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PCA } from 'ml-pca';
import { createRandom, InvalidArgumentError } from '@dt/errors';
import { nodeMeansPCA } from './node-means-pca.js';
import type { Directions, ProjectionData } from './types.js';
import { allSamples, dirOf, dot, fromRows, orthonormalityError, randomData } from './test-helpers/data.js';

function directions(data: ProjectionData, samples = allSamples(data.rows), start = 0, end = samples.length): Directions {
  const out = nodeMeansPCA().prepare(data, createRandom(1)).nodeDirections!(samples, start, end);
  return { dirs: out.dirs.slice(), count: out.count, variances: out.variances!.slice() };
}

/** Projector Σ_j v_j v_jᵀ onto the span of the directions (compares subspaces, free of sign/rotation). */
function projector(vectors: number[][], d: number): number[] {
  const P = new Array<number>(d * d).fill(0);
  for (const v of vectors) for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) P[a * d + b] = P[a * d + b]! + v[a]! * v[b]!;
  return P;
}

/** By definition: weighted rest mean per present class, then PCA of those points (ml-pca, SVD). */
function reference(rows: number[][], labels: number[], weights?: number[]): { vectors: number[][]; variances: number[] } {
  const d = rows[0]!.length;
  const w = weights ?? rows.map(() => 1);
  const classes = [...new Set(labels)].filter((c) => labels.some((l, i) => l === c && w[i]! > 0)).sort((a, b) => a - b);
  const points = classes.map((c) => {
    let W = 0;
    const s = new Array<number>(d).fill(0);
    rows.forEach((r, i) => {
      if (labels[i] === c) return;
      W += w[i]!;
      r.forEach((v, f) => (s[f] = s[f]! + w[i]! * v));
    });
    return s.map((v) => v / W);
  });
  if (points.length < 2) return { vectors: [], variances: [] };
  const pca = new PCA(points);
  const values = pca.getEigenvalues();
  const top = values[0]!;
  const vectors: number[][] = [];
  const variances: number[] = [];
  values.forEach((v, j) => {
    if (j < points.length - 1 && v > 1e-9 * top) {
      vectors.push(pca.getEigenvectors().getColumn(j));
      variances.push((v * (points.length - 1)) / points.length);
    }
  });
  return { vectors, variances };
}

describe('nodeMeansPCA', () => {
  it('reproduces the paper’s example: the plane of (0,.5,.5), (.5,0,.5), (.5,.5,0)', () => {
    const out = directions(fromRows([[1, 0, 0], [0, 1, 0], [0, 0, 1]], [0, 1, 2]));
    expect(out.count).toBe(2);
    expect(orthonormalityError(out, 3)).toBeLessThan(1e-14);
    // The plane's directions are orthogonal to its normal (1,1,1)/√3 ...
    for (let j = 0; j < 2; j++) expect(dot(dirOf(out, 3, j), [1, 1, 1])).toBeCloseTo(0, 14);
    // ... and span the differences of the three rest means.
    const P = projector([dirOf(out, 3, 0), dirOf(out, 3, 1)], 3);
    for (const diff of [[0.5, -0.5, 0], [0, 0.5, -0.5]]) {
      const proj = [0, 1, 2].map((a) => [0, 1, 2].reduce((s, b) => s + P[a * 3 + b]! * diff[b]!, 0));
      proj.forEach((v, a) => expect(v).toBeCloseTo(diff[a]!, 14));
    }
    // Three rest means at distance √(1/6) from their centroid, spread evenly: variance 1/12 each way.
    expect(Array.from(out.variances!.slice(0, 2))).toEqual([expect.closeTo(1 / 12, 14), expect.closeTo(1 / 12, 14)]);
  });

  it('one class present → no direction; two classes → the difference of the two rest means', () => {
    const data = fromRows([[0, 0], [1, 1], [4, 0], [5, 2], [6, 1]], [0, 0, 1, 1, 1]);
    expect(directions(data, allSamples(5), 0, 2).count).toBe(0);
    expect(directions(data, allSamples(5), 2, 5).count).toBe(0);
    const two = directions(data);
    expect(two.count).toBe(1);
    // rest(0) = mean of class 1 = (5, 1); rest(1) = mean of class 0 = (0.5, 0.5).
    const diff = [4.5, 0.5];
    const norm = Math.hypot(...diff);
    expect(dirOf(two, 2, 0)).toEqual(diff.map((v) => expect.closeTo(v / norm, 14)));
  });

  it('equals the definition (rest means, then PCA) on random data with weights (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 1, max: 25 }),
        fc.integer({ min: 2, max: 8 }),
        fc.boolean(),
        (seed, d, nClasses, weighted) => {
          const rng = createRandom(seed);
          const n = 3 + rng.int(60);
          const rows = randomData(seed, n, d, 0.8, seed % 3 === 0 ? 1e4 : 0);
          const labels = rows.map(() => rng.int(nClasses));
          const weights = weighted ? rows.map(() => rng.int(4) * 0.75) : undefined;
          const data = fromRows(rows, labels, weights);
          data.nClasses = nClasses;
          const out = directions(data);
          const ref = reference(rows, labels, weights);
          expect(out.count).toBe(ref.vectors.length);
          expect(orthonormalityError(out, d)).toBeLessThan(1e-9);
          const P = projector(Array.from({ length: out.count }, (_, j) => dirOf(out, d, j)), d);
          const Q = projector(ref.vectors, d);
          for (let i = 0; i < d * d; i++) expect(Math.abs(P[i]! - Q[i]!)).toBeLessThan(1e-6);
          for (let j = 0; j < out.count; j++) {
            expect(Math.abs(out.variances![j]! - ref.variances[j]!)).toBeLessThanOrEqual(1e-8 * ref.variances[0]!);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('gives bit-identical directions from row-major rows (data.rowMajor) as from the columns (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 2, max: 9 }), fc.boolean(), (seed, d, nClasses, weighted) => {
        const rng = createRandom(seed);
        const n = 3 + rng.int(80);
        const rows = randomData(seed, n, d, 0.8, seed % 3 === 0 ? 1e4 : 0);
        const labels = rows.map(() => rng.int(nClasses));
        const weights = weighted ? rows.map(() => rng.int(4) * 0.75) : undefined;
        const cols = fromRows(rows, labels, weights);
        cols.nClasses = nClasses;
        const withRows: ProjectionData = { ...cols, rowMajor: Float64Array.from(rows.flat()) };
        // A node: a shuffled subset of the rows.
        const picked = Int32Array.from(allSamples(n).filter(() => rng.int(3) > 0)).reverse();
        for (const [samples, end] of [[allSamples(n), n], [picked, picked.length]] as const) {
          const a = directions(cols, samples, 0, end);
          const b = directions(withRows, samples, 0, end);
          expect(b.count).toBe(a.count);
          expect(b.dirs).toEqual(a.dirs);
          expect(b.variances).toEqual(a.variances);
        }
      }),
      { seed: 18, numRuns: 120 },
    );
  });

  it('uses only the node’s samples, and classes present in the node', () => {
    const rows = randomData(2, 30, 4);
    const labels = rows.map((_, i) => i % 5);
    const data = fromRows(rows, labels);
    const picked = [3, 8, 13, 4, 9, 14, 1];
    const out = directions(data, Int32Array.from([0, 0, ...picked]), 2, 2 + picked.length);
    const ref = reference(picked.map((i) => rows[i]!), picked.map((i) => labels[i]!));
    expect(out.count).toBe(2); // classes 1, 3 and 4 present
    const P = projector([dirOf(out, 4, 0), dirOf(out, 4, 1)], 4);
    const Q = projector(ref.vectors, 4);
    P.forEach((v, i) => expect(v).toBeCloseTo(Q[i]!, 9));
  });

  it('identical rest means (zero variance) give no direction; needs labels', () => {
    const same = fromRows([[1, 1], [1, 1], [1, 1], [1, 1]], [0, 1, 0, 1]);
    expect(directions(same).count).toBe(0);
    expect(() => nodeMeansPCA().prepare(fromRows([[1], [2]]), createRandom(1))).toThrow(InvalidArgumentError);
    expect(() => nodeMeansPCA({ k: 2 } as never)).toThrow(/options.k/);
  });
});
