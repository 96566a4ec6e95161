/**
 * Tree-by-tree conformance with scikit-learn's HistGradientBoosting* (fixtures from
 * scripts/make-fixtures.py): every predictor node (structure, feature, raw threshold, missing side,
 * sample count, value), the baseline, raw test predictions, train/validation scores and n_iter_.
 */
import { describe, expect, it } from 'vitest';
import type { HistGradientBoostingClassifier } from './hist-gradient-boosting-classifier.js';
import type { HistGradientBoostingRegressor } from './hist-gradient-boosting-regressor.js';
import { arrayOf, close, FIXTURE, fitCase, num } from './testing-fixtures/sklearn-fixture.js';

describe(`HistGradientBoosting* equal scikit-learn ${FIXTURE.versions['scikit-learn']} tree by tree`, () => {
  for (const c of FIXTURE.cases) {
    it(c.name, () => {
      const m = fitCase(c);
      expect(m.nIter, 'n_iter_').toBe(c.nIter);
      c.baseline.forEach((b, k) => close(m.baselinePrediction[k]!, b, 1e-12, 'baseline'));
      c.trees.forEach((row, it) =>
        row.forEach((nodes, k) => {
          const t = m.estimators[it]![k]!;
          const at = `iteration ${it} tree ${k}`;
          expect(t.nodeCount, `${at} node count`).toBe(nodes.value.length);
          for (let n = 0; n < nodes.value.length; n++) {
            const leaf = nodes.isLeaf[n] === 1;
            expect(t.kind[n] === 0, `${at} node ${n} is a leaf`).toBe(leaf);
            expect(t.nSamples[n], `${at} node ${n} count`).toBe(nodes.count[n]);
            close(t.value[n]!, nodes.value[n]!, 1e-9, `${at} node ${n} value`);
            if (leaf) continue;
            expect(t.feature[n], `${at} node ${n} feature`).toBe(nodes.feature[n]);
            expect(t.threshold[n], `${at} node ${n} threshold`).toBe(num(nodes.threshold[n]!));
            expect(t.missingGoToLeft[n], `${at} node ${n} missing side`).toBe(nodes.missingGoToLeft[n]);
            expect([t.left[n], t.right[n]], `${at} node ${n} children`).toEqual([nodes.left[n], nodes.right[n]]);
          }
        }),
      );
      const Xt = arrayOf(c.dataset, 'Xtest') as number[][];
      const raw = (m as unknown as { raw(X: unknown): { raw: Float64Array; n: number } }).raw(Xt);
      c.rawTest.forEach((col, k) => col.forEach((v, i) => close(raw.raw[k * raw.n + i]!, v, 1e-9, `raw prediction ${i} output ${k}`)));
      expect(m.trainScore.length).toBe(c.trainScore.length);
      c.trainScore.forEach((s, i) => close(m.trainScore[i]!, s, 1e-9, `train score ${i}`));
      expect(m.validationScore.length).toBe(c.validationScore.length);
      c.validationScore.forEach((s, i) => close(m.validationScore[i]!, s, 1e-9, `validation score ${i}`));
      if (c.probaTest) {
        const p = (m as HistGradientBoostingClassifier).predictProba(Xt);
        c.probaTest.forEach((col, k) => col.forEach((v, i) => close(p[i]![k]!, v, 1e-9, `proba ${i} class ${k}`)));
      }
      if (c.predictTest) {
        const p = (m as HistGradientBoostingRegressor).predict(Xt);
        c.predictTest.forEach((v, i) => close(p[i]!, v, 1e-9, `prediction ${i}`));
      }
    });
  }
});
