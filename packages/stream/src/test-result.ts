/** The two-sample tests Decision Stream uses. */
export type TestName = 'ks' | 'mwu' | 'z' | 't';

/**
 * 'nonparametric': Kolmogorov–Smirnov when both samples have more than 2 values, else Mann–Whitney U.
 * 'parametric': Z-test when both have more than 30 values, else Student's t (the paper's rules).
 */
export type TestFamily = 'nonparametric' | 'parametric';

/** A p-value with the test that produced it; the learner's kernels fill one reused object. */
export interface PValueOut {
  test: TestName;
  statistic: number;
  pValue: number;
  /** ln(pValue), finite (and still ordered) where pValue underflows to 0. */
  logP: number;
}

export function createPValueOut(): PValueOut {
  return { test: 'ks', statistic: 0, pValue: 1, logP: 0 };
}
