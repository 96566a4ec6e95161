import { describe, expect, it } from 'vitest';
import { DecisionTreeClassifier, DecisionTreeRegressor, exportDot, exportText } from './index.js';

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
