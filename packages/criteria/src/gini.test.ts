import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gini, giniImpurity } from './gini.js';
import { createSplitResult } from './types.js';
import type { ClassificationScanInput } from './types.js';
import { checkClassificationCriterion, giniOracle, referenceGini } from './testing.js';
import { classificationInput } from './testing-fixtures/inputs.js';

function scan(input: ClassificationScanInput) {
  const out = createSplitResult();
  return gini.scan(input, out) ? out : null;
}

describe('gini', () => {
  it('passes the conformance suite', () => {
    const report = checkClassificationCriterion(gini, { oracle: giniOracle, impurity: referenceGini });
    expect(report.ties).toBeGreaterThan(50);
    expect(report.noSplit).toBeGreaterThan(50);
  });

  it('finds the separating split and reports the impurity decrease', () => {
    const out = scan(classificationInput([1, 2, 3, 4, 5, 6], [0, 0, 0, 1, 1, 1]));
    expect(out).toEqual({ pos: 3, score: 0.5, leftWeight: 3, tieScale: 1 });
  });

  it('node impurity is scikit-learn’s 1 − Σp²', () => {
    expect(giniImpurity(Float64Array.of(3, 1), 2, 4)).toBeCloseTo(1 - 0.5625 - 0.0625, 15);
    expect(giniImpurity(Float64Array.of(0, 0), 2, 0)).toBe(0);
  });

  it('breaks exact ties by balance, then by position', () => {
    // Splits at 1 and 3 both isolate one "1"; the balanced split at 2 is worse.
    expect(scan(classificationInput([0, 1, 2, 3], [1, 0, 0, 1]))!.pos).toBe(1);
    // Pure node: every split scores 0, the most balanced wins.
    expect(scan(classificationInput([0, 1, 2, 3, 4], [1, 1, 1, 1, 1]))!.pos).toBe(2);
  });

  it('never separates values within the tolerance, and honours grouped counts', () => {
    expect(scan(classificationInput([1, 1 + 5e-8, 2], [0, 1, 1]))!.pos).toBe(2);
    // One grouped entry stands for 3 samples: minSamplesLeaf 3 is met by it alone.
    const grouped = classificationInput([0, 1, 2], [0, 1, 1], [3, 1, 1], { counts: [3, 1, 1], minSamplesLeaf: 2 });
    expect(scan(grouped)!.pos).toBe(1);
    expect(scan({ ...grouped, minSamplesLeaf: 3 })).toBeNull();
  });

  const samples = fc
    .array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 4 })), {
      minLength: 2,
      maxLength: 30,
    })
    .map((rows) => ({ x: rows.map((r) => r[0]), y: rows.map((r) => r[1]), w: rows.map((r) => r[2]) }));

  it('is invariant to relabelling the classes (property)', () => {
    fc.assert(
      fc.property(samples, fc.integer({ min: 1, max: 3 }), ({ x, y, w }, shift) => {
        const a = scan(classificationInput(x, y, w, { nClasses: 4 }));
        const b = scan(classificationInput(x, y.map((l) => (l + shift) % 4), w, { nClasses: 4 }));
        expect(b?.pos).toBe(a?.pos);
        if (a && b) expect(b.score).toBeCloseTo(a.score, 12);
      }),
    );
  });

  it('gives bit-identical splits when all weights are scaled by a power of two (property)', () => {
    fc.assert(
      fc.property(samples, fc.integer({ min: -8, max: 8 }), ({ x, y, w }, k) => {
        const a = scan(classificationInput(x, y, w));
        const b = scan(classificationInput(x, y, w.map((v) => v * 2 ** k)));
        expect(b?.pos).toBe(a?.pos);
        expect(b?.score).toBe(a?.score);
      }),
    );
  });

  it('scans grouped entries exactly like the samples they stand for (property)', () => {
    fc.assert(
      fc.property(samples, fc.integer({ min: 1, max: 4 }), ({ x, y, w }, minSamplesLeaf) => {
        const plain = classificationInput(x, y, w, { nClasses: 4, minSamplesLeaf });
        // Merge runs of equal (value, label) into entries with summed weights and counts.
        const keys = new Map<string, { x: number; y: number; w: number; c: number }>();
        x.forEach((v, i) => {
          const g = keys.get(`${v}/${y[i]}`) ?? { x: v, y: y[i]!, w: 0, c: 0 };
          g.w += w[i]!;
          g.c += 1;
          keys.set(`${v}/${y[i]}`, g);
        });
        const groups = [...keys.values()];
        const grouped = classificationInput(
          groups.map((g) => g.x),
          groups.map((g) => g.y),
          groups.map((g) => g.w),
          { nClasses: 4, minSamplesLeaf, counts: groups.map((g) => g.c) },
        );
        const a = scan(plain);
        const b = scan(grouped);
        expect(b === null).toBe(a === null);
        if (a && b) {
          expect(grouped.values[b.pos]).toBe(plain.values[a.pos]); // same threshold
          expect(b.score).toBeCloseTo(a.score, 12);
          expect(b.leftWeight).toBe(a.leftWeight);
        }
      }),
    );
  });
});
