import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRandom } from '@dt/errors';
import { getCriterion, type ClassificationCriterion, type RegressionCriterion } from '@dt/criteria';
import type { Directions } from '@dt/projections';
import { NodeProjectionSearch } from './node-projection-search.js';
import { createSplitRecord, type NodeView } from '../split-record.js';

interface Case {
  n: number;
  d: number;
  colMajor: Float64Array;
  rowMajor: Float64Array;
  labels: Int32Array;
  dirs: Directions;
}

/** Random data (with repeated values) and directions: dense, sparse and all-zero ones. */
function makeCase(seed: number, n: number, d: number, count: number): Case {
  const rng = createRandom(seed);
  const rowMajor = new Float64Array(n * d);
  for (let i = 0; i < n * d; i++) rowMajor[i] = rng.next() < 0.2 ? 0 : Math.round((rng.next() * 2 - 1) * 40) / 8;
  const colMajor = new Float64Array(n * d);
  for (let r = 0; r < n; r++) for (let c = 0; c < d; c++) colMajor[c * n + r] = rowMajor[r * d + c]!;
  const labels = new Int32Array(n);
  for (let i = 0; i < n; i++) labels[i] = rowMajor[i * d]! + (d > 1 ? rowMajor[i * d + 1]! : 0) + rng.next() > 0.3 ? 1 : rng.next() < 0.5 ? 0 : 2;
  const dirs = new Float64Array(count * d);
  for (let k = 0; k < count; k++) {
    const kind = k % 3;
    for (let j = 0; j < d; j++) dirs[k * d + j] = kind === 2 && k % 2 === 0 ? 0 : kind === 1 && rng.next() < 0.6 ? 0 : rng.next() * 2 - 1;
  }
  return { n, d, colMajor, rowMajor, labels, dirs: { dirs, count } };
}

/** Regression variant: targets, positive sample weights and a per-feature scale the directions divide by. */
interface Extras {
  targets: Float64Array;
  weights: Float64Array;
  scale: Float64Array;
}

function extrasFor(c: Case, seed: number): Extras {
  const rng = createRandom(seed);
  const targets = new Float64Array(c.n).map((_, i) => c.rowMajor[i * c.d]! * 2 + rng.next());
  const weights = new Float64Array(c.n).map(() => 0.25 + rng.next() * 2);
  const scale = new Float64Array(c.d).map(() => 0.5 + rng.next() * 3);
  return { targets, weights, scale };
}

function splitter(c: Case, rowMajor: boolean, projectionBudget?: number, extras?: Extras): NodeProjectionSearch {
  return new NodeProjectionSearch({
    ...(projectionBudget === undefined ? {} : { projectionBudget }),
    X: { data: c.colMajor, rows: c.n, cols: c.d },
    rowMajor: rowMajor ? c.rowMajor : null,
    projector: { kind: 'node', nodeDirections: () => c.dirs },
    scale: extras ? extras.scale : null,
    labels: extras ? null : c.labels,
    nClasses: extras ? 0 : 3,
    targets: extras ? extras.targets : null,
    weights: extras ? extras.weights : null,
    classification: extras ? null : (getCriterion('gini', 'classification') as ClassificationCriterion),
    regression: extras ? (getCriterion('mse', 'regression') as RegressionCriterion) : null,
    minSamplesLeaf: 1,
    minWeightLeaf: 0,
  });
}

/** The NodeView of samples[start, end) with the given totals. */
function view(samples: Int32Array, start: number, end: number, classWeights: Float64Array | null, weightedSum: number, weight: number): NodeView {
  return { samples, start, end, classWeights, weightedSum, weight, impurity: 0.5, constants: new Int32Array(0), depth: 0 };
}

/** A node = a random subset of rows in a random order, as after earlier partitions. */
function nodeSamples(c: Case, seed: number): { samples: Int32Array; start: number; end: number; classWeights: Float64Array } {
  const rng = createRandom(seed);
  const samples = Int32Array.from({ length: c.n }, (_, i) => i);
  for (let i = c.n - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    const t = samples[i]!;
    samples[i] = samples[j]!;
    samples[j] = t;
  }
  const start = Math.floor(rng.next() * (c.n / 4));
  const end = c.n - Math.floor(rng.next() * (c.n / 4));
  const classWeights = new Float64Array(3);
  for (let i = start; i < end; i++) classWeights[c.labels[samples[i]!]!]!++;
  return { samples, start, end, classWeights };
}

describe('NodeProjectionSearch projection kernels', () => {
  it('row-major and gathered-column kernels give the same split and partition, equal to the naive projection (property)', () => {
    const found = [0, 0]; // splits found: classification, regression
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 8, max: 300 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }), // more than one direction batch
        fc.integer({ min: 1, max: 4000 }), // a small projection budget: batches of 1 to 16 directions
        fc.boolean(), // weighted regression with scaled directions instead of unweighted Gini
        (seed, n, d, count, budget, regression) => {
          const c = makeCase(seed, n, d, count);
          const node = nodeSamples(c, seed + 1);
          const m = node.end - node.start;
          const extras = regression ? extrasFor(c, seed + 2) : undefined;
          let totalWeight = m;
          let weightedSum = 0;
          if (extras) {
            totalWeight = 0;
            for (let i = node.start; i < node.end; i++) {
              const r = node.samples[i]!;
              totalWeight += extras.weights[r]!;
              weightedSum += extras.weights[r]! * extras.targets[r]!;
            }
          }
          const results = [true, false].map((rm) => {
            // Row kernel with a random batch size, gather kernel with the default one.
            const s = splitter(c, rm, rm ? budget : undefined, extras);
            const best = createSplitRecord(d);
            const samples = node.samples.slice();
            const v = view(samples, node.start, node.end, extras ? null : node.classWeights, weightedSum, totalWeight);
            s.findBest(v, best);
            const mid = best.found ? s.partition(v, best) : -1;
            return { best: { ...best, features: best.features.slice(0, best.nnz), weights: best.weights.slice(0, best.nnz) }, mid, samples };
          });
          const [a, b] = results as [(typeof results)[0], (typeof results)[0]];
          expect(b.best).toEqual(a.best);
          expect(b.mid).toBe(a.mid);
          expect(b.samples).toEqual(a.samples);
          if (!a.best.found) return;
          found[regression ? 1 : 0]!++;
          // The partition is the naive projection (summed from 0 in ascending feature order) vs the threshold.
          const k = a.best.candidate;
          for (let i = node.start; i < node.end; i++) {
            const r = a.samples[i]!;
            let z = 0;
            for (let j = 0; j < d; j++) {
              const w = extras ? c.dirs.dirs[k * d + j]! / extras.scale[j]! : c.dirs.dirs[k * d + j]!;
              if (w !== 0) z += w * c.rowMajor[r * d + j]!;
            }
            expect(z <= a.best.threshold, `row ${r} at ${i} (split at ${a.mid})`).toBe(i < a.mid);
          }
        },
      ),
      { numRuns: 150 },
    );
    // Both kinds of node were really split and checked against the naive projection.
    expect(found[0]).toBeGreaterThan(20);
    expect(found[1]).toBeGreaterThan(20);
  });

  it('skips all-zero directions and reports none when every direction is zero', () => {
    const c = makeCase(3, 50, 4, 2);
    c.dirs.dirs.fill(0);
    const node = nodeSamples(c, 4);
    for (const rm of [true, false]) {
      const best = createSplitRecord(4);
      splitter(c, rm).findBest(view(node.samples, node.start, node.end, node.classWeights, 0, node.end - node.start), best);
      expect(best.found).toBe(false);
    }
  });
});
