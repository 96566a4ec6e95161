import { countsTest } from './counts-test.js';
import { ksFast, ksStatisticInt } from './ks-test.js';
import { mwuRankStats, mwuSmallGroupSorted } from './mann-whitney.js';
import { studentFromMoments, zFromMoments } from './parametric-tests.js';
import type { FitData } from './fit-data.js';
import type { PValueOut, TestFamily } from './test-result.js';

/**
 * What a leaf (or a range of the large-data split) knows about its labels: class counts, or the
 * sorted targets with their mean and sum of squared deviations. Immutable once built, so a p-value
 * between two Stats never changes.
 */
export interface Stats {
  n: number;
  counts: Float64Array | null;
  sorted: Float64Array | null;
  mean: number;
  ss: number;
}

/** Label statistics and the two-sample test between groups, for one task. */
export interface TaskOps {
  statsOf(samples: Int32Array): Stats;
  merge(a: Stats, b: Stats): Stats;
  /** p-value of the family's test between two groups. O(C) for classes; O(nA + nB) for KS/MWU on targets. */
  test(a: Stats, b: Stats, family: TestFamily, out: PValueOut): void;
  /** n × Gini impurity (classification) or the sum of squared deviations (regression). */
  impurity(s: Stats): number;
  /** No split can separate anything: one class, or constant targets. */
  isPure(s: Stats): boolean;
  /** Class counts or [mean]. */
  value(s: Stats): Float64Array;
}

export function classificationOps(data: FitData): TaskOps {
  const codes = data.codes!;
  const C = data.nClasses;
  return {
    statsOf(samples) {
      const counts = new Float64Array(C);
      for (let i = 0; i < samples.length; i++) counts[codes[samples[i]!]!]!++;
      return { n: samples.length, counts, sorted: null, mean: 0, ss: 0 };
    },
    merge(a, b) {
      const counts = new Float64Array(C);
      for (let c = 0; c < C; c++) counts[c] = a.counts![c]! + b.counts![c]!;
      return { n: a.n + b.n, counts, sorted: null, mean: 0, ss: 0 };
    },
    test(a, b, family, out) {
      countsTest(a.counts!, a.n, b.counts!, b.n, C, family, out);
    },
    impurity(s) {
      let sq = 0;
      for (let c = 0; c < C; c++) sq += s.counts![c]! * s.counts![c]!;
      return s.n - sq / s.n;
    },
    isPure(s) {
      if (s.n < 2) return true;
      for (let c = 0; c < C; c++) if (s.counts![c] === s.n) return true;
      return false;
    },
    value(s) {
      return Float64Array.from(s.counts!);
    },
  };
}

function mergeSorted(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = a[i]! <= b[j]! ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

export function regressionStats(sorted: Float64Array): Stats {
  const n = sorted.length;
  let s = 0;
  for (let i = 0; i < n; i++) s += sorted[i]!;
  const mean = s / n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (sorted[i]! - mean) ** 2;
  return { n, counts: null, sorted, mean, ss };
}

export function regressionOps(data: FitData): TaskOps {
  const y = data.y!;
  return {
    statsOf(samples) {
      const sorted = new Float64Array(samples.length);
      for (let i = 0; i < samples.length; i++) sorted[i] = y[samples[i]!]!;
      sorted.sort();
      return regressionStats(sorted);
    },
    merge(a, b) {
      const n = a.n + b.n;
      const d = a.mean - b.mean;
      return { n, counts: null, sorted: mergeSorted(a.sorted!, b.sorted!), mean: (a.n * a.mean + b.n * b.mean) / n, ss: a.ss + b.ss + ((a.n * b.n) / n) * d * d };
    },
    test(a, b, family, out) {
      if (family === 'nonparametric') {
        if (a.n > 2 && b.n > 2) ksFast(ksStatisticInt(a.sorted!, a.n, b.sorted!, b.n), a.n, b.n, out);
        else {
          const r = mwuRankStats(a.sorted!, a.n, b.sorted!, b.n);
          out.test = 'mwu';
          out.statistic = r.U1;
          out.pValue = mwuSmallGroupSorted(a.sorted!, a.n, b.sorted!, b.n);
          out.logP = Math.log(out.pValue);
        }
      } else if (a.n > 30 && b.n > 30) zFromMoments(a.n, a.mean, a.ss, b.n, b.mean, b.ss, out);
      else studentFromMoments(a.n, a.mean, a.ss, b.n, b.mean, b.ss, out);
    },
    impurity(s) {
      return s.ss;
    },
    isPure(s) {
      return s.n < 2 || s.sorted![0] === s.sorted![s.n - 1];
    },
    value(s) {
      return Float64Array.of(s.mean);
    },
  };
}
