import { InvalidArgumentError, UnknownNameError } from '@dt/errors';
import { DecisionTreeClassifier } from './decision-tree-classifier.js';
import type { ClassifierOptions } from './options.js';

/**
 * Named algorithms from the papers: the eight of the Max-Cut paper's Table 2 (a split criterion × a
 * source of candidate directions; the paper reports the better of scaled and unscaled per dataset)
 * and HHCART(A)/(D). Each is an ordinary tree estimator with a few options set, so every other
 * option (scale, maxDepth, categoricalFeatures, ccpAlpha, ...) still applies.
 */
export const ALGORITHMS = Object.freeze({
  'gini-features': { criterion: 'gini', projection: 'axis', paperName: 'Gini Features' },
  'gini-pre-pca': { criterion: 'gini', projection: 'global-pca', paperName: 'Gini Pre PCA Features' },
  'gini-node-features-pca': { criterion: 'gini', projection: 'node-features-pca', paperName: 'Gini Node Features PCA' },
  'gini-node-means-pca': { criterion: 'gini', projection: 'node-means-pca', paperName: 'Gini Node Means PCA' },
  'maxcut-features': { criterion: 'maxCut', projection: 'axis', paperName: 'Max Cut Features' },
  'maxcut-pre-pca': { criterion: 'maxCut', projection: 'global-pca', paperName: 'Max Cut Pre PCA Features' },
  'maxcut-node-features-pca': { criterion: 'maxCut', projection: 'node-features-pca', paperName: 'Max Cut Node Features PCA' },
  'maxcut-node-means-pca': { criterion: 'maxCut', projection: 'node-means-pca', paperName: 'Max Cut Node Means PCA' },
  // HHCART paper: Householder reflections of class covariance eigenvectors, the twoing rule,
  // MinParent = 2 and MisRate = 0 (section 4); all eigenvectors (A) or the dominant one (D).
  'hhcart-a': { criterion: 'twoing', projection: 'householder-a', paperName: 'HHCART(A)', minParent: 2, misRate: 0 },
  'hhcart-d': { criterion: 'twoing', projection: 'householder-d', paperName: 'HHCART(D)', minParent: 2, misRate: 0 },
} as const);

/** Name of a preset algorithm in ALGORITHMS (e.g. `'gini-features'`, `'hhcart-a'`). */
export type AlgorithmName = keyof typeof ALGORITHMS;

/** Names of every preset algorithm, in ALGORITHMS order. */
export function listAlgorithms(): AlgorithmName[] {
  return Object.keys(ALGORITHMS) as AlgorithmName[];
}

/**
 * Estimator options of a named algorithm merged with yours: criterion and projection are the
 * algorithm's; its other settings (HHCART's minParent, misRate) are defaults you may override.
 */
export function algorithmOptions(name: string, options: ClassifierOptions = {}): ClassifierOptions {
  if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(ALGORITHMS, name)) {
    throw new UnknownNameError('algorithm', name, listAlgorithms());
  }
  const a = ALGORITHMS[name as AlgorithmName];
  // The algorithm fixes criterion and projection: another value would be silently replaced, so refuse it.
  for (const key of ['criterion', 'projection'] as const) {
    const given: unknown = (options as Record<string, unknown> | null | undefined)?.[key];
    const givenName = typeof given === 'object' && given !== null ? (given as { name?: unknown }).name : given;
    if (given !== undefined && givenName !== a[key]) {
      throw new InvalidArgumentError(`options.${key}`, `absent or ${JSON.stringify(a[key])} (fixed by the algorithm ${JSON.stringify(name)})`, given);
    }
  }
  const defaults = 'minParent' in a ? { minParent: a.minParent, misRate: a.misRate } : {};
  return { ...defaults, ...options, criterion: a.criterion, projection: a.projection };
}

/** A classifier for one of the paper's algorithms, e.g. createClassifier('maxcut-node-means-pca', { scale: true }). */
export function createClassifier(name: string, options: ClassifierOptions = {}): DecisionTreeClassifier {
  return new DecisionTreeClassifier(algorithmOptions(name, options));
}
