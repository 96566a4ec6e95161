import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecisionTreeClassifier, describeSplit, exportText, formatTerm, formatWeight, Tree } from '../index.js';

const stats = { impurity: 0.5, nSamples: 10, weightedNSamples: 10 };

/** A root with one split and two leaves. */
function oneSplit(set: (t: Tree) => void, d: number): Tree {
  const t = new Tree(d, 1);
  t.addNode(-1, true, stats);
  t.addNode(0, true, stats);
  t.addNode(0, false, stats);
  set(t);
  return t;
}

describe('describeSplit', () => {
  it('reads an axis split on level codes as the level sets it separates, when the levels are named', () => {
    // relationship coded 0..3 in the order of its names; codes <= 1.5 go left.
    const t = oneSplit((tr) => tr.setAxisSplit(0, 1, 1.5), 2);
    const names = ['age', 'relationship'];
    const d = describeSplit(t, 0, names, [null, ['Husband', 'Not-in-family', 'Own-child', 'Wife']]);
    expect(d).toEqual({ type: 'levels', feature: 1, name: 'relationship', left: ['Husband', 'Not-in-family'], right: ['Own-child', 'Wife'], unseenLeft: null });
    // Unnamed: the threshold on the code, as before.
    expect(describeSplit(t, 0, names)).toMatchObject({ type: 'linear', axis: true, threshold: 1.5 });
  });

  it('exportText prints coded levels by name, with no "or unseen" (a coded column has no unseen code)', () => {
    const X = Array.from({ length: 40 }, (_, i) => [i % 4, i % 5]);
    const y = X.map(([r]) => (r === 0 || r === 1 ? 'a' : 'b'));
    const m = new DecisionTreeClassifier({ maxDepth: 1 }).fit(X, y, { featureNames: ['relationship', 'x'] });
    const text = exportText(m, { categories: [['Husband', 'Not-in-family', 'Own-child', 'Wife'], null] });
    expect(text).toBe(['|--- relationship in {Husband, Not-in-family}', '|   |--- class: a', '|--- relationship in {Own-child, Wife}', '|   |--- class: b', ''].join('\n'));
  });

  it('ranks oblique terms by |weight × spread| when spreads are given, by |weight| otherwise', () => {
    // w = (1, 0.004, -0.003) on ash (sd 0.27), alcohol (sd 0.81), magnesium (sd 14.3).
    const t = oneSplit((tr) => tr.setObliqueSplit(0, [0, 1, 2], [1, 0.004, -0.003], 2), 3);
    const names = ['ash', 'alcohol', 'magnesium'];
    const order = (spread?: number[]): string[] => {
      const d = describeSplit(t, 0, names, undefined, spread);
      return d.type === 'linear' ? d.terms.map((x) => x.name) : [];
    };
    expect(order()).toEqual(['ash', 'alcohol', 'magnesium']);
    expect(order([0.27, 0.81, 14.3])).toEqual(['ash', 'magnesium', 'alcohol']);
  });
});

describe('formatWeight', () => {
  it('never prints a non-zero weight as zero, and keeps two significant digits below 1', () => {
    expect(formatWeight(0.0032, 2)).toBe('0.0032');
    expect(formatWeight(0.71234, 2)).toBe('0.71');
    expect(formatWeight(12.345, 2)).toBe('12.35');
    expect(formatWeight(3.2e-9, 2)).toBe('3.2e-9');
    expect(formatTerm({ feature: 0, name: 'magnesium', weight: -0.0031, categorical: false }, 2, false)).toBe(' - 0.0031·magnesium');
    fc.assert(
      fc.property(fc.double({ min: 1e-300, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 6 }), (w, decimals) => {
        const s = formatWeight(w, decimals);
        // Not zero, and within 5 % of the weight (two significant digits or more).
        return Number(s) !== 0 && Math.abs(Number(s) - w) <= 0.05 * w;
      }),
      { seed: 32 },
    );
  });
});
