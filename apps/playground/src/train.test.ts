import { DecisionTreeClassifier, loadModel } from '@dt/core';
import { loadBoostingModel, type HistGradientBoostingClassifier } from '@dt/boost';
import { loadDataset } from '@dt/datasets';
import { crossValidate, stratifiedKFold } from '@dt/eval';
import { describe, expect, it } from 'vitest';
// The embedded copy of shared/datasets/boston-housing.csv (MEDV: a regression label).
import bostonCsv from '../../../packages/datasets/src/embedded/boston-housing.js';
import { PLAYGROUND_ALGORITHMS } from './algorithms.js';
import { csvColumns } from './csv-columns.js';
import { treeShap } from '@dt/explain';
import { DRAW_LIMIT, drawModel, explainRow, PREVIEW_ROWS, train, type TrainRequest } from './train.js';

const base: TrainRequest = { data: { builtin: 'iris' }, algorithm: 'cart', maxDepth: null, minSamplesLeaf: 1, alpha: 0.02, folds: 5, seed: 0 };

describe('playground training', () => {
  it('offers CART, the eight Max-Cut algorithms, HHCART (A, D), Decision Stream and gradient boosting', () => {
    expect(PLAYGROUND_ALGORITHMS.map((a) => a.name)).toEqual(['cart', 'gini-features', 'gini-pre-pca', 'gini-node-features-pca', 'gini-node-means-pca', 'maxcut-features', 'maxcut-pre-pca', 'maxcut-node-features-pca', 'maxcut-node-means-pca', 'hhcart-a', 'hhcart-d', 'stream', 'hist-gradient-boosting']);
  });

  it('gradient boosting: a live validation-loss curve per iteration of the final fit (early stopping on a tenth), the first tree drawn, a boosting model file', async () => {
    const curves: number[][] = [];
    const r = await train({ ...base, algorithm: 'hist-gradient-boosting', minSamplesLeaf: 5, maxIter: 40, learningRate: 0.3 }, (p) => void (p.curve && curves.push(p.curve)));
    const m = loadBoostingModel(r.modelFile) as HistGradientBoostingClassifier;
    expect(m.getParams()).toMatchObject({ maxIter: 40, learningRate: 0.3, minSamplesLeaf: 5, earlyStopping: true });
    // One progress message per iteration, each with the losses so far; the result holds the whole curve.
    expect(curves).toHaveLength(m.nIter);
    expect(curves.map((c) => c.length)).toEqual(Array.from({ length: m.nIter }, (_, i) => i + 1));
    expect(r.validationLoss).toEqual(Array.from(m.validationScore.subarray(1), (v) => -v));
    expect(curves.at(-1)).toEqual(r.validationLoss);
    expect(r.validationLoss![r.validationLoss!.length - 1]!).toBeLessThan(r.validationLoss![0]!);
    expect(r.nodeCount).toBe(m.estimators[0]![0]!.nodeCount);
    expect(r.svg.startsWith('<svg')).toBe(true);
    expect(r.mean).toBeGreaterThan(0.85);
    expect(JSON.parse(r.modelFile).training.algorithm).toBe('hist-gradient-boosting');
    const iris = await loadDataset('iris');
    expect(m.featureNames).toEqual(iris.featureNames);
    expect((await train(base)).validationLoss).toBeNull();
  });

  it("scores exactly as dt eval on the same data and seed: the same shuffled folds, fold by fold", async () => {
    // `dt eval --data iris --config criterion=gini --folds 5 --seed 0 --json` (and boston-housing.csv with criterion=mse).
    const iris = await train(base);
    expect(iris.foldScores).toEqual([0.9666666666666667, 0.9666666666666667, 0.9666666666666667, 0.8666666666666667, 0.9333333333333333]);
    expect([iris.mean, iris.std]).toEqual([0.9400000000000001, 0.04346134936801765]);
    const boston = await train({ ...base, data: { csv: bostonCsv, name: 'boston-housing' } });
    expect(boston.metric).toBe('r2');
    expect(boston.foldScores).toEqual([0.5415813217903938, 0.6537025180247445, 0.8569910138411388, 0.6529719204574722, 0.8026416256732618]);
    expect([boston.mean, boston.std]).toEqual([0.7015776799574022, 0.1271029219627394]);
    // The seed shuffles the folds: another seed, other folds.
    expect((await train({ ...base, seed: 1 })).foldScores).not.toEqual(iris.foldScores);
  });

  it('cross-validates as @dt/eval does, draws the tree and writes a model file core loads', async () => {
    const stages: string[] = [];
    const r = await train(base, (p) => stages.push(p.stage));
    const iris = await loadDataset('iris');
    const cv = crossValidate(() => new DecisionTreeClassifier({ minSamplesLeaf: 1, seed: 0 }), iris.X, iris.y, { cv: stratifiedKFold(iris.y, 5, { shuffle: true, seed: 0 }) });
    expect(r.mean).toBe(cv.scores.accuracy!.mean);
    expect(r.confusion!.labels).toEqual(['setosa', 'versicolor', 'virginica']);
    // Out-of-fold predictions: every row counted once; the diagonal is the accuracy.
    const total = r.confusion!.matrix.flat().reduce((a, b) => a + b, 0);
    const diag = r.confusion!.matrix.reduce((s, row, i) => s + row[i]!, 0);
    expect(total).toBe(150);
    expect(diag / 150).toBeCloseTo(r.mean, 12);
    expect(stages).toContain('cross-validation: fold 5 of 5');
    expect((r.svg.match(/<g class="node[ "]/g) ?? []).length).toBe(r.nodeCount);
    expect(r.drawing).toEqual({ drawn: r.nodeCount, maxDepth: null, depth: 5 });
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
    await expect(train({ ...base, seed: 1.5 })).rejects.toThrow(/seed/);
  });

  it('uses the label column the user picks (default: the last)', async () => {
    // Label first: a class column "kind", then two numeric features.
    const csv = 'kind,u,v\n' + Array.from({ length: 60 }, (_, i) => `${i % 2 === 0 ? 'even' : 'odd'},${i % 2},${(i * 7) % 11}`).join('\n');
    expect(csvColumns(csv)).toEqual(['kind', 'u', 'v']);
    expect(csvColumns('"a,b",c\r\nx')).toEqual(['a,b', 'c']);
    const picked = await train({ ...base, data: { csv, name: 'first', label: 'kind' }, folds: 3 });
    expect([picked.task, picked.features, picked.mean]).toEqual(['classification', 2, 1]);
    expect(JSON.parse(picked.modelFile).training.targetName).toBe('kind');
    // Without a choice the last column (v) is the label, as dt train's default.
    const last = await train({ ...base, data: { csv, name: 'first' }, folds: 3 });
    expect(JSON.parse(last.modelFile).training.targetName).toBe('v');
  });

  it('handles missing cells as chosen: impute (per fold), native (CART), drop', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => `${i % 5 === 0 ? '' : i % 2},${(i * 7) % 11},${i % 2 === 0 ? 'a' : 'b'}`);
    const data = { csv: `u,v,label\n${rows.join('\n')}`, name: 'holes' };
    const imputed = await train({ ...base, data, algorithm: 'hhcart-a', folds: 3 });
    expect(imputed.rows).toBe(60);
    const file = JSON.parse(imputed.modelFile).training;
    expect(file.missing).toMatchObject({ policy: 'impute', cells: 12, rows: 12, strategy: 'mean' });
    const native = await train({ ...base, data, missing: 'native', folds: 3 });
    expect(native.rows).toBe(60);
    const dropped = await train({ ...base, data, missing: 'drop', folds: 3 });
    expect(dropped.rows).toBe(48);
    await expect(train({ ...base, data, algorithm: 'hhcart-a', missing: 'native' })).rejects.toThrow(/missing must be impute or drop for hhcart-a/);
    await expect(train({ ...base, data, missing: 'guess' as never })).rejects.toThrow(/missing/);
  });

  it('cuts a picture over the node limit at the deepest depth that fits, and draws deeper or all on request', () => {
    // One feature, pseudo-random labels: a tree of thousands of nodes.
    const X: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 600; i++) {
      X.push([i]);
      y.push(((i * 2654435761) >>> 7) % 2);
    }
    const model = new DecisionTreeClassifier().fit(X, y);
    expect(model.nodeCount).toBeGreaterThan(300);
    const picture = { categories: [null], spread: [1] };
    expect(drawModel(model, picture, { maxDepth: null }).drawing.maxDepth).toBeNull(); // under DRAW_LIMIT
    expect(DRAW_LIMIT).toBe(4000);
    const cut = drawModel(model, picture, { maxDepth: null, limit: 100 });
    expect(cut.drawing.maxDepth).not.toBeNull();
    expect(cut.drawing.drawn).toBeLessThanOrEqual(100);
    expect((cut.svg.match(/<g class="node[ "]/g) ?? []).length).toBe(cut.drawing.drawn);
    expect(cut.svg).toContain('class="stub"');
    const deeper = drawModel(model, picture, { maxDepth: cut.drawing.maxDepth! + 2 });
    expect(deeper.drawing.drawn).toBeGreaterThan(cut.drawing.drawn);
    const all = drawModel(model, picture, { maxDepth: Number.POSITIVE_INFINITY });
    expect(all.drawing).toEqual({ drawn: model.nodeCount, maxDepth: null, depth: model.depth });
  });

  it('explains a listed row: the waterfall of the predicted class', async () => {
    const r = await train(base);
    expect(r.preview.rows.length).toBe(PREVIEW_ROWS);
    expect(r.preview.columns.length).toBe(5);
    expect(r.preview.rows[3]!.cells.slice(0, 4)).toEqual(Array.from(r.trained.X.data.subarray(12, 16), String));
    const e = explainRow(r.trained, 3);
    const x = Array.from(r.trained.X.data.subarray(3 * 4, 4 * 4));
    const shap = treeShap(r.model, [x]);
    const best = shap.prediction.indexOf(Math.max(...shap.prediction));
    expect(e.output).toBe(shap.outputNames![best]);
    expect(e.svg).toMatch(/^<svg/);
    expect(e.svg).toContain(`P(${e.output})`);
    expect(() => explainRow(r.trained, r.rows)).toThrow(/row must be a row index below 150/);
  });

  it('a model without per-feature paths is refused with the reason (an oblique tree)', async () => {
    const r = await train({ ...base, algorithm: 'hhcart-a' });
    expect(() => explainRow(r.trained, 0)).toThrow(/oblique/);
  });
});
