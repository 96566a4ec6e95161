import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DecisionTreeClassifier, DecisionTreeRegressor, type Tree } from '@dt/core';
import { ExtraTreesRegressor, RandomForestClassifier, RandomForestRegressor } from './random-forest.js';

const arrays = (t: Tree) => ({
  feature: Array.from(t.feature.subarray(0, t.nodeCount)),
  threshold: Array.from(t.threshold.subarray(0, t.nodeCount)),
  missing: Array.from(t.missingGoToLeft.subarray(0, t.nodeCount)),
  nSamples: Array.from(t.nSamples.subarray(0, t.nodeCount)),
  weighted: Array.from(t.weightedNSamples.subarray(0, t.nodeCount)),
  value: Array.from(t.value.subarray(0, t.nodeCount * t.nOutputs)),
});

/** The drawn rows (each once) of a row-major matrix and their draw-count weights: how a member's data is defined. */
function drawn(data: Float64Array, d: number, counts: Int32Array): { X: { data: Float64Array; rows: number; cols: number }; rows: number[]; w: number[] } {
  const rows: number[] = [];
  counts.forEach((c, r) => c > 0 && rows.push(r));
  const out = new Float64Array(rows.length * d);
  rows.forEach((r, j) => out.set(data.subarray(r * d, r * d + d), j * d));
  return { X: { data: out, rows: rows.length, cols: d }, rows, w: rows.map((r) => counts[r]!) };
}

// Pixels-like small integers, fractions with ties, and NaN (missing values) in one matrix.
const matrix = fc.integer({ min: 8, max: 60 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    d: fc.integer({ min: 1, max: 6 }),
    seed: fc.integer({ min: 0, max: 1000 }),
    cells: fc.array(fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 255 }), fc.double({ min: -2, max: 2, noNaN: true }).filter((v) => !Object.is(v, -0)), fc.constant(Number.NaN)), { minLength: n * 6, maxLength: n * 6 }),
    labels: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: n, maxLength: n }),
  }),
);

describe('forest members fitted on the shared rows (one feature index, a subset per member)', () => {
  it('are the trees fitted on their drawn rows with their draw counts as weights (property, brute force)', () => {
    fc.assert(
      fc.property(matrix, fc.constantFrom(null, 'balanced_subsample' as const), ({ n, d, seed, cells, labels }, classWeight) => {
        const data = Float64Array.from(cells.slice(0, n * d));
        const X = { data, rows: n, cols: d };
        const rf = new RandomForestClassifier({ nEstimators: 3, seed, maxFeatures: 'sqrt', classWeight }).fit(X, labels);
        const counts = rf.estimatorsDrawCounts;
        rf.estimators.forEach((m, i) => {
          const { X: Xm, rows, w } = drawn(data, d, counts[i]!);
          // Members are fitted on the forest's class codes.
          const ym = rows.map((r) => rf.classes.indexOf(labels[r]!));
          // balanced_subsample: 'balanced' over the draw, times the draw counts.
          let weight = w;
          if (classWeight !== null) {
            const per = new Map<number, number>();
            const total = w.reduce((a, b) => a + b, 0);
            ym.forEach((c, j) => per.set(c, (per.get(c) ?? 0) + w[j]!));
            weight = ym.map((c, j) => w[j]! * (total / (per.size * per.get(c)!)));
          }
          const oracle = new DecisionTreeClassifier(m.getParams()).fit(Xm, ym, { sampleWeight: weight });
          expect(arrays(m.tree)).toEqual(arrays(oracle.tree));
          expect(m.classes).toEqual(oracle.classes);
        });
      }),
      { seed: 14, numRuns: 40 },
    );
  });

  it('regression forests too (random forest and extra trees)', () => {
    fc.assert(
      fc.property(matrix, fc.boolean(), ({ n, d, seed, cells, labels }, extra) => {
        const data = Float64Array.from(cells.slice(0, n * d));
        const X = { data, rows: n, cols: d };
        const t = labels.map((c, j) => c * 1.5 + (j % 3));
        const rf = extra ? new ExtraTreesRegressor({ nEstimators: 3, seed, bootstrap: true }).fit(X, t) : new RandomForestRegressor({ nEstimators: 3, seed, maxFeatures: 0.5 }).fit(X, t);
        const counts = rf.estimatorsDrawCounts;
        rf.estimators.forEach((m, i) => {
          const { X: Xm, rows, w } = drawn(data, d, counts[i]!);
          const oracle = new DecisionTreeRegressor(m.getParams()).fit(Xm, rows.map((r) => t[r]!), { sampleWeight: w });
          expect(arrays(m.tree)).toEqual(arrays(oracle.tree));
        });
      }),
      { seed: 15, numRuns: 30 },
    );
  });
});
