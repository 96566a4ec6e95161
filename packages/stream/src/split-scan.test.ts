import { describe, expect, it } from 'vitest';
import { midpoint, valuesDiffer } from '@dt/criteria';
import { SplitScanner, createSplitChoice } from './split-scan.js';
import { classificationOps, regressionOps } from './stats.js';
import { createRandom, randomData } from './test-helpers.js';
import { twoSampleTest } from './two-sample-test.js';
import type { Candidates } from './options.js';
import type { TestFamily } from './test-result.js';

interface BruteCandidate {
  feature: number;
  nLeft: number;
  threshold: number;
  logP: number;
  balance: number;
}

/**
 * Candidates straight from the definitions: 'exhaustive' = every midpoint between distinct values;
 * 'sections' = x <= max − j·(max − min)/⌊√n⌋ for j = 1..K−1, plus "below the maximum" for j = 0.
 * Each candidate's p-value from the public test on copied label arrays; cuts that leave a single
 * sample on a side are not candidates.
 */
function bruteForce(rows: number[][], labels: number[], features: number[], family: TestFamily, mode: Candidates): BruteCandidate[] {
  const n = rows.length;
  const out: BruteCandidate[] = [];
  for (const f of features) {
    const vals = rows.map((r) => r[f]!);
    const u = [...new Set(vals)].sort((a, b) => a - b);
    if (u.length < 2) continue;
    const cuts: { left: (v: number) => boolean; lo: number; hi: number }[] = [];
    if (mode === 'exhaustive') {
      for (let k = 1; k < u.length; k++) cuts.push({ left: (v) => v <= u[k - 1]!, lo: u[k - 1]!, hi: u[k]! });
    } else {
      const K = Math.floor(Math.sqrt(n));
      const min = u[0]!;
      const max = u[u.length - 1]!;
      for (let j = 0; j < K; j++) {
        const t = max - (j * (max - min)) / K;
        const left = j === 0 ? (v: number) => v < max : (v: number) => v <= t;
        const lo = Math.max(...vals.filter((v) => left(v)), -Infinity);
        const hi = Math.min(...vals.filter((v) => !left(v)), Infinity);
        cuts.push({ left, lo, hi });
      }
    }
    const seen = new Set<number>();
    for (const c of cuts) {
      const yl = labels.filter((_, i) => c.left(vals[i]!));
      const yr = labels.filter((_, i) => !c.left(vals[i]!));
      // a side of one sample is no candidate (isLoneSample: dt's rule, not the reference's)
      if (yl.length < 2 || yr.length < 2 || seen.has(yl.length) || !valuesDiffer(c.lo, c.hi)) continue;
      seen.add(yl.length);
      const p = twoSampleTest(yl, yr, { family, ksMethod: 'fast' }).pValue;
      out.push({ feature: f, nLeft: yl.length, threshold: midpoint(c.lo, c.hi), logP: Math.log(p), balance: Math.abs(yl.length - yr.length) });
    }
  }
  return out;
}

const near = (a: number, b: number): boolean =>
  a === b || (Number.isFinite(a) && Number.isFinite(b) && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)));

function checkTrial(task: 'classification' | 'regression', family: TestFamily, mode: Candidates, n: number, d: number, seed: number, trial: number): boolean {
  const rng = createRandom(seed);
  const { data, rows, labels } = randomData(rng, task, n, d);
  const ops = task === 'classification' ? classificationOps(data) : regressionOps(data);
  const samples = Int32Array.from({ length: n }, (_, i) => i);
  const stats = ops.statsOf(samples);
  const features = Int32Array.from({ length: d }, (_, i) => i);
  const choice = createSplitChoice();
  const found = new SplitScanner(data).bestSplit(samples, stats, features, d, family, mode, choice);
  const brute = bruteForce(rows, labels, [...features], family, mode);
  const ctx = `trial ${trial}: n=${n} d=${d}`;
  expect(found, ctx).toBe(brute.length > 0);
  if (!found) return false;
  const minLog = Math.min(...brute.map((b) => b.logP));
  const mine = brute.find((b) => b.feature === choice.feature && b.nLeft === choice.nLeft);
  expect(mine, `${ctx}: chosen split (feature ${choice.feature}, ${choice.nLeft} left) is a candidate`).toBeDefined();
  expect(choice.threshold, ctx).toBe(mine!.threshold);
  expect(near(mine!.logP, minLog), `${ctx}: chosen log p ${mine!.logP} vs min ${minLog}`).toBe(true);
  expect(near(choice.logP, mine!.logP), `${ctx}: scan log p ${choice.logP} vs brute ${mine!.logP}`).toBe(true);
  // among the lowest p-values, the most balanced split wins
  const tied = brute.filter((b) => near(b.logP, minLog));
  expect(mine!.balance, ctx).toBe(Math.min(...tied.map((b) => b.balance)));
  return true;
}

describe('the split scan picks the lowest-p candidate (brute force on small random inputs)', () => {
  for (const task of ['classification', 'regression'] as const) {
    for (const family of ['nonparametric', 'parametric'] as const) {
      for (const mode of ['sections', 'exhaustive'] as const) {
        it(`${task}, ${family}, ${mode}`, () => {
          const rng = createRandom(task.length * 7 + family.length * 3 + mode.length);
          let splits = 0;
          for (let trial = 0; trial < 150; trial++) {
            if (checkTrial(task, family, mode, 2 + rng.int(45), 1 + rng.int(3), rng.int(1 << 30), trial)) splits++;
          }
          expect(splits).toBeGreaterThan(100);
        });
      }
    }
  }
});

describe('large nodes (Kolmogorov limit p-values, Z-tests)', () => {
  for (const task of ['classification', 'regression'] as const) {
    for (const family of ['nonparametric', 'parametric'] as const) {
      it(`${task}, ${family}, sections`, () => {
        const rng = createRandom(99 + task.length + family.length);
        for (let trial = 0; trial < 8; trial++) checkTrial(task, family, 'sections', 200 + rng.int(200), 1 + rng.int(3), rng.int(1 << 30), trial);
      });
    }
  }
});
