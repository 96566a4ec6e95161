import type * as OrtModule from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { DecisionTreeClassifier, DecisionTreeRegressor } from '@dt/core';
import { RandomForestClassifier, RandomForestRegressor } from '@dt/ensemble';
import { exportOnnx } from './onnx-export.js';
import { readOnnx } from './onnx-import.js';
import { syntheticRows } from './test-helpers/data.js';

type Ort = typeof OrtModule;
let ort: Ort | null = null;
let why = '';
try {
  ort = await import('onnxruntime-node');
} catch (e) {
  why = (e as Error).message;
}

const train = syntheticRows(300, 1);
const test = syntheticRows(200, 2);

async function runOrt(bytes: Uint8Array, X: number[][], float: boolean): Promise<Record<string, { data: ArrayLike<number | string | bigint> }>> {
  const session = await ort!.InferenceSession.create(bytes, { intraOpNumThreads: 1, interOpNumThreads: 1 });
  const flat = X.flat();
  const input = new ort!.Tensor(float ? 'float32' : 'float64', float ? Float32Array.from(flat) : Float64Array.from(flat), [X.length, X[0]!.length]);
  return (await session.run({ X: input })) as never;
}

function maxRel(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!) / Math.max(Math.abs(b[i]!), 1e-12));
  return worst;
}

const models = [
  ['DecisionTreeClassifier (3 classes)', () => new DecisionTreeClassifier({ maxDepth: 6 }).fit(train.X, train.y3)],
  ['RandomForestClassifier (3 classes)', () => new RandomForestClassifier({ nEstimators: 8, maxDepth: 6, seed: 3 }).fit(train.X, train.y3)],
  ['RandomForestClassifier (binary, string labels)', () => new RandomForestClassifier({ nEstimators: 8, seed: 4 }).fit(train.X, train.yBin)],
  ['DecisionTreeRegressor', () => new DecisionTreeRegressor({ maxDepth: 8 }).fit(train.X, train.target)],
  ['RandomForestRegressor', () => new RandomForestRegressor({ nEstimators: 6, seed: 5 }).fit(train.X, train.target)],
] as const;

describe('ONNX export', () => {
  for (const [name, fit] of models) {
    it(`${name}: reading the export back predicts exactly as dt`, () => {
      const model = fit();
      const back = readOnnx(exportOnnx(model));
      if ('classes' in model) {
        expect(back.predict(test.X)).toEqual(model.predict(test.X));
        expect(maxRel(back.predictProba(test.X), model.predictProba(test.X).flat())).toBeLessThan(1e-12);
      } else {
        expect(maxRel(back.predict(test.X) as Float64Array, model.predict(test.X))).toBeLessThan(1e-12);
      }
    });

    it.skipIf(ort === null)(`${name}: onnxruntime-node's outputs equal dt's predict / predictProba (double and float inputs)${ort === null ? ` — skipped: onnxruntime-node does not load (${why})` : ''}`, async () => {
      const model = fit();
      for (const float of [false, true]) {
        const X = float ? test.X.map((r) => r.map((v) => Math.fround(v))) : test.X;
        const out = await runOrt(exportOnnx(model, { inputType: float ? 'float' : 'double' }), X, float);
        if ('classes' in model) {
          const labels = Array.from(out.label!.data, (v) => (typeof v === 'bigint' ? Number(v) : v));
          expect(labels).toEqual(model.predict(X));
          expect(maxRel(out.probabilities!.data as Float32Array, model.predictProba(X).flat())).toBeLessThan(1e-6);
        } else {
          expect(maxRel(out.variable!.data as Float32Array, model.predict(X))).toBeLessThan(1e-6);
        }
      }
    });
  }

  if (ort === null) it.skip(`onnxruntime-node did not load: ${why}`, () => {});
});
