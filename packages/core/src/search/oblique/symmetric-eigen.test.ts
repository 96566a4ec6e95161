import fc from 'fast-check';
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { describe, expect, it } from 'vitest';
import { symmetricEigen } from './symmetric-eigen.js';

describe('symmetricEigen (Jacobi)', () => {
  it('matches ml-matrix on random symmetric matrices: A v = λ v, same spectrum, orthonormal vectors', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: 49, maxLength: 49 }), (n, raw) => {
        const A = new Float64Array(n * n);
        for (let i = 0; i < n; i++) for (let j = 0; j <= i; j++) A[i * n + j] = A[j * n + i] = raw[i * 7 + j]!;
        const { values, vectors } = symmetricEigen(A.slice(), n);
        const ref = new EigenvalueDecomposition(new Matrix(Array.from({ length: n }, (_, i) => Array.from(A.subarray(i * n, i * n + n)))), { assumeSymmetric: true });
        const scale = 1 + Math.max(...A.map(Math.abs));
        expect([...values].sort((x, y) => x - y).map((x) => x / scale)).toEqual(
          [...ref.realEigenvalues].sort((x, y) => x - y).map((x) => expect.closeTo(x / scale, 9)),
        );
        for (let k = 0; k < n; k++) {
          for (let i = 0; i < n; i++) {
            let av = 0;
            for (let j = 0; j < n; j++) av += A[i * n + j]! * vectors[j * n + k]!;
            expect(av / scale).toBeCloseTo((values[k]! * vectors[i * n + k]!) / scale, 9);
          }
          for (let l = 0; l < n; l++) {
            let dot = 0;
            for (let i = 0; i < n; i++) dot += vectors[i * n + k]! * vectors[i * n + l]!;
            expect(dot).toBeCloseTo(k === l ? 1 : 0, 12);
          }
        }
      }),
      { seed: 15, numRuns: 200 },
    );
  });
});
