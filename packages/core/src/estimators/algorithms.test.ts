import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, UnknownNameError } from '@dt/errors';
import { loadDataset } from '@dt/datasets';
import { createClassifier, listAlgorithms, loadModel, serializeModel } from '../index.js';

describe('the named algorithms (Max-Cut paper, HHCART)', () => {
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
      'hhcart-a',
      'hhcart-d',
    ]);
    expect(() => createClassifier('maxcut-means')).toThrowError(UnknownNameError);
  });

  for (const name of listAlgorithms()) {
    for (const scale of [false, true]) {
      it(`${name}${scale ? ' (scaled)' : ''} fits wine, predicts from raw features and round-trips`, async () => {
        const wine = await loadDataset('wine');
        const y = wine.y as number[];
        const m = createClassifier(name, { scale, seed: 1 }).fit(wine.X, y);
        // Fully grown trees separate wine's distinct rows (HHCART's MinParent = 2 leaves 2-sample nodes unsplit).
        if (name.startsWith('hhcart')) expect(m.score(wine.X, y)).toBeGreaterThan(0.97);
        else expect(m.score(wine.X, y)).toBe(1);
        const back = loadModel(serializeModel(m));
        expect(back.predict(wine.X)).toEqual(m.predict(wine.X));
        const kinds = new Set(Array.from(m.tree.reachable(), (n) => m.tree.kind[n]));
        if (name.includes('pca')) expect([...kinds].sort()).toEqual([0, 2]);
        else if (name.includes('features')) expect([...kinds].sort()).toEqual([0, 1]);
        else expect(kinds.has(2)).toBe(true); // HHCART: reflected (oblique) splits, axis ones where a class is axis-aligned
        expect(m.options.criterion.name).toBe(name.startsWith('gini') ? 'gini' : name.startsWith('hhcart') ? 'twoing' : 'maxCut');
      });
    }
  }

  it('HHCART defaults to MinParent 2 and MisRate 0, and user options override them', () => {
    expect(createClassifier('hhcart-d').options.minParent).toBe(2);
    expect(createClassifier('hhcart-d').options.misRate).toBe(0);
    expect(createClassifier('hhcart-a', { minParent: 10 }).options.minParent).toBe(10);
    expect(createClassifier('hhcart-a', { criterion: 'twoing' }).options.criterion.name).toBe('twoing');
  });

  it('refuses a criterion or projection the algorithm would replace (never ignored)', () => {
    expect(() => createClassifier('hhcart-a', { criterion: 'foo' })).toThrow(
      'options.criterion must be absent or "twoing" (fixed by the algorithm "hhcart-a"), got "foo"',
    );
    expect(() => createClassifier('hhcart-a', { criterion: 'gini' })).toThrow(InvalidArgumentError);
    expect(() => createClassifier('gini-pre-pca', { projection: 'axis' })).toThrow('options.projection must be absent or "global-pca"');
    expect(() => createClassifier('hhcart-d', { maxDepht: 3 } as never)).toThrow('did you mean maxDepth?');
  });
});
