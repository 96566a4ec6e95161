import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '@dt/errors';
import type { TreeEnsembleView, ViewTree } from './ensemble-view.js';
import { bruteInteractions, bruteShapley, interventionalValue, pathValue, randomTree } from './testing-fixtures/brute-force.js';
import { treeShap, treeShapInteractions } from './tree-shap.js';

/** |a − b| ≤ 1e-9 · (1 + max |b|) elementwise. */
function expectClose(a: Float64Array, b: Float64Array): void {
  expect(a.length).toBe(b.length);
  let scale = 1;
  for (const v of b) scale = Math.max(scale, Math.abs(v));
  for (let i = 0; i < a.length; i++) {
    if (!(Math.abs(a[i]! - b[i]!) <= 1e-9 * scale)) expect.fail(`entry ${i}: ${a[i]} vs brute force ${b[i]}`);
  }
}

type Kind = 'regression' | 'classifier' | 'boosted';

/** A random view of each kind the interface describes: averaged regressors, classifier trees with class maps and feature subsets, per-class boosted trees with a base score. */
function randomView(seed: number, M: number, kind: Kind, nTrees: number): TreeEnsembleView {
  const rng = createRandom(seed);
  const rand = (): number => rng.next();
  const K = kind === 'regression' ? 1 : 3;
  const trees: ViewTree[] = [];
  for (let i = 0; i < nTrees; i++) {
    const subset = M > 2 && rand() < 0.4;
    const d = subset ? M - 1 : M;
    const features = subset ? Int32Array.from({ length: d }, (_, j) => (j + i) % M) : null;
    if (kind === 'classifier') {
      const partial = rand() < 0.5;
      const tree = randomTree(rand, d, partial ? 2 : 3, 5);
      trees.push({ tree, weight: 1 / nTrees, output: 0, normalize: true, features, classMap: partial ? Int32Array.of(0, 2) : null });
    } else {
      const tree = randomTree(rand, d, 1, 5);
      trees.push({ tree, weight: kind === 'boosted' ? 0.3 : 1 / nTrees, output: kind === 'boosted' ? i % K : 0, normalize: false, features, classMap: null });
    }
  }
  return {
    nFeatures: M,
    nOutputs: K,
    trees,
    baseValue: kind === 'boosted' ? Float64Array.of(0.5, -0.25, 0.1) : new Float64Array(K),
    units: kind === 'classifier' ? 'probability' : kind === 'boosted' ? 'margin' : 'value',
    outputNames: null,
    featureNames: null,
  };
}

function randomRows(seed: number, n: number, M: number, nanRate: number): number[][] {
  const rng = createRandom(seed);
  return Array.from({ length: n }, () => Array.from({ length: M }, () => (rng.next() < nanRate ? Number.NaN : rng.next() * 2.4 - 1.2)));
}

const arb = fc.record({
  seed: fc.integer({ min: 0, max: 1_000_000 }),
  M: fc.integer({ min: 1, max: 8 }),
  kind: fc.constantFrom<Kind>('regression', 'classifier', 'boosted'),
  nTrees: fc.integer({ min: 1, max: 3 }),
});

describe('treeShap equals Shapley values by subset enumeration', () => {
  it('path-dependent: E[f | x_S] by the covers', () => {
    fc.assert(
      fc.property(arb, ({ seed, M, kind, nTrees }) => {
        const view = randomView(seed, M, kind, nTrees);
        const model = { toTreeEnsembleView: () => view };
        const X = randomRows(seed + 1, 3, M, 0.15);
        const r = treeShap(model, X);
        const K = view.nOutputs;
        X.forEach((x, row) => {
          expectClose(r.values.subarray(row * M * K, (row + 1) * M * K), bruteShapley(M, K, (inS) => pathValue(view, x, inS)));
        });
        expectClose(r.expectedValue, pathValue(view, X[0]!, () => false));
      }),
      { seed: 30, numRuns: 60 },
    );
  });

  it('interventional: f(x_S, z_rest) averaged over the background', () => {
    fc.assert(
      fc.property(arb, ({ seed, M, kind, nTrees }) => {
        const view = randomView(seed, M, kind, nTrees);
        const model = { toTreeEnsembleView: () => view };
        const X = randomRows(seed + 1, 2, M, 0.15);
        const background = randomRows(seed + 2, 4, M, 0.15);
        const r = treeShap(model, X, { background });
        const K = view.nOutputs;
        X.forEach((x, row) => {
          expectClose(r.values.subarray(row * M * K, (row + 1) * M * K), bruteShapley(M, K, (inS) => interventionalValue(view, x, background, inS)));
        });
        expectClose(r.expectedValue, interventionalValue(view, X[0]!, background, () => false));
      }),
      { seed: 31, numRuns: 60 },
    );
  });

  it('interaction values (path-dependent)', () => {
    fc.assert(
      fc.property(arb, ({ seed, M, kind, nTrees }) => {
        const view = randomView(seed, M, kind, nTrees);
        const model = { toTreeEnsembleView: () => view };
        const X = randomRows(seed + 1, 2, M, 0.15);
        const r = treeShapInteractions(model, X);
        const K = view.nOutputs;
        X.forEach((x, row) => {
          expectClose(r.values.subarray(row * M * M * K, (row + 1) * M * M * K), bruteInteractions(M, K, (inS) => pathValue(view, x, inS)));
        });
      }),
      { seed: 32, numRuns: 40 },
    );
  });
});
