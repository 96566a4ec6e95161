import { describe, expect, it } from 'vitest';
import { ModelFormatError } from '@dt/errors';
import { readXGBoost } from './xgboost.js';
import { expected, fixtureText, inputs, maxRelativeError } from './test-helpers/fixtures.js';

describe('XGBoost JSON models', () => {
  for (const name of ['xgb-binary', 'xgb-binary-v2', 'xgb-multi', 'xgb-reg', 'xgb-cat']) {
    it(`${name}: margins equal XGBoost 1.7's output_margin to the last float32 bit; predictions within 1e-6`, () => {
      const e = expected(name);
      const model = readXGBoost(fixtureText(`${name}.json`));
      const X = inputs(e);
      expect(maxRelativeError(model.decisionFunction(X), e.raw)).toBe(0);
      const out = model.task === 'classification' ? model.predictProba(X) : (model.predict(X) as Float64Array);
      const want = model.task === 'classification' && e.predict[0]!.length === 1 ? e.predict.map(([p]) => [1 - p!, p!]) : e.predict;
      expect(maxRelativeError(out, want)).toBeLessThan(1e-6);
      const leaves = model.apply(X);
      const n = model.trees.length;
      expect(e.leaves.map((row, r) => row.map((_, t) => model.trees[t]!.sourceIds[leaves[r * n + t]!]!))).toEqual(e.leaves);
    });
  }

  it('reads the 2.x base_score array and 1.x scalar to the same margin', () => {
    const a = readXGBoost(fixtureText('xgb-binary.json'));
    const b = readXGBoost(fixtureText('xgb-binary-v2.json'));
    expect(b.baseScore).toEqual(a.baseScore);
    expect(a.baseScore[0]).toBeCloseTo(Math.log(0.3 / 0.7), 6);
  });

  it('bad files are ModelFormatErrors naming the field', () => {
    const text = fixtureText('xgb-reg.json');
    expect(() => readXGBoost(text.slice(0, 500))).toThrow(/JSON/);
    expect(() => readXGBoost(text.replace('"num_nodes":"', '"num_nodes":"1000000000'))).toThrow(/num_nodes/);
    expect(() => readXGBoost(text.replace('"left_children":[1', '"left_children":[0'))).toThrow(ModelFormatError);
  });
});
