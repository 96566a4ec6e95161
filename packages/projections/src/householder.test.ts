import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { createRandom, InvalidArgumentError } from '@dt/errors';
import { runReadmeExample } from '@dt/vitest-config/readme';
import { denseDirections, directionCount } from './directions.js';
import { householder } from './householder.js';
import type { HouseholderOptions } from './householder.js';
import { getProjection } from './built-ins.js';
import type { Directions, ProjectionData } from './types.js';
import { allSamples, dirOf, dot, fromRows, randomData } from './test-helpers/data.js';

function directions(data: ProjectionData, options: HouseholderOptions, samples = allSamples(data.rows), start = 0, end = samples.length): Directions {
  const out = householder(options).prepare(data, createRandom(1)).nodeDirections!(samples, start, end);
  return { dirs: denseDirections(out, data.cols), count: directionCount(out, data.cols) };
}

/** By the definition: sample covariance (÷ n−1) of a class, ml-matrix EVD, eigenvectors by decreasing eigenvalue. */
function classEigen(rows: number[][]): { values: number[]; vectors: number[][] } {
  const n = rows.length;
  const p = rows[0]!.length;
  const mean = Array.from({ length: p }, (_, f) => rows.reduce((s, r) => s + r[f]!, 0) / n);
  const S = Matrix.zeros(p, p);
  for (const r of rows) for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) S.set(a, b, S.get(a, b) + ((r[a]! - mean[a]!) * (r[b]! - mean[b]!)) / (n - 1));
  const evd = new EigenvalueDecomposition(S, { assumeSymmetric: true });
  const order = evd.realEigenvalues.map((v, j) => [v, j] as const).sort((x, y) => y[0] - x[0]);
  return { values: order.map(([v]) => v), vectors: order.map(([, j]) => signFixed(evd.eigenvectorMatrix.getColumn(j))) };
}

function signFixed(v: number[]): number[] {
  let at = 0;
  v.forEach((x, i) => {
    if (Math.abs(x) > Math.abs(v[at]!)) at = i;
  });
  return v[at]! < 0 ? v.map((x) => -x) : v;
}

/** The p×p Householder matrix of the paper's equation (2), columns as arrays. */
function householderColumns(d: number[]): number[][] {
  const p = d.length;
  const diff = d.map((x, f) => (f === 0 ? 1 : 0) - x);
  const norm = Math.hypot(...diff);
  const u = diff.map((x) => x / norm);
  return Array.from({ length: p }, (_, j) => Array.from({ length: p }, (_, i) => (i === j ? 1 : 0) - 2 * u[i]! * u[j]!));
}

const identityRows = (p: number) => Array.from({ length: p }, (_, j) => Array.from({ length: p }, (_, f) => (f === j ? 1 : 0)));

/** Two classes, each a rotated elongated Gaussian cloud, shifted apart. */
function twoClouds(seed: number, n: number, p: number): { rows: number[][]; labels: number[] } {
  const a = randomData(seed, n, p, 0.5);
  const b = randomData(seed + 1000, n, p, 0.4, 3);
  return { rows: [...a, ...b], labels: [...a.map(() => 0), ...b.map(() => 1)] };
}

describe('householder', () => {
  it('validates its options', () => {
    expect(() => householder({} as never)).toThrow(InvalidArgumentError);
    expect(() => householder({ variant: 'B' } as never)).toThrow('options.variant must be one of "A", "D", got "B"');
    expect(() => householder({ variant: 'A', tau: -1 })).toThrow(InvalidArgumentError);
    expect(() => householder({ variant: 'A', tau: Number.NaN })).toThrow(InvalidArgumentError);
    expect(() => householder({ variant: 'D', obliqueOnlyWhenNGreaterThan2p: 1 } as never)).toThrow(InvalidArgumentError);
    expect(() => householder({ variant: 'D', taus: 1 } as never)).toThrow(/options\.taus/);
    expect(householder({ variant: 'A' }).options).toEqual({ variant: 'A', tau: 0.05, obliqueOnlyWhenNGreaterThan2p: false, includeAxes: false });
    expect(householder({ variant: 'A' }).name).toBe('householder-a');
    expect(householder({ variant: 'D', tau: 0.1 }).name).toBe('householder-d');
    expect(getProjection('householder-d').options).toMatchObject({ variant: 'D', tau: 0.05 });
    expect(() => householder({ variant: 'A' }).prepare(fromRows([[1], [2]]), createRandom(1))).toThrow(/classification/);
  });

  it('D: one reflection per class, H·e1 = the dominant eigenvector, columns = H (equation 2)', () => {
    const { rows, labels } = twoClouds(3, 30, 4);
    const out = directions(fromRows(rows, labels), { variant: 'D' });
    expect(out.count).toBe(2 * 4);
    for (const c of [0, 1]) {
      const { vectors } = classEigen(rows.filter((_, i) => labels[i] === c));
      const d = vectors[0]!;
      // The block's first column is H·e1 = d ...
      dirOf(out, 4, c * 4).forEach((v, f) => expect(v).toBeCloseTo(d[f]!, 10));
      // ... and the block is H itself.
      const H = householderColumns(d);
      for (let j = 0; j < 4; j++) dirOf(out, 4, c * 4 + j).forEach((v, f) => expect(v).toBeCloseTo(H[j]![f]!, 10));
    }
  });

  it('A: p reflections per class (every eigenvector), each block orthonormal with H·e1 = d', () => {
    const { rows, labels } = twoClouds(5, 25, 3);
    const out = directions(fromRows(rows, labels), { variant: 'A' });
    expect(out.count).toBe(2 * 3 * 3);
    for (const c of [0, 1]) {
      const { vectors } = classEigen(rows.filter((_, i) => labels[i] === c));
      for (let j = 0; j < 3; j++) {
        const base = (c * 3 + j) * 3;
        dirOf(out, 3, base).forEach((v, f) => expect(v).toBeCloseTo(vectors[j]![f]!, 9));
        for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) expect(dot(dirOf(out, 3, base + a), dirOf(out, 3, base + b))).toBeCloseTo(a === b ? 1 : 0, 13);
      }
    }
  });

  it('every direction is a unit vector and each block of p is orthonormal (property, with weights)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 2, max: 4 }), fc.boolean(), fc.boolean(), (seed, p, C, all, weighted) => {
        const rng = createRandom(seed);
        const n = 12 + Math.floor(rng.next() * 30);
        const rows = randomData(seed, n, p, 0.7, 2);
        const labels = rows.map(() => Math.floor(rng.next() * C));
        const weights = weighted ? rows.map(() => rng.next() * 3) : undefined;
        const out = directions(fromRows(rows, labels, weights), { variant: all ? 'A' : 'D' });
        expect(out.count % p).toBe(0);
        expect(out.count).toBeGreaterThan(0);
        for (let b = 0; b < out.count; b += p) {
          for (let j = 0; j < p; j++) {
            for (let k = j; k < p; k++) expect(Math.abs(dot(dirOf(out, p, b + j), dirOf(out, p, b + k)) - (j === k ? 1 : 0))).toBeLessThan(1e-12);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('tau: an eigenvector within tau of an axis (either sign) gives the axes instead of a reflection', () => {
    // Class 0 stretched along (sin θ, ±cos θ): ‖e2 ∓ d‖ = 2 sin(θ/2) ≈ θ. Class 1 a single point.
    for (const sign of [1, -1]) {
      const theta = 0.03;
      const rng = createRandom(7);
      const rows: number[][] = [];
      for (let i = 0; i < 40; i++) {
        const t = rng.next() * 10 - 5;
        const s = (rng.next() - 0.5) * 0.01;
        rows.push([t * Math.sin(theta) + s * Math.cos(theta), sign * (t * Math.cos(theta) - s * Math.sin(theta))]);
      }
      rows.push([9, 9]);
      const data = fromRows(rows, [...rows.slice(1).map(() => 0), 1]);
      const near = directions(data, { variant: 'D', tau: 0.05 });
      expect(near.count).toBe(2);
      expect([dirOf(near, 2, 0), dirOf(near, 2, 1)]).toEqual(identityRows(2));
      const far = directions(data, { variant: 'D', tau: 0.01 });
      expect(far.count).toBe(2);
      expect(Math.abs(dirOf(far, 2, 0)[1]!)).toBeCloseTo(Math.cos(theta), 3);
    }
  });

  it('A with tau: axes appear once even when several eigenvectors are near an axis', () => {
    // Axis-aligned clouds: every eigenvector of both classes is an axis.
    const rng = createRandom(11);
    const rows: number[][] = [];
    const labels: number[] = [];
    for (let i = 0; i < 50; i++) {
      rows.push([rng.next() * 4, rng.next() * 0.5, rng.next() * 0.1]);
      labels.push(i % 2);
    }
    const out = directions(fromRows(rows, labels), { variant: 'A' });
    expect(out.count).toBe(3);
    expect([0, 1, 2].map((j) => dirOf(out, 3, j))).toEqual(identityRows(3));
  });

  it('degenerate classes (section 3.1): one sample or identical samples are skipped; none left → axes', () => {
    const p = 3;
    const good = randomData(2, 10, p, 0.8);
    const rows = [...good, [5, 5, 5], [1, 2, 3], [1, 2, 3], [1, 2, 3]];
    const labels = [...good.map(() => 0), 1, 2, 2, 2];
    const data = fromRows(rows, labels);
    // Only class 0 can give eigenvectors.
    const d = directions(data, { variant: 'D' });
    expect(d.count).toBe(p);
    const { vectors } = classEigen(good);
    dirOf(d, p, 0).forEach((v, f) => expect(v).toBeCloseTo(vectors[0]![f]!, 10));
    expect(directions(data, { variant: 'A' }).count).toBe(p * p);
    // Node of the degenerate classes only: axis splits.
    const deg = allSamples(rows.length).subarray(10);
    const axes = directions(data, { variant: 'A' }, deg, 0, deg.length);
    expect(axes.count).toBe(p);
    expect([0, 1, 2].map((j) => dirOf(axes, p, j))).toEqual(identityRows(p));
    // A single class with a singular covariance: zero eigenvalues give no reflection (part 1).
    const line = Array.from({ length: 8 }, (_, i) => [i, 2 * i, -i]);
    const lineOut = directions(fromRows([...line, [0, 0, 9]], [...line.map(() => 0), 1]), { variant: 'A' });
    expect(lineOut.count).toBe(p); // one non-zero eigenvalue → one reflection
    const dir = [1, 2, -1].map((v) => v / Math.sqrt(6));
    dirOf(lineOut, p, 0).forEach((v, f) => expect(v).toBeCloseTo(signFixed(dir)[f]!, 12));
    // One sample in the node: nothing to split.
    expect(directions(data, { variant: 'A' }, allSamples(rows.length), 3, 4).count).toBe(0);
  });

  it('zero-weight samples do not count; integer weights equal repeated rows', () => {
    const rows = randomData(4, 12, 3, 0.7);
    const labels = rows.map((_, i) => i % 2);
    // Class 1 keeps only one sample with weight: skipped, so only class 0's reflection remains.
    const w = rows.map((_, i) => (i % 2 === 1 && i > 1 ? 0 : 1));
    expect(directions(fromRows(rows, labels, w), { variant: 'D' }).count).toBe(3);
    const w2 = rows.map((_, i) => 1 + (i % 3));
    const repeated = rows.flatMap((r, i) => Array.from({ length: w2[i]! }, () => r));
    const repeatedLabels = rows.flatMap((_, i) => Array.from({ length: w2[i]! }, () => labels[i]!));
    const a = directions(fromRows(rows, labels, w2), { variant: 'A' });
    const b = directions(fromRows(repeated, repeatedLabels), { variant: 'A' });
    expect(a.count).toBe(b.count);
    for (let i = 0; i < a.dirs.length; i++) expect(a.dirs[i]).toBeCloseTo(b.dirs[i]!, 9);
  });

  it('obliqueOnlyWhenNGreaterThan2p gives axes at nodes with n ≤ 2p; includeAxes adds them first', () => {
    const { rows, labels } = twoClouds(9, 4, 3); // 8 rows, p = 3: 8 > 6, oblique
    const data = fromRows(rows, labels);
    expect(directions(data, { variant: 'D', obliqueOnlyWhenNGreaterThan2p: true }).count).toBe(6);
    const six = Int32Array.of(0, 1, 2, 4, 5, 6);
    const small = directions(data, { variant: 'D', obliqueOnlyWhenNGreaterThan2p: true }, six, 0, 6);
    expect([0, 1, 2].map((j) => dirOf(small, 3, j))).toEqual(identityRows(3));
    expect(small.count).toBe(3);
    expect(directions(data, { variant: 'D' }, six, 0, 6).count).toBe(6);
    const withAxes = directions(data, { variant: 'D', includeAxes: true });
    expect(withAxes.count).toBe(9);
    expect([0, 1, 2].map((j) => dirOf(withAxes, 3, j))).toEqual(identityRows(3));
    expect(Array.from(withAxes.dirs.subarray(9))).toEqual(Array.from(directions(data, { variant: 'D' }).dirs));
  });

  it('uses only the node’s samples and is deterministic', () => {
    const { rows, labels } = twoClouds(12, 20, 4);
    const data = fromRows(rows, labels);
    const perm = Int32Array.from(allSamples(rows.length)).reverse();
    const m = 25; // reversed: the node holds rows 39..15, both classes
    const node = [...perm.subarray(0, m)];
    const a = directions(data, { variant: 'A' }, perm, 0, m);
    const b = directions(fromRows(node.map((i) => rows[i]!), node.map((i) => labels[i]!)), { variant: 'A' });
    expect(a.count).toBe(b.count);
    for (let i = 0; i < a.dirs.length; i++) expect(a.dirs[i]).toBeCloseTo(b.dirs[i]!, 10);
    expect(directions(data, { variant: 'A' }, perm, 0, m)).toEqual(a);
  });

  it('directions do not depend on the order of the training rows, even for tied eigenvector entries', () => {
    // Each class is closed under swapping its two features, so its covariance has equal diagonal
    // entries and eigenvectors (1, 1)/√2 and (1, −1)/√2: exact ties in magnitude, broken either way
    // by rounding, which depends on the order in which the rows are summed.
    const rng = createRandom(4);
    const rows: number[][] = [];
    const labels: number[] = [];
    for (let c = 0; c < 2; c++) {
      for (let k = 0; k < 12; k++) {
        const t = (rng.next() - 0.5) * (c === 0 ? 10 : 1);
        const s = (rng.next() - 0.5) * (c === 0 ? 1 : 10);
        rows.push([3 * c + s + t, 3 * c + s - t], [3 * c + s - t, 3 * c + s + t]);
        labels.push(c, c);
      }
    }
    const n = rows.length;
    for (const variant of ['A', 'D'] as const) {
      const ref = directions(fromRows(rows, labels), { variant });
      expect(ref.count).toBe(variant === 'A' ? 2 * 2 * 2 : 2 * 2);
      for (let trial = 0; trial < 40; trial++) {
        const order = Array.from({ length: n }, (_, i) => i);
        for (let i = n - 1; i > 0; i--) {
          const j = Math.floor(rng.next() * (i + 1));
          [order[i], order[j]] = [order[j]!, order[i]!];
        }
        const out = directions(fromRows(order.map((i) => rows[i]!), order.map((i) => labels[i]!)), { variant });
        expect(out.count).toBe(ref.count);
        for (let i = 0; i < ref.count * 2; i++) expect(Math.abs(out.dirs[i]! - ref.dirs[i]!)).toBeLessThan(1e-9);
      }
    }
  });

  it('README example runs', async () => {
    await runReadmeExample(new URL('../README.md', import.meta.url).pathname, 1);
  });
});

describe('householder on wide data (p > GRAM_MIN_FEATURES, classes with fewer rows than features)', () => {
  it('A: the Gram route gives the covariance eigenvectors (H·e1 = d for each non-zero eigenvalue), as reflections only', () => {
    const p = 90;
    const { rows, labels } = twoClouds(11, 8, p);
    const data = fromRows(rows, labels);
    const out = householder({ variant: 'A' }).prepare(data, createRandom(1)).nodeDirections!(allSamples(rows.length), 0, rows.length);
    // Reflections, no p × p dense weights.
    expect(out.count).toBe(0);
    expect(out.dirs.length).toBe(0);
    expect(out.reflections!.count).toBe(2 * 7); // 8 rows per class: 7 non-zero variances each
    const dense = { dirs: denseDirections(out, p), count: directionCount(out, p) };
    for (const c of [0, 1]) {
      const { vectors } = classEigen(rows.filter((_, i) => labels[i] === c));
      for (let j = 0; j < 7; j++) {
        dirOf(dense, p, (c * 7 + j) * p).forEach((v, f) => expect(Math.abs(v - vectors[j]![f]!)).toBeLessThan(1e-8));
      }
    }
  });
});
