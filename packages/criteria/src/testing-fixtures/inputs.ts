// Test helpers: build scan inputs from plain arrays (sorted by value first).
import type { ClassificationScanInput, RegressionScanInput } from '../types.js';

export interface LimitsOption {
  minSamplesLeaf?: number;
  minWeightLeaf?: number;
}

function order(values: readonly number[]): number[] {
  return values.map((_, i) => i).sort((a, b) => values[a]! - values[b]! || a - b);
}

export function classificationInput(
  values: readonly number[],
  labels: readonly number[],
  weights?: readonly number[],
  options: LimitsOption & { nClasses?: number; counts?: readonly number[] } = {},
): ClassificationScanInput {
  const idx = order(values);
  const n = values.length;
  const nClasses = options.nClasses ?? Math.max(1, ...labels.map((l) => l + 1));
  const w = Float64Array.from(idx, (i) => weights?.[i] ?? 1);
  const counts = options.counts === undefined ? null : Float64Array.from(idx, (i) => options.counts![i]!);
  const classWeights = new Float64Array(nClasses);
  let totalWeight = 0;
  let totalCount = 0;
  idx.forEach((i, k) => {
    classWeights[labels[i]!]! += w[k]!;
    totalWeight += w[k]!;
    totalCount += counts === null ? 1 : counts[k]!;
  });
  return {
    n,
    values: Float64Array.from(idx, (i) => values[i]!),
    labels: Int32Array.from(idx, (i) => labels[i]!),
    weights: w,
    counts,
    nClasses,
    classWeights,
    totalWeight,
    totalCount,
    minSamplesLeaf: options.minSamplesLeaf ?? 1,
    minWeightLeaf: options.minWeightLeaf ?? 0,
  };
}

export function regressionInput(
  values: readonly number[],
  targets: readonly number[],
  weights?: readonly number[],
  options: LimitsOption = {},
): RegressionScanInput {
  const idx = order(values);
  const w = Float64Array.from(idx, (i) => weights?.[i] ?? 1);
  const y = Float64Array.from(idx, (i) => targets[i]!);
  let totalWeight = 0;
  let weightedSum = 0;
  for (let k = 0; k < idx.length; k++) {
    totalWeight += w[k]!;
    weightedSum += w[k]! * y[k]!;
  }
  return {
    n: values.length,
    values: Float64Array.from(idx, (i) => values[i]!),
    targets: y,
    weights: w,
    totalWeight,
    weightedSum,
    minSamplesLeaf: options.minSamplesLeaf ?? 1,
    minWeightLeaf: options.minWeightLeaf ?? 0,
  };
}
