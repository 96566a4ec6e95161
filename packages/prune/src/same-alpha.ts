/**
 * Two effective alphas of a pruning path name the same step when they differ by at most 1e-9 of
 * the larger: alphas equal in exact arithmetic (2/153 reached as 3/153 − 1/153 and as
 * (4/153 − 2/153)/1) come out of different sums and differ in the last bits, and the weakest-link
 * loop then lists them apart. Cross-validated and held-out pruning group them with this one rule.
 */
export function sameAlpha(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
}
