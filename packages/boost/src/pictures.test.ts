import { describe, expect, it } from 'vitest';
import { exportText } from '@dt/core';
import { HistGradientBoostingRegressor } from './hist-gradient-boosting-regressor.js';
import { HistGradientBoostingClassifier } from './hist-gradient-boosting-classifier.js';
import { boostingMemberTree } from './member-tree.js';
import { arrayOf } from './testing-fixtures/sklearn-fixture.js';

describe('boosting trees are ordinary dt Trees', () => {
  const X = arrayOf('reg_missing', 'X') as number[][];
  const m = new HistGradientBoostingRegressor({ maxIter: 2, maxLeafNodes: 4 }).fit(X, arrayOf('reg', 'y') as number[]);
  const tree = m.estimators[1]![0]!;

  // Its SVG (@dt/plot's renderSvg) is checked by the CLI's `dt show --tree i --format svg` test: a
  // devDependency on @dt/plot here would close a workspace cycle (plot -> explain -> boost).
  it('core exports its text, with its splits and leaf values', () => {
    expect(boostingMemberTree(m, 1).tree).toBe(tree);
    expect(exportText(boostingMemberTree(m, 1))).toContain(`feature_${tree.feature[0]!} <= `);
    expect(tree.nLeaves).toBe(4);
  });

  it('boostingMemberTree: tree i of a multiclass model (iteration-major) as a dt regression tree with the names, predicting its raw values', () => {
    const names = ['a', 'b', 'c', 'd', 'e'];
    const y = arrayOf('multi', 'y') as number[];
    const c = new HistGradientBoostingClassifier({ maxIter: 2, maxLeafNodes: 4 }).fit(X, y, { featureNames: names });
    const K = c.nTreesPerIteration;
    expect(K).toBe(3);
    const member = boostingMemberTree(c, K + 2);
    expect(member.tree).toBe(c.estimators[1]![2]);
    expect(member.featureNames).toEqual(names);
    expect(exportText(member)).toContain(`${names[member.tree.feature[0]!]!} <= `);
    const rows = X.filter((r) => r.every((v) => !Number.isNaN(v)));
    const want = rows.map((r) => {
      let n = 0;
      while (member.tree.kind[n] !== 0) n = r[member.tree.feature[n]!]! <= member.tree.threshold[n]! ? member.tree.left[n]! : member.tree.right[n]!;
      return member.tree.value[n]!;
    });
    expect(Array.from(member.predict(rows))).toEqual(want);
    expect(() => boostingMemberTree(c, 2 * K)).toThrow(/tree/);
  });
});
