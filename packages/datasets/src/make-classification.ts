import {
  InvalidArgumentError,
  booleanValue,
  createRandom,
  knownKeys,
  nonNegativeInt,
  nonNegativeNumber,
  numberInRange,
  plainObject,
  positiveInt,
  seedValue,
} from '@dt/errors';
import type { Random } from '@dt/errors';
import { Gaussian } from './gaussian.js';
import type { DenseMatrix } from './types.js';

/** Options of makeClassification (sklearn's make_classification semantics). */
export interface MakeClassificationOptions {
  /** Rows (default 100). With `weights` summing above 1, more rows come out (as in scikit-learn). */
  nSamples?: number;
  /** Total features: informative + redundant + repeated + noise (default 20). */
  nFeatures?: number;
  /** Features carrying the class structure: cluster centres on the vertices of a hypercube in this many dimensions (default 2). */
  nInformative?: number;
  /** Random linear combinations of the informative features (default 2). */
  nRedundant?: number;
  /** Copies of informative or redundant features, drawn with replacement (default 0). */
  nRepeated?: number;
  /** Classes (default 2). nClasses · nClustersPerClass must be ≤ 2^nInformative. */
  nClasses?: number;
  /** Gaussian clusters per class (default 2). */
  nClustersPerClass?: number;
  /** Class proportions (length nClasses, or nClasses − 1 with the last inferred); default balanced. */
  weights?: readonly number[] | null;
  /** Fraction of rows whose class is reassigned uniformly at random (default 0.01). */
  flipY?: number;
  /** Half the side of the hypercube: centres sit at ±classSep (default 1). */
  classSep?: number;
  /** Centres on hypercube vertices (default true); false scales them into a random polytope. */
  hypercube?: boolean;
  /** Added to every feature: a number, one per feature, or null for uniform in [−classSep, classSep) per feature (default 0). */
  shift?: number | readonly number[] | null;
  /** Multiplies every feature after the shift: a number, one per feature, or null for uniform in [1, 101) per feature (default 1). */
  scale?: number | readonly number[] | null;
  /** Permute rows and features (default true). */
  shuffle?: boolean;
  /** Seed for `createRandom` (default 0). */
  seed?: number;
}

/** What each output column is (after the feature shuffle). */
export type FeatureRole = 'informative' | 'redundant' | 'repeated' | 'noise';

/** What makeClassification returns: features, class codes, the role of each column and the cluster centres. */
export interface SyntheticClassification {
  /** Row-major nSamples × nFeatures. */
  X: DenseMatrix;
  /** Class codes 0..nClasses−1. */
  y: Int32Array;
  /** Per column of X: what generated it. */
  featureRoles: FeatureRole[];
  /** Cluster centres, row-major nClusters × nInformative, before shift and scale; cluster k belongs to class k mod nClasses. */
  centroids: DenseMatrix;
}

const KEYS = [
  'nSamples',
  'nFeatures',
  'nInformative',
  'nRedundant',
  'nRepeated',
  'nClasses',
  'nClustersPerClass',
  'weights',
  'flipY',
  'classSep',
  'hypercube',
  'shift',
  'scale',
  'shuffle',
  'seed',
];

function perFeature(name: string, value: unknown, d: number): number | Float64Array | null {
  if (value === null) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new InvalidArgumentError(name, 'a finite number, an array of them or null', value);
    return value;
  }
  if (!Array.isArray(value) || value.length !== d) {
    throw new InvalidArgumentError(name, `a finite number, an array of ${d} finite numbers (one per feature) or null`, value);
  }
  const out = new Float64Array(d);
  for (let j = 0; j < d; j++) {
    const v: unknown = value[j];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new InvalidArgumentError(`${name}[${j}]`, 'a finite number', v);
    out[j] = v;
  }
  return out;
}

function classWeights(value: unknown, nClasses: number): Float64Array {
  const w = new Float64Array(nClasses);
  if (value === undefined || value === null) return w.fill(1 / nClasses);
  if (!Array.isArray(value) || (value.length !== nClasses && value.length !== nClasses - 1)) {
    throw new InvalidArgumentError('weights', `an array of ${nClasses} or ${nClasses - 1} class proportions`, value);
  }
  let sum = 0;
  for (let c = 0; c < value.length; c++) {
    const v: unknown = value[c];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new InvalidArgumentError(`weights[${c}]`, 'a finite number >= 0', v);
    w[c] = v;
    sum += v;
  }
  if (value.length === nClasses - 1) {
    if (sum > 1) throw new InvalidArgumentError('weights', `proportions summing to at most 1 when the last one is inferred`, value);
    w[nClasses - 1] = 1 - sum;
  }
  return w;
}

/**
 * `nClusters` distinct vertices of the unit hypercube {0,1}^dims, as scikit-learn's
 * `_generate_hypercube`: vertex codes sampled without replacement, bits most-significant first;
 * beyond 30 dimensions the extra leading coordinates are plain random bits.
 */
function hypercubeVertices(nClusters: number, dims: number, rng: Random): Float64Array {
  const out = new Float64Array(nClusters * dims);
  const extra = Math.max(0, dims - 30);
  const low = dims - extra;
  for (let k = 0; k < nClusters; k++) for (let j = 0; j < extra; j++) out[k * dims + j] = rng.int(2);
  const seen = new Set<number>();
  const total = 2 ** low;
  for (let k = 0; k < nClusters; k++) {
    let code: number;
    do code = rng.int(total);
    while (seen.has(code));
    seen.add(code);
    for (let j = 0; j < low; j++) out[k * dims + extra + j] = Math.floor(code / 2 ** (low - 1 - j)) % 2;
  }
  return out;
}

/**
 * A random n-class classification problem with scikit-learn's `make_classification` semantics
 * (Guyon's Madelon design): Gaussian clusters (std 1) centred on vertices of an
 * `nInformative`-dimensional hypercube with sides 2·classSep, each cluster's features mixed by its
 * own random matrix (uniform in [−1, 1)) to add covariance; then redundant features (random linear
 * combinations of the informative ones), repeated features, N(0, 1) noise features, label flips,
 * shift, scale and a shuffle of rows and columns. Equal clusters per class; cluster k is class
 * k mod nClasses. Same options and seed → the same data (the numbers differ from scikit-learn's,
 * whose random stream is numpy's).
 */
export function makeClassification(options: MakeClassificationOptions = {}): SyntheticClassification {
  plainObject('options', options);
  knownKeys('options', options, KEYS);
  const n0 = options.nSamples === undefined ? 100 : positiveInt('nSamples', options.nSamples);
  const d = options.nFeatures === undefined ? 20 : positiveInt('nFeatures', options.nFeatures);
  const nInf = options.nInformative === undefined ? 2 : positiveInt('nInformative', options.nInformative);
  const nRed = options.nRedundant === undefined ? 2 : nonNegativeInt('nRedundant', options.nRedundant);
  const nRep = options.nRepeated === undefined ? 0 : nonNegativeInt('nRepeated', options.nRepeated);
  const nClasses = options.nClasses === undefined ? 2 : positiveInt('nClasses', options.nClasses);
  const perClass = options.nClustersPerClass === undefined ? 2 : positiveInt('nClustersPerClass', options.nClustersPerClass);
  const flipY = options.flipY === undefined ? 0.01 : numberInRange('flipY', options.flipY, 0, 1, { loInclusive: true, hiInclusive: true });
  const classSep = options.classSep === undefined ? 1 : nonNegativeNumber('classSep', options.classSep);
  const hypercube = options.hypercube === undefined ? true : booleanValue('hypercube', options.hypercube);
  const shuffle = options.shuffle === undefined ? true : booleanValue('shuffle', options.shuffle);
  const seed = options.seed === undefined ? 0 : seedValue('seed', options.seed);
  const shiftOpt = perFeature('shift', options.shift === undefined ? 0 : options.shift, d);
  const scaleOpt = perFeature('scale', options.scale === undefined ? 1 : options.scale, d);
  if (nInf + nRed + nRep > d) {
    throw new InvalidArgumentError('nFeatures', `at least nInformative + nRedundant + nRepeated = ${nInf + nRed + nRep}`, d);
  }
  const nClusters = nClasses * perClass;
  if (Math.log2(nClusters) > nInf) {
    throw new InvalidArgumentError(
      'nInformative',
      `at least log2(nClasses * nClustersPerClass) = log2(${nClusters}) so that every cluster gets its own hypercube vertex`,
      nInf,
    );
  }
  const weights = classWeights(options.weights, nClasses);

  // Rows per cluster: floor of the weighted share, the remainder dealt out round-robin.
  const perCluster = new Int32Array(nClusters);
  let n = 0;
  for (let k = 0; k < nClusters; k++) {
    perCluster[k] = Math.floor((n0 * weights[k % nClasses]!) / perClass);
    n += perCluster[k]!;
  }
  for (let i = 0; n < n0; i++, n++) perCluster[i % nClusters]!++;

  const rng = createRandom(seed);
  const gauss = new Gaussian(rng);
  const X = new Float64Array(n * d);
  const y = new Int32Array(n);

  const centroids = hypercubeVertices(nClusters, nInf, rng);
  for (let i = 0; i < centroids.length; i++) centroids[i] = centroids[i]! * 2 * classSep - classSep;
  if (!hypercube) {
    const rowF = Float64Array.from({ length: nClusters }, () => rng.next());
    const colF = Float64Array.from({ length: nInf }, () => rng.next());
    for (let k = 0; k < nClusters; k++) for (let j = 0; j < nInf; j++) centroids[k * nInf + j]! *= rowF[k]! * colF[j]!;
  }

  // Informative features: z ~ N(0, I) per row, then z·A_k + centroid_k per cluster.
  const z = new Float64Array(nInf);
  const A = new Float64Array(nInf * nInf);
  let row = 0;
  for (let k = 0; k < nClusters; k++) {
    for (let i = 0; i < A.length; i++) A[i] = 2 * rng.next() - 1;
    const c = k * nInf;
    const label = k % nClasses;
    for (let r = 0; r < perCluster[k]!; r++, row++) {
      gauss.fill(z);
      const o = row * d;
      for (let j = 0; j < nInf; j++) X[o + j] = centroids[c + j]!;
      // Row-times-matrix with A walked row by row (contiguous).
      for (let t = 0; t < nInf; t++) {
        const zt = z[t]!;
        const a = t * nInf;
        for (let j = 0; j < nInf; j++) X[o + j]! += zt * A[a + j]!;
      }
      y[row] = label;
    }
  }

  if (nRed > 0) {
    const B = new Float64Array(nInf * nRed);
    for (let i = 0; i < B.length; i++) B[i] = 2 * rng.next() - 1;
    for (let r = 0; r < n; r++) {
      const o = r * d;
      for (let j = 0; j < nRed; j++) {
        let s = 0;
        for (let t = 0; t < nInf; t++) s += X[o + t]! * B[t * nRed + j]!;
        X[o + nInf + j] = s;
      }
    }
  }
  if (nRep > 0) {
    const m = nInf + nRed;
    const src = Int32Array.from({ length: nRep }, () => Math.trunc((m - 1) * rng.next() + 0.5));
    for (let r = 0; r < n; r++) {
      const o = r * d;
      for (let j = 0; j < nRep; j++) X[o + m + j] = X[o + src[j]!]!;
    }
  }
  const firstNoise = nInf + nRed + nRep;
  if (firstNoise < d) for (let r = 0; r < n; r++) gauss.fill(X, r * d + firstNoise, r * d + d);

  if (flipY > 0) {
    for (let r = 0; r < n; r++) if (rng.next() < flipY) y[r] = rng.int(nClasses);
  }

  const shift = shiftOpt ?? Float64Array.from({ length: d }, () => (2 * rng.next() - 1) * classSep);
  const scale = scaleOpt ?? Float64Array.from({ length: d }, () => 1 + 100 * rng.next());
  if (shift !== 0 || scale !== 1) {
    for (let r = 0; r < n; r++) {
      const o = r * d;
      for (let j = 0; j < d; j++) {
        const s = typeof shift === 'number' ? shift : shift[j]!;
        const f = typeof scale === 'number' ? scale : scale[j]!;
        X[o + j] = (X[o + j]! + s) * f;
      }
    }
  }

  const roles: FeatureRole[] = [];
  for (let j = 0; j < d; j++) roles.push(j < nInf ? 'informative' : j < nInf + nRed ? 'redundant' : j < firstNoise ? 'repeated' : 'noise');
  const centroidMatrix = { data: centroids, rows: nClusters, cols: nInf };
  if (!shuffle) return { X: { data: X, rows: n, cols: d }, y, featureRoles: roles, centroids: centroidMatrix };

  // Fisher–Yates permutations of rows, then of columns (new column j = old column cols[j]).
  const rows = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = rows[i]!;
    rows[i] = rows[j]!;
    rows[j] = t;
  }
  const cols = Int32Array.from({ length: d }, (_, i) => i);
  for (let i = d - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = cols[i]!;
    cols[i] = cols[j]!;
    cols[j] = t;
  }
  const Xs = new Float64Array(n * d);
  const ys = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const src = rows[i]! * d;
    const o = i * d;
    for (let j = 0; j < d; j++) Xs[o + j] = X[src + cols[j]!]!;
    ys[i] = y[rows[i]!]!;
  }
  return {
    X: { data: Xs, rows: n, cols: d },
    y: ys,
    featureRoles: Array.from(cols, (c) => roles[c]!),
    centroids: centroidMatrix,
  };
}
