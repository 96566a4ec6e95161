import { describe, expect, it } from 'vitest';
import { ModelFormatError } from '@dt/errors';
import { UnsupportedModelError } from './errors.js';
import { readLightGBM } from './lightgbm.js';
import { expected, fixtureText, inputs, maxRelativeError } from './test-helpers/fixtures.js';

describe('LightGBM text models', () => {
  for (const name of ['lgb-binary', 'lgb-multiclass', 'lgb-regression']) {
    it(`${name}: raw scores, predictions and leaves equal LightGBM 4.7's (float64, bit for bit)`, () => {
      const e = expected(name);
      const model = readLightGBM(fixtureText(`${name}.txt`));
      const X = inputs(e);
      expect(maxRelativeError(model.decisionFunction(X), e.raw)).toBe(0);
      const out = model.task === 'classification' ? model.predictProba(X) : (model.predict(X) as Float64Array);
      const want = model.task === 'classification' && e.predict[0]!.length === 1 ? e.predict.map(([p]) => [1 - p!, p!]) : e.predict;
      expect(maxRelativeError(out, want)).toBeLessThan(1e-15);
      const leaves = model.apply(X);
      const n = model.trees.length;
      const got = e.leaves.map((row, r) => row.map((_, t) => ~model.trees[t]!.sourceIds[leaves[r * n + t]!]!));
      expect(got).toEqual(e.leaves);
    });
  }

  it('refuses linear trees with a typed error naming is_linear', () => {
    expect(() => readLightGBM(fixtureText('lgb-linear.txt'))).toThrow(UnsupportedModelError);
    expect(() => readLightGBM(fixtureText('lgb-linear.txt'))).toThrow(/is_linear/);
  });

  it('a truncated file is a ModelFormatError naming what is missing', () => {
    const text = fixtureText('lgb-binary.txt');
    expect(() => readLightGBM(text.slice(0, text.indexOf('end of trees')))).toThrow(/end of trees/);
    expect(() => readLightGBM(text.replace('num_leaves=8', 'num_leaves=1000000000'))).toThrow(ModelFormatError);
    expect(() => readLightGBM(text.replace(/left_child=\d+/, 'left_child=77'))).toThrow(/left_child\[0\]/);
  });
});
