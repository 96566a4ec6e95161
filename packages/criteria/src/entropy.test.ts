import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { entropy, entropyImpurity } from './entropy.js';
import { createSplitResult } from './types.js';
import { checkClassificationCriterion, entropyOracle, referenceEntropy } from './testing.js';
import { classificationInput } from './testing-fixtures/inputs.js';

describe('entropy', () => {
  it('passes the conformance suite', () => {
    const report = checkClassificationCriterion(entropy, { oracle: entropyOracle, impurity: referenceEntropy });
    expect(report.ties).toBeGreaterThan(50);
  });

  it('passes the conformance suite with many classes and long inputs', () => {
    checkClassificationCriterion(entropy, { oracle: entropyOracle, trials: 40, maxEntries: 150, minClasses: 12, seed: 7 });
  });

  it('node impurity is scikit-learn’s −Σ p log2 p, in bits', () => {
    expect(entropyImpurity(Float64Array.of(2, 2), 2, 4)).toBeCloseTo(1, 15);
    expect(entropyImpurity(Float64Array.of(1, 1, 1, 1, 0), 5, 4)).toBeCloseTo(2, 15);
    expect(entropyImpurity(Float64Array.of(5, 0), 2, 5)).toBe(0);
  });

  it('scores a perfect split of two balanced classes as one bit', () => {
    const out = createSplitResult();
    expect(entropy.scan(classificationInput([1, 2, 3, 4], [0, 0, 1, 1]), out)).toBe(true);
    expect(out.pos).toBe(2);
    expect(out.score).toBeCloseTo(1, 14);
  });

  it('argmax agrees with a from-scratch scan on random data (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: -5, max: 5, noNaN: true }), fc.integer({ min: 0, max: 4 }), fc.double({ min: 0.1, max: 3, noNaN: true })), {
          minLength: 2,
          maxLength: 40,
        }),
        (rows) => {
          const input = classificationInput(rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), { nClasses: 5 });
          const out = createSplitResult();
          const ok = entropy.scan(input, out);
          let best = Number.NEGATIVE_INFINITY;
          for (let p = 1; p < input.n; p++) {
            if (input.values[p]! - input.values[p - 1]! > 1e-7 * Math.max(1, Math.abs(input.values[p]!))) best = Math.max(best, entropyOracle(input, p));
          }
          expect(ok).toBe(best > Number.NEGATIVE_INFINITY);
          if (ok) expect(out.score).toBeCloseTo(best, 10);
        },
      ),
    );
  });
});
