import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeClassification } from './make-classification.js';
import type { DenseMatrix } from './types.js';

const col = (X: DenseMatrix, j: number) => Float64Array.from({ length: X.rows }, (_, i) => X.data[i * X.cols + j]!);
const meanOf = (v: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i]!;
  return s / v.length;
};
const varOf = (v: ArrayLike<number>) => {
  const m = meanOf(v);
  let s = 0;
  for (let i = 0; i < v.length; i++) s += (v[i]! - m) ** 2;
  return s / (v.length - 1);
};
const counts = (y: Int32Array, k: number) => {
  const c = new Array<number>(k).fill(0);
  for (const v of y) c[v]!++;
  return c;
};

describe('makeClassification', () => {
  it('is deterministic per seed and changes with the seed', () => {
    const a = makeClassification({ nSamples: 200, seed: 5 });
    const b = makeClassification({ nSamples: 200, seed: 5 });
    const c = makeClassification({ nSamples: 200, seed: 6 });
    expect(a.X.data).toEqual(b.X.data);
    expect(a.y).toEqual(b.y);
    expect(a.X.data).not.toEqual(c.X.data);
    expect(a.X.rows).toBe(200);
    expect(a.X.cols).toBe(20);
  });

  it('balances classes exactly as scikit-learn distributes rows over clusters', () => {
    const { y } = makeClassification({ nSamples: 1000, nClasses: 3, nClustersPerClass: 1, nInformative: 2, flipY: 0 });
    expect(counts(y, 3)).toEqual([334, 333, 333]);
    const w = makeClassification({ nSamples: 10000, nClasses: 2, weights: [0.7], flipY: 0, seed: 1 });
    expect(counts(w.y, 2)).toEqual([7000, 3000]);
    // 10 classes, 2 clusters each, 1001 rows: int(1001 * 0.1 / 2) = 50 per cluster, 1 extra to cluster 0.
    const t = makeClassification({ nSamples: 1001, nClasses: 10, nInformative: 5, flipY: 0 });
    expect(counts(t.y, 10)).toEqual([101, 100, 100, 100, 100, 100, 100, 100, 100, 100]);
  });

  it('flips about flipY of the labels to a uniform class (so (C-1)/C of them change)', () => {
    const n = 20000;
    const clean = makeClassification({ nSamples: n, nClasses: 4, nClustersPerClass: 1, nInformative: 3, flipY: 0, shuffle: false, seed: 3 });
    const noisy = makeClassification({ nSamples: n, nClasses: 4, nClustersPerClass: 1, nInformative: 3, flipY: 0.2, shuffle: false, seed: 3 });
    let changed = 0;
    for (let i = 0; i < n; i++) if (clean.y[i] !== noisy.y[i]) changed++;
    const p = 0.2 * 0.75;
    const se = Math.sqrt((p * (1 - p)) / n);
    expect(Math.abs(changed / n - p)).toBeLessThan(4 * se);
    // The features do not depend on the flips.
    expect(noisy.X.data.every((v, i) => v === clean.X.data[i])).toBe(true);
  });

  it('puts cluster centres on distinct hypercube vertices at ±classSep', () => {
    const classSep = 2.5;
    const nInf = 3;
    const { X, y, centroids } = makeClassification({
      nSamples: 20000, nFeatures: 5, nInformative: nInf, nRedundant: 0, nClasses: 4, nClustersPerClass: 1,
      flipY: 0, classSep, shuffle: false, seed: 11,
    });
    expect(centroids.rows).toBe(4);
    expect(Array.from(centroids.data).every((v) => Math.abs(v) === classSep)).toBe(true);
    const keys = new Set(Array.from({ length: 4 }, (_, k) => Array.from(centroids.data.subarray(k * nInf, k * nInf + nInf)).join()));
    expect(keys.size).toBe(4);
    // Empirical class means of the informative features sit on the centres (within 5 standard errors;
    // a cluster's per-feature variance is at most nInformative).
    for (let c = 0; c < 4; c++) {
      const rows = [...y.keys()].filter((i) => y[i] === c);
      for (let j = 0; j < nInf; j++) {
        const m = meanOf(rows.map((i) => X.data[i * X.cols + j]!));
        expect(Math.abs(m - centroids.data[c * nInf + j]!)).toBeLessThan(5 * Math.sqrt(nInf / rows.length));
      }
    }
  });

  it('gives informative features class structure and noise features N(0, 1) independent of the class', () => {
    const { X, y, featureRoles } = makeClassification({
      nSamples: 20000, nFeatures: 12, nInformative: 4, nRedundant: 0, nClasses: 2, nClustersPerClass: 1, flipY: 0, seed: 2,
    });
    expect(featureRoles.filter((r) => r === 'informative')).toHaveLength(4);
    expect(featureRoles.filter((r) => r === 'noise')).toHaveLength(8);
    // Shuffled columns: the roles must follow them.
    expect(featureRoles.slice(0, 4)).not.toEqual(['informative', 'informative', 'informative', 'informative']);
    const n = X.rows;
    let informativeGap = 0;
    for (let j = 0; j < X.cols; j++) {
      const v = col(X, j);
      const m0 = meanOf(v.filter((_, i) => y[i] === 0));
      const m1 = meanOf(v.filter((_, i) => y[i] === 1));
      if (featureRoles[j] === 'noise') {
        expect(Math.abs(meanOf(v))).toBeLessThan(5 / Math.sqrt(n));
        expect(Math.abs(varOf(v) - 1)).toBeLessThan(0.06);
        expect(Math.abs(m0 - m1)).toBeLessThan(0.1);
      } else {
        informativeGap = Math.max(informativeGap, Math.abs(m0 - m1));
      }
    }
    // Two vertices differ in at least one coordinate by 2·classSep.
    expect(informativeGap).toBeGreaterThan(1.8);
  });

  it('gives each cluster its own random covariance', () => {
    const nInf = 3;
    const { X, y } = makeClassification({
      nSamples: 40000, nFeatures: nInf, nInformative: nInf, nRedundant: 0, nClasses: 2, nClustersPerClass: 1, flipY: 0, shuffle: false, seed: 4,
    });
    const cov = (c: number) => {
      const rows = [...y.keys()].filter((i) => y[i] === c);
      const mu = Array.from({ length: nInf }, (_, j) => meanOf(rows.map((i) => X.data[i * nInf + j]!)));
      const C = Array.from({ length: nInf * nInf }, () => 0);
      for (const i of rows) for (let a = 0; a < nInf; a++) for (let b = 0; b < nInf; b++) C[a * nInf + b]! += (X.data[i * nInf + a]! - mu[a]!) * (X.data[i * nInf + b]! - mu[b]!);
      return C.map((v) => v / (rows.length - 1));
    };
    const c0 = cov(0);
    const c1 = cov(1);
    // Off-diagonal structure: some correlation well away from 0, and the two clusters differ.
    const corr = (C: number[], a: number, b: number) => C[a * nInf + b]! / Math.sqrt(C[a * nInf + a]! * C[b * nInf + b]!);
    expect(Math.max(Math.abs(corr(c0, 0, 1)), Math.abs(corr(c0, 0, 2)), Math.abs(corr(c0, 1, 2)))).toBeGreaterThan(0.2);
    expect(Math.max(...c0.map((v, i) => Math.abs(v - c1[i]!)))).toBeGreaterThan(0.2);
  });

  it('makes redundant features linear combinations and repeated features copies', () => {
    const { X, featureRoles } = makeClassification({ nSamples: 50, nFeatures: 6, nInformative: 2, nRedundant: 2, nRepeated: 1, shuffle: false, seed: 9 });
    expect(featureRoles).toEqual(['informative', 'informative', 'redundant', 'redundant', 'repeated', 'noise']);
    const x = (i: number, j: number) => X.data[i * 6 + j]!;
    for (const r of [2, 3]) {
      // Solve r = a·x0 + b·x1 from two rows, check on all.
      const det = x(0, 0) * x(1, 1) - x(0, 1) * x(1, 0);
      const a = (x(0, r) * x(1, 1) - x(0, 1) * x(1, r)) / det;
      const b = (x(0, 0) * x(1, r) - x(0, r) * x(1, 0)) / det;
      for (let i = 0; i < 50; i++) expect(x(i, r)).toBeCloseTo(a * x(i, 0) + b * x(i, 1), 9);
    }
    const copyOf = [0, 1, 2, 3].filter((j) => Array.from({ length: 50 }, (_, i) => x(i, 4) === x(i, j)).every(Boolean));
    expect(copyOf).toHaveLength(1);
  });

  it('shifts then scales each feature: by given values, or randomly in [−classSep, classSep) and [1, 101)', () => {
    const base = { nSamples: 300, nFeatures: 6, nInformative: 3, nRedundant: 0, shuffle: false, seed: 21, classSep: 2 } as const;
    const raw = makeClassification(base);
    const given = makeClassification({ ...base, shift: 3, scale: [1, 2, 3, 4, 5, 6] });
    for (let i = 0; i < 300; i++) for (let j = 0; j < 6; j++) expect(given.X.data[i * 6 + j]).toBeCloseTo((raw.X.data[i * 6 + j]! + 3) * (j + 1), 10);
    const rand = makeClassification({ ...base, shift: null, scale: null });
    for (let j = 0; j < 6; j++) {
      // x' = (x + s)·f: recover f and s from two rows.
      const f = (rand.X.data[6 + j]! - rand.X.data[j]!) / (raw.X.data[6 + j]! - raw.X.data[j]!);
      const s = rand.X.data[j]! / f - raw.X.data[j]!;
      expect(f).toBeGreaterThanOrEqual(1);
      expect(f).toBeLessThan(101);
      expect(s).toBeGreaterThanOrEqual(-2 - 1e-9);
      expect(s).toBeLessThan(2 + 1e-9);
    }
  });

  it('supports random polytopes and more than 30 informative dimensions', () => {
    const p = makeClassification({ nSamples: 50, hypercube: false, classSep: 1, seed: 1, nClustersPerClass: 1 });
    expect(Array.from(p.centroids.data).every((v) => Math.abs(v) <= 1)).toBe(true);
    expect(Array.from(p.centroids.data).some((v) => Math.abs(v) < 1)).toBe(true);
    const big = makeClassification({ nSamples: 40, nFeatures: 40, nInformative: 35, nRedundant: 0, nClasses: 10, nClustersPerClass: 2, seed: 3 });
    expect(big.centroids.rows).toBe(20);
    const keys = new Set(Array.from({ length: 20 }, (_, k) => Array.from(big.centroids.data.subarray(k * 35, k * 35 + 35)).join()));
    expect(keys.size).toBe(20);
  });

  it('rejects impossible settings with errors naming the option', () => {
    expect(() => makeClassification({ nClasses: 10, nClustersPerClass: 1, nInformative: 3 })).toThrow(/nInformative must be at least log2/);
    expect(() => makeClassification({ nFeatures: 3, nInformative: 2, nRedundant: 2 })).toThrow(/nFeatures must be at least nInformative \+ nRedundant \+ nRepeated = 4, got 3/);
    expect(() => makeClassification({ weights: [0.2, 0.3, 0.5] })).toThrow(/weights must be an array of 2 or 1 class proportions/);
    expect(() => makeClassification({ flipY: 1.5 })).toThrow(/flipY/);
    expect(() => makeClassification({ shift: [1, 2] })).toThrow(/shift must be/);
    expect(() => makeClassification({ nSample: 5 } as never)).toThrow(/options.nSample/);
  });

  it('property: shape, label range and finiteness for random settings', () => {
    fc.assert(
      fc.property(
        fc.record({
          nSamples: fc.integer({ min: 1, max: 60 }),
          nInformative: fc.integer({ min: 2, max: 6 }),
          extra: fc.integer({ min: 0, max: 4 }),
          nClasses: fc.integer({ min: 2, max: 4 }),
          seed: fc.nat(),
        }),
        ({ nSamples, nInformative, extra, nClasses, seed }) => {
          const r = makeClassification({ nSamples, nFeatures: nInformative + extra, nInformative, nRedundant: 0, nClasses, nClustersPerClass: 1, seed, shift: null, scale: null });
          expect(r.X.rows).toBe(nSamples);
          expect(r.y.length).toBe(nSamples);
          expect(r.X.data.every(Number.isFinite)).toBe(true);
          expect(r.y.every((v) => v >= 0 && v < nClasses)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
