// The order of the training rows is not information: every named algorithm (the Max-Cut paper's
// eight, HHCART(A)/(D)) must predict the same after the rows are permuted. Sums over a node's rows
// are taken in row order, so directions may differ by rounding; the sign rule and the zero-variance
// rule of @dt/projections must not turn such differences into different candidate directions.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRandom } from '@dt/errors';
import { loadDataset } from '@dt/datasets';
import { createClassifier, listAlgorithms } from '../index.js';

function shuffled(n: number, seed: number): number[] {
  const rng = createRandom(seed);
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** Continuous features of different scales (labels from an oblique rule plus noise). */
function continuousData(seed: number, n: number, d: number, nClasses: number): { X: number[][]; y: number[] } {
  const rng = createRandom(seed);
  const scales = Array.from({ length: d }, () => 10 ** Math.floor(rng.next() * 5 - 2));
  const X: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i++) {
    const z = Array.from({ length: d }, () => rng.next() * 2 - 1);
    const s = z.reduce((a, v, f) => a + v * (f % 2 === 0 ? 1 : -0.7), 0) + 0.3 * (rng.next() - 0.5);
    X.push(z.map((v, f) => v * scales[f]!));
    y.push(Math.min(nClasses - 1, Math.max(0, Math.floor(((s + d) / (2 * d)) * nClasses * 1.5 - 0.25 * nClasses))));
  }
  return { X, y };
}

describe('row-order invariance of every named algorithm', () => {
  it('permuting the training rows does not change predictions (property, continuous data)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 2, max: 3 }),
        fc.constantFrom(...listAlgorithms()),
        fc.boolean(),
        (seed, d, nClasses, name, scale) => {
          const n = 30 + (seed % 50);
          const { X, y } = continuousData(seed, n, d, nClasses);
          const test = continuousData(seed + 1, 200, d, nClasses).X;
          const order = shuffled(n, seed + 2);
          const a = createClassifier(name, { scale, seed: 3 }).fit(X, y);
          const b = createClassifier(name, { scale, seed: 3 }).fit(order.map((i) => X[i]!), order.map((i) => y[i]!));
          expect(b.nLeaves).toBe(a.nLeaves);
          expect(b.predict(test)).toEqual(a.predict(test));
          expect(b.predict(X)).toEqual(a.predict(X));
        },
      ),
      { numRuns: 150, seed: 31 },
    );
  });

  it('HHCART: classes with exactly tied eigenvector entries (closed under swapping two features)', () => {
    // Each class's covariance has equal diagonal entries: eigenvectors (1, 1, ·)/√2-like and
    // (1, −1, 0)/√2, whose sign (and so the Householder reflection) rounding used to decide. Before
    // the total sign rule, some of these permutations changed predictions (2 features, seed 8: both
    // variants; 3 features, seed 9: HHCART(D)).
    for (const [p, seed] of [
      [2, 8],
      [3, 9],
    ] as const) {
      const rng = createRandom(seed);
      const X: number[][] = [];
      const y: number[] = [];
      for (let c = 0; c < 3; c++) {
        for (let k = 0; k < 15; k++) {
          const t = (rng.next() - 0.5) * (c === 1 ? 1 : 8);
          const s = c * 1.5 + (rng.next() - 0.5) * (c === 1 ? 8 : 1);
          const z = rng.next() * 3;
          X.push([s + t, s - t, z].slice(0, p), [s - t, s + t, z].slice(0, p));
          y.push(c, c);
        }
      }
      const test = Array.from({ length: 400 }, () => [rng.next() * 12 - 6, rng.next() * 12 - 6, rng.next() * 3].slice(0, p));
      for (const name of ['hhcart-a', 'hhcart-d']) {
        const a = createClassifier(name, { seed: 1 }).fit(X, y);
        const expected = a.predict(test);
        for (let trial = 0; trial < 10; trial++) {
          const order = shuffled(X.length, 100 + trial);
          const b = createClassifier(name, { seed: 1 }).fit(order.map((i) => X[i]!), order.map((i) => y[i]!));
          expect(b.nLeaves).toBe(a.nLeaves);
          expect(b.predict(test)).toEqual(expected);
        }
      }
    }
  });

  it('breast-cancer-wisconsin (integer features 1..10): three CV folds, every algorithm, scaled or not', async () => {
    // Fits take 1–50 ms here (CPU), so this stays with the fast tests.
    const ds = await loadDataset('breast-cancer-wisconsin');
    const { rows: n, cols: d, data } = ds.X;
    const X = Array.from({ length: n }, (_, r) => Array.from(data.subarray(r * d, (r + 1) * d)));
    const y = ds.y as (string | number)[];
    const order = shuffled(n, 1);
    for (let fold = 0; fold < 3; fold++) {
      const train = order.filter((_, i) => i % 10 !== fold);
      const Xt = train.map((i) => X[i]!);
      const yt = train.map((i) => y[i]!);
      const perm = shuffled(train.length, 10 + fold);
      for (const name of listAlgorithms()) {
        for (const scale of [false, true]) {
          const a = createClassifier(name, { scale, seed: 1 }).fit(Xt, yt);
          const b = createClassifier(name, { scale, seed: 1 }).fit(perm.map((i) => Xt[i]!), perm.map((i) => yt[i]!));
          expect(b.nLeaves, `${name} scale=${scale} fold ${fold}`).toBe(a.nLeaves);
          expect(b.predict(X), `${name} scale=${scale} fold ${fold}`).toEqual(a.predict(X));
        }
      }
    }
  });
});
