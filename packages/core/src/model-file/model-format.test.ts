import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ModelFormatError } from '@dt/errors';
import { gini, mse, type Criterion } from '@dt/criteria';
import { nodeFeaturesPCA } from '@dt/projections';
import {
  DecisionTreeClassifier,
  DecisionTreeRegressor,
  loadModel,
  modelToJson,
  serializeModel,
  Tree,
  treeFromJson,
  treeToJson,
} from '../index.js';
import { readModel, saveModel } from '../node.js';
import { randomClassification, randomRegression } from '../test-helpers/random-data.js';

describe('model JSON format', () => {
  it('round-trips a classifier exactly (same JSON, same predictions and probabilities)', () => {
    const { X, y } = randomClassification(300, 5, 3, 11);
    const labels = y.map((c) => ['cat', 'dog', 'eel'][c]!);
    const m = new DecisionTreeClassifier({ maxDepth: 6, criterion: 'entropy' }).fit(X, labels, {
      featureNames: ['a', 'b', 'c', 'd', 'e'],
    });
    const text = serializeModel(m);
    const back = loadModel(text);
    expect(back).toBeInstanceOf(DecisionTreeClassifier);
    expect(serializeModel(back)).toBe(text);
    expect((back as DecisionTreeClassifier).predictProba(X)).toEqual(m.predictProba(X));
    expect(back.featureNames).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(back.options.criterion.name).toBe('entropy');
  });

  it('round-trips a regressor exactly', () => {
    const { X, y } = randomRegression(200, 3, 12);
    const m = new DecisionTreeRegressor({ minSamplesLeaf: 3 }).fit(X, y);
    const back = loadModel(JSON.parse(serializeModel(m))) as DecisionTreeRegressor;
    expect(Array.from(back.predict(X))).toEqual(Array.from(m.predict(X)));
    expect(modelToJson(back)).toEqual(modelToJson(m));
  });

  it('saves the projection and scaling; a custom projection loads for prediction and explains a refit', () => {
    const { X, y } = randomClassification(120, 3, 2, 14);
    const m = new DecisionTreeClassifier({ projection: 'node-means-pca', scale: true, maxDepth: 3 }).fit(X, y);
    const j = modelToJson(m);
    expect(j.params.projection).toBe('node-means-pca');
    expect(j.params.scale).toBe(true);
    const back = loadModel(JSON.stringify(j)) as DecisionTreeClassifier;
    expect(back.options.projection?.name).toBe('node-means-pca');
    const custom = loadModel(JSON.stringify({ ...j, params: { ...j.params, projection: 'my-proj' } })) as DecisionTreeClassifier;
    expect(custom.predict(X)).toEqual(m.predict(X));
    expect(() => new DecisionTreeClassifier(custom.options as never)).not.toThrow();
    expect(() => new DecisionTreeClassifier({ projection: custom.options.projection! }).fit(X, y)).toThrowError(/custom projection "my-proj"/);
  });

  it('saves projection options: nodeFeaturesPCA({ maxComponents: 1 }) reloads with 1, not auto', () => {
    const { X, y } = randomClassification(120, 4, 2, 15);
    const m = new DecisionTreeClassifier({ projection: nodeFeaturesPCA({ maxComponents: 1, method: 'exact' }), maxDepth: 3 }).fit(X, y);
    const j = modelToJson(m);
    expect(j.params.projection).toEqual({ name: 'node-features-pca', options: { maxComponents: 1, method: 'exact', tolerance: 1e-3, maxIterations: 30 } });
    const back = loadModel(JSON.stringify(j)) as DecisionTreeClassifier;
    expect(back.options.projection?.options).toEqual({ maxComponents: 1, method: 'exact', tolerance: 1e-3, maxIterations: 30 });
    expect(serializeModel(back)).toBe(JSON.stringify(j));
    // Refitting the reloaded options grows the same tree.
    expect(serializeModel(new DecisionTreeClassifier(back.options as never).fit(X, y))).toBe(serializeModel(m));
    // A custom projection saved with options keeps them on its placeholder.
    const custom = loadModel(JSON.stringify({ ...j, params: { ...j.params, projection: { name: 'mine', options: { k: 2 } } } })) as DecisionTreeClassifier;
    expect(custom.options.projection?.options).toEqual({ k: 2 });
    expect(custom.predict(X)).toEqual(m.predict(X));
  });

  it('loads a model fitted with an unregistered custom criterion (a placeholder that explains a refit)', () => {
    const { X, y } = randomClassification(120, 3, 2, 16);
    const myGini: Criterion = { ...gini, name: 'myGini' };
    const m = new DecisionTreeClassifier({ criterion: myGini, maxDepth: 3 }).fit(X, y);
    const text = serializeModel(m);
    expect(JSON.parse(text).params.criterion).toBe('myGini');
    const back = loadModel(text) as DecisionTreeClassifier;
    expect(back.options.criterion.name).toBe('myGini');
    expect(back.predict(X)).toEqual(m.predict(X));
    expect(serializeModel(back)).toBe(text);
    expect(() => new DecisionTreeClassifier(back.options as never).fit(X, y)).toThrowError(/custom criterion "myGini"/);
    const r = new DecisionTreeRegressor({ criterion: { ...mse, name: 'myMse' }, maxDepth: 2 }).fit(X, X.map((row) => row[0]!));
    expect(loadModel(serializeModel(r)).options.criterion.name).toBe('myMse');
  });

  it('holds oblique splits and predicts w·x <= t from raw features', () => {
    const t = new Tree(3, 2, 4);
    const root = t.addNode(-1, true, { impurity: 0.5, nSamples: 4, weightedNSamples: 4 });
    const l = t.addNode(root, true, { impurity: 0, nSamples: 2, weightedNSamples: 2 });
    const r = t.addNode(root, false, { impurity: 0, nSamples: 2, weightedNSamples: 2 });
    t.setObliqueSplit(root, [0, 2], [1, -2], 0.5);
    t.value.set([2, 0], l * 2);
    t.value.set([0, 2], r * 2);
    const x = Float64Array.from([1, 9, 0, /* 1 - 0 = 1 > 0.5 → right */ 0, 9, 1 /* 0 - 2 <= 0.5 → left */]);
    expect(Array.from(t.apply(x, 2))).toEqual([r, l]);
    const back = treeFromJson(JSON.parse(JSON.stringify(treeToJson(t))));
    expect(Array.from(back.apply(x, 2))).toEqual([r, l]);
    expect(treeToJson(back)).toEqual(treeToJson(t));
    const imp = t.featureImportances();
    expect(imp[0]).toBeCloseTo(1 / 3, 12);
    expect(imp[2]).toBeCloseTo(2 / 3, 12);
  });

  const good = () => JSON.parse(serializeModel(new DecisionTreeClassifier({ maxDepth: 3 }).fit(...xy())));
  const xy = (): [number[][], number[]] => {
    const d = randomClassification(100, 3, 2, 13);
    return [d.X, d.y];
  };

  it.each([
    ['not JSON', () => '{oops', /not a JSON document/],
    ['another format', () => ({ ...good(), format: 'sklearn-pickle' }), /not a dt model \(format is "sklearn-pickle"/],
    ['a future version', () => ({ ...good(), version: 99 }), /unsupported dt-model version 99/],
    ['a missing array', () => { const j = good(); delete j.tree.threshold; return j; }, /invalid model at tree.threshold/],
    ['a NaN-like value', () => { const j = good(); j.tree.threshold[0] = 'x'; return j; }, /invalid model at tree.threshold.0/],
    ['a dangling child id', () => { const j = good(); j.tree.left[0] = 999; return j; }, /node 0 has child id 999/],
    ['a cycle', () => { const j = good(); const c = j.tree.left[0]; j.tree.left[c] = 0; j.tree.kind[c] = 1; j.tree.right[c] = j.tree.right[0]; return j; }, /child id 0|more than one parent/],
    ['a shared child', () => { const j = good(); j.tree.right[0] = j.tree.left[0]; return j; }, /more than one parent/],
    ['a feature out of range', () => { const j = good(); j.tree.feature[0] = 7; return j; }, /splits on feature 7 but the model has 3 features/],
    ['wrong value length', () => { const j = good(); j.tree.value.pop(); return j; }, /value has/],
    ['classes that do not match', () => ({ ...good(), classes: [0] }), /classifier needs 2 classes/],
    ['bad params', () => ({ ...good(), params: { ...good().params, maxDepth: -4 } }), /invalid params: maxDepth must be/],
    ['a billion features', () => { const j = good(); j.featureNames = null; j.tree.nFeatures = 1e9; return j; }, /nFeatures: 1000000000 is more than/],
    ['duplicated classes', () => ({ ...good(), classes: [0, 0] }), /class 0 appears twice/],
    ['a negative class count', () => { const j = good(); j.tree.value[2] = -0.022; return j; }, /tree.value\[2\]: node 1 has class count -0.022/],
    ['all-zero class counts', () => { const j = good(); j.tree.value[2] = 0; j.tree.value[3] = 0; return j; }, /node 1 has class counts summing to 0/],
    ['a zero root weight', () => { const j = good(); j.tree.weightedNSamples[0] = 0; return j; }, /tree.weightedNSamples\[0\]: 0 \(the root must weigh/],
    ['a child heavier than its parent', () => { const j = good(); j.tree.weightedNSamples[1] = 1e6; return j; }, /tree.weightedNSamples\[1\]: 1000000 \(a child must not weigh more/],
    ['a negative impurity', () => { const j = good(); j.tree.impurity[0] = -1; return j; }, /tree.impurity\[0\]: -1/],
    ['a split that raises the impurity', () => { const j = good(); j.tree.impurity[j.tree.left[0]] = 5; return j; }, /the children's weighted impurity .* exceeds/],
    ['oblique weights that overflow', () => {
      const j = JSON.parse(serializeModel(new DecisionTreeClassifier({ projection: 'node-means-pca', maxDepth: 2 }).fit(...xy())));
      const i = j.tree.kind.indexOf(2);
      const off = j.tree.obliqueOffset[i];
      for (let k = off; k < off + j.tree.obliqueLength[i]; k++) j.tree.obliqueWeights[k] = 1e308;
      return j;
    }, /oblique weights whose absolute sum is Infinity/],
    ['nSamples beyond int32', () => { const j = good(); j.tree.nSamples[0] = 2 ** 31; return j; }, /tree.nSamples\[0\]: 2147483648/],
  ])('rejects %s with a clear ModelFormatError', (_, make, message) => {
    const input = make();
    expect(() => loadModel(typeof input === 'string' ? input : JSON.stringify(input))).toThrowError(ModelFormatError);
    expect(() => loadModel(typeof input === 'string' ? input : JSON.stringify(input))).toThrowError(message);
  });

  it('saves atomically and reads back; a failed write leaves the old file intact', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dt-core-'));
    const path = join(dir, 'model.json');
    const m = new DecisionTreeClassifier({ maxDepth: 2 }).fit(...xy());
    await saveModel(path, m);
    const first = readFileSync(path, 'utf8');
    expect(serializeModel(await readModel(path))).toBe(first);
    await expect(saveModel(join(dir, 'missing-dir', 'm.json'), m)).rejects.toThrowError(/cannot write/);
    writeFileSync(path, first);
    expect(readdirSync(dir)).toEqual(['model.json']);
    await expect(readModel(join(dir, 'nope.json'))).rejects.toThrowError(/cannot read model/);
  });

  it('a nodeCount far beyond the arrays the file holds is a ModelFormatError before anything is allocated (v1 and v2)', () => {
    const m = new DecisionTreeClassifier({ maxDepth: 2 }).fit([[0], [1], [2], [3]], [0, 0, 1, 1]);
    for (const version of [1, 2]) {
      const j = JSON.parse(serializeModel(m)) as { version: number; tree: Record<string, unknown> };
      j.version = version;
      if (version === 1) delete j.tree.missingGoToLeft;
      j.tree.nodeCount = 2 ** 53;
      expect(() => loadModel(JSON.stringify(j))).toThrowError(ModelFormatError);
    }
  });

  it('reads a model file that starts with a UTF-8 BOM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dt-core-'));
    const m = new DecisionTreeClassifier({ maxDepth: 2 }).fit(...xy());
    writeFileSync(join(dir, 'bom.json'), `\ufeff${serializeModel(m)}`);
    expect(serializeModel(await readModel(join(dir, 'bom.json')))).toBe(serializeModel(m));
    expect(serializeModel(loadModel(`\ufeff${serializeModel(m)}`))).toBe(serializeModel(m));
  });
});
