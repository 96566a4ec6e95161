import { describe, expect, it } from 'vitest';
import { UnknownNameError } from '@dt/errors';
import { loadDataset } from '@dt/datasets';
import { createClassifier, listAlgorithms, loadModel, serializeModel } from './index.js';

describe("the Max-Cut paper's eight algorithms", () => {
  it('are listed by their paper names', () => {
    expect(listAlgorithms()).toEqual([
      'gini-features',
      'gini-pre-pca',
      'gini-node-features-pca',
      'gini-node-means-pca',
      'maxcut-features',
      'maxcut-pre-pca',
      'maxcut-node-features-pca',
      'maxcut-node-means-pca',
    ]);
    expect(() => createClassifier('maxcut-means')).toThrowError(UnknownNameError);
  });

  for (const name of listAlgorithms()) {
    for (const scale of [false, true]) {
      it(`${name}${scale ? ' (scaled)' : ''} fits wine, predicts from raw features and round-trips`, async () => {
        const wine = await loadDataset('wine');
        const y = wine.y as number[];
        const m = createClassifier(name, { scale, seed: 1 }).fit(wine.X, y);
        // Fully grown trees separate wine's distinct rows.
        expect(m.score(wine.X, y)).toBe(1);
        const back = loadModel(serializeModel(m));
        expect(back.predict(wine.X)).toEqual(m.predict(wine.X));
        const oblique = name.includes('pca');
        const kinds = new Set(Array.from(m.tree.reachable(), (n) => m.tree.kind[n]));
        expect(kinds.has(2)).toBe(oblique);
        expect(kinds.has(1)).toBe(!oblique);
        expect(m.options.criterion.name).toBe(name.startsWith('gini') ? 'gini' : 'maxCut');
      });
    }
  }
});
