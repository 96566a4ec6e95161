import { DecisionTreeClassifier, DecisionTreeRegressor, type Tree, type TreeModel, type TreeOptions } from '@dt/core';
import { createRandom } from '@dt/errors';

/** Seeded noisy data: labels (or targets) depend on the first two features. */
export function randomData(n: number, d: number, seed: number, task: 'classification' | 'regression', nClasses = 3) {
  const rng = createRandom(seed);
  const X: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i++) {
    const row = Array.from({ length: d }, () => Math.fround(rng.next() * 4 - 2));
    const s = row[0]! + (d > 1 ? 0.5 * row[1]! : 0) + (rng.next() - 0.5);
    X.push(row);
    if (task === 'regression') y.push(Math.sin(row[0]!) * 3 + (d > 1 ? row[1]! ** 2 : 0) + rng.next());
    else y.push(rng.next() < 0.2 ? rng.int(nClasses) : Math.min(nClasses - 1, Math.max(0, Math.floor(((s + 3) / 6) * nClasses))));
  }
  return { X, y };
}

/** Oblique splits from fixed directions (a global projection). */
export function fixedDirections(dirs: number[][]): Exclude<TreeOptions['projection'], 'axis' | undefined> {
  return {
    name: 'test-directions',
    prepare: () => ({ kind: 'global', globalDirections: { dirs: Float64Array.from(dirs.flat()), count: dirs.length } }),
  };
}

export type Kind = 'gini' | 'entropy' | 'oblique' | 'weighted' | 'mse' | 'mae';

/** A fitted model of the given kind on `X, y` (labels for classifiers, targets for regressors). */
export function fitKind(kind: Kind, X: number[][], y: number[], maxDepth: number | null = null): TreeModel {
  if (kind === 'mse' || kind === 'mae') return new DecisionTreeRegressor({ criterion: kind, maxDepth }).fit(X, y);
  if (kind === 'oblique') {
    const projection = fixedDirections([[Math.SQRT1_2, Math.SQRT1_2, 0], [0.6, 0, -0.8]]);
    return new DecisionTreeClassifier({ projection, maxDepth }).fit(X, y);
  }
  if (kind === 'weighted') return new DecisionTreeClassifier({ maxDepth }).fit(X, y, { sampleWeight: X.map((_, i) => 0.5 + (i % 4)) });
  return new DecisionTreeClassifier({ criterion: kind, maxDepth }).fit(X, y);
}

export const taskOf = (kind: Kind) => (kind === 'mse' || kind === 'mae' ? 'regression' : 'classification');

/** True when `small` is `big` with some subtrees collapsed into leaves. */
export function isPrunedFrom(small: Tree, big: Tree): boolean {
  const k = small.nOutputs;
  const walk = (s: number, b: number): boolean => {
    if (small.nSamples[s] !== big.nSamples[b] || small.impurity[s] !== big.impurity[b]) return false;
    for (let j = 0; j < k; j++) if (small.value[s * k + j] !== big.value[b * k + j]) return false;
    if (small.isLeaf(s)) return true;
    if (big.isLeaf(b) || small.kind[s] !== big.kind[b] || small.threshold[s] !== big.threshold[b]) return false;
    if (JSON.stringify(small.splitFeatures(s)) !== JSON.stringify(big.splitFeatures(b))) return false;
    return walk(small.left[s]!, big.left[b]!) && walk(small.right[s]!, big.right[b]!);
  };
  return walk(0, 0);
}
