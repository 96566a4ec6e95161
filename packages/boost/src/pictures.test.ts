import { describe, expect, it } from 'vitest';
import { exportText } from '@dt/core';
import { renderSvg } from '@dt/plot';
import { HistGradientBoostingRegressor } from './hist-gradient-boosting-regressor.js';
import { arrayOf } from './testing-fixtures/sklearn-fixture.js';

describe('boosting trees are ordinary dt Trees', () => {
  const X = arrayOf('reg_missing', 'X') as number[][];
  const m = new HistGradientBoostingRegressor({ maxIter: 2, maxLeafNodes: 4 }).fit(X, arrayOf('reg', 'y') as number[]);
  const tree = m.estimators[1]![0]!;

  it('@dt/plot draws one (SVG) and core exports its text, with its splits and leaf values', () => {
    const names = ['a', 'b', 'c', 'd', 'e'];
    const svg = renderSvg({ tree, featureNames: names });
    expect(svg.startsWith('<svg')).toBe(true);
    const root = names[tree.feature[0]!]!;
    expect(svg).toContain(`${root} &lt;= `);
    expect(exportText({ tree, featureNames: names, nFeatures: 5 } as never)).toContain(`${root} <= `);
    expect(tree.nLeaves).toBe(4);
  });
});
