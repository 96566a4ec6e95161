import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { twoing } from './twoing.js';
import { gini } from './gini.js';
import { createSplitResult } from './types.js';
import { checkClassificationCriterion, giniOracle, referenceGini, twoingOracle } from './testing.js';
import { classificationInput } from './testing-fixtures/inputs.js';

describe('twoing', () => {
  it('passes the conformance suite (impurity is Gini)', () => {
    checkClassificationCriterion(twoing, { oracle: twoingOracle, impurity: referenceGini });
  });

  it('scores a perfect two-class split (pL·pR/4)·2² = 1/4', () => {
    const out = createSplitResult();
    expect(twoing.scan(classificationInput([1, 2, 3, 4], [0, 0, 1, 1]), out)).toBe(true);
    expect(out).toEqual({ pos: 2, score: 0.25, leftWeight: 2 });
  });

  it('equals half the Gini decrease for two classes, so both pick the same split (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean(), fc.double({ min: 0.2, max: 2, noNaN: true })), {
          minLength: 2,
          maxLength: 30,
        }),
        (rows) => {
          const input = classificationInput(rows.map((r) => r[0]), rows.map((r) => (r[1] ? 1 : 0)), rows.map((r) => r[2]), { nClasses: 2 });
          for (let p = 1; p < input.n; p++) expect(twoingOracle(input, p)).toBeCloseTo(giniOracle(input, p) / 2, 12);
          const a = createSplitResult();
          const b = createSplitResult();
          expect(twoing.scan(input, a)).toBe(gini.scan(input, b));
          expect(twoingOracle(input, a.pos > 0 ? a.pos : 1)).toBeCloseTo(twoingOracle(input, b.pos > 0 ? b.pos : 1), 10);
        },
      ),
    );
  });

  it('prefers class-balanced "superclass" splits with many classes', () => {
    // Four classes: {0,1} | {2,3} separates the superclasses; twoing values it at its maximum 1/4.
    const out = createSplitResult();
    twoing.scan(classificationInput([1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 1, 1, 2, 2, 3, 3]), out);
    expect(out.pos).toBe(4);
    expect(out.score).toBeCloseTo(0.25, 15);
  });
});
