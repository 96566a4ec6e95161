/**
 * Fuzz targets of the boosting model file (@dt/boost's dt-boost-model, read through the CLI's loader
 * loadBoostingModel): the campaign's JSON mutations of a binary classifier fitted with missing values,
 * a multiclass classifier with feature names and class weights, and a Poisson regressor. A case is
 * sound when the reader refuses with a DtError or returns a model whose predictions are classes /
 * finite numbers, whose probabilities lie in [0, 1] and sum to 1, whose importances lie in [0, 1],
 * that saves and re-loads to the same predictions, and whose first tree exports and draws.
 */
import fc from 'fast-check';
import { boostingMemberTree, HistGradientBoostingClassifier, HistGradientBoostingRegressor, loadBoostingModel } from '@dt/boost';
import { exportText } from '@dt/core';
import { renderSvg } from '@dt/plot';
import { checkClassifierOutputs } from './check-classifier.js';
import type { FuzzTarget } from './harness.js';
import { mutateModel, mutation, type Mutation } from './mutate-model.js';

const PROBE = [0, Number.NaN, 1.5, -2, 1e6, -1e6, 3, 0.25, 7, -0.5];

/** Null when a loaded boosting model is sound on probe rows (NaN included), else what is wrong. */
function checkBoosting(model: HistGradientBoostingClassifier | HistGradientBoostingRegressor): string | null {
  const d = model.nFeatures;
  if (d > 10_000) return null; // a valid model too wide for probe rows
  const X = Array.from({ length: 5 }, (_, r) => Array.from({ length: d }, (_, j) => PROBE[(r * 3 + j) % PROBE.length]!));
  let again: unknown[];
  if (model instanceof HistGradientBoostingClassifier) {
    const pred = model.predict(X);
    const bad = checkClassifierOutputs(model.classes, pred, model.predictProbaFlat(X), X.length);
    if (bad !== null) return bad;
    again = HistGradientBoostingClassifier.fromJSON(JSON.stringify(model)).predict(X);
    if (again.join() !== pred.join()) return 'predictions changed after save and load';
  } else {
    const pred = model.predict(X);
    for (const p of pred) if (Number.isNaN(p)) return `predict returned ${p}`;
    again = Array.from(HistGradientBoostingRegressor.fromJSON(JSON.stringify(model)).predict(X));
    if (again.join() !== Array.from(pred).join()) return 'predictions changed after save and load';
  }
  for (const v of model.featureImportances) if (!(v >= 0 && v <= 1)) return `featureImportances has ${v}`;
  const first = boostingMemberTree(model, 0);
  exportText(first, { maxDepth: 4 });
  renderSvg(first, { maxDepth: 3 });
  return null;
}

function baseBoostingModels(): { name: string; text: string }[] {
  const X: number[][] = [];
  const yBin: string[] = [];
  const yMulti: number[] = [];
  const counts: number[] = [];
  for (let i = 0; i < 90; i++) {
    const a = (i * 7) % 11;
    const b = (i * 13) % 17;
    X.push([i % 6 === 0 ? Number.NaN : a, b / 4, i % 3]);
    yBin.push(a + (i % 3) > 6 || i % 6 === 0 ? 'yes' : 'no');
    yMulti.push(b > 11 ? 2 : a > 5 ? 1 : 0);
    counts.push((a + b) % 5);
  }
  const small = { maxIter: 3, maxLeafNodes: 4, minSamplesLeaf: 5 };
  return [
    { name: 'binary with missing values', text: JSON.stringify(new HistGradientBoostingClassifier(small).fit(X, yBin)) },
    {
      name: 'multiclass with names and class weights',
      text: JSON.stringify(new HistGradientBoostingClassifier({ ...small, classWeight: 'balanced' }).fit(X, yMulti, { featureNames: ['a', 'b', 'c'] })),
    },
    { name: 'poisson regressor', text: JSON.stringify(new HistGradientBoostingRegressor({ ...small, loss: 'poisson' }).fit(X, counts)) },
  ];
}

/** One target per base model: mutated files through loadBoostingModel (the CLI's loader). */
export function boostTargets(): FuzzTarget<{ muts: Mutation[] }>[] {
  return baseBoostingModels().map(({ name, text }) => ({
    name: `boosting model file: ${name}`,
    input: fc.record({ muts: fc.array(mutation, { minLength: 1, maxLength: 3 }) }),
    run: ({ muts }) => checkBoosting(loadBoostingModel(mutateModel(text, muts))),
  }));
}
