import { describe, expect, it } from 'vitest';
import { DecisionTreeClassifier, DecisionTreeRegressor, exportText, loadAnyModel } from '@dt/core';
import { InvalidArgumentError } from '@dt/errors';
import { makeClassification, makeRegression } from '@dt/datasets';
import { DecisionStreamClassifier } from '@dt/stream';
import { algorithmForest, BaggingClassifier, BaggingRegressor } from './bagging.js';
import { expandForestJson } from './forest-format.js';
import { forestMemberTree, forestModelFormat, loadForest, serializeForest } from './model-format.js';

/** A forest's file as version 3 (member trees as objects of number arrays), for edits field by field. */
const v3 = (m: Parameters<typeof serializeForest>[0]): string => JSON.stringify(expandForestJson(serializeForest(m)));
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
    const doc = JSON.parse(v3(m));
    const bad = (f: (d: typeof doc) => void): string => {
      const d = JSON.parse(JSON.stringify(doc));
      f(d);
      return JSON.stringify(d);
    };
    expect(() => loadForest(bad((d) => (d.version = 5)))).toThrow(/version 5.*reads versions 1, 2, 3, 4/);
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
  const doc = (): { version: number; treeParams: Record<string, unknown>; subspace: unknown; members: { features: number[]; classes: number[]; graph?: Record<string, unknown>; tree?: unknown }[] } => JSON.parse(v3(ds));

  it('members are stream graphs with their subspace and class codes; stream options once', () => {
    const j = doc();
    expect(JSON.parse(serializeForest(ds)).version).toBe(4);
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
    ['an older version', (j: ReturnType<typeof doc>) => void (j.version = 2), /Decision Stream forests are dt-forest version 3 or later, found 2/],
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
    const j = JSON.parse(v3(new RandomForestClassifier({ nEstimators: 2, seed: 1, maxDepth: 2 }).fit(data.X, labels)));
    j.members[0].graph = {};
    expect(() => loadForest(JSON.stringify(j))).toThrowError(/members\.0\.tree: expected a tree/);
  });

  it('version 2 files (trees only) still load: the same predictions', () => {
    const rf = new RandomForestClassifier({ nEstimators: 3, seed: 1, maxDepth: 4 }).fit(data.X, labels);
    const j = JSON.parse(v3(rf));
    j.version = 2;
    expect((loadForest(JSON.stringify(j)) as RandomForestClassifier).predictProba(data.X)).toEqual(rf.predictProba(data.X));
  });
});

describe('dt-forest files: member statistics are checked (fuzz: predictProba −0.21 before)', () => {
  const m = new RandomForestClassifier({ nEstimators: 2, seed: 1, maxDepth: 2 }).fit(data.X, labels);
  const good = (): { members: { classes: number[]; tree: { value: number[] } }[] } => JSON.parse(v3(m));
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
  const docOf = (m: Parameters<typeof serializeForest>[0]): Doc => JSON.parse(v3(m));

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

describe('dt-forest version 4: member trees as typed columns', () => {
  const rf = new RandomForestClassifier({ nEstimators: 3, seed: 1, maxDepth: 4 }).fit(data.X, labels);
  type Col = { dtype: string; data: string };
  const doc = (): { members: { nodeCount: number; obliqueCount: number; classes: number[] }[]; nodes: Record<string, Col> } => JSON.parse(serializeForest(rf));

  it('stores each column at the narrowest exact dtype, and reads it back exactly', () => {
    const j = doc();
    expect(j.nodes.kind!.dtype).toBe('u8');
    expect(j.nodes.feature!.dtype).toBe('u8'); // split nodes only: features 0..4
    expect(j.nodes.threshold!.dtype).toBe('f64');
    // Bootstrap draw counts: whole class counts.
    expect(['u8', 'u16']).toContain(j.nodes.value!.dtype);
    expect(j.members.reduce((s, m) => s + m.nodeCount, 0)).toBe(rf.estimators.reduce((s, m) => s + m.tree.nodeCount, 0));
    const back = loadForest(JSON.stringify(j)) as RandomForestClassifier;
    back.estimators.forEach((m, i) => {
      const t = rf.estimators[i]!.tree;
      const n = t.nodeCount;
      expect(m.tree.threshold.subarray(0, n)).toEqual(t.threshold.subarray(0, n));
      expect(m.tree.value.subarray(0, n * t.nOutputs)).toEqual(t.value.subarray(0, n * t.nOutputs));
      expect(m.tree.weightedNSamples.subarray(0, n)).toEqual(t.weightedNSamples.subarray(0, n));
    });
  });

  it('takes fewer bytes per node than scikit-learn\'s node record (57 bytes + 8 per class value) and than version 3', () => {
    const d = makeClassification({ nSamples: 2000, nFeatures: 8, seed: 4 });
    const big = new RandomForestClassifier({ nEstimators: 5, seed: 1 }).fit(d.X, d.y);
    const text = serializeForest(big);
    const nodes = big.estimators.reduce((s, m) => s + m.tree.nodeCount, 0);
    const table = JSON.stringify(JSON.parse(text).nodes).length;
    expect(table / nodes).toBeLessThan(57 + 8 * 2);
    expect(text.length).toBeLessThan(v3(big).length);
  });

  it.each([
    ['a column that is not base64', (j: ReturnType<typeof doc>) => void (j.nodes.left!.data = 'not base64!'), /nodes\.left\.data: not base64/],
    ['an unknown dtype', (j: ReturnType<typeof doc>) => void (j.nodes.left!.dtype = 'i64'), /nodes\.left\.dtype: "i64"/],
    ['a column cut short', (j: ReturnType<typeof doc>) => void (j.nodes.threshold = { dtype: 'f64', data: 'AAAAAAAAAAA=' }), /nodes\.threshold: 1 values, but nodes\.kind has \d+ split nodes/],
    ['a half element', (j: ReturnType<typeof doc>) => void (j.nodes.threshold = { dtype: 'f64', data: 'AAAA' }), /3 bytes is not a whole number of f64 values/],
    ['a node count beyond the table (1e9 nodes in a small file)', (j: ReturnType<typeof doc>) => void (j.members[0]!.nodeCount = 1e9), /nodeCounts sum to 100000/],
    ['a missing node table', (j: ReturnType<typeof doc>) => void delete (j as { nodes?: unknown }).nodes, /nodes: the member trees' node table is missing/],
    ['a missing node count', (j: ReturnType<typeof doc>) => void delete (j.members[1] as { nodeCount?: number }).nodeCount, /members\.1: a tree member needs nodeCount/],
    ['a NaN threshold', (j: ReturnType<typeof doc>) => void (j.nodes.threshold = nanColumn(j.nodes.threshold!)), /members\.0\.tree\.threshold\.0: must be a finite number/],
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

  it('version 3 files still load (the same predictions)', () => {
    expect((loadForest(v3(rf)) as RandomForestClassifier).predictProba(data.X)).toEqual(rf.predictProba(data.X));
  });
});

/** A float64 column whose first value is NaN. */
function nanColumn(c: { dtype: string; data: string }): { dtype: string; data: string } {
  const bytes = Uint8Array.from(atob(c.data), (ch) => ch.charCodeAt(0));
  new DataView(bytes.buffer).setFloat64(0, Number.NaN, true);
  return { dtype: 'f64', data: btoa(String.fromCharCode(...bytes)) };
}
