import { DecisionTreeClassifier, LEAF, Tree, loadModel, serializeModel, type ClassLabel, type TreeModel } from '@dt/core';
import { InvalidArgumentError } from '@dt/errors';
import { makeClassification } from '@dt/datasets';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { plotLayout, renderHtml, renderSvg, type NodeBox, type PlottableModel, type TreeModelLike } from './index.js';
import { exampleModels, type Example } from './testing-fixtures/models.js';

let examples: Example[];
beforeAll(async () => {
  examples = await exampleModels();
}, 60_000);

const nodeGroups = (svg: string): number => (svg.match(/<g class="node[ "]/g) ?? []).length;

/** Brute force: every pair of boxes, no shared area. */
function overlaps(boxes: readonly NodeBox[]): [NodeBox, NodeBox] | null {
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) return [a, b];
    }
  }
  return null;
}

/** Nodes a model has within maxDepth edges of the root (breadth-first, independent of the package). */
function expectedNodes(model: PlottableModel, maxDepth = Number.POSITIVE_INFINITY): number {
  const kids = (v: number): number[] => {
    if ('tree' in model) return model.tree.kind[v] === LEAF ? [] : [model.tree.left[v]!, model.tree.right[v]!];
    const g = (model as { graph: { childStart: Int32Array; children: Int32Array } }).graph;
    return Array.from(g.children.subarray(g.childStart[v]!, g.childStart[v + 1]!));
  };
  const seen = new Map<number, number>([[0, 0]]);
  const queue = [0];
  for (let h = 0; h < queue.length; h++) {
    const v = queue[h]!;
    if (seen.get(v)! >= maxDepth) continue;
    for (const c of kids(v)) {
      if (seen.has(c)) continue;
      seen.set(c, seen.get(v)! + 1);
      queue.push(c);
    }
  }
  return seen.size;
}

describe('renderSvg: one picture per model kind', () => {
  it.each(['axis', 'oblique', 'crimcoord', 'pruned', 'stream', 'regression'])('%s: valid XML, one node group per model node, no overlapping boxes, snapshot', async (name) => {
    const e = examples.find((x) => x.name === name)!;
    const svg = renderSvg(e.model, e.options);
    expect(XMLValidator.validate(svg)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(svg) as { svg: { '@_width': string } };
    expect(Number(doc.svg['@_width'])).toBeGreaterThan(0);
    expect(nodeGroups(svg)).toBe(expectedNodes(e.model, e.options.maxDepth));
    const layout = plotLayout(e.model, e.options);
    expect(layout.boxes).toHaveLength(nodeGroups(svg));
    expect(overlaps(layout.boxes)).toBeNull();
    for (const b of layout.boxes) {
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(layout.width);
      expect(b.y + b.height).toBeLessThanOrEqual(layout.height);
    }
    await expect(svg).toMatchFileSnapshot(`__snapshots__/${name}.svg`);
  });

  it('names features and classes from the model, and shows what each kind of split says', () => {
    const svg = (name: string): string => {
      const e = examples.find((x) => x.name === name)!;
      return renderSvg(e.model, e.options);
    };
    expect(svg('axis')).toContain('petal_length &lt;= 2.45');
    expect(svg('axis')).toContain('class = setosa');
    expect(svg('axis')).toContain('gini = 0.67');
    // Oblique: the top terms, then "+ k more" (wine has 13 features).
    expect(svg('oblique')).toMatch(/\+ \d+ more/);
    expect(svg('oblique')).toContain('·alcohol');
    // CRIMCOORD on one categorical feature: the level set, named from the categories.
    expect(svg('crimcoord')).toMatch(/thal in<\/text><text[^>]*>\{[^}]+\}/);
    // Stream: the merged node is one group with its parent count.
    const stream = examples.find((x) => x.name === 'stream')!.model as unknown as { nMergedNodes: number };
    expect(stream.nMergedNodes).toBeGreaterThan(0);
    expect((svg('stream').match(/<g class="node[^"]*merged"/g) ?? []).length).toBe(stream.nMergedNodes);
    expect(svg('regression')).toMatch(/value = \d/);
    expect(svg('regression')).not.toContain('class =');
  });

  it('wraps the picture in a page for --format html', () => {
    const e = examples[0]!;
    const html = renderHtml(e.model, { title: 'iris <CART>' });
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<title>iris &lt;CART&gt;</title>');
    expect(html).toContain(renderSvg(e.model));
  });
});

describe('categorical levels and oblique terms', () => {
  it('names the levels of an axis split on level codes, by the smaller side: = / ∈ / ≠ / ∉', () => {
    // relationship coded 0..3; class by code <= 0 at the root, then <= 2.
    const X = Array.from({ length: 80 }, (_, i) => [i % 4, (i * 7) % 3]);
    const y = X.map(([r]) => (r === 0 ? 'a' : r === 3 ? 'c' : 'b'));
    const m = new DecisionTreeClassifier().fit(X, y, { featureNames: ['relationship', 'x'] });
    const categories = [['Husband', 'Not-in-family', 'Own-child', 'Wife'], null];
    const svg = renderSvg(m, { categories });
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).toContain('>relationship = Husband</text>');
    expect(svg).toContain('>relationship ≠ Wife</text>');
    expect(svg).not.toMatch(/relationship &lt;=/);
    // The tooltip lists both sides.
    expect(svg).toContain('relationship ∈ {Husband}; else ∈ {Not-in-family, Own-child, Wife}');
    // Without names: the code threshold.
    expect(renderSvg(m)).toContain('relationship &lt;= 0.5');
  });

  it('lists oblique terms by |weight × spread| with featureSpread, and never prints a 0.00 weight', () => {
    const e = examples.find((x) => x.name === 'oblique')!;
    const svg = renderSvg(e.model, e.options);
    expect(svg).not.toMatch(/[^.\d]0\.00·/);
    const t = (e.model as TreeModelLike).tree;
    const n = t.nFeatures;
    // A spread that makes the last feature dominate every split it is in: it is listed first there.
    const spread = Array.from({ length: n }, (_, j) => (j === n - 1 ? 1e9 : 1));
    const last = (e.model as TreeModelLike).featureNames![n - 1]!;
    const firstTerms = [...renderSvg(e.model, { ...e.options, featureSpread: spread }).matchAll(/<text x="6" y="16" font-weight="bold">([^<]*)<\/text>/g)].map((x) => x[1]!);
    const withLast = [...svg.matchAll(/<title>([^<]*)<\/title>/g)].filter((x) => x[1]!.split('\n')[0]!.includes(`·${last}`)).length;
    expect(withLast).toBeGreaterThan(0);
    expect(firstTerms.filter((l) => l.endsWith(`·${last}`)).length).toBe(withLast);
    expect(() => renderSvg(e.model, { featureSpread: [-1] })).toThrowError(/featureSpread/);
  });
});

describe('interactive SVG and the HTML page carry the viewer', () => {
  it('embeds the viewer script once, as parseable JavaScript, only when asked', () => {
    const m = examples[0]!.model;
    expect(renderSvg(m)).not.toContain('<script');
    const svg = renderSvg(m, { interactive: true });
    expect(XMLValidator.validate(svg)).toBe(true);
    const js = /<script><!\[CDATA\[\n([\s\S]*)\n\]\]><\/script>/.exec(svg)![1]!;
    expect(() => new Function(js)).not.toThrow();
    const html = renderHtml(m);
    expect((html.match(/<script>/g) ?? []).length).toBe(1);
    expect(() => new Function(/<script>\n([\s\S]*)\n<\/script>/.exec(html)![1]!)).not.toThrow();
    expect(() => renderSvg(m, { interactive: 'yes' } as never)).toThrowError(/interactive/);
  });
});

describe('pruned in place', () => {
  it('draws only the nodes reachable from the root when pruning left orphans in the arrays', () => {
    const e = examples.find((x) => x.name === 'axis')!;
    const m = loadModel(serializeModel(e.model as TreeModel));
    m.tree.makeLeaf(2); // the root's right child: its subtree stays in the arrays, unreachable
    const reachable = m.tree.reachable().length;
    expect(reachable).toBeLessThan(m.tree.nodeCount);
    const svg = renderSvg(m);
    expect(nodeGroups(svg)).toBe(reachable);
    expect(XMLValidator.validate(svg)).toBe(true);
  });
});

describe('maxDepth', () => {
  it('cuts deeper nodes and marks each cut branch with a "…" stub', () => {
    const e = examples.find((x) => x.name === 'axis')!;
    for (const maxDepth of [0, 1, 2, 3]) {
      const svg = renderSvg(e.model, { maxDepth });
      expect(nodeGroups(svg)).toBe(expectedNodes(e.model, maxDepth));
      const layout = plotLayout(e.model, { maxDepth });
      const cut = layout.view.nodes.filter((n) => n.cut).length;
      expect(cut).toBeGreaterThan(0);
      expect((svg.match(/<g class="stub" data-node="\d+">/g) ?? []).length).toBe(cut);
    }
    expect(renderSvg(e.model)).not.toContain('class="stub"');
  });
});

/** A 2-class chain: node 2k splits into a leaf (left) and the rest (right). */
function chain(depth: number): TreeModelLike {
  const t = new Tree(1, 2, 2 * depth + 1);
  const stats = { impurity: 0.5, nSamples: 10, weightedNSamples: 10 };
  let parent = t.addNode(-1, true, stats);
  for (let d = 0; d < depth; d++) {
    t.setAxisSplit(parent, 0, d + 0.5);
    const leaf = t.addNode(parent, true, stats);
    t.value[leaf * 2] = 1;
    parent = t.addNode(parent, false, stats);
  }
  t.value[parent * 2 + 1] = 1;
  const classes: ClassLabel[] = ['a', 'b'];
  return { tree: t, featureNames: ['x'], classes };
}

describe('large and deep trees', () => {
  it('draws a 20,000-deep chain without recursion (no stack overflow)', () => {
    const m = chain(20_000);
    const layout = plotLayout(m);
    expect(layout.boxes).toHaveLength(40_001);
    // Neighbours in the chain never overlap; the picture grows instead of shrinking.
    const b = layout.boxes;
    let bad = 0;
    for (let i = 1; i < b.length; i += 2) if (b[i]!.y !== b[i + 1]!.y || Math.abs(b[i]!.x - b[i + 1]!.x) < b[i]!.width) bad++;
    expect(bad).toBe(0);
    const svg = renderSvg(m);
    expect(nodeGroups(svg)).toBe(40_001);
    expect(nodeGroups(renderSvg(m, { maxDepth: 10 }))).toBe(21);
  });

  it('keeps the type size at 5 and at 500 nodes, each box as wide as its longest line: the SVG grows', () => {
    const small = new DecisionTreeClassifier({ maxDepth: 2 }).fit([[0], [1], [2], [3]], ['a', 'b', 'a', 'b']);
    const data = makeClassification({ nSamples: 600, nFeatures: 6, nInformative: 4, nClasses: 3, seed: 1 });
    const big = new DecisionTreeClassifier({ seed: 0 }).fit(data.X, data.y);
    expect(big.tree.nodeCount).toBeGreaterThan(150);
    const a = plotLayout(small);
    const b = plotLayout(big);
    for (const [model, layout] of [[small, a], [big, b]] as const) {
      const svg = renderSvg(model);
      expect(svg).toContain('font-size="11"');
      // Each box's text (monospace, 6.7 px a character at 11 px) fits with 6 px padding, and no box is wider than needed.
      const groups = [...svg.matchAll(/<g class="node[^>]*>(.*?)<\/g>/gs)].map((m) => [...m[1]!.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((t) => t[1]!.replace(/&[a-z]+;/g, '_')));
      groups.forEach((lines, v) => {
        const longest = Math.max(...lines.map((l) => l.length));
        const w = layout.boxes[v]!.width;
        expect(w).toBe(Math.min(220, Math.max(96, Math.ceil(12 + 6.7 * longest))));
      });
    }
    expect(b.width).toBeGreaterThan(10 * a.width);
    expect(overlaps(b.boxes)).toBeNull();
  });
});

describe('forests and options', () => {
  it('draws one tree of a forest, picked by { tree }', () => {
    const [axis, , , pruned] = examples.map((e) => e.model);
    const forest = { estimators: [axis as TreeModelLike, pruned as TreeModelLike] };
    expect(renderSvg(forest, { tree: 1 })).toBe(renderSvg(pruned!));
    expect(renderSvg(forest)).toBe(renderSvg(axis!));
    expect(() => renderSvg(forest, { tree: 2 })).toThrowError(InvalidArgumentError);
    expect(() => renderSvg(forest, { tree: 2 })).toThrowError(/tree must be an index of the forest's 2 trees/);
  });

  it('validates its options at the boundary, naming the bad one', () => {
    const m = examples[0]!.model;
    expect(() => renderSvg(m, { decimals: -1 })).toThrowError(/decimals/);
    expect(() => renderSvg(m, { maxDepth: 1.5 })).toThrowError(/maxDepth/);
    expect(() => renderSvg(m, { colour: 'red' } as never)).toThrowError(/colour/);
    expect(() => renderSvg(m, { featureNames: ['a'] })).toThrowError(/featureNames must be 4 names/);
    expect(() => renderSvg(m, { classNames: ['a'] })).toThrowError(/classNames/);
  });

  it('escapes names for XML, control characters as visible control pictures', () => {
    const m = new DecisionTreeClassifier().fit([[0], [1]], ['<a>', 'b&c\u0007'], { featureNames: ['x"y\u0000\u001b\u007f\ud800'] });
    for (const text of [renderSvg(m), renderSvg(m, { interactive: true }), renderHtml(m, { title: 't\u0001<script>' })]) {
      if (text.startsWith('<svg')) expect(XMLValidator.validate(text)).toBe(true);
      expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
    }
    const svg = renderSvg(m);
    expect(svg).toContain('&lt;a&gt;');
    expect(svg).toContain('b&amp;c\u2407');
    expect(svg).toContain('x&quot;y\u2400\u241b\u2421\ufffd');
    expect(renderHtml(m, { title: 't\u0001<script>' })).toContain('<title>t\u2401&lt;script&gt;</title>');
  });
});

describe('showMissing: the edge missing values take', () => {
  /** The iris tree (depth 2) with its per-node missing sides replaced (or removed, with null). */
  const withSides = (sides: (tree: Tree) => Uint8Array | null): TreeModelLike => {
    const m = new DecisionTreeClassifier({ maxDepth: 2 }).fit(
      [[1, 5], [2, 6], [3, 1], [4, 2], [5, 7], [6, 8]],
      ['a', 'a', 'b', 'b', 'c', 'c'],
      { featureNames: ['u', 'v'] },
    );
    const tree = Object.assign(Object.create(Object.getPrototypeOf(m.tree) as object) as Tree, m.tree);
    const s = sides(m.tree);
    if (s === null) delete (tree as { missingGoToLeft?: unknown }).missingGoToLeft;
    else (tree as { missingGoToLeft?: unknown }).missingGoToLeft = s;
    return { tree, featureNames: m.featureNames, classes: m.classes, options: m.options };
  };
  const edgeLabels = (svg: string): string[] => [...svg.matchAll(/<text x="[^"]+" y="[^"]+">([^<]*)<\/text>/g)].map((x) => x[1]!).filter((l) => /^(yes|no)/.test(l));

  it('labels the left edge "yes, missing" where missingGoToLeft is 1 and the right one "no, missing" where it is 0', () => {
    const model = withSides((t) => {
      const s = new Uint8Array(t.nodeCount);
      s[0] = 1; // root: left; its split child keeps 0: right
      return s;
    });
    const t = model.tree;
    expect(t.kind[0]).not.toBe(LEAF);
    const inner = [t.left[0]!, t.right[0]!].find((c) => t.kind[c] !== LEAF)!;
    expect(inner).toBeDefined();
    const svg = renderSvg(model, { showMissing: true });
    expect(edgeLabels(svg)).toEqual(['yes, missing', 'no', 'yes', 'no, missing']);
    expect(svg).toContain('missing values go left (yes)');
    expect(svg).toContain('missing values go right (no)');
    expect(XMLValidator.validate(svg)).toBe(true);
    // Off by default: the picture of a tree is unchanged whatever its missing sides.
    expect(edgeLabels(renderSvg(model))).toEqual(['yes', 'no', 'yes', 'no']);
  });

  it('needs a tree that stores missing sides, and is refused for a Decision Stream', () => {
    expect(() => renderSvg(withSides(() => null), { showMissing: true })).toThrowError(/showMissing must be used with a tree that stores where missing values go/);
    expect(() => renderSvg(examples.find((x) => x.name === 'stream')!.model, { showMissing: true })).toThrowError(/showMissing must be false for a Decision Stream/);
    expect(() => renderSvg(examples[0]!.model, { showMissing: 'yes' } as never)).toThrowError(/showMissing/);
  });

  it('puts no label on oblique splits (they reject NaN)', () => {
    const e = examples.find((x) => x.name === 'oblique')!;
    const tree = Object.assign(Object.create(Object.getPrototypeOf((e.model as TreeModelLike).tree) as object) as Tree, (e.model as TreeModelLike).tree);
    (tree as { missingGoToLeft?: unknown }).missingGoToLeft = new Uint8Array(tree.nodeCount).fill(1);
    const svg = renderSvg({ ...(e.model as TreeModelLike), tree }, { ...e.options, showMissing: true });
    expect(svg).not.toContain('missing');
  });
});
