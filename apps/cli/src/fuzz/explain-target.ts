import fc from 'fast-check';
import { DecisionTreeClassifier, DecisionTreeRegressor } from '@dt/core';
import { RandomForestClassifier, RandomForestRegressor } from '@dt/ensemble';
import { additivityError, treeShap, treeShapInteractions } from '@dt/explain';
import type { FuzzTarget } from './harness.js';

const cell = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: -5, max: 5, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e308, -1e308, 0, -0) },
);

const input = fc.record({
  kind: fc.constantFrom('tree', 'regression', 'forest', 'forest-regression'),
  d: fc.integer({ min: 1, max: 4 }),
  train: fc.array(fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: 4, maxLength: 4 }), { minLength: 2, maxLength: 30 }),
  rows: fc.array(fc.array(cell, { minLength: 0, maxLength: 5 }), { minLength: 0, maxLength: 4 }),
  background: fc.option(fc.array(fc.array(cell, { minLength: 4, maxLength: 4 }), { minLength: 0, maxLength: 3 })),
  interactions: fc.boolean(),
});

/**
 * treeShap / treeShapInteractions on fitted trees and forests with hostile rows (NaN, ±Infinity,
 * ±1e308, wrong widths, empty): every call is refused with a DtError or returns finite values that
 * add up to the prediction.
 */
export const explainTarget: FuzzTarget<typeof input extends fc.Arbitrary<infer T> ? T : never> = {
  name: 'explain (treeShap on hostile rows)',
  input,
  run(c) {
    const X = c.train.map((r) => r.slice(0, c.d));
    const y = X.map((r) => (r[0]! > 0 ? 1 : 0));
    const t = X.map((r) => r.reduce((a, b) => a + b, 0));
    const model =
      c.kind === 'tree'
        ? new DecisionTreeClassifier({ maxDepth: 4 }).fit(X, y)
        : c.kind === 'regression'
          ? new DecisionTreeRegressor({ maxDepth: 4 }).fit(X, t)
          : c.kind === 'forest'
            ? new RandomForestClassifier({ nEstimators: 3, maxDepth: 3, seed: 1 }).fit(X, y)
            : new RandomForestRegressor({ nEstimators: 3, maxDepth: 3, seed: 1 }).fit(X, t);
    const rows = c.rows.map((r) => r.slice(0, Math.max(0, r.length === 5 ? c.d : r.length)));
    const background = c.background === null ? null : c.background.map((r) => r.slice(0, c.d));
    const r = c.interactions
      ? treeShapInteractions(model, rows, { checkAdditivity: false })
      : treeShap(model, rows, { checkAdditivity: false, ...(background === null ? {} : { background }) });
    for (const v of r.values) if (!Number.isFinite(v)) return `SHAP value ${v}`;
    for (const v of r.expectedValue) if (!Number.isFinite(v)) return `expected value ${v}`;
    const err = additivityError(r);
    if (!(err <= 1e-9)) return `values + expectedValue miss the prediction by ${err} (relative)`;
    return null;
  },
};
