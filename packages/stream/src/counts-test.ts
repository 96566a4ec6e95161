import { ksFast } from './ks-test.js';
import { mwuSmallGroupInto } from './mann-whitney.js';
import { studentFromMoments, zFromMoments } from './parametric-tests.js';
import type { PValueOut, TestFamily } from './test-result.js';

/**
 * The selected two-sample test between two groups of class labels given as counts per class code
 * (cA[c] samples of code c in group A). O(C): KS is the largest gap between the cumulative class
 * counts, the exact small-group Mann–Whitney p-value (a group of ≤ 2 labels) and the t/Z moments are
 * passes over codes. Labels are the codes
 * 0..C−1 as numbers, as the reference implementation compares numeric labels.
 */
export function countsTest(
  cA: ArrayLike<number>,
  nA: number,
  cB: ArrayLike<number>,
  nB: number,
  C: number,
  family: TestFamily,
  out: PValueOut,
): void {
  if (family === 'nonparametric') {
    if (nA > 2 && nB > 2) {
      let cumA = 0;
      let cumB = 0;
      let best = 0;
      for (let c = 0; c < C; c++) {
        cumA += cA[c]!;
        cumB += cB[c]!;
        const diff = Math.abs(cumA * nB - cumB * nA);
        if (diff > best) best = diff;
      }
      ksFast(best, nA, nB, out);
      return;
    }
    // A group of one or two labels: the exact permutation Mann–Whitney (see mwuSmallGroupP).
    const small = nA <= nB ? cA : cB;
    let belowB = 0;
    let U1 = 0;
    let a = -1;
    let b = -1;
    for (let c = 0; c < C; c++) {
      U1 += cA[c]! * (belowB + cB[c]! / 2);
      belowB += cB[c]!;
      const k = small[c]!;
      if (k > 0) {
        if (a < 0) {
          a = c;
          if (k > 1) b = c;
        } else b = c;
      }
    }
    mwuSmallGroupInto(cA, cB, C, a, b, U1, out);
    return;
  }
  let sA = 0;
  let qA = 0;
  let sB = 0;
  let qB = 0;
  for (let c = 0; c < C; c++) {
    sA += c * cA[c]!;
    qA += c * c * cA[c]!;
    sB += c * cB[c]!;
    qB += c * c * cB[c]!;
  }
  const ssA = Math.max(0, qA - (sA * sA) / nA);
  const ssB = Math.max(0, qB - (sB * sB) / nB);
  if (nA > 30 && nB > 30) zFromMoments(nA, sA / nA, ssA, nB, sB / nB, ssB, out);
  else studentFromMoments(nA, sA / nA, ssA, nB, sB / nB, ssB, out);
}
