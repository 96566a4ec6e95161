import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { binDataset } from './binned-dataset.js';
import { DecisionTreeClassifier } from '../estimators/decision-tree-classifier.js';
import { DecisionTreeRegressor } from '../estimators/decision-tree-regressor.js';

const N = Number.NaN;
const cell = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 5 }) }, { weight: 1, arbitrary: fc.constant(N) });
const weight = fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: fc.double({ min: 0.25, max: 3, noNaN: true }) });
const rows = fc.array(fc.tuple(cell, cell, cell, fc.integer({ min: 0, max: 2 }), weight), { minLength: 4, maxLength: 40 }).filter((r) => r.some((x) => x[4] > 0));

/** The model's tree without the fit's row count (the only place the dropped rows may show). */
const treeOf = (m: DecisionTreeClassifier | DecisionTreeRegressor) => JSON.parse(JSON.stringify(m.toJSON())).tree;

describe('rows of weight 0 take no part in the fit (scikit-learn: the splitter keeps sample_weight != 0 only)', () => {
  for (const splitter of ['best', 'hist', 'auto', 'random'] as const) {
    it(`splitter '${splitter}': the same tree as without those rows (classification and regression)`, () => {
      fc.assert(
        fc.property(rows, fc.integer({ min: 1, max: 3 }), (r, minSamplesLeaf) => {
          const X = r.map((x) => [x[0], x[1], x[2]]);
          const y = r.map((x) => x[3]);
          const w = r.map((x) => x[4]);
          const keep = r.map((_, i) => i).filter((i) => w[i]! > 0);
          const pick = <T,>(a: T[]) => keep.map((i) => a[i]!);
          // Integer minSamplesLeaf: fractions are of every row given, as scikit-learn's.
          const o = { splitter, minSamplesLeaf, seed: 3 };
          const withZeros = new DecisionTreeClassifier(o).fit(X, y, { sampleWeight: w });
          const without = new DecisionTreeClassifier(o).fit(pick(X), pick(y), { sampleWeight: pick(w) });
          // Classes seen only on rows of weight 0 stay classes (scikit-learn's classes_), with weight 0.
          if (withZeros.classes.length === without.classes.length) expect(treeOf(withZeros)).toEqual(treeOf(without));
          else expect(withZeros.nodeCount).toBe(without.nodeCount);
          const yr = y.map((v, i) => v * 1.5 + i / 7);
          const r1 = new DecisionTreeRegressor(o).fit(X, yr, { sampleWeight: w });
          const r2 = new DecisionTreeRegressor(o).fit(pick(X), pick(yr), { sampleWeight: pick(w) });
          expect(treeOf(r1)).toEqual(treeOf(r2));
        }),
        { numRuns: 25, seed: 11 },
      );
    });
  }

  it("the issue's case: threshold 1.0 and root samples 3, as scikit-learn 1.9.1 (not 0.5 and 4)", () => {
    for (const splitter of ['best', 'hist', 'random'] as const) {
      const m = new DecisionTreeClassifier({ splitter, seed: 0 }).fit([[0], [1], [2], [3]], [0, 0, 1, 1], { sampleWeight: [1, 0, 1, 1] });
      if (splitter !== 'random') expect(m.tree.threshold[0]).toBe(1);
      expect(m.tree.nSamples[0]).toBe(3);
    }
  });

  it('a BinnedDataset fit drops them too (its codes are gathered, the dataset is untouched)', () => {
    const X = [[0], [1], [2], [3], [N]];
    const ds = binDataset(X);
    const m = new DecisionTreeClassifier({ splitter: 'hist' }).fit(ds, [0, 0, 1, 1, 1], { sampleWeight: [1, 0, 1, 1, 0] });
    expect(m.tree.nSamples[0]).toBe(3);
    expect(m.tree.threshold[0]).toBe(1);
    // The NaN row weighed 0: the split saw no NaN, so NaN goes to the child with more rows (right, 2 vs 1).
    expect(m.tree.missingGoToLeft[0]).toBe(0);
    expect(ds.rows).toBe(5);
  });

  it('fractional minSamplesLeaf stays a fraction of every row given (scikit-learn: ceil(f · X.shape[0]))', () => {
    const X = [[0], [1], [2], [3], [4], [5], [6], [7]];
    const y = [0, 0, 0, 1, 1, 1, 1, 1];
    // ceil(0.25 · 8) = 2 rows per leaf; of the 4 rows weighing something, 2 go each way.
    const m = new DecisionTreeClassifier({ minSamplesLeaf: 0.25 }).fit(X, y, { sampleWeight: [1, 0, 1, 0, 1, 0, 1, 1] });
    for (const n of m.tree.reachable()) if (m.tree.isLeaf(n)) expect(m.tree.nSamples[n]).toBeGreaterThanOrEqual(2);
  });
});
