import { describe, expect, it } from 'vitest';
import { PCA } from 'ml-pca';
import { createRandom, InvalidArgumentError } from '@dt/errors';
import { globalPCA } from './global-pca.js';
import { dirOf, dot, fromRows, orthonormalityError, randomData } from './test-helpers/data.js';

describe('globalPCA', () => {
  it('gives every component with non-zero variance, sorted, unit-norm, as ml-pca does', () => {
    const rows = randomData(9, 80, 7, 0.7, 3);
    const fitted = globalPCA().prepare(fromRows(rows), createRandom(1));
    expect(fitted.kind).toBe('global');
    const g = fitted.globalDirections!;
    expect(g.count).toBe(7);
    expect(orthonormalityError(g, 7)).toBeLessThan(1e-12);
    const ref = new PCA(rows);
    for (let j = 0; j < 7; j++) {
      expect(Math.abs(dot(dirOf(g, 7, j), ref.getEigenvectors().getColumn(j)))).toBeCloseTo(1, 10);
      expect(g.variances![j]).toBeCloseTo((ref.getEigenvalues()[j]! * 79) / 80, 10);
    }
  });

  it('drops zero-variance directions and honours maxComponents', () => {
    // Third feature = first + second, fourth constant: rank 2.
    const rows = randomData(1, 50, 2).map(([a, b]) => [a!, b!, a! + b!, 7]);
    const g = globalPCA().prepare(fromRows(rows), createRandom(1)).globalDirections!;
    expect(g.count).toBe(2);
    for (let j = 0; j < 2; j++) {
      expect(dot(dirOf(g, 4, j), [1, 1, -1, 0])).toBeCloseTo(0, 12);
      expect(dirOf(g, 4, j)[3]).toBeCloseTo(0, 14);
    }
    expect(globalPCA({ maxComponents: 1 }).prepare(fromRows(rows), createRandom(1)).globalDirections!.count).toBe(1);
    expect(globalPCA().prepare(fromRows([[1, 2]]), createRandom(1)).globalDirections!.count).toBe(0);
    expect(() => globalPCA({ maxComponents: -1 })).toThrow(InvalidArgumentError);
  });

  it('weights act as repeated rows', () => {
    const rows = randomData(6, 30, 5);
    const weights = rows.map((_, i) => (i % 4) + 1);
    const a = globalPCA().prepare(fromRows(rows, undefined, weights), createRandom(1)).globalDirections!;
    const b = globalPCA().prepare(fromRows(rows.flatMap((r, i) => Array.from({ length: weights[i]! }, () => r))), createRandom(1)).globalDirections!;
    expect(a.count).toBe(b.count);
    for (let j = 0; j < a.count; j++) {
      expect(Math.abs(dot(dirOf(a, 5, j), dirOf(b, 5, j)))).toBeCloseTo(1, 10);
      expect(a.variances![j]).toBeCloseTo(b.variances![j]!, 12);
    }
  });
});
