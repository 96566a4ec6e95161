import { describe, expect, it } from 'vitest';
import { ModelFormatError } from '@dt/errors';
import { readOnnx } from './onnx-import.js';
import { expected, fixtureBytes, inputs, maxRelativeError } from './test-helpers/fixtures.js';

describe('ONNX tree ensembles', () => {
  it('TreeEnsembleClassifier (opset 1, 3 classes, NaN tracks): labels and probabilities equal onnxruntime 1.30', () => {
    const e = expected('onnx-rf-classifier');
    const model = readOnnx(fixtureBytes('onnx-rf-classifier.onnx'));
    const X = inputs(e);
    expect(model.predict(X)).toEqual(e.label);
    expect(maxRelativeError(model.predictProba(X), e.probabilities as number[][])).toBe(0);
  });

  it('TreeEnsembleClassifier (opset 3, binary case, string labels) equals onnxruntime', () => {
    const e = expected('onnx-dt-binary');
    const model = readOnnx(fixtureBytes('onnx-dt-binary.onnx'));
    const X = inputs(e);
    expect(model.classes).toEqual(['no', 'yes']);
    expect(model.predict(X)).toEqual(e.label);
    expect(maxRelativeError(model.predictProba(X), e.probabilities as number[][])).toBe(0);
  });

  it('TreeEnsembleRegressor (opset 3, double tensors and input, AVERAGE) equals onnxruntime (its float output)', () => {
    const e = expected('onnx-rf-regressor-double');
    const model = readOnnx(fixtureBytes('onnx-rf-regressor-double.onnx'));
    expect(maxRelativeError(model.predict(inputs(e)) as Float64Array, e.variable as number[][])).toBeLessThan(1e-7);
  });

  it('TreeEnsemble (opset 5) equals onnxruntime bit for bit', () => {
    const e = expected('onnx-tree-ensemble-v5');
    const model = readOnnx(fixtureBytes('onnx-tree-ensemble-v5.onnx'));
    expect(maxRelativeError(model.predict(inputs(e)) as Float64Array, e.Y as number[][])).toBe(0);
  });

  it('truncated bytes are a ModelFormatError', () => {
    const bytes = fixtureBytes('onnx-rf-classifier.onnx');
    for (const cut of [10, 100, bytes.length - 3]) expect(() => readOnnx(bytes.subarray(0, cut))).toThrow(ModelFormatError);
  });
});
