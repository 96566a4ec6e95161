import { DecisionTreeClassifier, DecisionTreeRegressor } from '@dt/core';
import { createRandom, InvalidArgumentError } from '@dt/errors';
import { treeShap } from '@dt/explain';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { beeswarmSvg, dependenceSvg, explainRowSvg, waterfallSvg } from './index.js';

function data(M: number, n: number): { X: number[][]; y: number[] } {
  const rng = createRandom(M);
  const X = Array.from({ length: n }, () => Array.from({ length: M }, () => (rng.next() < 0.05 ? Number.NaN : rng.next() * 2 - 1)));
  const y = X.map((r) => (r[0]! > 0 ? 1 : 0) + (r[M - 1]! > 0.5 ? 1 : 0));
  return { X, y };
}
const hostile = (M: number): string[] => Array.from({ length: M }, (_, j) => (j === 0 ? '</text><script>alert(1)</script>&"\'' : `f${j}`));

function count(svg: string, tag: string): number {
  return svg.split(`<${tag} `).length - 1;
}

describe('SHAP pictures', () => {
  for (const M of [5, 100]) {
    const { X, y } = data(M, 120);
    const clf = new DecisionTreeClassifier({ maxDepth: 6 }).fit(X, y, { featureNames: hostile(M) });
    const shap = treeShap(clf, X);
    it(`${M} features: well-formed SVG, names escaped, at most maxDisplay rows`, () => {
      for (const svg of [waterfallSvg(shap, { row: 2, output: 1 }), beeswarmSvg(shap), dependenceSvg(shap, { feature: 0, color: M - 1 })]) {
        expect(XMLValidator.validate(svg)).toBe(true);
        expect(svg).not.toContain('<script>');
        expect(svg).toContain('&lt;/text&gt;&lt;script&gt;');
        new XMLParser().parse(svg);
      }
      // Waterfall: one arrow per row, 10 rows at most (9 features and "N other features").
      expect(count(waterfallSvg(shap, { row: 2 }), 'polygon')).toBe(Math.min(M, 10));
      expect(waterfallSvg(shap, { row: 2 }).includes('other features')).toBe(M > 10);
      // Beeswarm: one dot per explained row and picture row.
      expect(count(beeswarmSvg(shap, { maxDisplay: 4 }), 'circle')).toBe(120 * Math.min(M, 4));
      expect(count(dependenceSvg(shap, { feature: 1 }), 'circle')).toBe(120);
    });
  }

  it('the waterfall runs from E[f(X)] to f(x) with every bar labelled by its SHAP value', () => {
    const { X, y } = data(5, 80);
    const reg = new DecisionTreeRegressor({ maxDepth: 4 }).fit(X, y.map(Number));
    const shap = treeShap(reg, X);
    const svg = waterfallSvg(shap, { row: 0 });
    expect(svg).toContain(`= ${Number(shap.prediction[0]!.toPrecision(3))}`);
    expect(svg).toContain(`= ${Number(shap.expectedValue[0]!.toPrecision(3))}`);
    for (let j = 0; j < 5; j++) {
      const v = shap.values[j]!;
      if (v !== 0) expect(svg).toContain(`${v >= 0 ? '+' : '−'}${Number(Math.abs(v).toPrecision(3))}`);
    }
  });

  it('bad options name the option and the value', () => {
    const { X, y } = data(5, 40);
    const shap = treeShap(new DecisionTreeClassifier({ maxDepth: 3 }).fit(X, y), X);
    expect(() => waterfallSvg(shap, { row: 40 })).toThrow(/row must be a row index below 40, got 40/);
    expect(() => waterfallSvg(shap, { output: 3 })).toThrow(/output must be an output index below 3/);
    expect(() => beeswarmSvg(shap, { maxDisplay: 1 })).toThrow(InvalidArgumentError);
    expect(() => dependenceSvg(shap, { feature: 9 })).toThrow(/feature must be a feature index below 5, got 9/);
    expect(() => beeswarmSvg(shap, { featureNames: ['a'] })).toThrow(/featureNames must be 5 names/);
    expect(() => waterfallSvg(shap, { bogus: 1 } as never)).toThrow(/bogus/);
  });

  it('explainRowSvg draws one row of a model', () => {
    const { X, y } = data(5, 60);
    const clf = new DecisionTreeClassifier({ maxDepth: 3 }).fit(X, y);
    expect(explainRowSvg(clf, X[7]!, { output: 1 })).toBe(waterfallSvg(treeShap(clf, X), { row: 7, output: 1 }));
  });
});
