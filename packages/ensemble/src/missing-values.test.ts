/**
 * Forests inherit native missing values from their @dt/core member trees (issue #19): NaN in X at
 * fit, OOB and predict; member trees keep `missingGoToLeft` in dt-forest files (version 2 and later; version 1
 * files still load). Members with no rule for NaN (oblique algorithms) refuse it naming the forest's cell.
 */
import { describe, expect, it } from 'vitest';
import { createRandom } from '@dt/errors';
import { algorithmForest } from './bagging.js';
import { expandForestJson } from './forest-format.js';
import { loadForest, serializeForest } from './model-format.js';
import { ExtraTreesRegressor, RandomForestClassifier } from './random-forest.js';

/** Class 1 when x0 < 0 or x0 is missing (a pattern only a learnt NaN side can capture). */
function data(n: number, seed: number) {
  const rng = createRandom(seed);
  const X: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i++) {
    const x0 = rng.next() * 2 - 1;
    const miss = rng.next() < 0.3;
    X.push([miss ? Number.NaN : x0, rng.next()]);
    y.push(miss || x0 < 0 ? 1 : 0);
  }
  return { X, y };
}

describe('forests with missing values', () => {
  it('fit with NaN, OOB score, predict NaN rows by the learnt side; files round-trip and version 1 loads', () => {
    const { X, y } = data(300, 1);
    const f = new RandomForestClassifier({ nEstimators: 10, seed: 3, oobScore: true }).fit(X, y);
    expect(f.oobScore).toBeGreaterThan(0.95);
    expect(Array.from(f.predict([[Number.NaN, 0.5], [-0.5, 0.5], [0.5, 0.5]]))).toEqual([1, 1, 0]);
    const text = serializeForest(f);
    const back = loadForest(text);
    expect(serializeForest(back)).toBe(text);
    expect(JSON.parse(text).version).toBe(4);
    // Version 4's node table, read back as version 3 members (trees as version 2 wrote them).
    const j = expandForestJson(text) as unknown as { version: number; members: { tree: { missingGoToLeft?: number[] } }[] };
    // NaN rows share the low rows' class: roots splitting on x0 send NaN left (the second search).
    expect(j.members.map((m) => m.tree.missingGoToLeft![0])).toContain(1);
    f.estimators.forEach((m, i) => expect(j.members[i]!.tree.missingGoToLeft).toEqual(Array.from(m.tree.missingGoToLeft.subarray(0, m.tree.nodeCount))));
    // A version 1 file (written before missing values) loads: no sides, no null thresholds.
    const clean = new RandomForestClassifier({ nEstimators: 3, seed: 3 }).fit(data(100, 2).X.map((r) => [Number.isNaN(r[0]!) ? 0 : r[0]!, r[1]!]), data(100, 2).y);
    const v1 = expandForestJson(serializeForest(clean)) as unknown as typeof j;
    v1.version = 1;
    for (const m of v1.members) delete m.tree.missingGoToLeft;
    const old = loadForest(v1);
    const probe = [[0.2, 0.1], [-0.3, 0.9]];
    expect(Array.from(old.predict(probe))).toEqual(Array.from(clean.predict(probe)));
    const bad = structuredClone(j);
    bad.members[0]!.tree.missingGoToLeft![0] = 7;
    // The tree files' rule and wording (core's TREE_FIELDS), as loadModel reports it.
    expect(() => loadForest(bad)).toThrowError('invalid model at members.0.tree.missingGoToLeft.0: invalid input');
  });

  it('extra-trees regression with NaN', () => {
    const { X, y } = data(200, 4);
    const f = new ExtraTreesRegressor({ nEstimators: 5, seed: 1 }).fit(X, y);
    expect(f.predict([[Number.NaN, 0.3]])[0]).toBeGreaterThan(0.8);
  });

  it('oblique member algorithms refuse NaN naming the cell of the forest X', () => {
    const X = [[1, 2], [2, 1], [3, Number.NaN], [4, 4]];
    expect(() => algorithmForest('hhcart-a', { nEstimators: 2 }).fit(X, [0, 1, 0, 1])).toThrowError(/^X\[2\]\[1\] must be a number: .* has no rule for missing values \(NaN\); impute them first, e\.g\. with SimpleImputer from @dt\/datasets, got NaN$/);
  });
});
