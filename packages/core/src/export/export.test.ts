import { describe, expect, it } from 'vitest';
import { DecisionTreeClassifier, DecisionTreeRegressor, exportDot, exportText } from '../index.js';

const X = [[1, 10], [2, 20], [3, 10], [4, 20]];

describe('exportText', () => {
  it("uses scikit-learn's export_text layout", () => {
    const m = new DecisionTreeClassifier().fit(X, ['a', 'a', 'b', 'b'], { featureNames: ['size', 'weight'] });
    expect(exportText(m)).toBe(['|--- size <= 2.50', '|   |--- class: a', '|--- size >  2.50', '|   |--- class: b', ''].join('\n'));
  });
  it('truncates below maxDepth and shows regression values', () => {
    const r = new DecisionTreeRegressor().fit(X, [1, 2, 3, 4]);
    const text = exportText(r, { maxDepth: 1, decimals: 1 });
    expect(text).toContain('|--- feature_0 <= 2.5');
    expect(text).toContain('truncated branch of depth 1');
    expect(exportText(r)).toContain('value: [4.00]');
  });
  it('shows a split on one categorical feature (CRIMCOORD) as the level set each branch receives, as prediction routes it', () => {
    // colour codes 0..3 = red, green, blue, black; class a for red and blue.
    const Xc: number[][] = [];
    const y: string[] = [];
    for (let i = 0; i < 40; i++) {
      Xc.push([i % 4, (i * 7) % 5]);
      y.push(i % 4 === 0 || i % 4 === 2 ? 'a' : 'b');
    }
    const m = new DecisionTreeClassifier({ categoricalFeatures: [0], maxDepth: 1 }).fit(Xc, y, { featureNames: ['colour', 'size'] });
    const categories = [['red', 'green', 'blue', 'black'], null];
    const text = exportText(m, { categories });
    const lines = text.split('\n');
    const sets = lines.filter((l) => l.includes('colour in')).map((l) => l.replace('|--- colour in ', ''));
    expect(sets).toHaveLength(2);
    // Each branch lists the levels prediction sends there.
    const [leftSet, rightSet] = sets as [string, string];
    const leftLevels = categories[0]!.filter((_, l) => m.apply([[l, 0]])[0] === m.tree.left[0]);
    expect([['blue', 'red'], ['black', 'green']]).toContainEqual(leftLevels.sort());
    for (const [l, name] of categories[0]!.entries()) {
      const goesLeft = m.apply([[l, 0]])[0] === m.tree.left[0];
      expect(new RegExp(`\\b${name}\\b`).test(goesLeft ? leftSet : rightSet), `${name} on the ${goesLeft ? 'left' : 'right'}`).toBe(true);
    }
    // An unseen level (code 9) is listed on the side it is routed to.
    const unseenLeft = m.apply([[9, 0]])[0] === m.tree.left[0];
    expect((unseenLeft ? leftSet : rightSet).endsWith('or unseen}') || (unseenLeft ? leftSet : rightSet).endsWith(' or unseen')).toBe(true);
    // Codes when no names are given; the DOT label uses the same condition.
    expect(exportText(m)).toMatch(/colour in \{[0-3](, [0-3])*\}/);
    expect(exportDot(m, { categories })).toContain(`colour in ${leftSet}`);
  });

  it('lists the level scores of categorical features inside an oblique split', () => {
    const Xc: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 60; i++) {
      const level = i % 3;
      const v = ((i * 37) % 11) / 10;
      Xc.push([level, v]);
      y.push(level + 2 * v > 1.6 ? 1 : 0);
    }
    const m = new DecisionTreeClassifier({ categoricalFeatures: [0], projection: 'householder-d', maxDepth: 2 }).fit(Xc, y, { featureNames: ['grade', 'v'] });
    const text = exportText(m, { categories: [['low', 'mid', 'high'], null] });
    // Root: an oblique split using grade's scores (listed above it); below, a split on grade alone.
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^\|    \(score\(grade\): low -?\d+\.\d\d, mid -?\d+\.\d\d, high -?\d+\.\d\d; unseen 0\)$/);
    expect(lines[1]).toMatch(/^\|--- -?\d\.\d\d·(v|score\(grade\)) [+-] \d\.\d\d·(v|score\(grade\)) <= -?\d+\.\d\d$/);
    expect(text).toMatch(/grade in \{(low|mid|high)(, (low|mid|high))*\}/);
    const scores = m.tree.categoricalMaps(0)[0]!.values;
    expect(lines[0]).toContain(`low ${scores[0]!.toFixed(2)}`);
  });

  it('rejects feature names of the wrong length', () => {
    const m = new DecisionTreeClassifier().fit(X, [0, 0, 1, 1]);
    expect(() => exportText(m, { featureNames: ['x'] })).toThrowError(/featureNames must be 2 names/);
  });
});

describe('exportDot', () => {
  it('emits a Graphviz digraph with one statement per node and edge', () => {
    const m = new DecisionTreeClassifier().fit(X, ['a', 'a', 'b', 'b']);
    const dot = exportDot(m);
    expect(dot.startsWith('digraph Tree {')).toBe(true);
    expect(dot.trim().endsWith('}')).toBe(true);
    expect(dot.match(/^\d+ \[label=/gm)).toHaveLength(m.nodeCount);
    expect(dot.match(/^\d+ -> \d+/gm)).toHaveLength(m.nodeCount - 1);
    expect(dot).toContain('feature_0 <= 2.500');
    expect(dot).toContain('class = b');
    // Graphviz line breaks are a single escaped \n, not a literal backslash.
    expect(dot).toContain('feature_0 <= 2.500\\ngini = 0.500\\nsamples = 4');
    expect(dot).not.toContain('\\\\n');
  });
});
