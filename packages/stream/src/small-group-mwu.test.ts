import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countsTest } from './counts-test.js';
import { DecisionStreamClassifier } from './decision-stream-classifier.js';
import { mwuRankStats, mwuSmallGroupP, mwuSmallGroupSorted } from './mann-whitney.js';
import { twoSampleTest } from './two-sample-test.js';
import { createPValueOut } from './test-result.js';

// Exact permutation p-values written by scripts/make-small-group-fixtures.py (scipy 1.10's U).
interface Case { x: number[]; y: number[]; note: string; permutation: number; asymptotic: number; reference: number | null }
const fx = JSON.parse(readFileSync(new URL('../fixtures/small-group-mwu.json', import.meta.url), 'utf8')) as { cases: Case[] };

const sorted = (v: number[]): Float64Array => Float64Array.from(v).sort();

/** Brute force: every choice of the group among the pooled values, U from mwuRankStats. */
function bruteForce(x: number[], y: number[]): number {
  const pooled = [...x, ...y];
  const n = pooled.length;
  const m = x.length;
  const mu = (m * (n - m)) / 2;
  const u = (a: number[], b: number[]): number => mwuRankStats(sorted(a), a.length, sorted(b), b.length).U1;
  const observed = Math.abs(u(x, y) - mu);
  let hits = 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    for (let j = m === 1 ? i : i + 1; j < (m === 1 ? i + 1 : n); j++) {
      const group = m === 1 ? [pooled[i]!] : [pooled[i]!, pooled[j]!];
      const rest = pooled.filter((_, k) => k !== i && k !== j);
      total++;
      if (Math.abs(u(group, rest) - mu) >= observed - 1e-9) hits++;
    }
  }
  return hits / total;
}

describe('exact small-group Mann–Whitney (groups of 1–2 values)', () => {
  it('matches the enumerated permutation p-values of the fixture (scipy U)', () => {
    for (const c of fx.cases) {
      const p = mwuSmallGroupSorted(sorted(c.x), c.x.length, sorted(c.y), c.y.length);
      expect(p, c.note).toBeCloseTo(c.permutation, 12);
      // the group may be given second
      expect(mwuSmallGroupSorted(sorted(c.y), c.y.length, sorted(c.x), c.x.length), c.note).toBeCloseTo(c.permutation, 12);
    }
  });

  it('is valid where the tie-corrected normal approximation was not (issue 17)', () => {
    const c = fx.cases[0]!;
    expect(c.asymptotic).toBeLessThan(0.005); // what dt used to compute
    expect(twoSampleTest(c.x, c.y).pValue).toBeCloseTo(11 / 101, 14);
    // the learner's class-count kernel: group {1} against 90 zeros and 10 ones
    const out = createPValueOut();
    countsTest([0, 1], 1, [90, 10], 100, 2, 'nonparametric', out);
    expect(out.test).toBe('mwu');
    expect(out.pValue).toBeCloseTo(11 / 101, 14);
    countsTest([90, 10], 100, [0, 2], 2, 2, 'nonparametric', out);
    expect(out.pValue).toBeCloseTo(66 / 5151, 14); // both 1s among 90 zeros and 12 ones
  });

  it('agrees with brute-force enumeration on random tied samples (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 2, maxLength: 24 }),
        (m, values) => {
          if (values.length <= m) return;
          const x = values.slice(0, m);
          const y = values.slice(m);
          expect(mwuSmallGroupSorted(sorted(x), m, sorted(y), y.length)).toBeCloseTo(bruteForce(x, y), 12);
        },
      ),
      { seed: 17, numRuns: 300 },
    );
  });

  it('class counts and sorted samples give the same p-value', () => {
    // pooled counts per distinct value [3, 0+1, 2, 5]: group = one value of index 1 and one of index 3
    expect(mwuSmallGroupP([3, 1, 2, 4], [0, 0, 0, 1], 4, 1, 3)).toBeCloseTo(
      mwuSmallGroupSorted(sorted([1, 3]), 2, sorted([0, 0, 0, 2, 2, 3, 3, 3, 3]), 9),
      14,
    );
  });

  it('the learner no longer cuts one sample off on the issue example at alpha < 0.08', () => {
    // x = 0..100; the largest x has label 1, the other ten 1s are spread evenly among 90 zeros, so
    // the only candidate with a small p-value is the one that splits off the last sample.
    const X = Array.from({ length: 101 }, (_, i) => [i]);
    const y = X.map(([v]) => (v === 100 || (v! % 10 === 5) ? 1 : 0));
    for (const alpha of [0.01, 0.02, 0.05, 0.079]) {
      const model = new DecisionStreamClassifier({ alpha }).fit(X, y);
      expect(model.nodeCount, `alpha ${alpha}`).toBe(1);
    }
  });
});
