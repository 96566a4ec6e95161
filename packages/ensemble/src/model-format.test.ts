import { describe, expect, it } from 'vitest';
import type { DecisionTreeClassifier} from '@dt/core';
import { exportText, loadAnyModel } from '@dt/core';
import { makeClassification, makeRegression } from '@dt/datasets';
import { algorithmForest } from './bagging.js';
import { forestMemberTree, loadForest, serializeForest } from './model-format.js';
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

  it('keep the out-of-bag score (not the per-row values)', () => {
    const m = new RandomForestClassifier({ nEstimators: 6, seed: 1, oobScore: true }).fit(data.X, labels);
    const back = loadForest(serializeForest(m));
    expect(back.oobScore).toBe(m.oobScore);
    expect(back.oobScoreOrNull).toBe(m.oobScore);
    expect(() => (back as RandomForestClassifier).oobDecisionFunction).toThrow(/oobDecisionFunction.*model files keep only/);
    const none = loadForest(serializeForest(new RandomForestClassifier({ nEstimators: 2, seed: 1 }).fit(data.X, labels)));
    expect(none.oobScoreOrNull).toBeNull();
    expect(() => none.oobScore).toThrow(/oobScore/);
  });

  it('forestMemberTree shows a member with the forest labels and its subspace feature names', () => {
    const names = ['p', 'q', 'r', 's', 't'];
    const hh = algorithmForest('hhcart-d', { nEstimators: 3, seed: 3, maxFeatures: 2 }).fit(data.X, labels, { featureNames: names });
    const t = forestMemberTree(hh, 1) as DecisionTreeClassifier;
    const feats = Array.from(hh.estimatorsFeatures[1]!);
    expect(t.featureNames).toEqual(feats.map((f) => names[f]));
    expect(t.classes).toEqual(['a', 'b', 'c'].filter((_, c) => (hh.estimators[1]!.classes as number[]).includes(c)));
    // Same predictions as the member on its subspace columns.
    const sub = Array.from({ length: data.X.rows }, (_, r) => feats.map((f) => data.X.data[r * 5 + f]!));
    expect(t.predict(sub)).toEqual((hh.estimators[1] as DecisionTreeClassifier).predict(sub).map((c) => ['a', 'b', 'c'][c as number]));
    expect(exportText(t)).toMatch(/class: [abc]/);
    expect(() => forestMemberTree(hh, 3)).toThrow(/tree.*0\.\.2.*3/);
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
