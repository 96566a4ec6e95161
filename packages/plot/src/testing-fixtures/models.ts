/** The fitted models the tests, snapshots and docs/img pictures draw: one per model kind. */
import { createClassifier, DecisionTreeClassifier, DecisionTreeRegressor } from '@dt/core';
import { loadDataset } from '@dt/datasets';
import { DecisionStreamClassifier } from '@dt/stream';
import type { PlotOptions } from '../render-svg.js';
import type { PlottableModel } from '../model-view.js';

export interface Example {
  name: string;
  model: PlottableModel;
  options: PlotOptions;
}

export async function exampleModels(): Promise<Example[]> {
  const iris = await loadDataset('iris');
  const wine = await loadDataset('wine');
  const heart = await loadDataset('statlog-heart');
  const redWine = await loadDataset('wine-quality-red');
  const balance = await loadDataset('balance-scale');
  const cats = heart.categories.flatMap((c, j) => (c === null ? [] : [j]));
  return [
    { name: 'axis', model: new DecisionTreeClassifier().fit(iris.X, iris.y, { featureNames: iris.featureNames }), options: {} },
    { name: 'oblique', model: createClassifier('hhcart-a').fit(wine.X, wine.y, { featureNames: wine.featureNames }), options: { maxDepth: 3 } },
    {
      name: 'crimcoord',
      model: new DecisionTreeClassifier({ categoricalFeatures: cats, maxDepth: 3 }).fit(heart.X, heart.y, { featureNames: heart.featureNames }),
      options: { categories: heart.categories },
    },
    { name: 'pruned', model: new DecisionTreeClassifier({ ccpAlpha: 0.01 }).fit(wine.X, wine.y, { featureNames: wine.featureNames }), options: {} },
    { name: 'stream', model: new DecisionStreamClassifier({ seed: 0 }).fit(balance.X, balance.y, { featureNames: balance.featureNames }), options: {} },
    { name: 'regression', model: new DecisionTreeRegressor({ maxDepth: 3 }).fit(redWine.X, Array.from(redWine.y, Number), { featureNames: redWine.featureNames }), options: {} },
  ];
}

/**
 * The large pictures the viewer is checked on (issue 32): CART on MAGIC gamma, default options
 * (3,889 nodes), and the same limited to 120 leaves (239 nodes). Seeded, so the same trees every run.
 */
export async function magicTrees(): Promise<{ name: string; title: string; model: PlottableModel; nodes: number }[]> {
  const magic = await loadDataset('magic-gamma');
  const fit = (o: { maxLeafNodes?: number }): DecisionTreeClassifier => new DecisionTreeClassifier({ ...o, seed: 0 }).fit(magic.X, magic.y, { featureNames: magic.featureNames });
  const small = fit({ maxLeafNodes: 120 });
  const big = fit({});
  return [
    { name: 'magic-239', title: `MAGIC gamma, CART, 120 leaves (${small.nodeCount} nodes)`, model: small, nodes: small.nodeCount },
    { name: 'magic-3889', title: `MAGIC gamma, CART, default options (${big.nodeCount} nodes)`, model: big, nodes: big.nodeCount },
  ];
}
