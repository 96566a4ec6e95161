import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareAlgorithms,
  holmBonferroni,
  markSignificance,
  meanConfidenceInterval,
  pairedTTest,
  ratioOfMeansConfidenceInterval,
  stratifiedKFold,
} from './index.js';
import type { Alternative, Estimator } from './index.js';

// scipy's answers, written by scripts/make-stats-fixtures.py (the tests never run Python).
interface Fixtures {
  pairedTTest: ({ a: number[]; b: number[] } & Record<Alternative, { statistic: number; pValue: number }>)[];
  meanCI: { values: number[]; level: number; lower: number; upper: number }[];
  holm: { p: number[]; alpha: number; adjusted: number[]; rejected: boolean[] }[];
  ratioCI: {
    a: number[];
    b: number[];
    level: number;
    estimate: number;
    fieller: { bounded: boolean; lower?: number; upper?: number };
    delta: { lower: number; upper: number };
  }[];
}
const fx = JSON.parse(readFileSync(new URL('../fixtures/stats.json', import.meta.url), 'utf8')) as Fixtures;

const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

describe('pairedTTest', () => {
  it('matches scipy.stats.ttest_rel for every alternative', () => {
    expect(fx.pairedTTest.length).toBeGreaterThan(5);
    for (const c of fx.pairedTTest) {
      for (const alt of ['two-sided', 'greater', 'less'] as const) {
        const r = pairedTTest(c.a, c.b, { alternative: alt });
        expect(rel(r.statistic, c[alt].statistic)).toBeLessThan(1e-10);
        // Tiny p-values come from the far tail: compare relatively, to the cdf's accuracy.
        expect(rel(r.pValue, c[alt].pValue)).toBeLessThan(1e-8);
        expect(r.df).toBe(c.a.length - 1);
      }
    }
  });

  it('property: one-tailed p-values mirror each other and halve the two-sided one', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })), { minLength: 3, maxLength: 20 }), (pairs) => {
        const a = pairs.map((p) => p[0]);
        const b = pairs.map((p) => p[1]);
        const g = pairedTTest(a, b, { alternative: 'greater' });
        const l = pairedTTest(a, b, { alternative: 'less' });
        const two = pairedTTest(a, b);
        const swapped = pairedTTest(b, a, { alternative: 'less' });
        expect(g.pValue + l.pValue).toBeCloseTo(1, 9);
        expect(swapped.pValue).toBeCloseTo(g.pValue, 12);
        expect(two.pValue).toBeCloseTo(Math.min(1, 2 * Math.min(g.pValue, l.pValue)), 9);
        for (const r of [g, l, two]) expect(r.pValue >= 0 && r.pValue <= 1).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('gives definite answers where scipy gives NaN (identical or constant-offset samples)', () => {
    const same = pairedTTest([0.9, 0.8, 0.7], [0.9, 0.8, 0.7], { alternative: 'greater' });
    expect(same).toMatchObject({ statistic: 0, pValue: 1 });
    const up = pairedTTest([1, 2, 3], [0.5, 1.5, 2.5], { alternative: 'greater' });
    expect(up).toMatchObject({ statistic: Infinity, pValue: 0 });
    expect(pairedTTest([1, 2, 3], [0.5, 1.5, 2.5], { alternative: 'less' }).pValue).toBe(1);
    expect(pairedTTest([1, 2, 3], [0.5, 1.5, 2.5]).pValue).toBe(0);
  });

  it('validates its input', () => {
    expect(() => pairedTTest([1], [2])).toThrow(/a must be at least 2 values/);
    expect(() => pairedTTest([1, 2], [2, 3, 4])).toThrow(/same length, got 2 and 3/);
    expect(() => pairedTTest([1, NaN], [2, 3])).toThrow(/a\[1\] must be a finite number/);
    expect(() => pairedTTest([1, 2], [2, 3], { alternative: 'bigger' as never })).toThrow(/options.alternative/);
  });
});

describe('holmBonferroni', () => {
  it('matches the step-down rule and Holm-adjusted p-values computed in Python', () => {
    for (const c of fx.holm) {
      const r = holmBonferroni(c.p, { alpha: c.alpha });
      expect(r.rejected).toEqual(c.rejected);
      r.adjusted.forEach((v, i) => expect(v).toBeCloseTo(c.adjusted[i]!, 14));
    }
  });

  it('property: rejections agree with a brute-force step-down and are monotone in p', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 0.2, noNaN: true }), { minLength: 1, maxLength: 12 }), fc.constantFrom(0.01, 0.05, 0.1), (p, alpha) => {
        const r = holmBonferroni(p, { alpha });
        const sorted = [...p].sort((x, y) => x - y);
        let k = 0;
        while (k < sorted.length && sorted[k]! <= alpha / (sorted.length - k)) k++;
        const threshold = k === 0 ? -1 : sorted[k - 1]!;
        p.forEach((v, i) => expect(r.rejected[i]).toBe(v <= threshold));
        p.forEach((v, i) => expect(r.adjusted[i]! >= v - 1e-15).toBe(true));
      }),
      { numRuns: 200 },
    );
  });

  it('validates p-values and alpha', () => {
    expect(() => holmBonferroni([0.1, 1.2])).toThrow(/pValues\[1\] must be a p-value in \[0, 1\], got 1.2/);
    expect(() => holmBonferroni([0.1], { alpha: 0 })).toThrow(/options.alpha/);
    expect(holmBonferroni([])).toEqual({ rejected: [], adjusted: [], alpha: 0.05 });
  });
});

describe('confidence intervals', () => {
  it('meanConfidenceInterval matches scipy.stats.t.interval', () => {
    for (const c of fx.meanCI) {
      const r = meanConfidenceInterval(c.values, { level: c.level });
      // stdlib's and scipy's t quantiles agree to ~1e-12 relative.
      expect(rel(r.lower, c.lower)).toBeLessThan(1e-10);
      expect(rel(r.upper, c.upper)).toBeLessThan(1e-10);
    }
  });

  it("reproduces the Max-Cut paper's interval for the mean accuracy ratio (mean 1.0003, sd 0.0087, n 5,640)", () => {
    // A sample with exactly that mean and sample sd: ±sd·√((n−1)/n) around the mean, alternating.
    const n = 5640;
    const h = 0.0087 * Math.sqrt((n - 1) / n);
    const values = Array.from({ length: n }, (_, i) => 1.0003 + (i % 2 ? h : -h));
    const r = meanConfidenceInterval(values);
    // The paper prints (1.00008, 1.00053); its mean was rounded to 1.0003 in the text.
    expect(r.lower).toBeCloseTo(1.00007, 5);
    expect(r.upper).toBeCloseTo(1.00053, 5);
  });

  it('ratioOfMeansConfidenceInterval: Fieller and delta match the Python roots and formula', () => {
    for (const c of fx.ratioCI) {
      const f = ratioOfMeansConfidenceInterval(c.a, c.b, { level: c.level });
      expect(f.method).toBe('fieller');
      expect(rel(f.estimate, c.estimate)).toBeLessThan(1e-12);
      expect(f.bounded).toBe(c.fieller.bounded);
      if (c.fieller.bounded) {
        expect(rel(f.lower, c.fieller.lower!)).toBeLessThan(1e-9);
        expect(rel(f.upper, c.fieller.upper!)).toBeLessThan(1e-9);
        expect(f.lower < f.estimate && f.estimate < f.upper).toBe(true);
      } else {
        expect([f.lower, f.upper]).toEqual([-Infinity, Infinity]);
      }
      const d = ratioOfMeansConfidenceInterval(c.a, c.b, { level: c.level, method: 'delta' });
      expect(rel(d.lower, c.delta.lower)).toBeLessThan(1e-10);
      expect(rel(d.upper, c.delta.upper)).toBeLessThan(1e-10);
    }
  });

  it('rejects a zero denominator mean and bad levels', () => {
    expect(() => ratioOfMeansConfidenceInterval([1, 2], [1, -1])).toThrow(/b must be a sample whose mean is not 0/);
    expect(() => meanConfidenceInterval([1, 2], { level: 95 })).toThrow(/options.level must be a number in \(0, 1\), got 95/);
    expect(() => meanConfidenceInterval([1])).toThrow(/values must be at least 2 values/);
  });
});

describe('markSignificance (the Max-Cut paper rule)', () => {
  // 12 data sets; noise small against the gaps between algorithms.
  const noise = (i: number) => 0.002 * Math.sin(7 * i + 1);
  const sets = 12;
  const series = (base: number, jitter = 1) => Array.from({ length: sets }, (_, i) => base + jitter * noise(i) + 0.01 * Math.cos(i));

  it("marks a clearly best algorithm '//' and clearly worse ones '\\\\'", () => {
    const marks = markSignificance({ best: series(0.9), mid: series(0.85, -1), low: series(0.8, 0.5) });
    expect(marks.map((m) => [m.name, m.top, m.mark])).toEqual([
      ['best', true, '//'],
      ['mid', false, '\\\\'],
      ['low', false, '\\\\'],
    ]);
    expect(Object.keys(marks[0]!.pValues)).toEqual(['mid', 'low']);
  });

  it("gives no '//' when the best is not significantly better than the runner-up, but still marks the clear loser", () => {
    const a = series(0.9);
    const b = a.map((v, i) => v + (i % 2 ? 0.003 : -0.003)); // same mean, noisy
    const marks = markSignificance({ a, b, c: series(0.7) });
    const byName = Object.fromEntries(marks.map((m) => [m.name, m]));
    expect(byName.c!.mark).toBe('\\\\');
    expect([byName.a!.mark, byName.b!.mark]).toEqual(['', '']);
  });

  it("'\\\\' needs only one rejected null (worse than some other), '//' needs all", () => {
    // x beats y clearly but is indistinguishable from z; y loses to x only.
    const z = series(0.9);
    const x = z.map((v, i) => v + (i % 2 ? 0.004 : -0.0035)); // mean slightly above z, not significant
    const y = series(0.8);
    const marks = Object.fromEntries(markSignificance({ x, y, z }).map((m) => [m.name, m]));
    expect(marks.x!.top).toBe(true);
    expect(marks.x!.rejected).toEqual({ y: true, z: false });
    expect(marks.x!.mark).toBe('');
    expect(marks.y!.mark).toBe('\\\\');
    expect(marks.z!.mark).toBe('');
  });

  it('with higherIsBetter false, lower is better (errors, times)', () => {
    const marks = markSignificance({ fast: series(1), slow: series(3) }, { higherIsBetter: false });
    expect(marks.map((m) => m.mark)).toEqual(['//', '\\\\']);
  });

  it('accepts a Map, checks shapes', () => {
    expect(markSignificance(new Map([['a', [1, 2, 3]], ['b', [1, 2, 3]]])).map((m) => m.mark)).toEqual(['', '']);
    expect(() => markSignificance({ a: [1, 2, 3] })).toThrow(/scores of at least 2 algorithms/);
    expect(() => markSignificance({ a: [1, 2, 3], b: [1, 2] })).toThrow(/a has 3, b has 2/);
  });
});

describe('compareAlgorithms', () => {
  // Threshold classifiers on one feature: the right threshold wins on every fold.
  class Stump implements Estimator<number[][], number[]> {
    constructor(private readonly t: number) {}
    fit(): this {
      return this;
    }
    predict(X: number[][]): number[] {
      return X.map((r) => (r[0]! > this.t ? 1 : 0));
    }
  }
  const X: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < 200; i++) {
    const v = (i * 37) % 200 / 200;
    X.push([v]);
    y.push(v > 0.5 ? 1 : 0);
  }

  it('runs every configuration on the same folds and marks them', () => {
    const seen: string[] = [];
    const r = compareAlgorithms(
      [
        { name: 'right', make: () => new Stump(0.5) },
        { name: 'off', make: () => new Stump(0.6) },
        { name: 'far', make: () => new Stump(0.8) },
      ],
      X,
      y,
      { cv: 5, repeats: 2, seed: 3, onAlgorithm: (p) => seen.push(`${p.done}/${p.total} ${p.name}`) },
    );
    expect(r.splits).toHaveLength(10);
    expect(seen).toEqual(['1/3 right', '2/3 off', '3/3 far']);
    for (const res of r.results) expect(res.cv.folds.map((f) => f.testSize)).toEqual(r.splits.map((s) => s.test.length));
    expect(r.scores.right!.every((s) => s === 1)).toBe(true);
    expect(r.marks.map((m) => m.mark)).toEqual(['//', '\\\\', '\\\\']);
  });

  it('follows the seed rule of crossValidate (a seed only with shuffling; none beside explicit splits)', () => {
    const configs = [
      { name: 'a', make: () => new Stump(0.5) },
      { name: 'b', make: () => new Stump(0.6) },
    ];
    expect(compareAlgorithms(configs, X, y, { cv: 4, seed: 2 }).splits).toEqual(stratifiedKFold(y, 4, { shuffle: true, seed: 2 }));
    expect(compareAlgorithms(configs, X, y, { cv: 4, shuffle: false }).splits).toEqual(stratifiedKFold(y, 4));
    expect(() => compareAlgorithms(configs, X, y, { cv: 4, shuffle: false, seed: 2 })).toThrow('options.seed must be omitted unless options.shuffle is true');
    expect(() => compareAlgorithms(configs, X, y, { cv: 4, repeats: 2, shuffle: false })).toThrow('options.shuffle must be true or omitted when options.repeats > 1');
    expect(() => compareAlgorithms(configs, X, y, { cv: stratifiedKFold(y, 4), seed: 2 })).toThrow('options.seed must be omitted when options.cv is an array of splits');
  });

  it('treats error metrics as lower-is-better and validates configurations', () => {
    const r = compareAlgorithms(
      [
        { name: 'far', make: () => new Stump(0.8) },
        { name: 'right', make: () => new Stump(0.5) },
      ],
      X,
      y,
      { cv: 4, scoring: 'mae', task: 'regression' },
    );
    expect(r.marks.map((m) => [m.name, m.mark])).toEqual([
      ['far', '\\\\'],
      ['right', '//'],
    ]);
    expect(() => compareAlgorithms([{ name: 'a', make: () => new Stump(0) }], X, y)).toThrow(/at least 2/);
    expect(() => compareAlgorithms([{ name: 'a', make: () => new Stump(0) }, { name: 'a', make: () => new Stump(1) }], X, y)).toThrow(/not used by another/);
  });
});
