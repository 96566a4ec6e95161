// Test helpers: column-major ProjectionData from rows, random data, and direction checks.
import { createRandom } from '@dt/errors';
import type { Directions, ProjectionData } from '../types.js';

export function fromRows(rows: readonly (readonly number[])[], labels?: readonly number[], weights?: readonly number[]): ProjectionData {
  const n = rows.length;
  const d = rows[0]?.length ?? 1;
  const data = new Float64Array(n * d);
  rows.forEach((r, i) => r.forEach((v, f) => (data[f * n + i] = v)));
  const lab = labels === undefined ? null : Int32Array.from(labels);
  return {
    data,
    rows: n,
    cols: d,
    labels: lab,
    nClasses: lab === null ? 0 : Math.max(0, ...labels!) + 1,
    weights: weights === undefined ? null : Float64Array.from(weights),
  };
}

/** Row i of column-major data as an array. */
export function rowOf(data: ProjectionData, i: number): number[] {
  return Array.from({ length: data.cols }, (_, f) => data.data[f * data.rows + i]!);
}

export function allSamples(n: number): Int32Array {
  return Int32Array.from({ length: n }, (_, i) => i);
}

/** Direction j as an array. */
export function dirOf(dirs: Directions, d: number, j: number): number[] {
  return Array.from(dirs.dirs.subarray(j * d, (j + 1) * d));
}

export function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** Largest |v_j·v_k − δ_jk| over the first count directions. */
export function orthonormalityError(dirs: Directions, d: number): number {
  let err = 0;
  for (let j = 0; j < dirs.count; j++) {
    for (let k = 0; k < dirs.count; k++) {
      err = Math.max(err, Math.abs(dot(dirOf(dirs, d, j), dirOf(dirs, d, k)) - (j === k ? 1 : 0)));
    }
  }
  return err;
}

/**
 * n rows of d features: independent normals with standard deviations decay^f, rotated by a random
 * orthogonal matrix, shifted by `offset` (distinct, well separated variances; non-axis directions).
 */
export function randomData(seed: number, n: number, d: number, decay = 0.6, offset = 0): number[][] {
  const rng = createRandom(seed);
  const normal = (): number => {
    const u = 1 - rng.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
  };
  // Random orthogonal Q by Gram–Schmidt on a normal matrix.
  const Q: number[][] = [];
  for (let j = 0; j < d; j++) {
    let v = Array.from({ length: d }, normal);
    for (const q of Q) {
      const p = dot(v, q);
      v = v.map((x, i) => x - p * q[i]!);
    }
    const norm = Math.sqrt(dot(v, v));
    Q.push(v.map((x) => x / norm));
  }
  return Array.from({ length: n }, () => {
    const z = Array.from({ length: d }, (_, f) => normal() * decay ** f);
    return Array.from({ length: d }, (_, i) => offset + Q.reduce((s, q, f) => s + z[f]! * q[i]!, 0));
  });
}
