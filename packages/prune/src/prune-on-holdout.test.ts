import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecisionTreeClassifier, DecisionTreeRegressor, pruneTreeAtStep, weakestLinkSequence, type CcpRisk, type TreeModel } from '@dt/core';
import { loadDataset } from '@dt/datasets';
import { createRandom, InvalidArgumentError, ShapeMismatchError } from '@dt/errors';
import { stratifiedKFold, takeLabels, takeRows, trainTestSplit } from '@dt/eval';
import { pruneOnHoldout } from './index.js';
import { copyWithTree } from './model-copy.js';
import { sameAlpha } from './same-alpha.js';
import { fitKind, isPrunedFrom, randomData, taskOf, type Kind } from './testing-fixtures/random-data.js';

/** Weighted misclassified rows (classifier) or weighted squared error (regressor) of a model. */
function loss(m: TreeModel, X: number[][], y: number[], w: number[] | null): number {
  const p = (m as DecisionTreeClassifier | DecisionTreeRegressor).predict(X) as number[];
  return y.reduce((s, v, i) => s + (w ? w[i]! : 1) * (m instanceof DecisionTreeClassifier ? (p[i] === v ? 0 : 1) : (v - p[i]!) ** 2), 0);
}

/** Brute force: every tree of the sequence (the last step of each run of alphas equal within 1e-9), pruned and re-scored. */
function bruteForce(m: TreeModel, X: number[][], y: number[], risk: CcpRisk, w: number[] | null) {
  const seq = weakestLinkSequence(m.tree, { risk });
  let best = { step: -1, loss: Infinity };
  for (let s = 0; s < seq.alphas.length; s++) {
    const [a, next] = [seq.alphas[s]!, seq.alphas[s + 1]];
    if (next !== undefined && Math.abs(next - a) <= 1e-9 * Math.max(Math.abs(a), Math.abs(next))) continue;
    const l = loss(copyWithTree(m, pruneTreeAtStep(m.tree, seq, s + 1)), X, y, w);
    // Ties go to the smaller tree: the later step.
    if (l - best.loss <= 1e-9 * Math.abs(best.loss)) best = { step: s, loss: l };
  }
  return { ...best, alpha: seq.alphas[best.step]!, tree: pruneTreeAtStep(m.tree, seq, best.step + 1) };
}

describe('pruneOnHoldout', () => {
  it('picks the subtree of the weakest-link sequence with the lowest pruning-set loss, ties to the smaller (brute force)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Kind>('gini', 'entropy', 'oblique', 'weighted', 'mse', 'mae'),
        fc.constantFrom<CcpRisk>('impurity', 'misclassification'),
        fc.boolean(),
        fc.integer({ min: 0, max: 1e6 }),
        (kind, risk0, weighted, seed) => {
          const task = taskOf(kind);
          const risk = task === 'regression' ? 'impurity' : risk0;
          const { X, y } = randomData(120, 3, seed, task);
          const m = fitKind(kind, X.slice(0, 80), y.slice(0, 80));
          const [Xp, yp] = [X.slice(80), y.slice(80)];
          const w = weighted ? yp.map((_, i) => 0.5 + (i % 3)) : null;
          const r = pruneOnHoldout(m, Xp, yp, { risk, ...(w ? { sampleWeight: w } : {}) });
          const b = bruteForce(m, Xp, yp, risk, w);
          expect(r.loss).toBeCloseTo(b.loss, 6);
          expect(r.alpha).toBe(b.alpha);
          expect(r.nLeaves).toBe(b.tree.nLeaves);
          expect(r.model.nLeaves).toBe(b.tree.nLeaves);
          expect(loss(r.model, Xp, yp, w)).toBeCloseTo(r.loss, 6);
          expect(isPrunedFrom(r.model.tree, m.tree)).toBe(true);
        },
      ),
      { numRuns: 40, seed: 11 },
    );
  });

  it('HHCART protocol on a known case: misclassification risk, pruning-set accuracy never below the unpruned tree', () => {
    const { X, y } = randomData(300, 3, 7, 'classification');
    const full = new DecisionTreeClassifier({ criterion: 'twoing', minParent: 2, misRate: 0 }).fit(X.slice(0, 200), y.slice(0, 200));
    const r = pruneOnHoldout(full, X.slice(200), y.slice(200), { risk: 'misclassification' });
    expect(r.model.nLeaves).toBeLessThan(full.nLeaves);
    expect(1 - r.loss / 100).toBe(r.model.score(X.slice(200), y.slice(200)));
    expect(r.model.score(X.slice(200), y.slice(200))).toBeGreaterThanOrEqual(full.score(X.slice(200), y.slice(200)));
    // The input is untouched and the result keeps its options and classes.
    expect(full.tree.nLeaves).toBe(full.nLeaves);
    expect(r.model.classes).toEqual(full.classes);
    expect(r.model.options.criterion).toBe(full.options.criterion);
    expect(r.model.options.minParent).toBe(2);
  });

  it('the subtree after the zero-alpha cuts (Breiman\'s T1) is a candidate, and the model returned is the one scored', async () => {
    // bench hhcart's fold (wine, run 3, fold 2): the sequence starts with a cut at alpha 0 that removes
    // one held-out error. pruneModel(model, 0) keeps the unpruned tree, so selecting by alpha would
    // return a tree other than the one scored (9 leaves, 2 errors instead of 8 leaves, 1 error).
    const ds = await loadDataset('wine');
    const y = ds.y as (string | number)[];
    const { train } = stratifiedKFold(y, 5, { shuffle: true, seed: 3 })[2]!;
    const s = trainTestSplit(takeLabels(y, train), { testSize: 0.1, stratify: true, seed: 302 });
    const [grow, prune] = [Int32Array.from(s.train, (i) => train[i]!), Int32Array.from(s.test, (i) => train[i]!)];
    const full = new DecisionTreeClassifier({ criterion: 'twoing', minParent: 2, misRate: 0 }).fit(takeRows(ds.X, grow), takeLabels(y, grow));
    const [Xp, yp] = [takeRows(ds.X, prune), takeLabels(y, prune)];
    expect(Array.from(weakestLinkSequence(full.tree, { risk: 'misclassification' }).alphas.slice(0, 2))).toEqual([0, 0]);
    const r = pruneOnHoldout(full, Xp, yp, { risk: 'misclassification' });
    expect([full.nLeaves, r.nLeaves, r.loss, r.alpha]).toEqual([9, 8, 1, 0]);
    expect((r.model.predict(Xp) as unknown[]).filter((p, i) => p !== yp[i]).length).toBe(1);
  });

  it('validates its arguments, naming them', () => {
    const { X, y } = randomData(60, 3, 1, 'classification');
    const m = new DecisionTreeClassifier().fit(X, y);
    expect(() => pruneOnHoldout(m, X, y.slice(1))).toThrow(ShapeMismatchError);
    expect(() => pruneOnHoldout(m, X.map((r) => r.slice(1)), y)).toThrow(/Xprune has 2 features/);
    expect(() => pruneOnHoldout(m, X, y, { risk: 'gini' as CcpRisk })).toThrow(/options\.risk/);
    expect(() => pruneOnHoldout(m, X, y, { alpha: 1 } as never)).toThrow(InvalidArgumentError);
    expect(() => pruneOnHoldout(m, X, y, { sampleWeight: y.map(() => -1) })).toThrow(/sampleWeight\[0\]/);
    const reg = new DecisionTreeRegressor().fit(X, y);
    expect(() => pruneOnHoldout(reg, X, y, { risk: 'misclassification' })).toThrow();
  });
});

describe('pruneOnHoldout groups alphas equal up to rounding (as the CV path does)', () => {
  it('never stops inside a run of alphas within 1e-9 of each other', () => {
    // 153 training rows: misclassification alphas are multiples of 1/153 reached by different sums
    const rng = createRandom(8);
    const row = (): number[] => [rng.int(20), rng.int(20)];
    const X = Array.from({ length: 153 }, row);
    const y = X.map((r) => (r[0]! + r[1]! + rng.int(6)) % 3);
    const model = new DecisionTreeClassifier({ maxDepth: 6 }).fit(X, y);
    const Xp = Array.from({ length: 60 }, row);
    const yp = Xp.map((r) => (r[0]! + r[1]! + rng.int(6)) % 3);
    const { alphas } = weakestLinkSequence(model.tree, { risk: 'misclassification' });
    const result = pruneOnHoldout(model, Xp, yp, { risk: 'misclassification' });
    const k = alphas.lastIndexOf(result.alpha);
    expect(k).toBeGreaterThan(0);
    // the case this data makes: two alphas 2/153 apart by rounding only
    let runs = 0;
    for (let s = 1; s + 1 < alphas.length; s++) if (alphas[s] !== alphas[s + 1] && sameAlpha(alphas[s]!, alphas[s + 1]!)) runs++;
    expect(runs).toBeGreaterThan(0);
    if (k + 1 < alphas.length) expect(sameAlpha(alphas[k]!, alphas[k + 1]!), `step ${k}: ${alphas[k]} then ${alphas[k + 1]}`).toBe(false);
  });

  it('sameAlpha: 1e-9 of the larger', () => {
    expect(sameAlpha(2 / 153, 3 / 153 - 1 / 153)).toBe(true);
    expect(sameAlpha(0, 0)).toBe(true);
    expect(sameAlpha(1, 1 + 2e-9)).toBe(false);
  });
});
