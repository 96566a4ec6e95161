import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { PCA } from 'ml-pca';
import { createRandom, InvalidArgumentError } from '@dt/errors';
import { nodeFeaturesPCA } from './node-features-pca.js';
import type { NodeFeaturesPCAOptions } from './node-features-pca.js';
import type { Directions, ProjectionData } from './types.js';
import { allSamples, dirOf, dot, fromRows, orthonormalityError, randomData } from './test-helpers/data.js';

type Inspectable = { nodeDirections(s: Int32Array, a: number, b: number): Directions; lastMethod: string; lastIterations: number };

function fit(data: ProjectionData, options: NodeFeaturesPCAOptions = {}, seed = 1): Inspectable {
  return nodeFeaturesPCA(options).prepare(data, createRandom(seed)) as unknown as Inspectable;
}

/** Exact weighted PCA by definition: covariance Σ w (x − μ)(x − μ)ᵀ / W, eigendecomposed. */
function exactPCA(rows: number[][], weights?: number[]): { values: number[]; vectors: number[][] } {
  const n = rows.length;
  const d = rows[0]!.length;
  const w = weights ?? rows.map(() => 1);
  const W = w.reduce((a, b) => a + b, 0);
  const mu = Array.from({ length: d }, (_, f) => rows.reduce((s, r, i) => s + w[i]! * r[f]!, 0) / W);
  const C = Matrix.zeros(d, d);
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < d; a++) {
      for (let b = 0; b < d; b++) C.set(a, b, C.get(a, b) + (w[i]! * (rows[i]![a]! - mu[a]!) * (rows[i]![b]! - mu[b]!)) / W);
    }
  }
  const evd = new EigenvalueDecomposition(C, { assumeSymmetric: true });
  const order = evd.realEigenvalues.map((v, j) => [v, j] as const).sort((p, q) => q[0] - p[0]);
  return {
    values: order.map((p) => p[0]),
    vectors: order.map((p) => evd.eigenvectorMatrix.getColumn(p[1])),
  };
}

/** |cos| between each returned direction and the reference vector of the same rank. */
function alignment(dirs: Directions, d: number, vectors: number[][]): number[] {
  return Array.from({ length: dirs.count }, (_, j) => Math.abs(dot(dirOf(dirs, d, j), vectors[j]!)));
}

describe('nodeFeaturesPCA', () => {
  it('validates its options at the boundary', () => {
    expect(() => nodeFeaturesPCA({ maxComponents: 0 })).toThrow(InvalidArgumentError);
    expect(() => nodeFeaturesPCA({ method: 'svd' as 'exact' })).toThrow(/options.method must be one of "auto", "exact", "iterative"/);
    expect(() => nodeFeaturesPCA({ maxComponent: 3 } as NodeFeaturesPCAOptions)).toThrow(/options.maxComponent/);
    expect(() => nodeFeaturesPCA({ tolerance: 0 })).toThrow(InvalidArgumentError);
    expect(nodeFeaturesPCA().options).toEqual({ maxComponents: 'auto', method: 'auto', tolerance: 1e-3, maxIterations: 30 });
  });

  it('equals scikit-learn-style PCA (ml-pca, SVD) on unweighted data: every component for small d', () => {
    const rows = randomData(11, 60, 6, 0.7, 5);
    const data = fromRows(rows);
    const p = fit(data);
    const out = p.nodeDirections(allSamples(60), 0, 60);
    expect(p.lastMethod).toBe('primal');
    expect(out.count).toBe(6);
    const ref = new PCA(rows);
    const U = ref.getEigenvectors();
    const values = ref.getEigenvalues();
    for (let j = 0; j < 6; j++) {
      expect(Math.abs(dot(dirOf(out, 6, j), U.getColumn(j)))).toBeCloseTo(1, 10);
      // ml-pca divides by n − 1; the projection reports the population (÷ n) variance.
      expect(out.variances![j]).toBeCloseTo((values[j]! * 59) / 60, 10);
    }
    expect(orthonormalityError(out, 6)).toBeLessThan(1e-12);
  });

  it('uses only the node’s samples (samples[start, end) in any order)', () => {
    const rows = randomData(5, 40, 4, 0.8);
    const data = fromRows(rows);
    const picked = [33, 2, 17, 8, 21, 30, 5, 11, 25, 14, 38, 0];
    const samples = Int32Array.from([99, 98, ...picked, 97]);
    const out = fit(data).nodeDirections(samples, 2, 2 + picked.length);
    const ref = exactPCA(picked.map((i) => rows[i]!));
    expect(out.count).toBe(4);
    for (const c of alignment(out, 4, ref.vectors)) expect(c).toBeCloseTo(1, 9);
  });

  it('integer weights act as repeated samples', () => {
    const rows = randomData(8, 25, 5, 0.7);
    const weights = rows.map((_, i) => 1 + (i % 3));
    const repeated = rows.flatMap((r, i) => Array.from({ length: weights[i]! }, () => r));
    const a = fit(fromRows(rows, undefined, weights)).nodeDirections(allSamples(25), 0, 25);
    const ref = exactPCA(repeated);
    for (const c of alignment(a, 5, ref.vectors)) expect(c).toBeCloseTo(1, 9);
    for (let j = 0; j < a.count; j++) expect(a.variances![j]).toBeCloseTo(ref.values[j]!, 10);
  });

  it('takes the dual (Gram) route when the node has fewer rows than features, with the same components', () => {
    const rows = randomData(3, 12, 80, 0.9, 2);
    const data = fromRows(rows);
    const p = fit(data, { maxComponents: 11, method: 'exact' });
    const out = p.nodeDirections(allSamples(12), 0, 12);
    expect(p.lastMethod).toBe('dual');
    // 12 centred points span 11 dimensions.
    expect(out.count).toBe(11);
    const ref = exactPCA(rows);
    for (const c of alignment(out, 80, ref.vectors)) expect(c).toBeCloseTo(1, 8);
    expect(orthonormalityError(out, 80)).toBeLessThan(1e-10);
  });

  it('iterative top-k equals the exact eigendecomposition’s top-k, up to sign (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 2, max: 30 }),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        (seed, d, kWanted, weighted) => {
          const k = Math.min(kWanted, d);
          const n = d + 10 + (seed % 40);
          const rows = randomData(seed, n, d, 0.55, seed % 2 === 0 ? 0 : 100);
          const weights = weighted ? rows.map((_, i) => 0.5 + ((i * 7919) % 13) / 4) : undefined;
          const ref = exactPCA(rows, weights);
          // Components are defined only where the spectrum has a gap.
          fc.pre(k === d || ref.values[k - 1]! - ref.values[k]! > 0.05 * ref.values[k - 1]!);
          for (let j = 0; j + 1 < k; j++) fc.pre(ref.values[j]! - ref.values[j + 1]! > 0.05 * ref.values[j]!);
          const p = fit(fromRows(rows, undefined, weights), { maxComponents: k, method: 'iterative', tolerance: 1e-13, maxIterations: 2000 }, seed);
          const out = p.nodeDirections(allSamples(n), 0, n);
          expect(p.lastMethod).toBe('iterative');
          expect(out.count).toBe(k);
          for (const c of alignment(out, d, ref.vectors)) expect(c).toBeGreaterThan(1 - 1e-8);
          for (let j = 0; j < k; j++) expect(Math.abs(out.variances![j]! - ref.values[j]!)).toBeLessThanOrEqual(1e-9 * ref.values[0]!);
          expect(orthonormalityError(out, d)).toBeLessThan(1e-10);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('later nodes start from the previous node’s basis and still converge to their own components', () => {
    const rows = randomData(12, 90, 24, 0.6);
    const p = fit(fromRows(rows), { maxComponents: 3, method: 'iterative', tolerance: 1e-13, maxIterations: 2000 });
    const order = allSamples(90).reverse();
    p.nodeDirections(order, 0, 90);
    const out = p.nodeDirections(order, 20, 75);
    const ref = exactPCA(Array.from(order.subarray(20, 75), (i) => rows[i]!));
    for (const c of alignment(out, 24, ref.vectors)) expect(c).toBeGreaterThan(1 - 1e-8);
  });

  it('default iterative settings already give close components on larger data', () => {
    const rows = randomData(21, 500, 200, 0.8);
    const p = fit(fromRows(rows));
    const out = p.nodeDirections(allSamples(500), 0, 500);
    expect(p.lastMethod).toBe('iterative');
    expect(out.count).toBe(10);
    const ref = exactPCA(rows);
    for (const c of alignment(out, 200, ref.vectors).slice(0, 5)) expect(c).toBeGreaterThan(0.999);
    expect(orthonormalityError(out, 200)).toBeLessThan(1e-10);
  });

  it('degenerate nodes: one sample, one distinct point, zero variance → no direction; a line → one', () => {
    const data = fromRows([
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 3],
      [1, 5, 3],
      [1, 8, 3],
    ]);
    for (const method of ['exact', 'iterative'] as const) {
      const p = fit(data, { method });
      expect(p.nodeDirections(allSamples(5), 0, 1).count).toBe(0);
      expect(p.nodeDirections(allSamples(5), 0, 3).count).toBe(0);
      const line = p.nodeDirections(allSamples(5), 0, 5);
      expect(line.count).toBe(1);
      expect(dirOf(line, 3, 0).map((v) => Math.abs(v))).toEqual([0, 1, 0].map((v) => expect.closeTo(v, 12)));
    }
    const big = fromRows(Array.from({ length: 30 }, () => Array.from({ length: 60 }, (_, f) => 1e6 + f)));
    expect(fit(big).nodeDirections(allSamples(30), 0, 30).count).toBe(0);
  });

  it('is deterministic per seed and reuses its output object', () => {
    const rows = randomData(4, 300, 70, 0.85);
    const data = fromRows(rows);
    const a = fit(data, {}, 7);
    const b = fit(data, {}, 7);
    const ra = a.nodeDirections(allSamples(300), 0, 300);
    const first = Array.from(ra.dirs.subarray(0, ra.count * 70));
    const rb = b.nodeDirections(allSamples(300), 0, 300);
    expect(Array.from(rb.dirs.subarray(0, rb.count * 70))).toEqual(first);
    expect(a.nodeDirections(allSamples(300), 10, 200)).toBe(ra);
  });
});
