import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { costComplexityPath, type DecisionTreeClassifier, exportDot, exportText, loadModel, pruneTree, serializeModel } from '@dt/core';
import { readModel, saveModel } from '@dt/core/node';
import { renderSvg } from '@dt/plot';
import { pruneModel, reducedErrorPrune } from '@dt/prune';
import { loadStreamModel, exportStreamText, exportStreamDot, serializeStreamModel } from '@dt/stream';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from './test-helpers/cli.js';

/**
 * Resource safety: no code path recurses over depth. A chain 100,000 splits deep (x <= k + 0.5
 * sends class k % 2 left, the rest go on) must save, load, export, plot, prune and predict.
 */
const DEPTH = 100_000;

function chainModelJson(depth: number): Record<string, unknown> {
  const n = 2 * depth + 1;
  const kind: number[] = [];
  const left: number[] = [];
  const right: number[] = [];
  const feature: number[] = [];
  const threshold: number[] = [];
  const impurity: number[] = [];
  const nSamples: number[] = [];
  const value: number[] = [];
  for (let k = 0; k < depth; k++) {
    const rows = depth + 1 - k; // rows k..depth reach split node k
    // split node 2k, leaf 2k+1 (class k % 2, one row), next split 2k+2
    kind.push(1, 0);
    left.push(2 * k + 1, -1);
    right.push(2 * k + 2, -1);
    feature.push(0, -2);
    threshold.push(k + 0.5, -2);
    impurity.push(0.5, 0);
    nSamples.push(rows, 1);
    const even = Math.ceil(rows / 2);
    value.push(even / rows, (rows - even) / rows, k % 2 === 0 ? 1 : 0, k % 2 === 0 ? 0 : 1);
  }
  kind.push(0);
  left.push(-1);
  right.push(-1);
  feature.push(-2);
  threshold.push(-2);
  impurity.push(0);
  nSamples.push(1);
  value.push(depth % 2 === 0 ? 1 : 0, depth % 2 === 0 ? 0 : 1);
  return {
    format: 'dt-model',
    version: 1,
    estimator: 'DecisionTreeClassifier',
    params: {},
    featureNames: ['x'],
    classes: ['even', 'odd'],
    tree: {
      nodeCount: n, nFeatures: 1, nOutputs: 2, kind, left, right, feature, threshold, impurity, nSamples,
      weightedNSamples: nSamples, value,
      obliqueOffset: new Array<number>(n).fill(0), obliqueLength: new Array<number>(n).fill(0), obliqueFeatures: [], obliqueWeights: [],
    },
  };
}

function chainStreamJson(depth: number): Record<string, unknown> {
  // Same chain as a Decision Stream graph: node 2k splits at k + 0.5 into leaf 2k+1 and node 2k+2.
  const n = 2 * depth + 1;
  const feature: number[] = [];
  const children: number[][] = [];
  const thresholds: number[][] = [];
  const nSamples: number[] = [];
  const value: number[] = [];
  for (let k = 0; k < depth; k++) {
    feature.push(0, -1);
    children.push([2 * k + 1, 2 * k + 2], []);
    thresholds.push([k + 0.5], []);
    nSamples.push(depth + 1 - k, 1);
    value.push(1, 1, k % 2 === 0 ? 1 : 0, k % 2 === 0 ? 0 : 1);
  }
  feature.push(-1);
  children.push([]);
  thresholds.push([]);
  nSamples.push(1);
  value.push(1, 0);
  return {
    format: 'dt-stream', version: 1, estimator: 'DecisionStreamClassifier', params: {}, featureNames: ['x'], classes: ['even', 'odd'],
    graph: { nodeCount: n, nFeatures: 1, nOutputs: 2, feature, children, thresholds, nSamples, value },
  };
}

const dir = mkdtempSync(join(tmpdir(), 'dt-deep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe(`a ${DEPTH.toLocaleString('en')}-deep chain`, () => {
  const model = loadModel(chainModelJson(DEPTH)) as DecisionTreeClassifier;
  const X = [[0], [1], [DEPTH - 1], [DEPTH + 5]];
  const expected = ['even', 'odd', DEPTH % 2 === 0 ? 'odd' : 'even', DEPTH % 2 === 0 ? 'even' : 'odd'];

  it('loads, predicts, saves and loads again', async () => {
    expect(model.depth).toBe(DEPTH);
    expect(model.predict(X)).toEqual(expected);
    await saveModel(join(dir, 'deep.json'), model);
    const back = await readModel(join(dir, 'deep.json'));
    expect(serializeModel(back)).toBe(serializeModel(model));
  });

  it('exports as text (with maxDepth: the full text is quadratic in depth) and as DOT', () => {
    const text = exportText(model, { maxDepth: 3 });
    expect(text).toContain(`truncated branch of depth ${DEPTH - 3}`);
    expect(exportText(loadModel(chainModelJson(6000)), { maxDepth: 10_000 }).split('\n').length).toBe(3 * 6000 + 2);
    const dot = exportDot(model);
    expect(dot.split('\n').length).toBe(2 * DEPTH + 1 + 2 * DEPTH + 5);
    const cut = exportDot(model, { maxDepth: 3 });
    expect([cut.includes('4 -> 6 ;'), cut.includes('6 -> 8 ;')]).toEqual([true, false]);
  });

  it('plots as SVG with maxDepth', () => {
    const svg = renderSvg(model, { maxDepth: 4 });
    expect(svg).toMatch(/^<svg/);
  });

  it('prunes by cost complexity (the full path) and by reduced error', { timeout: 120_000 }, () => {
    const none = pruneModel(model, 0);
    expect(none.nodeCount).toBe(model.nodeCount);
    // The whole weakest-link sequence of the 100,000-deep chain: its root is the weakest link
    // (alpha = rows·0.5 / (W·(rows − 1)) falls with depth), so the full prune is one step.
    const path = costComplexityPath(model.tree);
    expect(Array.from(path.alphas)).toEqual([0, 0.5 / DEPTH]);
    expect(pruneTree(model.tree, path.alphas[1]!).nodeCount).toBe(1);
    expect(pruneTree(model.tree, path.alphas[1]! / 2).nodeCount).toBe(model.nodeCount);
    expect(pruneModel(model, 1e9).nodeCount).toBe(1);
    const Xp = Array.from({ length: 200 }, (_, i) => [i]);
    const yp = Xp.map(([x]) => (x! % 2 === 0 ? 'even' : 'odd'));
    const rep = reducedErrorPrune(model, Xp, yp);
    expect(rep.predict(Xp)).toEqual(yp);
    expect(rep.nodeCount).toBeLessThanOrEqual(model.nodeCount);
  });

  it('through the CLI: dt show (text, dot, svg) with --max-depth', async () => {
    await saveModel(join(dir, 'cli.json'), model);
    for (const format of ['text', 'dot', 'svg']) {
      const r = await cli(dir, ['show', '--model', 'cli.json', '--format', format, '--max-depth', '5', '--out', `cli.${format}`]);
      expect([r.code, r.stderr]).toEqual([0, '']);
    }
  });

  it('dt show without --max-depth prints a bounded text (it failed: Invalid string length), and refuses a --max-depth that cannot fit', async () => {
    await saveModel(join(dir, 'whole.json'), model);
    const r = await cli(dir, ['show', '--model', 'whole.json', '--out', 'whole.txt']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^dt show: the tree is 100,000 levels deep; showing the top [\d,]+ \(the whole text would pass 134217728 characters/);
    const big = await cli(dir, ['show', '--model', 'whole.json', '--max-depth', '100000', '--out', 'whole.txt']);
    expect([big.code, big.stderr]).toEqual([1, expect.stringMatching(/^dt: --max-depth must be at most \d+ for this tree/)]);
  }, 120_000);

  it('a stream graph of the same depth loads, exports and predicts', () => {
    const s = loadStreamModel(chainStreamJson(DEPTH));
    expect(s.predict(X)).toEqual(expected);
    expect(loadStreamModel(serializeStreamModel(s)).predict(X)).toEqual(expected);
    expect(exportStreamDot(s).length).toBeGreaterThan(0);
    expect(exportStreamText(loadStreamModel(chainStreamJson(2000))).length).toBeGreaterThan(0);
    expect(renderSvg(s, { maxDepth: 4 })).toMatch(/^<svg/);
  });
});
