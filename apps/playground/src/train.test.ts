import { DecisionTreeClassifier, loadModel } from '@dt/core';
import { loadDataset } from '@dt/datasets';
import { crossValidate, stratifiedKFold } from '@dt/eval';
import { describe, expect, it } from 'vitest';
import { PLAYGROUND_ALGORITHMS } from './algorithms.js';
import { train, type TrainRequest } from './train.js';

const base: TrainRequest = { data: { builtin: 'iris' }, algorithm: 'cart', maxDepth: null, minSamplesLeaf: 1, alpha: 0.02, folds: 5, seed: 0 };

describe('playground training', () => {
  it('offers CART, the eight Max-Cut algorithms, HHCART (A, D) and Decision Stream', () => {
    expect(PLAYGROUND_ALGORITHMS.map((a) => a.name)).toEqual(['cart', 'gini-features', 'gini-pre-pca', 'gini-node-features-pca', 'gini-node-means-pca', 'maxcut-features', 'maxcut-pre-pca', 'maxcut-node-features-pca', 'maxcut-node-means-pca', 'hhcart-a', 'hhcart-d', 'stream']);
  });

  it('cross-validates as @dt/eval does, draws the tree and writes a model file core loads', async () => {
    const stages: string[] = [];
    const r = await train(base, (p) => stages.push(p.stage));
    const iris = await loadDataset('iris');
    const cv = crossValidate(() => new DecisionTreeClassifier({ minSamplesLeaf: 1, seed: 0 }), iris.X, iris.y, { cv: stratifiedKFold(iris.y, 5, { seed: 0 }) });
    expect(r.mean).toBe(cv.scores.accuracy!.mean);
    expect(r.confusion!.labels).toEqual(['setosa', 'versicolor', 'virginica']);
    // Out-of-fold predictions: every row counted once; the diagonal is the accuracy.
    const total = r.confusion!.matrix.flat().reduce((a, b) => a + b, 0);
    const diag = r.confusion!.matrix.reduce((s, row, i) => s + row[i]!, 0);
    expect(total).toBe(150);
    expect(diag / 150).toBeCloseTo(r.mean, 12);
    expect(stages).toContain('cross-validation: fold 5 of 5');
    expect((r.svg.match(/<g class="node[ "]/g) ?? []).length).toBe(r.nodeCount);
    const model = loadModel(r.modelFile);
    expect(model.nodeCount).toBe(r.nodeCount);
    expect(JSON.parse(r.modelFile).training.targetName).toBe('species');
  });

  it('trains a Decision Stream and a CSV dropped on the page, and names a bad option', async () => {
    const s = await train({ ...base, algorithm: 'stream' });
    expect(JSON.parse(s.modelFile).format).toBe('dt-stream');
    const csv = 'a,b,label\n' + Array.from({ length: 40 }, (_, i) => `${i},${i % 3},${i < 20 ? 'x' : 'y'}`).join('\n');
    const c = await train({ ...base, data: { csv, name: 'mine' }, folds: 4 });
    expect([c.dataset, c.rows]).toEqual(['mine', 40]);
    expect(c.mean).toBeGreaterThan(0.8);
    await expect(train({ ...base, folds: 1 })).rejects.toThrow(/folds/);
    await expect(train({ ...base, algorithm: 'id3' })).rejects.toThrow(/algorithm/);
  });
});
