import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Tree } from '@dt/core';
import { makeClassification } from '@dt/datasets';
import { InvalidArgumentError } from '@dt/errors';
import { algorithmForest } from './bagging.js';
import { loadForest } from './model-format.js';
import { RandomForestClassifier, type RandomForestRegressor } from './random-forest.js';
import fixture from './fixtures/sklearn-forest-paths.json' with { type: 'json' };

type SkTree = (typeof fixture.classifier.trees)[number];

/** A dt-forest version 3 file holding scikit-learn's trees node for node (dt's own fit grows other trees). */
function forestFile(estimator: string, trees: SkTree[], classes: number[] | null): string {
  const k = classes === null ? 1 : classes.length;
  return JSON.stringify({
    format: 'dt-forest',
    version: 3,
    estimator,
    params: {},
    treeParams: {},
    nFeatures: 4,
    featureNames: null,
    ...(classes === null ? {} : { classes }),
    members: trees.map((t, i) => ({
      seed: i,
      features: null,
      ...(classes === null ? {} : { classes: classes.map((_, c) => c) }),
      tree: {
        nodeCount: t.left.length,
        nFeatures: 4,
        nOutputs: k,
        kind: t.left.map((l) => (l === -1 ? 0 : 1)),
        left: t.left,
        right: t.right,
        feature: t.feature,
        threshold: t.threshold,
        missingGoToLeft: t.missingGoToLeft.map((m, v) => (t.left[v] === -1 ? 0 : m)),
        impurity: t.impurity,
        nSamples: t.nSamples,
        weightedNSamples: t.weightedNSamples,
        value: t.value,
        obliqueOffset: t.left.map(() => 0),
        obliqueLength: t.left.map(() => 0),
        obliqueFeatures: [],
        obliqueWeights: [],
      },
    })),
  });
}

describe(`forest apply and decisionPath against scikit-learn ${fixture.versions['scikit-learn']} (the same trees)`, () => {
  const cases = [
    ['RandomForestClassifier', fixture.classifier, fixture.classifier.classes],
    ['RandomForestRegressor', fixture.regressor, null],
  ] as const;
  it.each(cases)('%s', (estimator, sk, classes) => {
    const forest = loadForest(forestFile(estimator, sk.trees, classes === null ? null : [...classes]));
    const M = sk.trees.length;
    expect(Array.from(forest.apply(fixture.Xt))).toEqual(sk.apply.flat());
    const path = forest.decisionPath(fixture.Xt);
    expect(path.indptr.length).toBe(fixture.Xt.length + 1);
    expect(Array.from(path.nodeIndptr)).toEqual(sk.decisionPath.nodeIndptr);
    expect(Array.from(path.indptr)).toEqual(sk.decisionPath.indptr);
    expect(Array.from(path.indices)).toEqual(sk.decisionPath.indices);
    expect(M).toBeGreaterThan(1);
    // And the same trees predict what scikit-learn predicts.
    if ('predictProba' in sk) {
      const p = (forest as RandomForestClassifier).predictProbaFlat(fixture.Xt);
      sk.predictProba.flat().forEach((q, i) => expect(p[i]).toBeCloseTo(q, 12));
    } else {
      const p = (forest as RandomForestRegressor).predict(fixture.Xt);
      sk.predict.forEach((q, i) => expect(p[i]).toBeCloseTo(q, 12));
    }
  });
});

describe('forest apply and decisionPath on dt-fitted forests: per-tree oracle', () => {
  const d = makeClassification({ nSamples: 200, nFeatures: 6, nClasses: 3, nInformative: 4, seed: 2 });
  const rf = new RandomForestClassifier({ nEstimators: 5, seed: 1 }).fit(d.X, d.y);
  const sub = algorithmForest('hhcart-d', { nEstimators: 3, seed: 1, maxFeatures: 3, tree: { maxDepth: 4 } }).fit(d.X, d.y);

  it('agree with each member tree walked alone (row by row), with NaN cells and feature subspaces', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.oneof(fc.double({ min: -4, max: 4, noNaN: true }), fc.constant(Number.NaN)), { minLength: 6, maxLength: 6 }), { minLength: 1, maxLength: 30 }), (rows) => {
        for (const forest of [rf, sub]) {
          const clean = forest === sub ? rows.map((r) => r.map((v) => (Number.isNaN(v) ? 0 : v))) : rows;
          const leaves = forest.apply(clean);
          const path = forest.decisionPath(clean);
          const M = forest.estimators.length;
          clean.forEach((row, r) => {
            const expected: number[] = [];
            forest.estimators.forEach((m, t) => {
              const feats = forest.estimatorsFeatures[t];
              const x = feats === null ? row : Array.from(feats!, (f) => row[f]!);
              const tree = (m as unknown as { tree: Tree }).tree;
              const own = tree.decisionPath(Float64Array.from(x), 1);
              expect(leaves[r * M + t]).toBe(own.indices[own.indices.length - 1]);
              for (const v of own.indices) expected.push(path.nodeIndptr[t]! + v);
            });
            expect(Array.from(path.indices.subarray(path.indptr[r]!, path.indptr[r + 1]!))).toEqual(expected);
          });
        }
      }),
      { numRuns: 25, seed: 1 },
    );
  });

  it('refuse forests of Decision Streams with a typed error naming the method', () => {
    const ds = algorithmForest('decision-stream', { nEstimators: 2, seed: 1 }).fit(d.X, d.y);
    expect(() => ds.apply(d.X)).toThrowError(InvalidArgumentError);
    expect(() => ds.decisionPath(d.X)).toThrowError(/decisionPath/);
  });
});
