/**
 * dt-model version 1 files — written by the code before missing values (commit bfba2b9, with
 * scripts/make-v1-model-fixture.ts) — still load and predict as they did; NaN at their nodes goes to
 * the child with more training samples (scikit-learn's rule for a node that saw no missing values).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadModel } from './load-model.js';
import { serializeModel } from './model-format.js';

interface Fixture {
  model: { version: number; tree: { kind: number[]; left: number[]; right: number[]; feature: number[]; threshold: number[]; nSamples: number[] } };
  probe: number[][];
  predictions: (number | string)[];
}
const fixtures = JSON.parse(readFileSync(new URL('../../fixtures/model-v1/models.json', import.meta.url), 'utf8')) as Fixture[];

/** The leaf a row reaches in a version 1 tree JSON, NaN going to the child with more samples. */
function leafOf(t: Fixture['model']['tree'], x: number[]): number {
  let n = 0;
  while (t.kind[n] !== 0) {
    const v = x[t.feature[n]!]!;
    const left = Number.isNaN(v) ? t.nSamples[t.left[n]!]! > t.nSamples[t.right[n]!]! : v <= t.threshold[n]!;
    n = left ? t.left[n]! : t.right[n]!;
  }
  return n;
}

describe('dt-model version 1 files', () => {
  fixtures.forEach((f, i) => {
    it(`model ${i}: loads, predicts as when it was written, routes NaN by sample counts, re-saves as version 2`, () => {
      expect(f.model.version).toBe(1);
      const m = loadModel(f.model);
      expect(Array.from(m.predict(f.probe))).toEqual(f.predictions);
      const withNaN = f.probe.map((row, r) => row.map((v, c) => (c === r % row.length ? Number.NaN : v)));
      expect(Array.from(m.apply(withNaN))).toEqual(withNaN.map((row) => leafOf(f.model.tree, row)));
      const again = JSON.parse(serializeModel(m)) as { version: number };
      expect(again.version).toBe(2);
      expect(Array.from(loadModel(again).predict(withNaN))).toEqual(Array.from(m.predict(withNaN)));
    });
  });
});
