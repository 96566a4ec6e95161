import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { twoing } from './twoing.js';
import { gini } from './gini.js';
import { createSplitResult, type ClassificationScanInput } from './types.js';
import { isCandidate } from './tolerance.js';
import { BALANCE_TIE_TOLERANCE, SCORE_TIE_TOLERANCE } from './ties.js';
import { checkClassificationCriterion, giniOracle, referenceGini, twoingOracle } from './testing.js';
import { classificationInput } from './testing-fixtures/inputs.js';

describe('twoing', () => {
  it('passes the conformance suite (impurity is Gini)', () => {
    checkClassificationCriterion(twoing, { oracle: twoingOracle, impurity: referenceGini });
  });

  it('scores a perfect two-class split (pL·pR/4)·2² = 1/4', () => {
    const out = createSplitResult();
    expect(twoing.scan(classificationInput([1, 2, 3, 4], [0, 0, 1, 1]), out)).toBe(true);
    expect(out).toEqual({ pos: 2, score: 0.25, leftWeight: 2, tieScale: 1 });
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

  it('gives bit for bit the plain O(nClasses)-per-candidate scan: skipped candidates and absent classes change nothing (property)', () => {
    // Many rows and few distinct values per class make long runs of candidates the bound skips.
    const row = fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 11 }), fc.constantFrom(1, 1, 1, 0.5, 2.25, 1e-3, 7));
    fc.assert(
      fc.property(fc.array(row, { minLength: 2, maxLength: 400 }), fc.boolean(), fc.integer({ min: 1, max: 5 }), (rows, unit, minLeaf) => {
        const input = classificationInput(
          rows.map((r) => r[0] / 4),
          rows.map((r) => r[1] % 7),
          rows.map((r) => (unit ? 1 : r[2])),
          { nClasses: 12, minSamplesLeaf: minLeaf },
        );
        const got = createSplitResult();
        const want = createSplitResult();
        const found = twoing.scan(input, got);
        expect(found).toBe(plainTwoingScan(input, want));
        if (found) expect(got).toEqual({ ...want, tieScale: 1 });
      }),
      { seed: 18, numRuns: 300 },
    );
  });

  it('unbeatableScore: the best twoing score over every split of a small unit-weight node, less 1e-12 (brute force, property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 2, maxLength: 12 }), (labels) => {
        const n = labels.length;
        const classW = new Float64Array(5);
        for (const c of labels) classW[c]!++;
        const bound = twoing.unbeatableScore!(classW, 5, n);
        // Every split of the n samples into two non-empty sides, scored by the oracle at the cut.
        let best = 0;
        for (let mask = 1; mask < (1 << n) - 1; mask++) {
          // Left side = the samples in mask (value 0), sorted before the others (value 1).
          const left = labels.filter((_, i) => (mask >> i) & 1).length;
          const input = classificationInput(labels.map((_, i) => ((mask >> i) & 1 ? 0 : 1)), labels, undefined, { nClasses: 5 });
          best = Math.max(best, twoingOracle(input, left));
        }
        if (classW.filter((w) => w > 0).length < 2) expect(bound).toBe(Number.POSITIVE_INFINITY);
        else {
          expect(bound).toBeLessThan(best);
          expect(bound).toBeGreaterThan(best - 1e-11);
        }
      }),
      { seed: 64, numRuns: 200 },
    );
  });

  it('unbeatableScore is Infinity above 64 samples and for fractional weights (no exit there)', () => {
    expect(twoing.unbeatableScore!(Float64Array.of(40, 25), 2, 65)).toBe(Number.POSITIVE_INFINITY);
    expect(twoing.unbeatableScore!(Float64Array.of(1.5, 2.5), 2, 4)).toBe(Number.POSITIVE_INFINITY);
    expect(twoing.unbeatableScore!(Float64Array.of(3, 1), 2, 4)).toBeCloseTo(3 / 16, 11);
  });
});

/** The scan before the skipping bound and the present-class list: every class, every candidate. */
function plainTwoingScan(input: ClassificationScanInput, out: { pos: number; score: number; leftWeight: number }): boolean {
  const { n, values, labels, weights, counts, nClasses, classWeights: classW, totalWeight: W, totalCount: N } = input;
  const minWeight = input.minWeightLeaf > 0 ? input.minWeightLeaf : Number.MIN_VALUE;
  const cL = new Float64Array(nClasses);
  const norm = 4 * W * W;
  let wL = 0;
  let nL = 0;
  let bestScore = Number.NEGATIVE_INFINITY;
  let bestBalance = Number.POSITIVE_INFINITY;
  let bestPos = -1;
  let bestWL = 0;
  for (let i = 0; i < n - 1; i++) {
    cL[labels[i]!] = cL[labels[i]!]! + weights[i]!;
    wL += weights[i]!;
    nL += counts === null ? 1 : counts[i]!;
    if (!isCandidate(values[i]!, values[i + 1]!, nL, wL, input.minSamplesLeaf, minWeight)) continue;
    const wR = W - wL;
    if (N - nL < input.minSamplesLeaf || wR < minWeight) break;
    let s = 0;
    for (let k = 0; k < nClasses; k++) s += Math.abs(cL[k]! * wR - (classW[k]! - cL[k]!) * wL);
    const score = (s * s) / (norm * (wL * wR));
    const balance = Math.abs(wL - wR);
    if (score > bestScore + SCORE_TIE_TOLERANCE || (score >= bestScore - SCORE_TIE_TOLERANCE && balance < bestBalance - BALANCE_TIE_TOLERANCE * W)) {
      bestScore = score;
      bestBalance = balance;
      bestPos = i + 1;
      bestWL = wL;
    }
  }
  if (bestPos < 0) return false;
  out.pos = bestPos;
  out.score = bestScore;
  out.leftWeight = bestWL;
  return true;
}
