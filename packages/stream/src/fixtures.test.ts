import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kolmogorovSf, ksTest, kstwoSf, mannWhitneyU, tTest, twoSampleTest, zTest } from './index.js';
import type { KsMethod, MwuMethod, TestName } from './index.js';

// scipy 1.10's answers, written by scripts/make-fixtures.py (the tests never run Python).
interface KsCase { x: number[]; y: number[]; method: KsMethod; statistic: number; pvalue: number; note: string }
interface KsGenCase { x: [number, number, number]; y: [number, number, number]; method: KsMethod; statistic: number; pvalue: number }
interface MwuCase { x: number[]; y: number[]; method: MwuMethod; continuity: boolean; statistic: number; pvalue: number; note: string }
interface ParCase { x: number[]; y: number[]; statistic: number; pvalue: number; df?: number }
interface SelCase { x: number[]; y: number[]; nonparametric: { test: TestName; pvalue: number }; parametric: { test: TestName; pvalue: number } }
interface Fixtures {
  golden: number;
  ks: KsCase[];
  ksGenerated: KsGenCase[];
  kstwoSf: { n: number; x: number; sf: number }[];
  kolmogorovSf: { x: number; sf: number }[];
  mwu: MwuCase[];
  tTest: ParCase[];
  zTest: ParCase[];
  selection: SelCase[];
}

const fx = JSON.parse(readFileSync(new URL('../fixtures/two-sample-tests.json', import.meta.url), 'utf8')) as Fixtures;

/** |a − b| ≤ rel·|b| (+ a floor far below any p-value the tests care about). */
function expectRel(actual: number, expected: number, rel: number, what: string): void {
  const err = Math.abs(actual - expected);
  if (!(err <= rel * Math.abs(expected) + 1e-300)) {
    throw new Error(`${what}: got ${actual}, scipy ${expected} (relative error ${(err / Math.abs(expected)).toExponential(2)} > ${rel})`);
  }
}

function gen([n, a, b]: [number, number, number]): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = a + b * ((i * fx.golden) % 1.0);
  return out;
}

describe('Kolmogorov–Smirnov against scipy.stats.ks_2samp', () => {
  it(`matches ${fx.ks.length} explicit cases (statistic 1e-12, p-value 1e-9 relative)`, () => {
    for (const c of fx.ks) {
      const r = ksTest(c.x, c.y, { method: c.method });
      const what = `${c.note} [${c.method}]`;
      expectRel(r.statistic, c.statistic, 1e-12, `${what} statistic`);
      expectRel(r.pValue, c.pvalue, 1e-9, `${what} p`);
    }
  });

  it(`matches ${fx.ksGenerated.length} long generated samples, including 'auto' above 10 000 values`, () => {
    for (const c of fx.ksGenerated) {
      const r = ksTest(gen(c.x), gen(c.y), { method: c.method });
      const what = `n=(${c.x[0]},${c.y[0]}) [${c.method}]`;
      expectRel(r.statistic, c.statistic, 1e-12, `${what} statistic`);
      expectRel(r.pValue, c.pvalue, 1e-9, `${what} p`);
    }
  });

  it(`kstwoSf matches scipy.stats.kstwo.sf on ${fx.kstwoSf.length} points covering every branch`, () => {
    for (const c of fx.kstwoSf) expectRel(kstwoSf(c.x, c.n), c.sf, 1e-9, `kstwo.sf(${c.x}, ${c.n})`);
  });

  it('returns the exact p = 1 where scipy\'s exact sum overshoots 1 and it falls back to asymp', () => {
    // scipy 1.10: _compute_prob_outside_square(7, 1) = 1.0000000000000002 -> warning, asymp p = 0.99996
    const r = ksTest([1, 2, 3, 4, 5, 6, 7], [1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5]);
    expect(r.statistic).toBeCloseTo(1 / 7, 15);
    expect(r).toMatchObject({ pValue: 1, method: 'exact' });
  });

  it('kolmogorovSf matches scipy.special.kolmogorov', () => {
    for (const c of fx.kolmogorovSf) expectRel(kolmogorovSf(c.x), c.sf, 1e-12, `kolmogorov(${c.x})`);
  });
});

describe('Mann–Whitney U against scipy.stats.mannwhitneyu', () => {
  it(`matches ${fx.mwu.length} cases (exact 1e-9, asymptotic 1e-12 relative)`, () => {
    for (const c of fx.mwu) {
      const r = mannWhitneyU(c.x, c.y, { method: c.method, continuity: c.continuity });
      expect(r.statistic, c.note).toBe(c.statistic);
      expectRel(r.pValue, c.pvalue, r.method === 'exact' ? 1e-9 : 1e-12, `${c.note} [${c.method}, ${r.method}]`);
    }
  });
});

describe("Student's t and Z against scipy", () => {
  it(`t-test matches ${fx.tTest.length} cases of ttest_ind(equal_var=True) (1e-9 relative)`, () => {
    for (const c of fx.tTest) {
      const r = tTest(c.x, c.y);
      expectRel(r.statistic, c.statistic, 1e-11, `t n=(${c.x.length},${c.y.length})`);
      expectRel(r.pValue, c.pvalue, 1e-9, `t p n=(${c.x.length},${c.y.length})`);
      expect(r.df).toBe(c.df);
    }
  });
  it(`Z-test matches ${fx.zTest.length} cases (numpy moments + norm.sf, 1e-9 relative)`, () => {
    for (const c of fx.zTest) {
      const r = zTest(c.x, c.y);
      expectRel(r.statistic, c.statistic, 1e-11, `z n=(${c.x.length},${c.y.length})`);
      expectRel(r.pValue, c.pvalue, 1e-9, `z p n=(${c.x.length},${c.y.length})`);
    }
  });
});

describe("the paper's selection rules", () => {
  it('KS above 2 values else MWU; Z above 30 else t — with scipy p-values', () => {
    for (const c of fx.selection) {
      for (const family of ['nonparametric', 'parametric'] as const) {
        const r = twoSampleTest(c.x, c.y, { family });
        const want = c[family];
        expect(r.test, `${family} n=(${c.x.length},${c.y.length})`).toBe(want.test);
        expectRel(r.pValue, want.pvalue, 1e-9, `${family} n=(${c.x.length},${c.y.length})`);
      }
    }
  });
});
