import { describe, expect, it } from 'vitest';
import { makeRegression } from './make-regression.js';

describe('makeRegression', () => {
  it('makes y = X·coef + bias with nInformative non-zero coefficients (after the shuffle too)', () => {
    const r = makeRegression({ nSamples: 80, nFeatures: 12, nInformative: 4, bias: 7, seed: 3 });
    expect(r.X.rows).toBe(80);
    expect(r.X.cols).toBe(12);
    const nonZero = Array.from(r.coef.data).filter((c) => c !== 0);
    expect(nonZero).toHaveLength(4);
    expect(nonZero.every((c) => c > 0 && c < 100)).toBe(true);
    for (let i = 0; i < 80; i++) {
      let s = 7;
      for (let j = 0; j < 12; j++) s += r.X.data[i * 12 + j]! * r.coef.data[j]!;
      expect(r.y[i]).toBeCloseTo(s, 9);
    }
    expect(makeRegression({ nSamples: 80, nFeatures: 12, nInformative: 4, bias: 7, seed: 3 }).y).toEqual(r.y);
  });

  it('adds Gaussian noise of the given standard deviation and supports several targets', () => {
    const clean = makeRegression({ nSamples: 20000, nFeatures: 3, nTargets: 2, shuffle: false, seed: 1 });
    const noisy = makeRegression({ nSamples: 20000, nFeatures: 3, nTargets: 2, noise: 2, shuffle: false, seed: 1 });
    expect(noisy.Y.cols).toBe(2);
    expect(noisy.coef.rows).toBe(3);
    let ss = 0;
    for (let i = 0; i < noisy.Y.data.length; i++) ss += (noisy.Y.data[i]! - clean.Y.data[i]!) ** 2;
    expect(Math.sqrt(ss / noisy.Y.data.length)).toBeCloseTo(2, 1);
    expect(noisy.y[5]).toBe(noisy.Y.data[10]);
  });

  it('with effectiveRank, has the low-rank singular profile (‖X‖²_F = Σ s_k²)', () => {
    const n = 60;
    const d = 20;
    const rank = 3;
    const tail = 0.2;
    const r = makeRegression({ nSamples: n, nFeatures: d, effectiveRank: rank, tailStrength: tail, seed: 8 });
    let fro = 0;
    for (const v of r.X.data) fro += v * v;
    let expected = 0;
    for (let k = 0; k < d; k++) expected += ((1 - tail) * Math.exp(-((k / rank) ** 2)) + tail * Math.exp((-0.1 * k) / rank)) ** 2;
    expect(fro).toBeCloseTo(expected, 9);
  });

  it('validates its options', () => {
    expect(() => makeRegression({ effectiveRank: 0 })).toThrow(/effectiveRank must be a positive number or null/);
    expect(() => makeRegression({ noise: -1 })).toThrow(/noise/);
    expect(() => makeRegression({ nSamples: 0 })).toThrow(/nSamples must be a positive integer, got 0/);
  });
});
