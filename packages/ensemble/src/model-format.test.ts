import { describe, expect, it } from 'vitest';
import { DecisionTreeClassifier, DecisionTreeRegressor, exportText, loadAnyModel } from '@dt/core';
import { InvalidArgumentError } from '@dt/errors';
import { makeClassification, makeRegression } from '@dt/datasets';
import { DecisionStreamClassifier } from '@dt/stream';
import { algorithmForest, BaggingClassifier, BaggingRegressor } from './bagging.js';
import { forestMemberTree, forestModelFormat, loadForest, serializeForest } from './model-format.js';
import { ExtraTreesClassifier, RandomForestClassifier, RandomForestRegressor } from './random-forest.js';

const data = makeClassification({ nSamples: 150, nFeatures: 5, nClasses: 3, nInformative: 3, seed: 3 });
const labels = Array.from(data.y, (c) => ['a', 'b', 'c'][c]!);

describe('dt-forest model files', () => {
  it('round-trip random forests, extra trees and oblique forests exactly, through loadAnyModel', () => {
    const models = [
      new RandomForestClassifier({ nEstimators: 5, seed: 1, maxDepth: 6 }).fit(data.X, labels, { featureNames: ['p', 'q', 'r', 's', 't'] }),
      new ExtraTreesClassifier({ nEstimators: 4, seed: 2 }).fit(data.X, labels),
      algorithmForest('hhcart-d', { nEstimators: 3, seed: 3, maxFeatures: 3 }).fit(data.X, labels),
      algorithmForest('maxcut-node-means-pca', { nEstimators: 3, seed: 4, maxFeatures: 'sqrt', tree: { maxDepth: 5 } }).fit(data.X, labels),
      algorithmForest('hhcart-a', { nEstimators: 2, seed: 5 }).fit(data.X, labels),
      algorithmForest('decision-stream', { nEstimators: 4, seed: 6, maxFeatures: 'sqrt', oobScore: true, tree: { alpha: 0.01 } }).fit(data.X, labels, { featureNames: ['p', 'q', 'r', 's', 't'] }),
      algorithmForest('decision-stream', { nEstimators: 3, seed: 7 }).fit(data.X, labels),
    ];
    for (const m of models) {
      const text = serializeForest(m);
      const back = loadAnyModel(text, [forestModelFormat]) as typeof m;
      expect(back.constructor).toBe(m.constructor);
      expect(back.predictProba(data.X)).toEqual(m.predictProba(data.X));
      expect(back.predict(data.X)).toEqual(m.predict(data.X));
      expect(back.featureNames).toEqual(m.featureNames);
      expect(back.estimatorsFeatures).toEqual(m.estimatorsFeatures);
      expect(back.oobScoreOrNull).toBe(m.oobScoreOrNull);
      if (!('algorithm' in m && m.algorithm === 'decision-stream')) expect(Array.from(back.featureImportances)).toEqual(Array.from(m.featureImportances));
      expect(serializeForest(back)).toBe(text);
      // The loaded forest is fittable again with the same options: the same forest.
      expect(serializeForest(back.clone().fit(data.X, labels, m.featureNames ? { featureNames: m.featureNames } : {}) as typeof m)).toBe(text);
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
    expect(() => loadForest(bad((d) => (d.version = 4)))).toThrow(/version 4.*reads versions 1, 2, 3/);
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

describe('dt-forest version 3: Decision Stream forests', () => {
  const ds = algorithmForest('decision-stream', { nEstimators: 3, seed: 2, maxFeatures: 3 }).fit(data.X, labels);
  const doc = (): { version: number; treeParams: Record<string, unknown>; subspace: unknown; members: { features: number[]; classes: number[]; graph?: Record<string, unknown>; tree?: unknown }[] } => JSON.parse(serializeForest(ds));

  it('members are stream graphs with their subspace and class codes; stream options once', () => {
    const j = doc();
    expect(j.version).toBe(3);
    expect(j.subspace).toBe(3);
    expect(j.treeParams).toMatchObject({ alpha: new DecisionStreamClassifier().options.alpha });
    expect(j.treeParams.seed).toBeUndefined();
    for (const m of j.members) {
      expect(m.tree).toBeUndefined();
      expect(m.graph).toMatchObject({ nFeatures: 3 });
      expect(m.features).toHaveLength(3);
    }
    const t = forestMemberTree(loadForest(JSON.stringify(j)), 2) as DecisionStreamClassifier;
    expect(t).toBeInstanceOf(DecisionStreamClassifier);
    expect(t.featureNames).toEqual(j.members[2]!.features.map((f) => `feature_${f}`));
    expect(t.classes.every((c) => ['a', 'b', 'c'].includes(c as string))).toBe(true);
  });

  it.each([
    ['a dangling child id', (j: ReturnType<typeof doc>) => void ((j.members[1]!.graph!.children as number[][])[0]![0] = 99999), /members\.1\.graph: invalid graph: node 0 has dangling child id 99999/],
    ['a graph of the wrong width', (j: ReturnType<typeof doc>) => void (j.members[0]!.features = [0, 1]), /members\.0: the graph has 3 features, expected 2/],
    ['a tree instead of a graph', (j: ReturnType<typeof doc>) => void (j.members[0]!.tree = {}), /members\.0: a Decision Stream forest's members hold a graph/],
    ['a missing graph', (j: ReturnType<typeof doc>) => void delete j.members[2]!.graph, /members\.2: a Decision Stream forest's members hold a graph/],
    ['a non-array graph field', (j: ReturnType<typeof doc>) => void (j.members[0]!.graph!.value = 'x'), /members\.0\.graph\.value/],
    ['class codes beyond the forest classes', (j: ReturnType<typeof doc>) => void (j.members[0]!.classes = [0, 1, 5]), /members\.0\.classes/],
    ['a bad stream option', (j: ReturnType<typeof doc>) => void (j.treeParams.alpha = 7), /alpha/],
    ['an unknown subspace rule', (j: ReturnType<typeof doc>) => void (j.subspace = 'half'), /subspace/],
    ['an older version', (j: ReturnType<typeof doc>) => void (j.version = 2), /Decision Stream forests are dt-forest version 3, found 2/],
  ])('%s is a ModelFormatError naming the place', (_name, mutate, message) => {
    const j = doc();
    mutate(j);
    expect(() => loadForest(JSON.stringify(j))).toThrowError(message);
    try {
      loadForest(JSON.stringify(j));
    } catch (e) {
      expect((e as Error).name).toBe('ModelFormatError');
    }
  });

  it('a tree forest member with a graph is refused', () => {
    const j = JSON.parse(serializeForest(new RandomForestClassifier({ nEstimators: 2, seed: 1, maxDepth: 2 }).fit(data.X, labels)));
    j.members[0].graph = {};
    expect(() => loadForest(JSON.stringify(j))).toThrowError(/members\.0\.tree: expected a tree/);
  });

  it('version 2 files (trees only) still load: the same predictions', () => {
    const rf = new RandomForestClassifier({ nEstimators: 3, seed: 1, maxDepth: 4 }).fit(data.X, labels);
    const j = JSON.parse(serializeForest(rf));
    j.version = 2;
    expect((loadForest(JSON.stringify(j)) as RandomForestClassifier).predictProba(data.X)).toEqual(rf.predictProba(data.X));
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

describe('dt-forest files follow the tree files’ rules (issue 31)', () => {
  const rf = new RandomForestClassifier({ nEstimators: 2, seed: 1, maxDepth: 3 }).fit(data.X, labels);
  const sub = algorithmForest('hhcart-d', { nEstimators: 2, seed: 1, maxFeatures: 2, tree: { maxDepth: 3 } }).fit(data.X, labels);
  type Doc = { nFeatures: number; featureNames: string[] | null; classes: unknown[]; oobScore: number | null; members: { features: number[] | null; tree: { kind: number[]; nFeatures: number } }[] };
  const docOf = (m: { toJSON(): unknown }): Doc => JSON.parse(JSON.stringify(m.toJSON()));

  it('a 1 KB subspace forest claiming 1e9 features is refused at once (it ran for minutes / died allocating)', () => {
    const j = docOf(sub);
    j.nFeatures = 1e9;
    j.featureNames = null;
    const t0 = performance.now();
    expect(() => loadForest(JSON.stringify(j))).toThrowError(/nFeatures: 1000000000 is more than the 16777216/);
    expect(performance.now() - t0).toBeLessThan(1000);
    const k = docOf(rf);
    k.nFeatures = 2 ** 25;
    k.featureNames = null;
    expect(() => loadForest(JSON.stringify(k))).toThrowError(/nFeatures/);
  });

  it.each([
    ['duplicated class labels (every prediction went to the first)', (j: Doc) => void (j.classes = ['a', 'a', 'c']), /classes: class "a" appears twice/],
    ['a member subspace naming a feature twice', (j: Doc) => void (j.members[0]!.features = [1, 1]), /members\.0\.features: feature 1 appears twice/],
    ['an out-of-bag accuracy of 2', (j: Doc) => void (j.oobScore = 2), /oobScore: 2/],
    ['an out-of-bag accuracy below 0', (j: Doc) => void (j.oobScore = -0.5), /oobScore/],
    ['an invalid member node kind', (j: Doc) => void (j.members[1]!.tree.kind[0] = 7), /members\.1\.tree\.kind\.0: invalid input/],
    ['a member tree wider than its subspace', (j: Doc) => void (j.members[0]!.tree.nFeatures = 2 ** 30), /members\.0: the tree has 1073741824 features, expected 2/],
  ])('%s is a ModelFormatError', (_name, mutate, message) => {
    const j = docOf(sub);
    mutate(j);
    expect(() => loadForest(JSON.stringify(j))).toThrowError(message);
  });

  it('a regression forest may keep a negative out-of-bag R² but not one above 1', () => {
    const reg = makeRegression({ nSamples: 60, nFeatures: 3, seed: 1 });
    const r = new RandomForestRegressor({ nEstimators: 3, seed: 5, oobScore: true }).fit(reg.X, reg.y);
    const j = JSON.parse(serializeForest(r));
    j.oobScore = -3;
    expect(loadForest(JSON.stringify(j)).oobScoreOrNull).toBe(-3);
    j.oobScore = 1.5;
    expect(() => loadForest(JSON.stringify(j))).toThrowError(/oobScore: 1.5/);
  });

  it('serializeForest of a Bagging forest of custom members is refused, not written as a RandomForestRegressor', () => {
    const reg = makeRegression({ nSamples: 60, nFeatures: 3, seed: 1 });
    const bag = new BaggingRegressor({ base: (seed) => new DecisionTreeRegressor({ seed }), nEstimators: 2 }).fit(reg.X, reg.y);
    expect(() => serializeForest(bag as never)).toThrowError(InvalidArgumentError);
    expect(() => serializeForest(bag as never)).toThrowError(/model must be a random forest.*Bagging/);
    const bc = new BaggingClassifier({ base: (seed) => new DecisionTreeClassifier({ seed }), nEstimators: 2 }).fit(data.X, labels);
    expect(() => serializeForest(bc as never)).toThrowError(/BaggingClassifier/);
  });
});
