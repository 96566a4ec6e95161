import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Projection, ProjectionData } from '@dt/projections';
import {
  costComplexityPath,
  DecisionTreeClassifier,
  DecisionTreeRegressor,
  collapseNodes,
  LEAF,
  loadModel,
  OBLIQUE,
  pruneTree,
  pruneTreeAtStep,
  serializeModel,
  stepsForAlpha,
  Tree,
  treeFromJson,
  treeToJson,
  weakestLinkSequence,
} from '../index.js';
import { randomClassification, randomRegression } from '../test-helpers/random-data.js';

interface SkTree {
  node_count: number;
  children_left: number[];
  children_right: number[];
  feature: number[];
  threshold: number[];
  impurity: number[];
  n_node_samples: number[];
  weighted_n_node_samples: number[];
  value: number[][];
}
interface SkPath {
  ccp_alphas: number[];
  impurities: number[];
}
interface CcpCase {
  name: string;
  task: 'classification' | 'regression';
  criterion: string;
  params: { max_depth: number | null; min_samples_split: number; min_samples_leaf: number; min_impurity_decrease: number; max_leaf_nodes: number | null };
  X: number[][];
  y: (number | string)[];
  sample_weight: number[] | null;
  tree: SkTree;
  path: SkPath;
  misclassification_path?: SkPath | null;
  pruned: { ccp_alpha: number; n_leaves: number; tree: SkTree }[];
}

const ccp = JSON.parse(readFileSync(new URL('../../fixtures/sklearn/ccp.json', import.meta.url), 'utf8')) as { cases: CcpCase[] };

const near = (a: number, b: number, tol = 1e-9) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b));

function fitCase(c: CcpCase, ccpAlpha = 0): DecisionTreeClassifier | DecisionTreeRegressor {
  const options = {
    criterion: c.criterion,
    maxDepth: c.params.max_depth,
    minSamplesSplit: c.params.min_samples_split,
    minSamplesLeaf: c.params.min_samples_leaf,
    minImpurityDecrease: c.params.min_impurity_decrease,
    maxLeafNodes: c.params.max_leaf_nodes,
    ccpAlpha,
  };
  const fitOptions = { sampleWeight: c.sample_weight };
  return c.task === 'classification'
    ? new DecisionTreeClassifier(options).fit(c.X, c.y, fitOptions)
    : new DecisionTreeRegressor(options).fit(c.X, c.y as number[], fitOptions);
}

/** First difference between our tree and sklearn's arrays, same ids (both preorder here), or null. */
function diffArrays(ours: Tree, sk: SkTree): string | null {
  if (ours.nodeCount !== sk.node_count) return `node_count ${ours.nodeCount} vs ${sk.node_count}`;
  const k = ours.nOutputs;
  for (let i = 0; i < sk.node_count; i++) {
    const leaf = ours.kind[i] === LEAF;
    if (ours.left[i] !== sk.children_left[i] || ours.right[i] !== sk.children_right[i]) return `node ${i}: children`;
    if (leaf !== (sk.children_left[i] === -1)) return `node ${i}: leaf`;
    if (!leaf && (ours.feature[i] !== sk.feature[i] || !near(ours.threshold[i]!, sk.threshold[i]!))) return `node ${i}: split`;
    if (ours.nSamples[i] !== sk.n_node_samples[i]) return `node ${i}: n_node_samples`;
    if (!near(ours.weightedNSamples[i]!, sk.weighted_n_node_samples[i]!)) return `node ${i}: weighted_n_node_samples`;
    if (!near(ours.impurity[i]!, sk.impurity[i]!)) return `node ${i}: impurity ${ours.impurity[i]} vs ${sk.impurity[i]}`;
    for (let j = 0; j < k; j++) if (!near(ours.value[i * k + j]!, sk.value[i]![j]!)) return `node ${i}: value[${j}]`;
  }
  return null;
}

function expectPath(ours: { alphas: Float64Array; impurities: Float64Array }, sk: SkPath): void {
  expect(ours.alphas.length).toBe(sk.ccp_alphas.length);
  sk.ccp_alphas.forEach((a, k) => expect(Math.abs(ours.alphas[k]! - a), `alpha ${k}`).toBeLessThanOrEqual(1e-9));
  sk.impurities.forEach((r, k) => expect(Math.abs(ours.impurities[k]! - r), `impurity ${k}`).toBeLessThanOrEqual(1e-9));
}

describe('scikit-learn conformance: cost_complexity_pruning_path and ccp_alpha (ccp.json)', () => {
  it('covers gini, entropy and squared_error, with and without weights', () => {
    expect(new Set(ccp.cases.map((c) => c.criterion))).toEqual(new Set(['gini', 'entropy', 'squared_error']));
    expect(ccp.cases.some((c) => c.sample_weight !== null)).toBe(true);
    expect(ccp.cases.some((c) => c.sample_weight === null)).toBe(true);
    expect(ccp.cases.every((c) => c.pruned.length >= 2)).toBe(true);
  });
  for (const c of ccp.cases) {
    it(c.name, () => {
      const m = fitCase(c);
      expect(diffArrays(m.tree.compact(), preorder(c.tree))).toBeNull();
      expectPath(costComplexityPath(m.tree), c.path);
      if (c.misclassification_path) expectPath(costComplexityPath(m.tree, { risk: 'misclassification' }), c.misclassification_path);
      for (const p of c.pruned) {
        const t = pruneTree(m.tree, p.ccp_alpha);
        expect(diffArrays(t, p.tree), `alpha ${p.ccp_alpha}`).toBeNull();
        expect(t.nLeaves).toBe(p.n_leaves);
        // The estimator option gives the same tree.
        expect(diffArrays(fitCase(c, p.ccp_alpha).tree, p.tree), `ccpAlpha ${p.ccp_alpha}`).toBeNull();
      }
    });
  }
});

/** sklearn's best-first trees number nodes by expansion; renumber in preorder to compare with compact(). */
function preorder(sk: SkTree): SkTree {
  const order: number[] = [];
  const stack = [0];
  while (stack.length > 0) {
    const i = stack.pop()!;
    order.push(i);
    if (sk.children_left[i] !== -1) stack.push(sk.children_right[i]!, sk.children_left[i]!);
  }
  const id = new Map(order.map((o, j) => [o, j]));
  const pick = <T,>(a: T[]) => order.map((o) => a[o]!);
  return {
    node_count: sk.node_count,
    children_left: order.map((o) => (sk.children_left[o] === -1 ? -1 : id.get(sk.children_left[o]!)!)),
    children_right: order.map((o) => (sk.children_right[o] === -1 ? -1 : id.get(sk.children_right[o]!)!)),
    feature: pick(sk.feature),
    threshold: pick(sk.threshold),
    impurity: pick(sk.impurity),
    n_node_samples: pick(sk.n_node_samples),
    weighted_n_node_samples: pick(sk.weighted_n_node_samples),
    value: pick(sk.value),
  };
}

/** A fixed set of directions as a global projection: gives oblique splits. */
function fixedGlobal(dirs: number[][]): Projection {
  return {
    name: 'test-global',
    prepare: (_data: ProjectionData) => ({ kind: 'global', globalDirections: { dirs: Float64Array.from(dirs.flat()), count: dirs.length } }),
  };
}

type Kind = 'gini' | 'entropy' | 'mse' | 'oblique' | 'weighted';

function fitRandom(kind: Kind, seed: number, n: number, maxDepth: number | null): DecisionTreeClassifier | DecisionTreeRegressor {
  if (kind === 'mse') {
    const { X, y } = randomRegression(n, 3, seed);
    return new DecisionTreeRegressor({ maxDepth }).fit(X, y);
  }
  const { X, y } = randomClassification(n, 3, 3, seed);
  if (kind === 'oblique') {
    const projection = fixedGlobal([[Math.SQRT1_2, Math.SQRT1_2, 0], [0.6, 0, -0.8], [0, 1, 0]]);
    return new DecisionTreeClassifier({ maxDepth, projection }).fit(X, y);
  }
  const sampleWeight = kind === 'weighted' ? X.map((_, i) => 0.25 + ((i * 7919) % 13) / 4) : null;
  return new DecisionTreeClassifier({ criterion: kind === 'weighted' ? 'gini' : kind, maxDepth }).fit(X, y, { sampleWeight });
}

/** True when `small` is `big` with some subtrees collapsed into leaves (same splits, same statistics). */
function isPrunedFrom(small: Tree, big: Tree): boolean {
  const k = small.nOutputs;
  const walk = (s: number, b: number): boolean => {
    if (small.nSamples[s] !== big.nSamples[b] || small.impurity[s] !== big.impurity[b]) return false;
    for (let j = 0; j < k; j++) if (small.value[s * k + j] !== big.value[b * k + j]) return false;
    if (small.isLeaf(s)) return true;
    if (big.isLeaf(b) || small.kind[s] !== big.kind[b] || small.threshold[s] !== big.threshold[b]) return false;
    if (JSON.stringify(small.splitFeatures(s)) !== JSON.stringify(big.splitFeatures(b))) return false;
    return walk(small.left[s]!, big.left[b]!) && walk(small.right[s]!, big.right[b]!);
  };
  return walk(0, 0);
}

/** Midpoints between consecutive distinct alphas, plus one past the last: one alpha per subtree. */
function probeAlphas(alphas: Float64Array): number[] {
  // Alphas equal up to rounding are one step of the path: probing between them would test rounding.
  const u: number[] = [];
  for (const a of [...Array.from(alphas, (x) => Math.max(0, x))].sort((x, y) => x - y)) {
    if (u.length === 0 || a - u[u.length - 1]! > 1e-9 * Math.max(a, 1e-300)) u.push(a);
  }
  const out: number[] = [];
  for (let i = 0; i + 1 < u.length; i++) out.push(u[i] === 0 ? u[i + 1]! / 2 : Math.sqrt(u[i]! * u[i + 1]!));
  out.push(u[u.length - 1]! * 2 + 1e-12);
  return out;
}

describe('cost-complexity pruning: properties', () => {
  const kinds: Kind[] = ['gini', 'entropy', 'mse', 'oblique', 'weighted'];
  it('path: alphas and impurities non-decreasing; each more-pruned tree is a subtree of the previous; leaves never rise; input unchanged', () => {
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 20, max: 120 }), (kind, seed, n) => {
        const m = fitRandom(kind, seed, n, null);
        const before = JSON.stringify(treeToJson(m.tree));
        const { alphas, impurities } = costComplexityPath(m.tree);
        expect(alphas[0]).toBe(0);
        for (let k = 1; k < alphas.length; k++) {
          // Mathematically monotone; rounding may wobble in the last bits.
          expect(alphas[k]! - alphas[k - 1]!).toBeGreaterThanOrEqual(-1e-12 * Math.abs(alphas[k]!));
          expect(impurities[k]! - impurities[k - 1]!).toBeGreaterThanOrEqual(-1e-12);
        }
        // One step per cut; a cut can take several internal nodes at once.
        expect(alphas.length).toBeLessThanOrEqual(m.nodeCount - m.nLeaves + 1);
        let prev = m.tree;
        for (const a of probeAlphas(alphas)) {
          const t = pruneTree(m.tree, a);
          expect(isPrunedFrom(t, prev)).toBe(true);
          expect(t.nLeaves).toBeLessThanOrEqual(prev.nLeaves);
          prev = t;
        }
        expect(prev.nodeCount).toBe(1);
        expect(JSON.stringify(treeToJson(m.tree))).toBe(before);
      }),
      { numRuns: 60 },
    );
  });

  it('pruneTree(alpha) minimises R(T) + alpha·|T| over all prunings and is the smallest minimiser (brute force)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.integer({ min: 0, max: 1e6 }), (kind, seed) => {
        const m = fitRandom(kind, seed, 80, 4); // at most 677 prunings of a depth-4 tree
        const t = m.tree;
        const total = t.weightedNSamples[0]!;
        const r = (i: number) => (t.weightedNSamples[i]! * t.impurity[i]!) / total;
        // All prunings of the subtree at i as [risk, leaves].
        const prunings = (i: number): [number, number][] => {
          if (t.isLeaf(i)) return [[r(i), 1]];
          const out: [number, number][] = [[r(i), 1]];
          for (const [rl, nl] of prunings(t.left[i]!)) for (const [rr, nr] of prunings(t.right[i]!)) out.push([rl + rr, nl + nr]);
          return out;
        };
        const all = prunings(0);
        for (const a of probeAlphas(costComplexityPath(t).alphas)) {
          const p = pruneTree(t, a);
          let ours = 0;
          for (const i of p.reachable()) if (p.isLeaf(i)) ours += (p.weightedNSamples[i]! * p.impurity[i]!) / total;
          ours += a * p.nLeaves;
          let best = Number.POSITIVE_INFINITY;
          for (const [risk, leaves] of all) best = Math.min(best, risk + a * leaves);
          expect(ours).toBeLessThanOrEqual(best + 1e-12);
          for (const [risk, leaves] of all) if (risk + a * leaves <= best + 1e-12) expect(p.nLeaves).toBeLessThanOrEqual(leaves);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('pruneTreeAtStep walks the same sequence as pruneTree and stepsForAlpha', () => {
    const m = fitRandom('entropy', 7, 150, null);
    const seq = weakestLinkSequence(m.tree);
    expect(treeToJson(pruneTreeAtStep(m.tree, seq, 1))).toEqual(treeToJson(m.tree.compact()));
    expect(pruneTreeAtStep(m.tree, seq, seq.alphas.length).nodeCount).toBe(1);
    for (const a of probeAlphas(seq.alphas)) {
      expect(treeToJson(pruneTreeAtStep(m.tree, seq, stepsForAlpha(seq, a)))).toEqual(treeToJson(pruneTree(m.tree, a)));
    }
    expect(() => pruneTreeAtStep(m.tree, seq, 0)).toThrowError(/steps must be an integer in \[1, /);
  });
});

describe('cost-complexity pruning: trees of every kind', () => {
  it('keeps oblique splits and gives a valid tree at every step', () => {
    const m = fitRandom('oblique', 3, 200, null);
    expect(Array.from(m.tree.kind).includes(OBLIQUE)).toBe(true);
    const seq = weakestLinkSequence(m.tree);
    for (let s = 1; s <= seq.alphas.length; s++) {
      const t = pruneTreeAtStep(m.tree, seq, s);
      expect(() => treeFromJson(treeToJson(t))).not.toThrow();
      expect(isPrunedFrom(t, m.tree)).toBe(true);
    }
  });

  it('regression trees: pruned leaves keep the node mean; misclassification risk is refused', () => {
    const m = fitRandom('mse', 5, 100, null);
    const t = pruneTree(m.tree, costComplexityPath(m.tree).alphas[5]!);
    expect(t.nLeaves).toBeLessThan(m.nLeaves);
    expect(() => costComplexityPath(m.tree, { risk: 'misclassification' })).toThrowError(/options.risk must be 'impurity' for a regression tree/);
  });

  it('misclassification risk: R(t) is the weight outside the majority class', () => {
    const t = new Tree(1, 2, 3);
    t.addNode(-1, true, { impurity: 0.48, nSamples: 10, weightedNSamples: 10 });
    t.value.set([6, 4], 0);
    t.setAxisSplit(0, 0, 0.5);
    t.addNode(0, true, { impurity: 0, nSamples: 5, weightedNSamples: 5 });
    t.value.set([5, 0], 2);
    t.addNode(0, false, { impurity: 0.32, nSamples: 5, weightedNSamples: 5 });
    t.value.set([1, 4], 4);
    const p = costComplexityPath(t, { risk: 'misclassification' });
    expect(Array.from(p.impurities)).toEqual([0.1, 0.4]);
    expect(p.alphas[1]).toBeCloseTo(0.3, 15);
  });

  it('equal alphas: the lower node id is cut first, one node per step (sklearn order)', () => {
    // Root [6,6] with two mirror-image children [5,1] and [1,5], each split into two pure leaves.
    const t = new Tree(1, 2, 7);
    const node = (parent: number, left: boolean, counts: [number, number]) => {
      const w = counts[0] + counts[1];
      const gini = 1 - (counts[0] / w) ** 2 - (counts[1] / w) ** 2;
      const id = t.addNode(parent, left, { impurity: gini, nSamples: w, weightedNSamples: w });
      t.value.set(counts, id * 2);
      return id;
    };
    const root = node(-1, true, [6, 6]);
    t.setAxisSplit(root, 0, 0);
    const a = node(root, true, [5, 1]);
    t.setAxisSplit(a, 0, -1);
    node(a, true, [5, 0]);
    node(a, false, [0, 1]);
    const b = node(root, false, [1, 5]);
    t.setAxisSplit(b, 0, 1);
    node(b, true, [1, 0]);
    node(b, false, [0, 5]);
    const ra = (6 * t.impurity[a]!) / 12;
    const seq = weakestLinkSequence(t);
    expect(Array.from(seq.prunedNodes)).toEqual([-1, a, b, root]);
    expect(Array.from(seq.alphas)).toEqual([0, ra, ra, 0.5 - (ra + ra)]);
    expect(Array.from(seq.impurities)).toEqual([0, ra, ra + ra, 0.5]);
    expect(pruneTree(t, ra * 0.999).nodeCount).toBe(7);
    expect(pruneTree(t, ra).nodeCount).toBe(3); // both tied links go (alpha <= ccpAlpha)
    expect(pruneTree(t, 0.3).nodeCount).toBe(1);
  });

  it('collapseNodes: a node becomes a leaf with its own statistics; nested and repeated nodes are fine', () => {
    const m = fitRandom('gini', 9, 120, 4);
    const t = m.tree;
    const internal = Array.from(t.reachable()).filter((i) => !t.isLeaf(i));
    const inner = internal[1]!;
    const c = collapseNodes(t, [inner, t.left[inner]!, inner]);
    expect(isPrunedFrom(c, t)).toBe(true);
    const nodesBelow = (tr: Tree, i: number): number => (tr.isLeaf(i) ? 1 : 1 + nodesBelow(tr, tr.left[i]!) + nodesBelow(tr, tr.right[i]!));
    expect(c.nodeCount).toBe(t.nodeCount - nodesBelow(t, inner) + 1);
    expect(treeToJson(collapseNodes(t, []))).toEqual(treeToJson(t.compact()));
    expect(collapseNodes(t, [0]).nodeCount).toBe(1);
    expect(() => collapseNodes(t, [t.nodeCount])).toThrowError(/nodes\[0\] must be a node id in \[0, /);
  });

  it('validates its arguments', () => {
    const m = fitRandom('gini', 1, 50, 3);
    expect(() => pruneTree(m.tree, -1)).toThrowError('alpha must be a finite number >= 0, got -1');
    expect(() => pruneTree(m.tree, Number.NaN)).toThrowError(/alpha must be a finite number >= 0/);
    expect(() => costComplexityPath(m.tree, { risk: 'gini' as never })).toThrowError(/options.risk must be one of "impurity", "misclassification"/);
    expect(() => costComplexityPath(m.tree, { alpha: 1 } as never)).toThrowError(/options.alpha must be one of the known options/);
    expect(() => costComplexityPath({} as Tree)).toThrowError(/tree must be a fitted Tree/);
  });
});

describe('ccpAlpha estimator option', () => {
  const { X, y } = randomClassification(300, 4, 3, 11);

  it('defaults to 0 (no pruning) and is validated', () => {
    expect(new DecisionTreeClassifier().options.ccpAlpha).toBe(0);
    for (const bad of [-0.1, Number.NaN, Number.POSITIVE_INFINITY, '0.1']) {
      expect(() => new DecisionTreeClassifier({ ccpAlpha: bad as number })).toThrowError(/ccpAlpha must be a finite number >= 0/);
    }
    expect(() => new DecisionTreeRegressor({ ccpAlpha: -1 })).toThrowError('ccpAlpha must be a finite number >= 0, got -1');
  });

  it('fit with ccpAlpha equals pruneTree of the unpruned fit, for classifier and regressor', () => {
    const full = new DecisionTreeClassifier().fit(X, y);
    const alpha = costComplexityPath(full.tree).alphas[20]! * 1.0001;
    const pruned = new DecisionTreeClassifier({ ccpAlpha: alpha }).fit(X, y);
    expect(treeToJson(pruned.tree)).toEqual(treeToJson(pruneTree(full.tree, alpha)));
    expect(pruned.nLeaves).toBeLessThan(full.nLeaves);
    const r = randomRegression(200, 3, 2);
    const fr = new DecisionTreeRegressor().fit(r.X, r.y);
    const pr = new DecisionTreeRegressor({ ccpAlpha: 0.01 }).fit(r.X, r.y);
    expect(treeToJson(pr.tree)).toEqual(treeToJson(pruneTree(fr.tree, 0.01)));
  });

  it('is saved with the model and restored on load', () => {
    const m = new DecisionTreeClassifier({ ccpAlpha: 0.005 }).fit(X, y);
    const copy = loadModel(serializeModel(m));
    expect(copy.options.ccpAlpha).toBe(0.005);
    expect(copy.predict(X)).toEqual(m.predict(X));
  });
});

/** sklearn's weakest-link loop as written (an O(nodes) scan per step): the oracle of the heap version. */
function scanSequence(tree: Tree): { alphas: number[]; impurities: number[]; pruned: number[] } {
  const n = tree.nodeCount;
  const total = tree.weightedNSamples[0]!;
  const rNode = Float64Array.from({ length: n }, (_, i) => (tree.weightedNSamples[i]! * tree.impurity[i]!) / total);
  const parent = new Int32Array(n).fill(-1);
  const isLeaf = new Uint8Array(n);
  const order = Array.from(tree.reachable());
  for (const i of order) {
    if (tree.kind[i] === LEAF) isLeaf[i] = 1;
    else parent[tree.left[i]!] = parent[tree.right[i]!] = i;
  }
  const nLeaves = new Int32Array(n);
  const rBranch = new Float64Array(n);
  for (let k = order.length - 1; k >= 0; k--) {
    const i = order[k]!;
    if (isLeaf[i]) rBranch[i] = rNode[i]!;
    else {
      const l = tree.left[i]!;
      const r = tree.right[i]!;
      rBranch[i] = rBranch[l]! + rBranch[r]!;
      nLeaves[i] = (isLeaf[l] ? 1 : nLeaves[l]!) + (isLeaf[r] ? 1 : nLeaves[r]!);
    }
  }
  const inTree = new Uint8Array(n);
  for (const i of order) inTree[i] = 1;
  const out = { alphas: [0], impurities: [rBranch[0]!], pruned: [-1] };
  while (!isLeaf[0]) {
    let best = Number.MAX_VALUE;
    let node = -1;
    for (let i = 0; i < n; i++) {
      if (!inTree[i] || isLeaf[i]) continue;
      const a = (rNode[i]! - rBranch[i]!) / (nLeaves[i]! - 1);
      if (a < best) {
        best = a;
        node = i;
      }
    }
    const stack = [node];
    while (stack.length > 0) {
      const i = stack.pop()!;
      if (i !== node) inTree[i] = 0;
      if (!isLeaf[i]) stack.push(tree.left[i]!, tree.right[i]!);
    }
    isLeaf[node] = 1;
    const removed = nLeaves[node]! - 1;
    const diff = rNode[node]! - rBranch[node]!;
    rBranch[node] = rNode[node]!;
    for (let p = parent[node]!; p !== -1; p = parent[p]!) {
      nLeaves[p] = nLeaves[p]! - removed;
      rBranch[p] = rBranch[p]! + diff;
    }
    out.alphas.push(best);
    out.impurities.push(rBranch[0]!);
    out.pruned.push(node);
  }
  return out;
}

describe('weakest link through a heap', () => {
  it('gives exactly the sequence of sklearn’s per-step scan (ties: lower id first), every tree kind', () => {
    fc.assert(
      fc.property(fc.constantFrom<Kind>('gini', 'entropy', 'mse', 'oblique', 'weighted'), fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 10, max: 300 }), fc.constantFrom(null, 3, 6), (kind, seed, n, maxDepth) => {
        const t = fitRandom(kind, seed, n, maxDepth).tree;
        const seq = weakestLinkSequence(t);
        const oracle = scanSequence(t);
        expect(Array.from(seq.prunedNodes)).toEqual(oracle.pruned);
        expect(Array.from(seq.alphas)).toEqual(oracle.alphas);
        expect(Array.from(seq.impurities)).toEqual(oracle.impurities);
      }),
      { seed: 21, numRuns: 200 },
    );
  });
});

describe('weakest link on a chain pruned from the bottom', () => {
  it('one step per split, deepest first, as the scan; the heap stays O(nodes) (stale entries dropped)', () => {
    // Split k (id 2k) has a pure leaf (2k+1) and the rest (2k+2); its risk grows as (leaves − 1)², so
    // every ancestor's alpha exceeds its descendants': D steps, each updating all ancestors.
    const D = 1500;
    const t = new Tree(1, 1, 2 * D + 1);
    for (let k = 0; k < D; k++) {
      const leaves = D + 1 - k;
      const node = t.addNode(k === 0 ? -1 : 2 * k - 2, false, { impurity: (leaves - 1) ** 2 / leaves / D, nSamples: leaves, weightedNSamples: leaves });
      t.addNode(node, true, { impurity: 0, nSamples: 1, weightedNSamples: 1 });
      t.setAxisSplit(node, 0, k + 0.5);
    }
    t.addNode(2 * D - 2, false, { impurity: 0, nSamples: 1, weightedNSamples: 1 });
    const seq = weakestLinkSequence(t);
    const oracle = scanSequence(t);
    expect(seq.prunedNodes.length).toBe(D + 1);
    expect(seq.prunedNodes[1]).toBe(2 * D - 2);
    expect(Array.from(seq.prunedNodes)).toEqual(oracle.pruned);
    expect(Array.from(seq.alphas)).toEqual(oracle.alphas);
    expect(Array.from(seq.impurities)).toEqual(oracle.impurities);
  });
});
