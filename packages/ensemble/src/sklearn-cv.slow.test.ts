/**
 * dt's forests against scikit-learn 1.2 on the same 10 cross-validation folds (paired).
 *
 * The statistics. A forest's accuracy is random (bootstrap draws, feature sampling), so dt cannot
 * reproduce scikit-learn's numbers; what must hold is that the two implement the same algorithm,
 * i.e. that their accuracies differ by noise only. For each fold k both libraries train on the
 * other nine folds and score fold k; the fold-wise differences d_k = dt_k − sklearn_k pair out the
 * fold's difficulty (the largest source of variance). Under "same algorithm" the d_k have mean zero,
 * and the paired t statistic mean(d) / (sd(d)/√10) follows Student's t with 9 degrees of freedom
 * (approximately: folds share training rows, which makes the interval too narrow rather than too
 * wide, so the check is if anything stricter than its nominal 5 %). We assert that zero lies in the
 * paired 95 % interval mean(d) ± t(0.975, 9)·sd(d)/√10, computed with @dt/eval's pairedTTest. The
 * check can fail (the last test: a single stump on wine). It is weak against small differences —
 * a forest of 100 stumps still reaches 95 % on wine, 2.8 points below scikit-learn, and sits just
 * at the interval's edge — which is why the large sets in `bench forest` matter.
 *
 * The fixture (fold of every row, scikit-learn's accuracies; 100 trees, defaults) was written by
 * apps/bench/scripts/forest-cv-fixture.ts with apps/bench/python/sklearn_forest_cv.py. The three small
 * sets here are 70 forests of 100 trees, too slow for the inner loop: a `.slow.test.ts`, run by the
 * e2e project (CI); digits-like (1,797 × 64), letter and MAGIC (≈20,000 rows) take minutes and are
 * checked by `bench forest` (results in apps/bench/results/forest.md).
 */
import { readFileSync } from 'node:fs';
import type { DenseMatrix } from '@dt/datasets';
import { describe, expect, it } from 'vitest';
import { pairedForestCv, type CvFixture, type CvKind } from './fixtures/cv-sets.js';
import { ExtraTreesClassifier, RandomForestClassifier } from './random-forest.js';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/sklearn-forest-cv.json', import.meta.url), 'utf8')) as CvFixture;

const make = (kind: CvKind, extra: Record<string, unknown> = {}) => (X: DenseMatrix, y: Int32Array, seed: number) => {
  const Cls = kind === 'randomForest' ? RandomForestClassifier : ExtraTreesClassifier;
  return Promise.resolve(new Cls({ nEstimators: fixture.nEstimators, seed, ...extra }).fit(X, y));
};

describe('forests vs scikit-learn 1.2, 10-fold CV on the same folds (paired t interval)', () => {
  for (const set of ['iris', 'wine', 'breast-cancer-wisconsin']) {
    for (const kind of ['randomForest', 'extraTrees'] as const) {
      it(`${kind} on ${set}: mean difference within the paired 95 % interval of zero`, async () => {
        const r = await pairedForestCv(fixture, set, kind, make(kind));
        expect(Math.abs(r.meanDifference), JSON.stringify(r)).toBeLessThanOrEqual(r.halfWidth + 1e-12);
      }, 300_000);
    }
  }

  it('the check detects a different algorithm (one stump instead of a forest, on wine)', async () => {
    const r = await pairedForestCv(fixture, 'wine', 'randomForest', make('randomForest', { nEstimators: 1, maxDepth: 1 }));
    expect(Math.abs(r.meanDifference), JSON.stringify(r)).toBeGreaterThan(r.halfWidth);
  }, 300_000);
});
