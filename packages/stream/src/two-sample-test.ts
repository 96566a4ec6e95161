import { knownKeys, oneOf, plainObject } from '@dt/errors';
import { ksPValue, ksStatisticInt, type KsMethod } from './ks-test.js';
import { mwuRankStats, mwuSmallGroupSorted } from './mann-whitney.js';
import { studentFromMoments, zFromMoments } from './parametric-tests.js';
import { moments, sortedCopy, toSample } from './sample.js';
import { createPValueOut, type TestFamily, type TestName } from './test-result.js';
import { numberArg } from './arguments.js';

/** The paper's rule: KS when both samples have more than 2 values, else MWU; Z above 30, else t. */
export function selectTest(n1: number, n2: number, family: TestFamily): TestName {
  numberArg('n1', n1);
  numberArg('n2', n2);
  oneOf('family', family, ['nonparametric', 'parametric']);
  if (family === 'nonparametric') return n1 > 2 && n2 > 2 ? 'ks' : 'mwu';
  return n1 > 30 && n2 > 30 ? 'z' : 't';
}

/** Options of twoSampleTest: the test family (nonparametric or parametric) and the KS p-value method. */
export interface TwoSampleOptions {
  family?: TestFamily;
  /** How a KS p-value is computed (default 'auto', scipy's). The learner uses 'fast'. */
  ksMethod?: KsMethod;
}

/** Result of twoSampleTest: which test ran, its statistic and p-value. */
export interface TwoSampleResult {
  test: TestName;
  statistic: number;
  pValue: number;
}

/**
 * The similarity Decision Stream uses for splitting and merging: the p-value of the test the
 * family's rule selects for these sample sizes (H0: both samples come from the same distribution).
 */
export function twoSampleTest(x: ArrayLike<number>, y: ArrayLike<number>, options: TwoSampleOptions = {}): TwoSampleResult {
  plainObject('options', options);
  knownKeys('options', options, ['family', 'ksMethod']);
  const family = oneOf('options.family', options.family ?? 'nonparametric', ['nonparametric', 'parametric'] as const);
  const ksMethod = oneOf('options.ksMethod', options.ksMethod ?? 'auto', ['auto', 'exact', 'asymp', 'fast'] as const);
  const xs = toSample(x, 'x');
  const ys = toSample(y, 'y');
  const n1 = xs.length;
  const n2 = ys.length;
  const test = selectTest(n1, n2, family);
  if (test === 'ks' || test === 'mwu') {
    const sx = sortedCopy(xs);
    const sy = sortedCopy(ys);
    if (test === 'ks') {
      const dInt = ksStatisticInt(sx, n1, sy, n2);
      return { test, statistic: dInt / (n1 * n2), pValue: ksPValue(dInt, n1, n2, ksMethod).pValue };
    }
    const r = mwuRankStats(sx, n1, sy, n2);
    return { test, statistic: r.U1, pValue: mwuSmallGroupSorted(sx, n1, sy, n2) };
  }
  const a = moments(xs);
  const b = moments(ys);
  const out = createPValueOut();
  if (test === 'z') zFromMoments(a.n, a.mean, a.ss, b.n, b.mean, b.ss, out);
  else studentFromMoments(a.n, a.mean, a.ss, b.n, b.mean, b.ss, out);
  return { test, statistic: out.statistic, pValue: out.pValue };
}
