import { describe, expect, it } from 'vitest';
import { exportText } from '@dt/core';
import { renderSvg } from '@dt/plot';
import { detectModelFormat, readModel } from './read-model.js';
import { importedModelToJson, loadImportedModel } from './model-json.js';
import { expected, fixtureBytes, inputs } from './test-helpers/fixtures.js';

const FILES = [
  ['lgb-multiclass', 'txt', 'lightgbm'],
  ['lgb-regression', 'txt', 'lightgbm'],
  ['xgb-cat', 'json', 'xgboost'],
  ['xgb-multi', 'json', 'xgboost'],
  ['onnx-rf-classifier', 'onnx', 'onnx'],
  ['onnx-tree-ensemble-v5', 'onnx', 'onnx'],
] as const;

describe('readModel and dt JSON of imported models', () => {
  for (const [name, ext, format] of FILES) {
    it(`${name}: detected as ${format}; its dt JSON predicts bit for bit as the original`, () => {
      const bytes = fixtureBytes(`${name}.${ext}`);
      expect(detectModelFormat(bytes)).toBe(format);
      const model = readModel(bytes);
      const X = inputs(expected(name));
      const text = JSON.stringify(importedModelToJson(model));
      expect(detectModelFormat(text)).toBe('dt-imported-ensemble');
      const back = readModel(text);
      expect(back.decisionFunction(X)).toEqual(model.decisionFunction(X));
      expect(back.apply(X)).toEqual(model.apply(X));
      expect(back.predict(X)).toEqual(model.predict(X));
    });
  }

  it('imported trees draw with @dt/plot and print with exportText (categorical splits as level sets)', () => {
    const model = readModel(fixtureBytes('lgb-multiclass.txt'));
    const svg = renderSvg(model, { tree: 2 });
    expect(svg.startsWith('<svg')).toBe(true);
    const text = exportText(model.estimators[2]! as never);
    expect(text).toMatch(/Column_5/);
  });

  it('a dt JSON with a bad field is refused naming it', () => {
    const doc = importedModelToJson(readModel(fixtureBytes('xgb-cat.json')));
    doc.trees[0]!.catWords[0] = 1e6;
    expect(() => loadImportedModel(JSON.parse(JSON.stringify(doc)))).toThrow(/trees\[0\]\.catWords/);
  });
});
