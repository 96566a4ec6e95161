import { describe, expect, it } from 'vitest';
import { kolmogorovLogSf, kolmogorovSf, ks2ExactSf } from './ks-distribution.js';
import { logNormalSf, logStudentTwoSided } from './log-p.js';
import { mwuExactCdf } from './mann-whitney.js';
import { normalSf, studentSf } from './normal.js';

/** Every way to interleave n1 x's and n2 y's (as bit masks of the x positions). */
function* arrangements(n1: number, n2: number): Generator<number[]> {
  const n = n1 + n2;
  for (let mask = 0; mask < 1 << n; mask++) {
    let bits = 0;
    for (let i = 0; i < n; i++) if (mask & (1 << i)) bits++;
    if (bits === n1) yield Array.from({ length: n }, (_, i) => ((mask >> i) & 1) as number);
  }
}

describe('exact null distributions against full enumeration', () => {
  it('two-sample KS: P(D >= d) for every lattice statistic, n1 + n2 <= 12', () => {
    for (let n1 = 1; n1 <= 7; n1++) {
      for (let n2 = 1; n1 + n2 <= 12; n2++) {
        const dist = new Map<number, number>();
        let total = 0;
        for (const a of arrangements(n1, n2)) {
          let i = 0;
          let j = 0;
          let dInt = 0;
          for (const isX of a) {
            if (isX) i++;
            else j++;
            dInt = Math.max(dInt, Math.abs(i * n2 - j * n1));
          }
          dist.set(dInt, (dist.get(dInt) ?? 0) + 1);
          total++;
        }
        for (const d of dist.keys()) {
          let tail = 0;
          for (const [k, c] of dist) if (k >= d) tail += c;
          expect(ks2ExactSf(d, n1, n2), `n=(${n1},${n2}) dInt=${d}`).toBeCloseTo(tail / total, 13);
        }
      }
    }
  });

  it('Mann–Whitney U: P(U <= k) for every k, n1 + n2 <= 12', () => {
    for (let n1 = 1; n1 <= 8; n1++) {
      for (let n2 = 1; n1 + n2 <= 12; n2++) {
        const counts = new Float64Array(n1 * n2 + 1);
        let total = 0;
        for (const a of arrangements(n1, n2)) {
          let u = 0;
          let ys = 0;
          for (const isX of a) {
            if (isX) u += ys;
            else ys++;
          }
          counts[u]!++;
          total++;
        }
        let cum = 0;
        for (let k = 0; k <= n1 * n2; k++) {
          cum += counts[k]!;
          expect(mwuExactCdf(k, n1, n2), `n=(${n1},${n2}) k=${k}`).toBeCloseTo(cum / total, 13);
        }
      }
    }
  });
});

describe('log p-values where p underflows', () => {
  it('agree with log p where p is representable, and keep decreasing beyond', () => {
    for (const x of [1, 2, 5, 10, 19]) expect(kolmogorovLogSf(x)).toBeCloseTo(Math.log(kolmogorovSf(x)), 10);
    expect(kolmogorovSf(30)).toBe(0);
    expect(kolmogorovLogSf(30)).toBeLessThan(kolmogorovLogSf(25));
    expect(kolmogorovLogSf(30)).toBeCloseTo(Math.LN2 - 1800, 10);
    // normal tail: asymptotic series vs the exact value just above the switch
    for (const z of [30, 36, 37.5]) expect(logNormalSf(z, 0)).toBeCloseTo(Math.log(normalSf(z)), 9);
    expect(logNormalSf(45, 0)).toBeLessThan(logNormalSf(40, 0));
    // Student t: continued fraction in logs vs the exact value
    for (const [t, df] of [
      [40, 10],
      [12, 60],
      [1e4, 3],
    ] as const) {
      expect(logStudentTwoSided(t, df, 0)).toBeCloseTo(Math.log(2 * studentSf(t, df)), 8);
    }
    expect(logStudentTwoSided(1e60, 30, 0)).toBeLessThan(logStudentTwoSided(1e50, 30, 0));
  });
});
