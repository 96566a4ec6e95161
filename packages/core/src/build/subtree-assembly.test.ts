import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getCriterion } from '@dt/criteria';
import { createRandom } from '@dt/errors';
import { TreeBuilder, type ClassificationData, type GrowthParams, type RegressionData } from './builder.js';
import { treeToJson } from '../index.js';
import type { Tree } from '../tree/tree.js';
import { composeSearch } from '../search/compose-search.js';
import { histSplitter } from '../search/hist-splitter.js';
import type { SplitSearch } from '../search/split-record.js';

/** The whole flat tree, bit for bit (node statistics and values included). */
const json = (t: Tree): string => JSON.stringify(treeToJson(t));

const problem = fc.record({
  rows: fc.integer({ min: 2, max: 300 }),
  cols: fc.integer({ min: 1, max: 5 }),
  levels: fc.integer({ min: 2, max: 9 }),
  classes: fc.integer({ min: 2, max: 4 }),
  weighted: fc.boolean(),
  regression: fc.boolean(),
  maxDepth: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
  minSamplesLeaf: fc.integer({ min: 1, max: 4 }),
  minSamplesSplit: fc.integer({ min: 2, max: 9 }),
  minImpurityDecrease: fc.constantFrom(0, 0.001, 0.02),
  seed: fc.integer({ min: 0, max: 1_000_000 }),
});

function fitWith(p: typeof problem extends fc.Arbitrary<infer T> ? T : never, subtreeRows: number): Tree {
  const rng = createRandom(p.seed);
  const n = p.rows;
  const X = new Float64Array(n * p.cols);
  for (let i = 0; i < X.length; i++) X[i] = rng.int(p.levels);
  // Dyadic weights and integer targets: every histogram sum is exact, so a task's histograms
  // (built from its samples) equal the one-pass tree's (some by subtraction) bit for bit.
  const weights = p.weighted ? Float64Array.from({ length: n }, () => [0.5, 1, 2, 3.25][rng.int(4)]!) : null;
  const col = (i: number, f: number): number => X[f * n + i]!;
  const labels = Int32Array.from({ length: n }, (_, i) => (col(i, 0) + (p.cols > 1 ? col(i, 1) : 0) + rng.int(2)) % p.classes);
  const targets = Float64Array.from({ length: n }, (_, i) => col(i, 0) * 3 - (p.cols > 1 ? col(i, 1) : 0) + rng.int(3));
  const Xc = { data: X, rows: n, cols: p.cols };
  const data: ClassificationData | RegressionData = p.regression
    ? { task: 'regression', X: Xc, targets, weights, criterion: getCriterion('mse', 'regression') }
    : { task: 'classification', X: Xc, labels, nClasses: p.classes, weights, criterion: getCriterion('gini', 'classification') };
  const params: GrowthParams = {
    maxDepth: p.maxDepth ?? Number.POSITIVE_INFINITY,
    minSamplesSplit: p.minSamplesSplit,
    minSamplesLeaf: p.minSamplesLeaf,
    minWeightLeaf: 0,
    minImpurityDecrease: p.minImpurityDecrease,
    maxLeafNodes: null,
    misRate: null,
    subtreeRows,
  };
  return new TreeBuilder(data, histSearch(data, p.minSamplesLeaf, p.cols, 256), params).build();
}

/** The 'hist' search of a fit, composed as the estimators do. */
function histSearch(data: ClassificationData | RegressionData, minSamplesLeaf: number, maxFeatures: number, maxBins: number): SplitSearch {
  return composeSearch(data, { minSamplesLeaf, minWeightLeaf: 0, maxFeatures, rng: createRandom(1), splitter: histSplitter, projection: null, scaling: null, categorical: null, oblique: null, maxBins, parallel: null });
}

describe('subtree tasks (builder growInSubtrees)', () => {
  it('the tree assembled from subtree tasks equals the one-pass depth-first tree node for node (property)', () => {
    fc.assert(
      fc.property(problem, fc.integer({ min: 1, max: 60 }), (p, bound) => {
        const plain = json(fitWith(p, 0));
        expect(json(fitWith(p, bound))).toBe(plain);
        expect(json(fitWith(p, 1))).toBe(plain);
      }),
      { numRuns: 200, seed: 1313 },
    );
  });

  it('assembles a tree 200 levels deep (iteratively) into the one-pass tree', () => {
    // Targets 2^i on x = i: splits peel the largest targets off: a chain about 200 levels deep.
    const n = 400; // (2^399)² stays finite
    const data: RegressionData = {
      task: 'regression',
      X: { data: Float64Array.from({ length: n }, (_, i) => i), rows: n, cols: 1 },
      targets: Float64Array.from({ length: n }, (_, i) => 2 ** i),
      weights: null,
      criterion: getCriterion('mse', 'regression'),
    };
    const params = { maxDepth: Infinity, minSamplesSplit: 2, minSamplesLeaf: 1, minWeightLeaf: 0, minImpurityDecrease: 0, maxLeafNodes: null, misRate: null };
    const t = new TreeBuilder(data, histSearch(data, 1, 1, 65536), { ...params, subtreeRows: 3 }).build();
    expect(t.maxDepth).toBeGreaterThan(150);
    expect(json(t)).toBe(json(new TreeBuilder(data, histSearch(data, 1, 1, 65536), { ...params, subtreeRows: 0 }).build()));
  });
});
