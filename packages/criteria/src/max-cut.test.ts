import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maxCut } from './max-cut.js';
import { gini } from './gini.js';
import { createSplitResult } from './types.js';
import type { ClassificationScanInput } from './types.js';
import { valuesDiffer } from './tolerance.js';
import { checkClassificationCriterion, largestScoreScale, maxCutOracle, referenceGini } from './testing.js';
import { classificationInput } from './testing-fixtures/inputs.js';
import { getCriterion } from './registry.js';

function scan(input: ClassificationScanInput) {
  const out = createSplitResult();
  return maxCut.scan(input, out) ? out : null;
}

/** The paper's equation (2) on raw samples, straight from the definition: O(n²) per threshold. */
function bruteForce(
  x: readonly number[],
  y: readonly number[],
  w: readonly number[],
  counts: readonly number[],
  minSamplesLeaf: number,
): { best: number; positions: number[]; scores: number[] } | null {
  const distinct = [...new Set(x)].sort((a, b) => a - b);
  let W = 0;
  let N = 0;
  for (let i = 0; i < x.length; i++) {
    W += w[i]!;
    N += counts[i]!;
  }
  const scores: number[] = [];
  const thresholds: number[] = [];
  for (let t = 0; t + 1 < distinct.length; t++) {
    if (!valuesDiffer(distinct[t]!, distinct[t + 1]!)) continue;
    const theta = distinct[t]!;
    let nL = 0;
    let cut = 0;
    for (let i = 0; i < x.length; i++) {
      if (x[i]! > theta) continue;
      nL += counts[i]!;
      for (let k = 0; k < x.length; k++) {
        if (x[k]! > theta && y[i] !== y[k]) cut += w[i]! * w[k]! * Math.abs(x[i]! - x[k]!);
      }
    }
    if (nL < minSamplesLeaf || N - nL < minSamplesLeaf) continue;
    scores.push(cut / (W * W));
    thresholds.push(theta);
  }
  if (scores.length === 0) return null;
  return { best: Math.max(...scores), positions: thresholds, scores };
}

describe('maxCut', () => {
  it('passes the conformance suite against the O(n²) oracle', () => {
    const report = checkClassificationCriterion(maxCut, {
      oracle: maxCutOracle,
      impurity: referenceGini,
      scale: largestScoreScale,
      trials: 500,
    });
    expect(report.ties).toBeGreaterThan(30);
    expect(report.noSplit).toBeGreaterThan(50);
  });

  it('passes with larger inputs and many classes', () => {
    checkClassificationCriterion(maxCut, {
      oracle: maxCutOracle,
      impurity: referenceGini,
      scale: largestScoreScale,
      trials: 60,
      maxEntries: 200,
      minClasses: 10,
      maxClasses: 20,
      seed: 7,
    });
  });

  it('scores the cut per unit of squared node weight', () => {
    // Split {0,1} | {3,4}: edges 0→3, 0→4, 1→3, 1→4 weigh 3+4+2+3 = 12; W² = 16.
    const out = scan(classificationInput([0, 1, 3, 4], [0, 0, 1, 1]));
    expect(out).toEqual({ pos: 2, score: 12 / 16, leftWeight: 2, tieScale: 0 });
  });

  it('prefers the threshold that separates the classes by more distance, unlike Gini', () => {
    // Splits at 1 and 3 partition the labels alike (Gini ties them and takes the lower one); Max-Cut
    // values the edges 0→6 and 2→6 (10) above 0→1 and 0→6 (7).
    const input = classificationInput([0, 1, 2, 6], [0, 1, 0, 1]);
    expect(scan(input)).toEqual({ pos: 3, score: 10 / 16, leftWeight: 3, tieScale: 0 });
    const g = createSplitResult();
    gini.scan(input, g);
    expect(g.pos).toBe(1);
  });

  it('breaks ties by balance, then position (the paper’s rule)', () => {
    // One class only: every cut is 0; the most balanced wins.
    expect(scan(classificationInput([0, 1, 2, 3, 4], [1, 1, 1, 1, 1]))).toEqual({ pos: 2, score: 0, leftWeight: 2, tieScale: 0 });
    // x = 0..3 with alternating classes: every cut weighs 4 (0→1 + 0→3, 0→3 + 1→2, 0→3 + 2→3),
    // so the balanced middle split wins.
    const alternating = classificationInput([0, 1, 2, 3], [0, 1, 0, 1]);
    for (const p of [1, 2, 3]) expect(maxCutOracle(alternating, p)).toBe(4 / 16);
    expect(scan(alternating)).toEqual({ pos: 2, score: 4 / 16, leftWeight: 2, tieScale: 0 });
  });

  it('loses no digits on data far from zero', () => {
    const x = [1e6 + 0.25, 1e6 + 0.5, 1e6 + 1.5, 1e6 + 2];
    const input = classificationInput(x, [0, 0, 1, 1]);
    const out = scan(input)!;
    expect(out.pos).toBe(2);
    expect(out.score).toBeCloseTo(5.5 / 16, 12);
  });

  it('never separates values within the tolerance, and honours grouped counts', () => {
    expect(scan(classificationInput([1, 1 + 5e-8, 2], [0, 1, 1]))!.pos).toBe(2);
    const grouped = classificationInput([0, 1, 2], [0, 1, 1], [3, 1, 1], { counts: [3, 1, 1], minSamplesLeaf: 2 });
    expect(scan(grouped)!.pos).toBe(1);
    expect(scan({ ...grouped, minSamplesLeaf: 3 })).toBeNull();
  });

  it('is registered as "maxCut" (aliases "max-cut", "maxcut") with Gini impurity', () => {
    for (const name of ['maxCut', 'max-cut', 'maxcut']) expect(getCriterion(name, 'classification')).toBe(maxCut);
    expect(maxCut.impurity(Float64Array.of(3, 1), 2, 4)).toBeCloseTo(0.375, 15);
  });

  // Samples with ties in x (small integer grid or a few decimals), 2..20 classes, unit or arbitrary
  // weights; optionally merged into grouped entries (one per distinct (value, class)).
  const problem = fc
    .record({
      nClasses: fc.integer({ min: 2, max: 20 }),
      rows: fc.array(
        fc.record({
          x: fc.oneof(fc.integer({ min: -4, max: 4 }), fc.double({ min: -50, max: 50, noNaN: true })),
          y: fc.nat(),
          w: fc.oneof(fc.constant(1), fc.double({ min: 0.01, max: 10, noNaN: true })),
        }),
        { minLength: 2, maxLength: 40 },
      ),
      offset: fc.constantFrom(0, 1e3, -1e6),
      grouped: fc.boolean(),
      minSamplesLeaf: fc.integer({ min: 1, max: 5 }),
    })
    .map(({ nClasses, rows, offset, grouped, minSamplesLeaf }) => ({
      nClasses,
      minSamplesLeaf,
      grouped,
      x: rows.map((r) => r.x + offset),
      y: rows.map((r) => r.y % nClasses),
      w: rows.map((r) => r.w),
    }));

  it('equals the O(n²) definition to 1e-9 relative (property)', () => {
    fc.assert(
      fc.property(problem, ({ nClasses, minSamplesLeaf, grouped, x, y, w }) => {
        const ones = x.map(() => 1);
        const want = bruteForce(x, y, w, ones, minSamplesLeaf);
        let input: ClassificationScanInput;
        if (grouped) {
          const groups = new Map<string, { x: number; y: number; w: number; c: number }>();
          x.forEach((v, i) => {
            const key = `${v}/${y[i]}`;
            const g = groups.get(key) ?? { x: v, y: y[i]!, w: 0, c: 0 };
            g.w += w[i]!;
            g.c += 1;
            groups.set(key, g);
          });
          const gs = [...groups.values()];
          input = classificationInput(
            gs.map((g) => g.x),
            gs.map((g) => g.y),
            gs.map((g) => g.w),
            { nClasses, minSamplesLeaf, counts: gs.map((g) => g.c) },
          );
        } else {
          input = classificationInput(x, y, w, { nClasses, minSamplesLeaf });
        }
        const got = scan(input);
        expect(got === null).toBe(want === null);
        if (got === null || want === null) return;
        const tol = 1e-9 * want.best + 1e-300;
        expect(Math.abs(got.score - want.best)).toBeLessThanOrEqual(tol);
        // The chosen threshold is one of the optimal ones by the definition.
        const theta = input.values[got.pos - 1]!;
        const k = want.positions.indexOf(theta);
        expect(k).toBeGreaterThanOrEqual(0);
        expect(Math.abs(want.scores[k]! - want.best)).toBeLessThanOrEqual(tol);
      }),
      { numRuns: 400 },
    );
  });
});
