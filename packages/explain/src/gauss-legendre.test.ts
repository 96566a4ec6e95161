import { describe, expect, it } from 'vitest';
import { gaussLegendre } from './gauss-legendre.js';

describe('gaussLegendre', () => {
  it('integrates t^k (1 − t)^(d − k) exactly (the Beta integrals k!(d−k)!/(d+1)!) up to degree 2Q − 1', () => {
    for (const Q of [1, 2, 3, 5, 8, 13, 32, 64]) {
      const { t, s, w } = gaussLegendre(Q);
      for (let q = 0; q < Q; q++) expect(Math.abs(t[q]! + s[q]! - 1)).toBeLessThan(1e-15);
      for (let d = 0; d <= 2 * Q - 1; d++) {
        let beta = 1 / (d + 1); // k = 0
        for (let k = 0; k <= d; k++) {
          let sum = 0;
          for (let q = 0; q < Q; q++) sum += w[q]! * t[q]! ** k * s[q]! ** (d - k);
          expect(Math.abs(sum - beta) / beta).toBeLessThan(1e-12);
          beta = (beta * (k + 1)) / (d - k);
        }
      }
      // One degree more is not exact (the test can fail): t^(2Q), while the error is above rounding.
      if (Q <= 5) {
        let sum = 0;
        for (let q = 0; q < Q; q++) sum += w[q]! * t[q]! ** (2 * Q);
        expect(Math.abs(sum - 1 / (2 * Q + 1))).toBeGreaterThan(1e-9);
      }
    }
  });
});
