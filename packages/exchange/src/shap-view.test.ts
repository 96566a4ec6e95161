import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '@dt/errors';
import { additivityError, treeShap, treeShapInteractions } from '@dt/explain';
import { readLightGBM } from './lightgbm.js';
import { readXGBoost } from './xgboost.js';
import { readOnnx } from './onnx-import.js';
import { fixtureBytes, fixtureText } from './test-helpers/fixtures.js';

interface Flat {
  values: number[];
  shape: number[];
}
interface Case {
  name: string;
  task: string;
  model: unknown;
  X: (number | null)[][];
  rawScore: Flat;
  contrib: Flat;
  interactions?: Flat;
}

function cases(library: 'lightgbm' | 'xgboost'): Case[] {
  const url = new URL(`../../explain/fixtures/${library}-contrib.json`, import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { cases: Case[] }).cases;
}

const rows = (c: Case): number[][] => c.X.map((r) => r.map((v) => (v === null ? Number.NaN : v)));

/** Largest |a - b| / max(1, |b|) (relative, floored at 1 for values near zero). */
function worst(got: ArrayLike<number>, want: ArrayLike<number>): number {
  expect(got.length).toBe(want.length);
  let w = 0;
  for (let i = 0; i < want.length; i++) w = Math.max(w, Math.abs(got[i]! - want[i]!) / Math.max(1, Math.abs(want[i]!)));
  return w;
}

/** The library's contrib layout (rows × outputs × (features + 1), bias last) from dt's values and expected value. */
function contribLayout(s: ReturnType<typeof treeShap>): Float64Array {
  const { rows: n, nFeatures: M, nOutputs: K } = s;
  const out = new Float64Array(n * K * (M + 1));
  for (let r = 0; r < n; r++) {
    for (let k = 0; k < K; k++) {
      const o = (r * K + k) * (M + 1);
      for (let j = 0; j < M; j++) out[o + j] = s.values[(r * M + j) * K + k]!;
      out[o + M] = s.expectedValue[k]!;
    }
  }
  return out;
}

describe('TreeSHAP of imported models equals the origin library', () => {
  for (const c of cases('lightgbm')) {
    it(`${c.name}: pred_contrib to 1e-6 (covers are counts), additive on every row`, () => {
      const model = readLightGBM(c.model as string);
      const X = rows(c);
      expect(X.some((r) => r.some(Number.isNaN))).toBe(true);
      const s = treeShap(model, X);
      expect(s.units).toBe('margin');
      expect(worst(contribLayout(s), c.contrib.values)).toBeLessThan(1e-6);
      expect(worst(s.prediction, c.rawScore.values)).toBeLessThan(1e-9);
      expect(additivityError(s)).toBeLessThan(1e-9);
    });
  }

  for (const c of cases('xgboost')) {
    it(`${c.name}: pred_contribs and pred_interactions to 1e-6 (covers are hessian sums), additive on every row`, () => {
      const model = readXGBoost(JSON.stringify(c.model));
      const X = rows(c);
      expect(X.some((r) => r.some(Number.isNaN))).toBe(true);
      const s = treeShap(model, X);
      expect(worst(contribLayout(s), c.contrib.values)).toBeLessThan(1e-6);
      expect(worst(s.prediction, c.rawScore.values)).toBeLessThan(1e-6);
      expect(additivityError(s)).toBeLessThan(1e-9);
      // XGBoost: rows × (classes ×) (M + 1) × (M + 1), the bias in the last row and column.
      const I = treeShapInteractions(model, X);
      const { nFeatures: M, nOutputs: K } = I;
      const got = new Float64Array(X.length * K * (M + 1) * (M + 1));
      for (let r = 0; r < X.length; r++) {
        for (let k = 0; k < K; k++) {
          const o = (r * K + k) * (M + 1) * (M + 1);
          for (let i = 0; i < M; i++) for (let j = 0; j < M; j++) got[o + i * (M + 1) + j] = I.values[((r * M + i) * M + j) * K + k]!;
          got[o + M * (M + 1) + M] = I.expectedValue[k]!;
        }
      }
      expect(worst(got, c.interactions!.values)).toBeLessThan(1e-6);
    });
  }
});

describe('imported models TreeSHAP cannot explain', () => {
  it('a categorical split is refused naming the tree and why', () => {
    const model = readXGBoost(fixtureText('xgb-cat.json'));
    expect(() => model.toTreeEnsembleView()).toThrow(InvalidArgumentError);
    expect(() => treeShap(model, [[0, 0, 0]])).toThrow(/model\.trees\[\d+\].*categorical split/);
  });

  it("LightGBM's zero-as-missing split is refused naming the tree and why", () => {
    const text = cases('lightgbm')[0]!.model as string;
    // decision_type 6: missing type Zero (bits 2-3 = 1), default left.
    const zero = text.replace(/decision_type=10 /, 'decision_type=6 ');
    expect(zero).not.toBe(text);
    const model = readLightGBM(zero);
    expect(() => treeShap(model, [[0, 0, 0, 0, 0]])).toThrow(/model\.trees\[0\].*node 0 treats zero as missing/);
    expect(() => readLightGBM(text).toTreeEnsembleView()).not.toThrow();
  });

  it('an ONNX model has no covers: path-dependent is refused, interventional works and adds up', () => {
    const model = readOnnx(fixtureBytes('onnx-rf-regressor-double.onnx'));
    const M = model.nFeatures;
    const X = [Array.from({ length: M }, (_, j) => j / M - 0.5), Array.from({ length: M }, (_, j) => 0.5 - j / M)];
    expect(() => treeShap(model, X)).toThrow(/cover.*interventional/);
    const s = treeShap(model, X, { background: [new Array<number>(M).fill(0), new Array<number>(M).fill(1)] });
    expect(worst(s.prediction, model.decisionFunction(X))).toBeLessThan(1e-6);
    expect(additivityError(s)).toBeLessThan(1e-9);
  });
});
