// Scan throughput on MNIST-sized nodes: `npx tsx --conditions=@dt/source scripts/bench-scan.ts`.
import { createRandom } from '@dt/errors';
import { createSplitResult, entropy, gini, mae, maxCut, misclassification, mse, twoing } from '../src/index.js';
import type { ClassificationCriterion, ClassificationScanInput, RegressionScanInput } from '../src/index.js';

const n = 60_000;
const nClasses = 10;
const rng = createRandom(1);

function classification(distinct: number): ClassificationScanInput {
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = distinct > 0 ? rng.int(distinct) : rng.next();
  values.sort();
  const labels = new Int32Array(n);
  const weights = new Float64Array(n).fill(1);
  const classWeights = new Float64Array(nClasses);
  for (let i = 0; i < n; i++) {
    labels[i] = rng.next() < 0.5 ? Math.floor(values[i]! * (distinct > 0 ? nClasses / distinct : nClasses)) % nClasses : rng.int(nClasses);
    classWeights[labels[i]!]! += 1;
  }
  return { n, values, labels, weights, counts: null, nClasses, classWeights, totalWeight: n, totalCount: n, minSamplesLeaf: 1, minWeightLeaf: 0 };
}

const only = process.env.BENCH_ONLY;

function time(label: string, run: () => void): void {
  if (only !== undefined && !label.includes(only)) return;
  for (let i = 0; i < 20; i++) run(); // warm up
  // Best of 15 batches: the machine is shared, so the minimum is the stable number.
  let ms = Number.POSITIVE_INFINITY;
  for (let b = 0; b < 15; b++) {
    const t0 = performance.now();
    for (let i = 0; i < 10; i++) run();
    ms = Math.min(ms, (performance.now() - t0) / 10);
  }
  console.log(`${label.padEnd(44)} ${ms.toFixed(3).padStart(8)} ms/scan  ${((ms * 1e6) / n).toFixed(2).padStart(7)} ns/entry`);
}

const out = createSplitResult();
for (const [kind, input] of [
  ['continuous (every position a candidate)', classification(0)],
  ['256 distinct values (raw MNIST pixels)', classification(256)],
] as const) {
  for (const c of [gini, entropy, misclassification, twoing, maxCut] as ClassificationCriterion[]) {
    time(`${c.name} ${kind}`, () => void c.scan(input, out));
  }
}

const values = new Float64Array(n);
for (let i = 0; i < n; i++) values[i] = rng.next();
values.sort();
const targets = new Float64Array(n);
let weightedSum = 0;
for (let i = 0; i < n; i++) {
  targets[i] = Math.sin(values[i]! * 6) + rng.next();
  weightedSum += targets[i]!;
}
const reg: RegressionScanInput = { n, values, targets, weights: new Float64Array(n).fill(1), totalWeight: n, weightedSum, minSamplesLeaf: 1, minWeightLeaf: 0 };
time('mse continuous', () => void mse.scan(reg, out));
time('mae continuous', () => void mae.scan(reg, out));
const sorted = Float64Array.from(values);
time('reference: Float64Array.sort of the same n', () => void Float64Array.from(sorted).reverse().sort());
