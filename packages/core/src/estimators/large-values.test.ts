import { describe, expect, it } from 'vitest';
import { DecisionTreeClassifier } from './decision-tree-classifier.js';
import { DecisionTreeRegressor } from './decision-tree-regressor.js';

// Values are separable when they differ by more than 1e-7 (scikit-learn's absolute FEATURE_THRESHOLD)
// at every magnitude, not by 1e-7 relative to |x|.
describe('large feature values', () => {
  it('splits neighbours 1 apart near 1.2e7 (scikit-learn gives 2 leaves)', () => {
    const tree = new DecisionTreeClassifier().fit([[12345678], [12345679]], [0, 1]);
    expect(tree.nLeaves).toBe(2);
    expect(Array.from(tree.predict([[12345678], [12345679]]))).toEqual([0, 1]);
  });
  it('splits timestamps 1 s apart at 1.7e9', () => {
    const X = [[1.7e9], [1.7e9 + 1], [1.7e9 + 2], [1.7e9 + 3]];
    const tree = new DecisionTreeRegressor().fit(X, [0, 0, 5, 5]);
    expect(tree.nLeaves).toBe(2);
    expect(tree.tree.threshold[0]).toBe(1.7e9 + 1.5);
  });
  it('never splits values whose midpoint rounds onto one of them', () => {
    const a = 2 ** 60;
    const tree = new DecisionTreeClassifier().fit([[a], [a + 2 ** 8]], [0, 1]);
    expect(tree.nLeaves).toBe(1);
  });
});
