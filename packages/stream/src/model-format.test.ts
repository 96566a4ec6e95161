import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DecisionTreeClassifier, loadAnyModel, serializeModel } from '@dt/core';
import { DtError, ModelFormatError } from '@dt/errors';
import {
  DecisionStreamClassifier,
  DecisionStreamRegressor,
  exportStreamDot,
  exportStreamText,
  loadStreamModel,
  serializeStreamModel,
  streamModelFormat,
  streamModelToJson,
  type StreamModelJson,
} from './index.js';
import { readStreamModel, saveStreamModel } from './node.js';
import { createRandom } from './test-helpers.js';

function data(seed: number, n = 300): { X: number[][]; y: string[]; t: number[] } {
  const rng = createRandom(seed);
  const X = Array.from({ length: n }, () => [rng.next() * 10, rng.next() * 10, rng.int(4)]);
  const y = X.map((r) => (rng.next() < 0.1 ? 'noise' : r[0]! < 3 || r[0]! > 7 ? 'edge' : r[1]! > 5 ? 'up' : 'down'));
  const t = X.map((r) => (r[0]! < 3 || r[0]! > 7 ? 1 : 5) + r[2]! + rng.next());
  return { X, y, t };
}

const { X, y, t } = data(1);
const clf = new DecisionStreamClassifier({ alpha: 0.01 }).fit(X, y, { featureNames: ['a', 'b', 'c'] });
const reg = new DecisionStreamRegressor({ alpha: 0.01, mode: 'large' }).fit(X, t);

/** A small hand-made graph: root splits on x0, both children lead to leaf 3 via node 1/2. */
function tiny(): StreamModelJson {
  return {
    format: 'dt-stream',
    version: 1,
    estimator: 'DecisionStreamClassifier',
    params: {},
    featureNames: null,
    classes: ['p', 'q'],
    graph: {
      nodeCount: 5,
      nFeatures: 2,
      nOutputs: 2,
      feature: [0, 1, -1, -1, -1],
      children: [[1, 2], [3, 4], [], [], []],
      thresholds: [[0.5], [1.5], [], [], []],
      nSamples: [10, 6, 4, 3, 3],
      value: [5, 5, 2, 4, 3, 1, 1, 2, 2, 1],
    },
  };
}

describe('model files', () => {
  it('round-trip exactly, DAG and all (classifier and large-mode regressor)', () => {
    for (const m of [clf, reg]) {
      const text = serializeStreamModel(m);
      const copy = loadStreamModel(text);
      expect(serializeStreamModel(copy)).toBe(text);
      expect(copy.apply(X)).toEqual(m.apply(X));
      expect(copy.depth).toBe(m.depth);
      expect(copy.nMergedNodes).toBe(m.nMergedNodes);
    }
    expect(clf.nMergedNodes).toBeGreaterThan(0);
    const c = loadStreamModel(serializeStreamModel(clf)) as DecisionStreamClassifier;
    expect(c.predict(X)).toEqual(clf.predict(X));
    expect(c.featureNames).toEqual(['a', 'b', 'c']);
    expect(c.options.alpha).toBe(0.01);
    expect((loadStreamModel(serializeStreamModel(reg)) as DecisionStreamRegressor).predict(X)).toEqual(reg.predict(X));
  });

  it('loads a graph whose ids are not in topological order, and ignores unknown top-level keys', () => {
    const j = tiny();
    // swap nodes 1 and 4
    j.graph.feature = [0, -1, -1, -1, 1];
    j.graph.children = [[4, 2], [], [], [], [3, 1]];
    j.graph.thresholds = [[0.5], [], [], [], [1.5]];
    j.graph.nSamples = [10, 3, 4, 3, 6];
    j.graph.value = [5, 5, 2, 1, 3, 1, 1, 2, 2, 4];
    const m = loadStreamModel({ ...j, training: { data: 'x.csv' } }) as DecisionStreamClassifier;
    expect(m.predict([[0, 1], [0, 2], [1, 0]])).toEqual(['q', 'p', 'p']);
    expect(loadStreamModel(tiny()).predict([[0, 1], [0, 2], [1, 0]])).toEqual(['q', 'p', 'p']);
    expect(m.depth).toBe(2);
  });

  const cases: [string, (j: StreamModelJson) => unknown, RegExp][] = [
    ['not JSON', () => '{oops', /not a JSON document/],
    ['another format', (j) => ({ ...j, format: 'dt-model' }), /not a Decision Stream model \(format is "dt-model"/],
    ['a newer version', (j) => ({ ...j, version: 2 }), /unsupported dt-stream version 2/],
    ['a missing array', (j) => ({ ...j, graph: { ...j.graph, children: undefined } }), /invalid model at graph.children/],
    ['a cycle', (j) => ((j.graph.children[1] = [3, 0]), j), /cycle through nodes 0 -> 1 -> 0/],
    ['a longer cycle', (j) => ((j.graph.feature[3] = 1), (j.graph.children[3] = [4, 1]), (j.graph.thresholds[3] = [2]), j), /cycle through nodes 1 -> 3 -> 1/],
    ['a self-loop', (j) => ((j.graph.children[1] = [1, 4]), j), /node 1 is its own child/],
    ['a dangling child id', (j) => ((j.graph.children[1] = [3, 9]), j), /node 1 has dangling child id 9 \(nodes are 0..4\)/],
    ['an unreachable node', (j) => ((j.graph.children[1] = [3, 3]), j), /node 4 is not reachable from the root/],
    ['too few thresholds', (j) => ((j.graph.thresholds[0] = []), j), /node 0 has 2 children but 0 thresholds/],
    ['unsorted thresholds', (j) => ((j.graph.children[0] = [1, 2, 2]), (j.graph.thresholds[0] = [0.5, 0.2]), j), /thresholds out of order/],
    ['a feature out of range', (j) => ((j.graph.feature[0] = 2), j), /splits on feature 2 but the model has 2 features/],
    ['a leaf with children', (j) => ((j.graph.children[2] = [3, 4]), j), /leaf node 2 has children/],
    ['a split with one child', (j) => ((j.graph.children[0] = [1]), (j.graph.thresholds[0] = []), j), /node 0 splits but has 1 child/],
    ['wrong value length', (j) => ((j.graph.value = j.graph.value.slice(1)), j), /value has 9 entries, expected nodeCount\*nOutputs = 10/],
    ['negative counts', (j) => ((j.graph.value[4] = -1), j), /graph.value\[4\]: node 2 has class count -1/],
    ['all-zero counts', (j) => ((j.graph.value[4] = 0), (j.graph.value[5] = 0), j), /node 2 has class counts summing to 0/],
    ['duplicated classes', (j) => ({ ...j, classes: [j.classes![0]!, j.classes![0]!] }), /class .* appears twice/],
    ['nSamples beyond int32', (j) => ((j.graph.nSamples[0] = 2 ** 31), j), /node 0 has nSamples 2147483648/],
    ['a billion features', (j) => ({ ...j, featureNames: null, graph: { ...j.graph, nFeatures: 1e9 } }), /nFeatures: 1000000000 is more than/],
    ['classes that do not match', (j) => ({ ...j, classes: ['p'] }), /classifier needs 2 classes, found 1/],
    ['a non-finite threshold', (j) => ((j.graph.thresholds[0] = [Number.NaN]), j), /invalid model at graph.thresholds.0.0/],
    ['bad params', (j) => ({ ...j, params: { alpha: 7 } }), /invalid params: alpha must be a number in \(0, 1\), got 7/],
  ];
  for (const [what, mutate, message] of cases) {
    it(`rejects ${what} with a ModelFormatError`, () => {
      expect(() => loadStreamModel(tiny())).not.toThrow();
      const bad = mutate(tiny());
      let err: unknown;
      try {
        loadStreamModel(typeof bad === 'string' ? bad : JSON.parse(JSON.stringify(bad, (_, v) => (Number.isNaN(v) ? 'NaN' : v))));
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ModelFormatError);
      expect((err as Error).message).toMatch(message);
    });
  }

  it('saves atomically and reads back in Node; a missing file is an IO DtError', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dt-stream-'));
    const path = join(dir, 'model.json');
    await saveStreamModel(path, clf);
    expect(readdirSync(dir)).toEqual(['model.json']);
    const back = await readStreamModel(path);
    expect(back.apply(X)).toEqual(clf.apply(X));
    expect(JSON.parse(readFileSync(path, 'utf8')).format).toBe('dt-stream');
    writeFileSync(path, '{"format":"dt-stream","version":1}');
    await expect(readStreamModel(path)).rejects.toBeInstanceOf(ModelFormatError);
    await expect(readStreamModel(join(dir, 'nope.json'))).rejects.toSatisfy((e: unknown) => e instanceof DtError && e.code === 'IO');
  });
});

describe('DOT export', () => {
  it('draws every edge once and marks merged nodes', () => {
    const dot = exportStreamDot(clf);
    const g = clf.graph;
    expect(dot.startsWith('digraph DecisionStream {')).toBe(true);
    expect(dot.match(/ -> /g)!.length).toBe(g.children.length);
    const merged = dot.match(/peripheries=2/g)?.length ?? 0;
    expect(merged).toBe(clf.nMergedNodes);
    expect(dot).toMatch(/merged: \d+ parents/);
    expect(dot).toContain('a <= ');
    const json = streamModelToJson(reg);
    const multi = json.graph.children.some((k) => k.length > 2);
    if (multi) expect(exportStreamDot(reg)).toMatch(/ranges/);
    expect(exportStreamDot(reg, { featureNames: ['u', 'v', 'w'], decimals: 1 })).toMatch(/label="\(-inf, [\d.]+\]"|label="yes"/);
  });

  it('text export lists every node, its children and merges', () => {
    const text = exportStreamText(clf);
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(clf.nodeCount);
    expect(lines[0]).toMatch(/^node 0, 300 samples: [abc] <= [\d.]+ \? node \d+ : node \d+$/);
    expect(lines.filter((l) => /\(merged, \d+ parents\)/.test(l))).toHaveLength(clf.nMergedNodes);
    expect(lines.filter((l) => l.includes(': leaf, class '))).toHaveLength(clf.nLeaves);
    const t = loadStreamModel(tiny());
    expect(exportStreamText(t)).toBe(
      [
        'node 0, 10 samples: x[0] <= 0.5 ? node 1 : node 2',
        'node 1, 6 samples: x[1] <= 1.5 ? node 3 : node 4',
        'node 2, 4 samples: leaf, class p [3, 1]',
        'node 3, 3 samples: leaf, class q [1, 2]',
        'node 4, 3 samples: leaf, class p [2, 1]',
        '',
      ].join('\n'),
    );
  });
});

describe('loadAnyModel (@dt/core) with the dt-stream format passed as a value', () => {
  it('loads streams and trees by the format field, wherever it is in the file', () => {
    const { X, y } = data(3, 120);
    const stream = new DecisionStreamClassifier({ alpha: 0.05 }).fit(X, y);
    const tree = new DecisionTreeClassifier({ maxDepth: 2 }).fit(X, y);
    // Format last, after more than 200 characters of other fields.
    const { format, ...rest } = streamModelToJson(stream);
    const late = JSON.stringify({ padding: 'x'.repeat(300), ...rest, format });
    const s = loadAnyModel(late, [streamModelFormat]);
    expect(s).toBeInstanceOf(DecisionStreamClassifier);
    expect((s as DecisionStreamClassifier).predict(X)).toEqual(stream.predict(X));
    const t = loadAnyModel(serializeModel(tree), [streamModelFormat]);
    expect(t).toBeInstanceOf(DecisionTreeClassifier);
    expect(() => loadAnyModel('{"format":"xgboost"}', [streamModelFormat])).toThrow(/format is "xgboost", expected one of "dt-model", "dt-stream"/);
    expect(format).toBe('dt-stream');
  });

  it('importing @dt/stream registers nothing: without the value, a dt-stream file is refused by name', () => {
    const { X, y } = data(4, 60);
    const text = serializeStreamModel(new DecisionStreamClassifier().fit(X, y));
    expect(() => loadAnyModel(text)).toThrow(/format is "dt-stream", expected one of "dt-model"/);
  });
});
