import { describe, expect, it } from 'vitest';
import { misclassification, misclassificationImpurity } from './misclassification.js';
import { createSplitResult } from './types.js';
import { checkClassificationCriterion, misclassificationOracle, referenceMisclassification } from './testing.js';
import { classificationInput } from './testing-fixtures/inputs.js';

describe('misclassification', () => {
  it('passes the conformance suite', () => {
    const report = checkClassificationCriterion(misclassification, {
      oracle: misclassificationOracle,
      impurity: referenceMisclassification,
    });
    expect(report.ties).toBeGreaterThan(100);
  });

  it('node impurity is 1 − max p', () => {
    expect(misclassificationImpurity(Float64Array.of(1, 3, 0), 3, 4)).toBe(0.25);
  });

  it('resolves its many ties by balance', () => {
    // Majority class everywhere: every split leaves the error unchanged (score 0); the middle wins.
    const out = createSplitResult();
    expect(misclassification.scan(classificationInput([1, 2, 3, 4, 5, 6], [0, 0, 1, 0, 0, 0]), out)).toBe(true);
    expect(out).toEqual({ pos: 3, score: 0, leftWeight: 3, tieScale: 1 });
  });

  it('tracks the right-hand maximum when the majority class moves left', () => {
    const out = createSplitResult();
    misclassification.scan(classificationInput([1, 2, 3, 4, 5, 6, 7], [1, 1, 1, 0, 0, 2, 2]), out);
    expect(out.pos).toBe(3);
    expect(out.score).toBeCloseTo((3 + 2 - 3) / 7, 15);
  });
});
