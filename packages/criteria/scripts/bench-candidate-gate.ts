/**
 * Candidate-gate benchmark: times each criterion's scan over 1e6 sorted entries (CPU time, best of 7 after warm-up).
 *
 *   npx tsx --conditions=@dt/source packages/criteria/scripts/bench-candidate-gate.ts                        # this checkout
 *   CRITERIA=/work/main/packages/criteria/src/index.ts npx tsx --conditions=@dt/source packages/criteria/scripts/bench-candidate-gate.ts
 *
 * The second form runs the same harness against another checkout's sources (e.g. before a change).
 *
 * Candidate gate moved into `isCandidate` (with the absolute-gap + midpoint `valuesDiffer`), measured
 * 2026-11-24 on the shared 2-core box, ms per scan, before (main) → after (branch seam):
 *   gini               21.4 → 15.7      entropy   36.4 → 27.5      twoing  12.4 → 9.7
 *   misclassification  21.1 → 19.2      maxCut    14.6 → 13.1      mse      8.3 → 8.8
 *   mae               378.4 → 370.5 (mae only switched to the new valuesDiffer)
 * Same best positions before and after. The gate costs nothing: the absolute test still comes first
 * and the midpoint test only runs between distinct values. (scripts/bench-scan.ts times MNIST-sized
 * nodes of each criterion; this one compares two checkouts.)
 */
import { pathToFileURL } from 'node:url';
import type * as Criteria from '../src/index.js';
import type { ClassificationCriterion, RegressionCriterion } from '../src/index.js';

const source = process.env['CRITERIA'] ? pathToFileURL(process.env['CRITERIA']).href : '../src/index.js';
const lib = (await import(source)) as typeof Criteria;

const N = 1_000_000;
const C = 3;
// Deterministic inputs: ~N/4 distinct sorted values (runs of equal values, as real features have).
let seed = 12345;
const rand = (): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
const values = new Float64Array(N);
const labels = new Int32Array(N);
const targets = new Float64Array(N);
const weights = new Float64Array(N).fill(1);
const classWeights = new Float64Array(C);
let v = 0;
let sum = 0;
for (let i = 0; i < N; i++) {
  if (rand() < 0.25) v += rand();
  values[i] = v;
  labels[i] = rand() < 0.3 + 0.4 * (i / N) ? 1 : rand() < 0.5 ? 0 : 2;
  classWeights[labels[i]!]! += 1;
  targets[i] = v * 0.001 + rand();
  sum += targets[i]!;
}
const out = lib.createSplitResult();

function time(run: () => void): number {
  for (let k = 0; k < 3; k++) run();
  let best = Infinity;
  for (let k = 0; k < 7; k++) {
    const t0 = process.cpuUsage();
    run();
    const t = process.cpuUsage(t0);
    best = Math.min(best, (t.user + t.system) / 1000);
  }
  return best;
}

const classification: [string, ClassificationCriterion][] = [
  ['gini', lib.gini],
  ['entropy', lib.entropy],
  ['twoing', lib.twoing],
  ['misclassification', lib.misclassification],
  ['maxCut', lib.maxCut],
];
const regression: [string, RegressionCriterion][] = [
  ['mse', lib.mse],
  ['mae', lib.mae],
];
const rows: string[] = [];
for (const [name, c] of classification) {
  const input = {
    n: N, values, labels, weights, counts: null, nClasses: C, classWeights, totalWeight: N, totalCount: N,
    minSamplesLeaf: 1, minWeightLeaf: 0,
  };
  const ms = time(() => void c.scan(input, out));
  rows.push(`${name.padEnd(18)} ${ms.toFixed(1).padStart(7)} ms  pos ${out.pos}`);
}
for (const [name, c] of regression) {
  const input = { n: N, values, targets, weights, totalWeight: N, weightedSum: sum, minSamplesLeaf: 1, minWeightLeaf: 0 };
  const ms = time(() => void c.scan(input, out));
  rows.push(`${name.padEnd(18)} ${ms.toFixed(1).padStart(7)} ms  pos ${out.pos}`);
}
console.log(rows.join('\n'));
