import type { Random } from '@dt/errors';
import type { ClassificationScanInput, RegressionScanInput } from './types.js';
import { valuesDiffer } from './tolerance.js';

/**
 * Random scan inputs for the conformance suite: ties and near-ties in values, grouped entries,
 * every weight style, tiny n, 2..20 classes, tight limits, and arrays longer than n holding garbage
 * (a scan must read only the first n entries and the first nClasses class weights).
 */

export interface RandomInputOptions {
  /** Largest number of raw samples (default 40). */
  maxEntries?: number;
  /** Class count range (default 2..20). */
  minClasses?: number;
  maxClasses?: number;
  /** Probability that classification entries are grouped samples with counts (default 0.25). */
  groupedProbability?: number;
}

type WeightStyle = 'unit' | 'integer' | 'dyadic' | 'float' | 'wide';

function pick<T>(rng: Random, items: readonly T[]): T {
  return items[rng.int(items.length)]!;
}

function sampleCount(rng: Random, maxEntries: number): number {
  const u = rng.next();
  if (u < 0.15) return rng.int(4); // 0..3: the degenerate sizes
  if (u < 0.3) return 4 + rng.int(5);
  return 1 + rng.int(maxEntries);
}

/** Sorted feature values in one of several styles. */
export function randomValues(rng: Random, n: number): Float64Array {
  const v = new Float64Array(n);
  const style = pick(rng, ['few', 'continuous', 'near', 'large', 'constant', 'mixed'] as const);
  const levels = 2 + rng.int(7);
  for (let i = 0; i < n; i++) {
    switch (style) {
      case 'few':
        v[i] = rng.int(levels) - 1;
        break;
      case 'continuous':
        v[i] = rng.next() * 10 - 5;
        break;
      case 'near': {
        // Offsets below and above the tolerance around a few base values.
        const base = (rng.int(levels) - 2) * 1.5;
        const off = pick(rng, [0, 0, 3e-8, 6e-8, 9e-8, 3e-7, 1e-6]);
        v[i] = base + off * Math.max(1, Math.abs(base));
        break;
      }
      case 'large': {
        const base = 1e6 * (1 + rng.int(levels));
        v[i] = base * (1 + pick(rng, [0, 2e-8, 5e-8, 3e-7, 1e-5]));
        break;
      }
      case 'constant':
        v[i] = 2.5;
        break;
      case 'mixed':
        v[i] = rng.next() < 0.5 ? rng.int(4) : rng.next() * 4;
        break;
    }
  }
  v.sort();
  return v;
}

function randomWeight(rng: Random, style: WeightStyle): number {
  switch (style) {
    case 'unit':
      return 1;
    case 'integer':
      return 1 + rng.int(4);
    case 'dyadic':
      return (1 + rng.int(24)) / 8;
    case 'float':
      return 0.05 + rng.next() * 3;
    case 'wide':
      return Math.pow(2, rng.int(13) - 6) * (0.5 + rng.next());
  }
}

function randomWeightStyle(rng: Random): WeightStyle {
  return pick(rng, ['unit', 'unit', 'integer', 'dyadic', 'float', 'wide'] as const);
}

/** Weights summing exactly (every partial sum representable), so limits can sit on a boundary. */
function exactStyle(style: WeightStyle): boolean {
  return style === 'unit' || style === 'integer' || style === 'dyadic';
}

/** Copy into a longer array whose tail holds garbage, with probability p. */
function padded<T extends Float64Array | Int32Array>(rng: Random, a: T, garbage: () => number, p = 0.3): T {
  if (rng.next() >= p) return a;
  const extra = 1 + rng.int(5);
  const b = new (a.constructor as new (n: number) => T)(a.length + extra);
  b.set(a);
  for (let i = a.length; i < b.length; i++) b[i] = garbage();
  return b;
}

function randomLimits(
  rng: Random,
  prefixWeights: Float64Array,
  totalCount: number,
  exactWeights: boolean,
): { minSamplesLeaf: number; minWeightLeaf: number } {
  const total = prefixWeights[prefixWeights.length - 1] ?? 0;
  let minSamplesLeaf = 1;
  if (rng.next() < 0.3) minSamplesLeaf = 1 + rng.int(Math.max(1, Math.ceil(totalCount / 2) + 1));
  let minWeightLeaf = 0;
  const u = rng.next();
  if (u < 0.2 && exactWeights && prefixWeights.length > 1) {
    // Exactly on a prefix weight: tests the >= boundary.
    minWeightLeaf = prefixWeights[1 + rng.int(prefixWeights.length - 1)]!;
  } else if (u < 0.4) {
    minWeightLeaf = rng.next() * 0.6 * total;
  }
  return { minSamplesLeaf, minWeightLeaf };
}

/**
 * A random ClassificationScanInput drawn from `rng`, leaf limits included (sizes and class counts from
 * `options`), for conformance and property tests; same generator state, same input.
 */
export function randomClassificationInput(rng: Random, options: RandomInputOptions = {}): ClassificationScanInput {
  const maxEntries = options.maxEntries ?? 40;
  const minClasses = options.minClasses ?? 2;
  const maxClasses = Math.max(minClasses, options.maxClasses ?? 20);
  const nClasses =
    rng.next() < 0.6
      ? minClasses + rng.int(Math.min(maxClasses, minClasses + 2) - minClasses + 1)
      : minClasses + rng.int(maxClasses - minClasses + 1);
  const rawN = sampleCount(rng, maxEntries);
  const rawValues = randomValues(rng, rawN);
  const rawLabels = new Int32Array(rawN);
  const labelStyle = pick(rng, ['uniform', 'uniform', 'ordered', 'pure', 'two'] as const);
  const a = rng.int(nClasses);
  const b = (a + 1 + rng.int(nClasses - 1)) % nClasses;
  for (let i = 0; i < rawN; i++) {
    switch (labelStyle) {
      case 'uniform':
        rawLabels[i] = rng.int(nClasses);
        break;
      case 'ordered':
        // Labels follow the value order, with noise: informative splits exist.
        rawLabels[i] = rng.next() < 0.8 ? Math.min(nClasses - 1, Math.floor((i / Math.max(1, rawN)) * nClasses)) : rng.int(nClasses);
        break;
      case 'pure':
        rawLabels[i] = a;
        break;
      case 'two':
        rawLabels[i] = rng.next() < 0.5 ? a : b;
        break;
    }
  }
  const weightStyle = randomWeightStyle(rng);
  const rawWeights = new Float64Array(rawN);
  for (let i = 0; i < rawN; i++) rawWeights[i] = randomWeight(rng, weightStyle);

  let values = rawValues;
  let labels = rawLabels;
  let weights = rawWeights;
  let counts: Float64Array | null = null;
  if (rng.next() < (options.groupedProbability ?? 0.25)) {
    // Group all samples of one class with one (exactly equal) value, as the builder may.
    const order = Array.from({ length: rawN }, (_, i) => i);
    order.sort((i, j) => rawValues[i]! - rawValues[j]! || rawLabels[i]! - rawLabels[j]! || i - j);
    const gv: number[] = [];
    const gl: number[] = [];
    const gw: number[] = [];
    const gc: number[] = [];
    for (const i of order) {
      const k = gv.length - 1;
      if (k >= 0 && gv[k] === rawValues[i] && gl[k] === rawLabels[i]) {
        gw[k]! += rawWeights[i]!;
        gc[k]! += 1;
      } else {
        gv.push(rawValues[i]!);
        gl.push(rawLabels[i]!);
        gw.push(rawWeights[i]!);
        gc.push(1);
      }
    }
    values = Float64Array.from(gv);
    labels = Int32Array.from(gl);
    weights = Float64Array.from(gw);
    counts = Float64Array.from(gc);
  }
  const n = values.length;
  const classWeights = new Float64Array(nClasses);
  const prefix = new Float64Array(n + 1);
  let totalCount = 0;
  for (let i = 0; i < n; i++) {
    classWeights[labels[i]!] = classWeights[labels[i]!]! + weights[i]!;
    prefix[i + 1] = prefix[i]! + weights[i]!;
    totalCount += counts === null ? 1 : counts[i]!;
  }
  const limits = randomLimits(rng, prefix, totalCount, exactStyle(weightStyle));
  return {
    n,
    values: padded(rng, values, () => rng.next() * 100 - 50),
    labels: padded(rng, labels, () => rng.int(nClasses)),
    weights: padded(rng, weights, () => rng.next() * 7),
    counts: counts === null ? null : padded(rng, counts, () => 1 + rng.int(9)),
    nClasses,
    classWeights: padded(rng, classWeights, () => rng.next() * 50),
    totalWeight: prefix[n]!,
    totalCount,
    ...limits,
  };
}

/**
 * A random RegressionScanInput drawn from `rng`, leaf limits included (size from `options`), for
 * conformance and property tests; same generator state, same input.
 */
export function randomRegressionInput(rng: Random, options: RandomInputOptions = {}): RegressionScanInput {
  const n = sampleCount(rng, options.maxEntries ?? 40);
  const values = randomValues(rng, n);
  const targets = new Float64Array(n);
  const style = pick(rng, ['integers', 'continuous', 'constant', 'step', 'dyadic'] as const);
  const c = rng.int(7) - 3;
  const cut = rng.next() * n;
  for (let i = 0; i < n; i++) {
    switch (style) {
      case 'integers':
        targets[i] = rng.int(7) - 3;
        break;
      case 'continuous':
        targets[i] = rng.next() * 10 - 5;
        break;
      case 'constant':
        targets[i] = c;
        break;
      case 'step':
        targets[i] = (i < cut ? 1 : 4) + (rng.next() < 0.3 ? rng.next() - 0.5 : 0);
        break;
      case 'dyadic':
        targets[i] = (rng.int(41) - 20) / 4;
        break;
    }
  }
  const weightStyle = randomWeightStyle(rng);
  const weights = new Float64Array(n);
  const prefix = new Float64Array(n + 1);
  let weightedSum = 0;
  for (let i = 0; i < n; i++) {
    const w = randomWeight(rng, weightStyle);
    weights[i] = w;
    prefix[i + 1] = prefix[i]! + w;
    weightedSum += w * targets[i]!;
  }
  const limits = randomLimits(rng, prefix, n, exactStyle(weightStyle));
  return {
    n,
    values: padded(rng, values, () => rng.next() * 100 - 50),
    targets: padded(rng, targets, () => rng.next() * 1000 - 500),
    weights: padded(rng, weights, () => rng.next() * 7),
    totalWeight: prefix[n]!,
    weightedSum,
    ...limits,
  };
}

/** Valid split positions of an input: value rule, both sides >= the limits and of positive weight. */
export function validPositions(
  input: Pick<ClassificationScanInput, 'n' | 'values' | 'weights' | 'minSamplesLeaf' | 'minWeightLeaf'> & {
    counts?: Float64Array | null;
  },
): number[] {
  const { n, values, weights, minSamplesLeaf, minWeightLeaf } = input;
  const counts = input.counts ?? null;
  const prefixW = new Float64Array(n + 1);
  const suffixW = new Float64Array(n + 1);
  const prefixN = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    prefixW[i + 1] = prefixW[i]! + weights[i]!;
    prefixN[i + 1] = prefixN[i]! + (counts === null ? 1 : counts[i]!);
  }
  for (let i = n - 1; i >= 0; i--) suffixW[i] = suffixW[i + 1]! + weights[i]!;
  const out: number[] = [];
  for (let pos = 1; pos < n; pos++) {
    if (!valuesDiffer(values[pos - 1]!, values[pos]!)) continue;
    const nL = prefixN[pos]!;
    const nR = prefixN[n]! - nL;
    const wL = prefixW[pos]!;
    const wR = suffixW[pos]!;
    if (nL < minSamplesLeaf || nR < minSamplesLeaf) continue;
    if (!(wL > 0) || !(wR > 0) || wL < minWeightLeaf || wR < minWeightLeaf) continue;
    out.push(pos);
  }
  return out;
}
