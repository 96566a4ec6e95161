import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { symmetricEvd } from './symmetric-evd.js';

/** ml-matrix's symmetric EVD: eigenvalues ascending and eigenvector j as row j (its column j). */
function reference(A: Float64Array, n: number): { d: Float64Array; v: Float64Array } {
  const evd = new EigenvalueDecomposition(Matrix.from1DArray(n, n, A), { assumeSymmetric: true });
  const V = evd.eigenvectorMatrix;
  const v = new Float64Array(n * n);
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) v[j * n + i] = V.get(i, j);
  return { d: Float64Array.from(evd.realEigenvalues), v };
}

/** Symmetric n×n from n·n draws; `zeros` empties rows/columns (the tridiagonalisation's scale = 0 branch). */
function symmetric(n: number, draws: number[], zeros: number[], repeat: boolean): Float64Array {
  const A = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) {
      const x = draws[i * n + j]!;
      A[i * n + j] = A[j * n + i] = x;
    }
  }
  // A Gram matrix BᵀB of a low-rank B has a repeated eigenvalue 0 and exact structure.
  if (repeat) {
    const G = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
      let s = 0;
      for (let k = 0; k < 2; k++) s += A[k * n + i]! * A[k * n + j]!;
      G[i * n + j] = s;
    }
    A.set(G);
  }
  for (const z of zeros) {
    const r = z % n;
    for (let k = 0; k < n; k++) A[r * n + k] = A[k * n + r] = 0;
  }
  return A;
}

const bits = (a: Float64Array): string => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('hex');

describe('symmetricEvd: ml-matrix symmetric EVD on a flat array', () => {
  it('gives ml-matrix eigenvalues and eigenvectors bit for bit (property, seeded)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 }),
        fc.array(fc.double({ min: -100, max: 100, noNaN: true }), { minLength: 576, maxLength: 576 }),
        fc.array(fc.nat(), { maxLength: 3 }),
        fc.boolean(),
        (n, draws, zeros, repeat) => {
          const A = symmetric(n, draws, zeros, repeat);
          const ours = symmetricEvd(A, n);
          const ref = reference(A, n);
          expect(bits(ours.d)).toBe(bits(ref.d));
          expect(bits(ours.v)).toBe(bits(ref.v));
        },
      ),
      { seed: 18, numRuns: 300 },
    );
  });

  it('matches on a covariance of image-like data (a zero pixel, integer values)', () => {
    const n = 40;
    const rows = 60;
    let state = 7;
    const X = new Float64Array(rows * n);
    for (let i = 0; i < X.length; i++) {
      state = (state * 1103515245 + 12345) % 2147483648;
      X[i] = i % n === 3 ? 0 : state % 256;
    }
    const C = new Float64Array(n * n);
    for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) {
      let s = 0;
      for (let r = 0; r < rows; r++) s += X[r * n + a]! * X[r * n + b]!;
      C[a * n + b] = s / rows;
    }
    const ours = symmetricEvd(C, n);
    const ref = reference(C, n);
    expect(bits(ours.d)).toBe(bits(ref.d));
    expect(bits(ours.v)).toBe(bits(ref.v));
    // A real decomposition: C·v = λ·v for the largest pair.
    const j = n - 1;
    for (let a = 0; a < n; a++) {
      let cv = 0;
      for (let b = 0; b < n; b++) cv += C[a * n + b]! * ours.v[j * n + b]!;
      expect(cv).toBeCloseTo(ours.d[j]! * ours.v[j * n + a]!, 6);
    }
  });
});
