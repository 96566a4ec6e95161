// Issue #33 item 7: components far below ε of the total variance that numpy's SVD of the centred
// rows keeps (fixtures/svd-small-components.json, scripts/make-svd-fixtures.py) are kept, with their
// direction, on the primal and the dual route; what numpy calls zero is still dropped.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRandom } from '@dt/errors';
import { nodeFeaturesPCA } from './node-features-pca.js';
import { jacobiRows } from './svd-refine.js';
import type { Directions } from './types.js';
import { allSamples, dirOf, dot, fromRows } from './test-helpers/data.js';

interface SvdCase {
  name: string;
  rows: number[][];
  variances: number[];
  rank: number;
  vectors: number[][];
}
const fixture = JSON.parse(readFileSync(new URL('../fixtures/svd-small-components.json', import.meta.url), 'utf8')) as { cases: SvdCase[] };

type Inspectable = { nodeDirections(s: Int32Array, a: number, b: number): Directions; lastMethod: string };

describe('SVD-level components (numpy fixtures)', () => {
  for (const c of fixture.cases) {
    it(c.name, () => {
      const n = c.rows.length;
      const d = c.rows[0]!.length;
      const p = nodeFeaturesPCA({ method: 'exact' }).prepare(fromRows(c.rows), createRandom(1)) as unknown as Inspectable;
      const out = p.nodeDirections(allSamples(n), 0, n);
      expect(p.lastMethod).toBe(n < d ? 'dual' : 'primal');
      expect(out.count).toBe(c.rank);
      const total = c.variances.reduce((a, b) => a + b, 0);
      // The smallest kept one is the point: ~1e-19 of the total variance.
      expect(c.variances[c.rank - 1]! / total).toBeLessThan(1e-18);
      for (let j = 0; j < c.rank; j++) {
        expect(Math.abs(out.variances![j]! / c.variances[j]! - 1)).toBeLessThan(1e-6);
        expect(Math.abs(dot(dirOf(out, d, j), c.vectors[j]!))).toBeCloseTo(1, 9);
        const v = dirOf(out, d, j);
        expect(Math.abs(dot(v, v) - 1)).toBeLessThan(1e-12);
      }
    });
  }
});

describe('jacobiRows', () => {
  it('leaves orthogonal rows whose norms are the singular values, and rotates Y alike (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 12 }), (seed, n, len) => {
        const rng = createRandom(seed);
        const X = Float64Array.from({ length: n * len }, () => rng.next() * 2 - 1);
        const X0 = X.slice();
        // Y = identity: afterwards X = Y·X0 (the rotations' product applied to the original rows).
        const Y = Float64Array.from({ length: n * n }, (_, i) => (i % (n + 1) === 0 ? 1 : 0));
        jacobiRows(X, n, len, Y, n);
        const f0 = X0.reduce((s, x) => s + x * x, 0);
        for (let a = 0; a < n; a++) {
          for (let t = 0; t < len; t++) {
            let s = 0;
            for (let b = 0; b < n; b++) s += Y[a * n + b]! * X0[b * len + t]!;
            expect(Math.abs(s - X[a * len + t]!)).toBeLessThan(1e-12);
          }
          for (let b = a + 1; b < n; b++) {
            let g = 0;
            let na = 0;
            let nb = 0;
            for (let t = 0; t < len; t++) {
              g += X[a * len + t]! * X[b * len + t]!;
              na += X[a * len + t]! ** 2;
              nb += X[b * len + t]! ** 2;
            }
            // Relative to the pair, or (a row driven to ~0 when n > len) to the whole.
            expect(Math.abs(g)).toBeLessThanOrEqual(1e-12 * Math.sqrt(na * nb) + 1e-15 * f0);
          }
        }
        // Frobenius norm kept (orthogonal rotations).
        const f1 = X.reduce((s, x) => s + x * x, 0);
        expect(Math.abs(f1 - f0)).toBeLessThan(1e-12 * f0);
      }),
      { numRuns: 60, seed: 33 },
    );
  });
});
