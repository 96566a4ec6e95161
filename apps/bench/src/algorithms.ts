import { ALGORITHMS as CORE_ALGORITHMS, DecisionTreeClassifier, createClassifier, listAlgorithms } from '@dt/core';
import { nodeFeaturesPCA } from '@dt/projections';

/** Row-major dense matrix, as @dt/datasets makes it. */
export interface Dense {
  data: Float64Array;
  rows: number;
  cols: number;
}

/** What a benchmarked classifier must do; `nLeaves` feeds the leaf-count table when present. */
export interface BenchEstimator {
  fit(X: Dense, y: Int32Array): unknown;
  predict(X: Dense): ArrayLike<number | string>;
  readonly nLeaves?: number;
}

/** One configuration in a sweep: a stable name (the key in results files) and a factory. */
export interface Algorithm {
  name: string;
  /** Display name (the Max-Cut paper's Table 2 nomenclature where it applies). */
  label: string;
  make: () => BenchEstimator;
}

/** The baseline of time ratios: plain CART with Gini impurity ("Gini Features"). */
export const BASELINE = 'gini-features';

/**
 * Every algorithm the bench can run: @dt/core's named algorithms (the Max-Cut paper's eight and
 * HHCART(A)/(D), by the names of `createClassifier`) plus CART with entropy. Adding one = adding an
 * entry here (or a name in @dt/core); results files, tables and plots pick it up by name. The
 * synthetic sweep standardises its data itself, so no `scale` option is set here.
 */
export const ALGORITHMS: Algorithm[] = [
  ...listAlgorithms().map((name) => ({ name, label: CORE_ALGORITHMS[name].paperName, make: () => makeNamed(name) })),
  { name: 'entropy-features', label: 'Entropy Features', make: () => new DecisionTreeClassifier({ criterion: 'entropy' }) },
];

/**
 * Most components Node Features PCA keeps in the bench: every one (the paper used scikit-learn's PCA,
 * which keeps all). @dt/projections' default keeps all only up to 50 features and 10 above, a speed
 * choice for image-sized inputs; the synthetic grid reaches 100 features (50 informative + 50 noise).
 */
export const BENCH_NODE_PCA_COMPONENTS = 1000;

function makeNamed(name: ReturnType<typeof listAlgorithms>[number]): DecisionTreeClassifier {
  const a = CORE_ALGORITHMS[name];
  if (a.projection !== 'node-features-pca') return createClassifier(name);
  return new DecisionTreeClassifier({ criterion: a.criterion, projection: nodeFeaturesPCA({ maxComponents: BENCH_NODE_PCA_COMPONENTS }) });
}

/** The Max-Cut paper's Table 2, in its order: names reserved for the eight algorithms. */
export const PAPER_ALGORITHMS: readonly { name: string; label: string }[] = [
  { name: 'gini-features', label: 'Gini Features' },
  { name: 'gini-pre-pca', label: 'Gini Pre PCA Features' },
  { name: 'gini-node-features-pca', label: 'Gini Node Features PCA' },
  { name: 'gini-node-means-pca', label: 'Gini Node Means PCA' },
  { name: 'maxcut-features', label: 'Max Cut Features' },
  { name: 'maxcut-pre-pca', label: 'Max Cut Pre PCA Features' },
  { name: 'maxcut-node-features-pca', label: 'Max Cut Node Features PCA' },
  { name: 'maxcut-node-means-pca', label: 'Max Cut Node Means PCA' },
];

/** Default sweep: the paper's eight where available, else every registered algorithm. */
export function defaultAlgorithmNames(): string[] {
  const paper = PAPER_ALGORITHMS.map((a) => a.name).filter((n) => ALGORITHMS.some((a) => a.name === n));
  return paper.length === PAPER_ALGORITHMS.length ? paper : ALGORITHMS.map((a) => a.name);
}

/** Looks names up; an unknown or not-yet-implemented name is an error that lists what exists. */
export function resolveAlgorithms(names: readonly string[], registry: readonly Algorithm[] = ALGORITHMS): Algorithm[] {
  const seen = new Set<string>();
  return names.map((name) => {
    const a = registry.find((x) => x.name === name);
    if (!a) {
      const reserved = PAPER_ALGORITHMS.some((p) => p.name === name) ? ' (a Max-Cut paper algorithm not implemented yet)' : '';
      throw new Error(`unknown algorithm ${JSON.stringify(name)}${reserved}; available: ${registry.map((x) => x.name).join(', ')}`);
    }
    if (seen.has(name)) throw new Error(`algorithm ${JSON.stringify(name)} listed twice`);
    seen.add(name);
    return a;
  });
}

export function labelOf(name: string): string {
  return ALGORITHMS.find((a) => a.name === name)?.label ?? PAPER_ALGORITHMS.find((a) => a.name === name)?.label ?? name;
}
