import { describe, expect, it } from 'vitest';
import { loadAnyModel } from '@dt/core';
import { makeClassification, makeRegression } from '@dt/datasets';
import { algorithmForest } from './bagging.js';
import { loadForest, serializeForest } from './model-format.js';
import { ExtraTreesClassifier, RandomForestClassifier, RandomForestRegressor } from './random-forest.js';

const data = makeClassification({ nSamples: 150, nFeatures: 5, nClasses: 3, nInformative: 3, seed: 3 });
const labels = Array.from(data.y, (c) => ['a', 'b', 'c'][c]!);

describe('dt-forest model files', () => {
  it('round-trip random forests, extra trees and oblique forests exactly, through loadAnyModel', () => {
    const models = [
      new RandomForestClassifier({ nEstimators: 5, seed: 1, maxDepth: 6 }).fit(data.X, labels, { featureNames: ['p', 'q', 'r', 's', 't'] }),
      new ExtraTreesClassifier({ nEstimators: 4, seed: 2 }).fit(data.X, labels),
      algorithmForest('hhcart-d', { nEstimators: 3, seed: 3, maxFeatures: 3 }).fit(data.X, labels),
    ];
    for (const m of models) {
      const text = serializeForest(m);
      const back = loadAnyModel(text) as typeof m;
      expect(back.constructor).toBe(m.constructor);
      expect(back.predictProba(data.X)).toEqual(m.predictProba(data.X));
      expect(back.predict(data.X)).toEqual(m.predict(data.X));
      expect(back.featureNames).toEqual(m.featureNames);
      expect(Array.from(back.featureImportances)).toEqual(Array.from(m.featureImportances));
      expect(serializeForest(back)).toBe(text);
    }
    const reg = makeRegression({ nSamples: 80, nFeatures: 3, seed: 1 });
    const r = new RandomForestRegressor({ nEstimators: 4, seed: 5 }).fit(reg.X, reg.y);
    expect(Array.from(loadForest(serializeForest(r)).predict(reg.X as never) as Float64Array)).toEqual(Array.from(r.predict(reg.X)));
  });

  it('rejects broken files with a ModelFormatError naming the place', () => {
    const m = new RandomForestClassifier({ nEstimators: 2, seed: 1 }).fit(data.X, labels);
    const doc = JSON.parse(serializeForest(m));
    const bad = (f: (d: typeof doc) => void): string => {
      const d = JSON.parse(JSON.stringify(doc));
      f(d);
      return JSON.stringify(d);
    };
    expect(() => loadForest(bad((d) => (d.version = 3)))).toThrow(/version/);
    expect(() => loadForest(bad((d) => (d.members[1].tree.threshold[0] = 'x')))).toThrow(/members\.1\.tree\.threshold\.0/);
    expect(() => loadForest(bad((d) => (d.members[0].tree.left[0] = 0)))).toThrow(/child id/);
    expect(() => loadForest(bad((d) => (d.members[0].classes = [0, 1, 7])))).toThrow(/classes/);
    expect(() => loadForest(bad((d) => (d.params.nEstimators = -1)))).toThrow(/nEstimators/);
    expect(() => loadForest(bad((d) => (d.members = [])))).toThrow(/members/);
  });
});

describe('dt-forest files: member statistics are checked (fuzz: predictProba −0.21 before)', () => {
  const m = new RandomForestClassifier({ nEstimators: 2, seed: 1, maxDepth: 2 }).fit(data.X, labels);
  const good = (): { members: { classes: number[]; tree: { value: number[] } }[] } => JSON.parse(serializeForest(m));
  it.each([
    ['a negative class count', (j: ReturnType<typeof good>) => void (j.members[0]!.tree.value[1] = -1), /members.0.tree.value\[1\]: node 0 has class count -1/],
    ['all-zero class counts', (j: ReturnType<typeof good>) => void j.members[1]!.tree.value.fill(0, 0, 3), /node 0 has class counts summing to 0/],
    ['repeated member class codes', (j: ReturnType<typeof good>) => void (j.members[0]!.classes = [0, 0, 1]), /class codes repeat/],
  ])('%s is a ModelFormatError', (_name, mutate, message) => {
    const j = good();
    mutate(j);
    expect(() => loadForest(JSON.stringify(j))).toThrowError(message);
  });
});
