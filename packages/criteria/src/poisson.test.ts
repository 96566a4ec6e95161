import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { poisson, poissonImpurity, POISSON_EPSILON } from './poisson.js';
import { valuesDiffer } from './tolerance.js';
import { createSplitResult, type RegressionScanInput } from './types.js';
import { regressionInput } from './testing-fixtures/inputs.js';

/** (1/W) Σ w·y·log(y/ȳ) from scratch; 0 for an all-zero side. */
function deviance(y: number[], w: number[]): number {
  const W = w.reduce((a, b) => a + b, 0);
  const S = y.reduce((a, v, i) => a + w[i]! * v, 0);
  if (S <= POISSON_EPSILON) return 0;
  return y.reduce((a, v, i) => a + (v > 0 ? w[i]! * v * (Math.log(v) - Math.log(S / W)) : 0), 0) / W;
}

/** Every valid cut's impurity decrease, by definition: node − (wL·L + wR·R)/W. */
function oracle(input: RegressionScanInput): { pos: number; score: number; balance: number }[] {
  const y = Array.from(input.targets.subarray(0, input.n));
  const w = Array.from(input.weights.subarray(0, input.n));
  const W = w.reduce((a, b) => a + b, 0);
  const node = deviance(y, w);
  const out: { pos: number; score: number; balance: number }[] = [];
  for (let pos = 1; pos < input.n; pos++) {
    if (!valuesDiffer(input.values[pos - 1]!, input.values[pos]!)) continue;
    const [yl, yr, wl, wr] = [y.slice(0, pos), y.slice(pos), w.slice(0, pos), w.slice(pos)];
    const [WL, WR] = [wl.reduce((a, b) => a + b, 0), wr.reduce((a, b) => a + b, 0)];
    if (pos < input.minSamplesLeaf || input.n - pos < input.minSamplesLeaf) continue;
    const sl = yl.reduce((a, v, i) => a + wl[i]! * v, 0);
    const sr = yr.reduce((a, v, i) => a + wr[i]! * v, 0);
    if (sl <= POISSON_EPSILON || sr <= POISSON_EPSILON) continue;
    out.push({ pos, score: node - (WL * deviance(yl, wl) + WR * deviance(yr, wr)) / W, balance: Math.abs(WL - WR) });
  }
  return out;
}

const counts = fc.array(fc.record({ x: fc.integer({ min: 0, max: 12 }), y: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.double({ min: 0, max: 50, noNaN: true })), w: fc.constantFrom(1, 0.5, 2, 3.25) }), { minLength: 2, maxLength: 40 });

describe('poisson (half Poisson deviance)', () => {
  it('picks the largest impurity decrease of every valid cut, ties to the more balanced (brute force)', () => {
    fc.assert(
      fc.property(counts, fc.integer({ min: 1, max: 3 }), (rows, minSamplesLeaf) => {
        const input = regressionInput(rows.map((r) => r.x), rows.map((r) => r.y), rows.map((r) => r.w), { minSamplesLeaf });
        const all = oracle(input);
        const out = createSplitResult();
        const found = poisson.scan(input, out);
        expect(found).toBe(all.length > 0);
        if (!found) return;
        const best = Math.max(...all.map((c) => c.score));
        const scale = Math.max(1e-9, Math.abs(best), deviance(Array.from(input.targets), Array.from(input.weights)));
        const mine = all.find((c) => c.pos === out.pos)!;
        expect(mine).toBeDefined();
        expect(Math.abs(mine.score - best)).toBeLessThanOrEqual(1e-9 * scale);
        expect(Math.abs(out.score - mine.score)).toBeLessThanOrEqual(1e-9 * scale);
        const tied = all.filter((c) => Math.abs(c.score - best) <= 1e-12 * scale);
        if (tied.length > 0 && Math.abs(mine.score - best) <= 1e-12 * scale) expect(mine.balance).toBeLessThanOrEqual(Math.min(...tied.map((c) => c.balance)) + 1e-9);
      }),
      { numRuns: 400, seed: 7 },
    );
  });

  it('scans grouped entries like the samples they stand for', () => {
    const out = createSplitResult();
    const outGrouped = createSplitResult();
    // samples x = 1,1,2,3,3 with y = 0,2,1,5,7; grouped: mean targets 1,1,6 with counts 2,1,2
    expect(poisson.scan(regressionInput([1, 1, 2, 3, 3], [0, 2, 1, 5, 7]), out)).toBe(true);
    const grouped = { ...regressionInput([1, 2, 3], [1, 1, 6], [2, 1, 2]), counts: Float64Array.of(2, 1, 2) };
    expect(poisson.scan(grouped, outGrouped)).toBe(true);
    expect(outGrouped.pos).toBe(2);
    expect(out.pos).toBe(3);
    expect(outGrouped.score).toBeCloseTo(out.score, 12);
  });

  it('never cuts off a side whose targets sum to zero', () => {
    const out = createSplitResult();
    // zeros on the left: the only cut with two positive sides is between 3 and 4
    expect(poisson.scan(regressionInput([1, 2, 3, 4, 5], [0, 0, 1, 3, 3]), out)).toBe(true);
    expect(out.pos).toBe(3);
    expect(poisson.scan(regressionInput([1, 2, 3], [0, 0, 4]), out)).toBe(false);
    expect(poisson.scan(regressionInput([1, 2], [0, 0]), out)).toBe(false);
  });

  it('impurity: (1/W) Σ w·y·log(y/ȳ), 0 for all-zero targets', () => {
    const y = Float64Array.of(1, 3);
    const w = Float64Array.of(1, 1);
    expect(poissonImpurity(y, w, 2)).toBeCloseTo((Math.log(0.5) + 3 * Math.log(1.5)) / 2, 15);
    expect(poissonImpurity(Float64Array.of(0, 0), w, 2)).toBe(0);
    expect(poisson.leafValue(Float64Array.of(1, 3), Float64Array.of(3, 1), 2)).toBe(1.5);
  });
});

describe('poisson.checkTargets (run once by fit)', () => {
  const check = (y: number[], w: number[] | null) => () => poisson.checkTargets!(Float64Array.from(y), w && Float64Array.from(w), y.length, 'y');
  it('accepts non-negative targets with a positive weighted sum', () => {
    expect(check([0, 0, 2, 0.5], null)).not.toThrow();
    expect(check([0, 3], [1, 0.1])).not.toThrow();
  });
  it('names the argument and the first negative value', () => {
    expect(check([1, -0.5, -2], null)).toThrow(/^y must be non-negative for Poisson regression \(some value\(s\) of y are negative; the first at row 1\), got -0\.5$/);
  });
  it('refuses a zero sum, weighted or not', () => {
    expect(check([0, 0], null)).toThrow(/^y must be a positive \(weighted\) sum for Poisson regression, got 0$/);
    expect(check([0, 3], [1, 0])).toThrow(/positive \(weighted\) sum/);
  });
});
